import { useState } from 'react';
import { LogoutOutlined } from '@ant-design/icons';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { vehicle, type Entity } from '@strazce/contract';
import { formatTime } from '../../lib/format';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog } from '../../components/ActionDialog';
import { DepartureFields } from '../../components/gate/DepartureFields';
import { useDeparture } from '../../components/gate/useDeparture';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { LeaveEntryChooser, enteredItem } from '../../components/gate/LeaveEntryChooser';
import { DriverCell, DwellTag, useDwell } from './vehicleCells';
import { useVehiclesInArea } from '../../components/gate/inAreaSearch';

const entity = vehicle as unknown as Entity;

const entryLabel = (row: Row) =>
  [
    row.plate,
    row.trailerPlate ? `+ ${String(row.trailerPlate)}` : null,
    formatTime(row.movementTime as string),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * 'Zapsat odchod' of a vehicle: through a gate (the guard's by default), now or at a time; a trailer in the
 * area leaves with its tractor unless the guard switches that off (the trailer then stays inside).
 */
export function VehicleLeaveDialog({
  entry,
  gate,
  gates,
  onClose,
}: {
  /** The entry that leaves; without one the guard finds it by plate. */
  entry: Row | null;
  gate: GuardGate;
  gates: GateOption[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const dwell = useDwell();
  const [withTrailer, setWithTrailer] = useState(true);
  const departure = useDeparture({
    entity,
    entry,
    gateId: gate.id,
    doneText: (extra) =>
      t(extra.withTrailer === false ? 'vehicles.leave.doneTrailerStays' : 'vehicles.leave.done'),
    onClose,
  });
  const { chosen } = departure;
  const found = useVehiclesInArea(departure.search);
  const hasTrailerInside = chosen?.trailerInArea === true;

  return (
    <ActionDialog
      icon={<LogoutOutlined />}
      title={t('visits.action.leave')}
      width={640}
      submitText={t('visits.leave.submit')}
      submitTestId="vehicle-leave-submit"
      onSubmit={() => departure.record(hasTrailerInside ? { withTrailer } : {})}
      {...departure.dialog}
    >
      <Form layout="vertical" className="visits-form">
        <LeaveEntryChooser
          entry={entry}
          chosen={chosen}
          onChoose={departure.setChosen}
          found={found.data}
          searching={found.isFetching}
          onSearch={(text) => departure.setSearch(text.toUpperCase())}
          optionLabel={entryLabel}
          texts={{
            find: t('vehicles.leave.find'),
            placeholder: t('vehicles.leave.findPlaceholder'),
            nothing: t('vehicles.leave.nothing'),
          }}
          testId="vehicle-leave-find"
          summary={(row) => [
            { key: 'plate', label: fieldLabel(t, entity, 'plate'), children: String(row.plate) },
            ...(row.trailerPlate
              ? [
                  {
                    key: 'trailer',
                    label: fieldLabel(t, entity, 'trailerPlate'),
                    children: String(row.trailerPlate),
                  },
                ]
              : []),
            { key: 'driver', label: t('vehicles.columns.driver'), children: <DriverCell record={row} /> },
            enteredItem(
              t,
              row,
              <DwellTag since={row.movementTime as string} now={dwell.now} limitHours={dwell.limitHours} />,
            ),
          ]}
        />
        {hasTrailerInside && (
          <Form.Item label={t('vehicles.leave.withTrailer', { plate: String(chosen?.trailerPlate ?? '') })}>
            <Switch
              checked={withTrailer}
              onChange={setWithTrailer}
              checkedChildren={t('vehicles.leave.trailerLeaves')}
              unCheckedChildren={t('vehicles.leave.trailerStays')}
              data-testid="vehicle-leave-with-trailer"
            />
          </Form.Item>
        )}
        <DepartureFields
          entity={entity}
          gates={gates}
          value={departure.departure}
          onChange={departure.setDeparture}
        />
      </Form>
    </ActionDialog>
  );
}
