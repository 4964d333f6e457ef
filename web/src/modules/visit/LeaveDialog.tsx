import { LogoutOutlined } from '@ant-design/icons';
import { Form, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { visit, type Entity } from '@strazce/contract';
import { useAccess } from '../../lib/session';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog } from '../../components/ActionDialog';
import { DepartureFields } from '../../components/gate/DepartureFields';
import { useDeparture } from '../../components/gate/useDeparture';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { LeaveEntryChooser, enteredItem } from '../../components/gate/LeaveEntryChooser';
import { PersonalText } from '../../components/gate/visitCells';
import { useVisitorsInArea, visitorLabel } from '../../components/gate/inAreaSearch';
import { VisitKeysAlert, useConfirmKeysHeld, useVisitKeys } from '../keys';

interface LeaveDialogProps {
  /** The entry that leaves; without one the guard finds it by card or name. */
  entry: Row | null;
  gate: GuardGate | null;
  gates: GateOption[];
  onClose(): void;
}

/** The summary of the visit that leaves: the visitor, the entry, the card, companions and equipment to check. */
function summaryItems(t: TFunction, row: Row) {
  const companions = (row.companions as Row[] | undefined) ?? [];
  const equipment = (row.equipment as Row[] | undefined) ?? [];
  return [
    {
      key: 'visitor',
      label: t('visits.form.visitor'),
      children: (
        <div className="visits-visitor">
          <Space size={6}>
            <PersonalText value={row.lastName} strong />
            <PersonalText value={row.firstName} strong />
          </Space>
          {row.company ? (
            <Typography.Text type="secondary" className="visits-sub">
              {String(row.company)}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    enteredItem(t, row),
    ...(row.tag
      ? [{ key: 'tag', label: fieldLabel(t, visit, 'tag'), children: <Tag>{String(row.tag)}</Tag> }]
      : []),
    ...(companions.length > 0
      ? [
          {
            key: 'companions',
            label: t('visits.form.companions'),
            children: companions.map((companion) => (
              <PersonalText key={companion.id} value={companion.name} />
            )),
          },
        ]
      : []),
    ...(equipment.length > 0
      ? [
          {
            key: 'equipment',
            label: t('visits.leave.checkEquipment'),
            children: (
              <ul className="visits-plain-list">
                {equipment.map((item) => (
                  <li key={item.id}>
                    {String(item.object)}
                    {item.serialNumber ? ` (${String(item.serialNumber)})` : ''}
                  </li>
                ))}
              </ul>
            ),
          },
        ]
      : []),
  ];
}

/** 'Zapsat odchod': the visitor of an entry leaves through a gate (the guard's, by default) now or at a time. */
export function LeaveDialog({ entry, gate, gates, onClose }: LeaveDialogProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const departure = useDeparture({
    entity: visit as unknown as Entity,
    entry,
    gateId: gate?.id ?? null,
    doneText: () => t('visits.leave.done'),
    onClose,
  });
  const found = useVisitorsInArea(departure.search, can(['VIEW_PERSONAL_INFO']));
  // Keys lent to the visitor and not returned: named here, and the departure asks before it is recorded.
  const keys = useVisitKeys(departure.chosen?.id ?? null);
  const confirmKeysHeld = useConfirmKeysHeld();

  return (
    <ActionDialog
      icon={<LogoutOutlined />}
      title={t('visits.leave.title')}
      width={640}
      submitText={t('visits.leave.submit')}
      submitTestId="leave-submit"
      onSubmit={async () => {
        if (await confirmKeysHeld(keys.data)) departure.record();
      }}
      {...departure.dialog}
    >
      <Form layout="vertical" className="visits-form">
        <LeaveEntryChooser
          entry={entry}
          chosen={departure.chosen}
          onChoose={departure.setChosen}
          found={found.data}
          searching={found.isFetching}
          onSearch={departure.setSearch}
          optionLabel={visitorLabel}
          texts={{
            find: t('visits.leave.find'),
            placeholder: t('visits.leave.findPlaceholder'),
            nothing: t('visits.leave.nobody'),
          }}
          testId="leave-find"
          summary={(row) => summaryItems(t, row)}
        />
        <VisitKeysAlert keys={keys.data} />
        <DepartureFields
          entity={visit as unknown as Entity}
          gates={gates}
          value={departure.departure}
          onChange={departure.setDeparture}
        />
      </Form>
    </ActionDialog>
  );
}
