import { Button, Descriptions, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VISIT_PERSONAL_FIELDS, visit } from '@strazce/contract';
import { formatDateTime } from '../../app/format';
import { FieldView } from '../../components/crud/FieldView';
import { entityOne, fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { AreaState, BlacklistMarkers, DirectionTag, Masked, PersonalText, isMasked } from './visitCells';

const PERSONAL = new Set<string>(VISIT_PERSONAL_FIELDS);
/** Pairs of the two-column detail, row by row. */
const SHOWN = [
  'movementTime',
  'gate',
  'lastName',
  'firstName',
  'company',
  'tag',
  'documentType',
  'documentNumber',
  'purpose',
  'visitedLastName',
  'visitedFirstName',
  'visitedCompany',
  'vehiclePlate',
  'parkingPlace',
  'note',
];

interface VisitDetailProps {
  record: Row;
  canEdit: boolean;
  onEdit(): void;
  onClose(): void;
}

/** The preview of a movement: every recorded detail, the blacklist checks, companions and equipment. */
export function VisitDetail({ record, canEdit, onEdit, onClose }: VisitDetailProps) {
  const { t } = useTranslation();
  const label = (name: string) => fieldLabel(t, visit, name);
  const companions = (record.companions as Row[] | undefined) ?? [];
  const equipment = (record.equipment as Row[] | undefined) ?? [];
  const value = (name: string) =>
    PERSONAL.has(name) && isMasked(record[name]) ? (
      <Masked />
    ) : (
      <FieldView entity={visit} name={name} value={record[name]} />
    );
  return (
    <Modal
      open
      title={t('crud.dialog.preview', { entity: entityOne(t, visit) })}
      onCancel={onClose}
      width={760}
      className="visits-dialog"
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
      footer={
        <Space>
          {canEdit && <Button onClick={onEdit}>{t('crud.action.edit')}</Button>}
          <Button type="primary" onClick={onClose}>
            {t('crud.close')}
          </Button>
        </Space>
      }
    >
      <Space size={8} className="visits-detail-head" wrap>
        <DirectionTag direction={record.direction} />
        <AreaState record={record} />
        {record.anonymized ? (
          <Typography.Text type="secondary">{t('visits.anonymizedHint')}</Typography.Text>
        ) : null}
      </Space>
      <Descriptions
        bordered
        size="small"
        column={2}
        className="visits-detail"
        styles={{ label: { width: 150 } }}
        items={[
          ...SHOWN.map((name) => ({
            key: name,
            label: label(name),
            span: name === 'note' ? 2 : 1,
            children: value(name),
          })),
          ...(record.departureTime
            ? [
                {
                  key: 'departureTime',
                  label: label('departureTime'),
                  children: formatDateTime(record.departureTime as string),
                },
              ]
            : []),
          {
            key: 'blacklists',
            label: t('visits.blacklist.title'),
            span: 2,
            children: <BlacklistMarkers record={record} expanded />,
          },
        ]}
      />
      <div className="visits-detail-lists">
        <div>
          <Typography.Title level={5}>{t('visits.form.companions')}</Typography.Title>
          <Table<Row>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={companions}
            locale={{ emptyText: t('visits.form.noCompanions') }}
            columns={[
              {
                key: 'name',
                title: t('visits.form.companionName'),
                render: (_, row) => <PersonalText value={row.name} />,
              },
              {
                key: 'document',
                title: t('visits.form.companionDocument'),
                render: (_, row) => <PersonalText value={row.document} />,
              },
            ]}
          />
        </div>
        <div>
          <Typography.Title level={5}>{t('visits.form.equipment')}</Typography.Title>
          <Table<Row>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={equipment}
            locale={{ emptyText: t('visits.form.noEquipment') }}
            columns={[
              { key: 'object', dataIndex: 'object', title: t('visits.form.equipmentObject') },
              {
                key: 'serialNumber',
                title: t('visits.form.equipmentSerial'),
                render: (_, row) => <PersonalText value={row.serialNumber} />,
              },
            ]}
          />
        </div>
      </div>
      <Typography.Text type="secondary" className="visits-detail-stamp">
        {t('crud.createdAt')}: {formatDateTime(record.createdAt)} · {t('crud.updatedAt')}:{' '}
        {formatDateTime(record.updatedAt)}
      </Typography.Text>
    </Modal>
  );
}
