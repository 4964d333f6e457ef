import { Button, Descriptions, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { formatDateTime } from '../../app/format';
import { FieldView } from '../../components/crud/FieldView';
import { entityOne, fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { AdviceDays, AdviceStatus } from './adviceCells';

const SHOWN = [
  'category',
  'reason',
  'firstName',
  'lastName',
  'company',
  'email',
  'documentType',
  'documentNumber',
  'visitedFirstName',
  'visitedLastName',
  'visitedCompany',
  'allowVehicle',
  'vehiclePlate',
  'vehicleReason',
  'requestUser',
  'responseUser',
  'responseDate',
  'responseReason',
];

interface AdviceDetailProps {
  entity: Entity;
  record: Row;
  canEdit: boolean;
  onEdit(): void;
  onClose(): void;
}

/** The preview of an advice: days, status, every detail and the equipment. */
export function AdviceDetail({ entity, record, canEdit, onEdit, onClose }: AdviceDetailProps) {
  const { t } = useTranslation();
  const equipment = (record.equipment as Row[] | undefined) ?? [];
  return (
    <Modal
      open
      title={t('crud.dialog.preview', { entity: entityOne(t, entity) })}
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
      <Space size={12} className="visits-detail-head" wrap>
        <AdviceStatus record={record} />
        <AdviceDays record={record} />
      </Space>
      <Descriptions
        bordered
        size="small"
        column={2}
        className="visits-detail"
        items={SHOWN.map((name) => ({
          key: name,
          label: fieldLabel(t, entity, name),
          span: name === 'reason' || name === 'responseReason' ? 2 : 1,
          children: <FieldView entity={entity} name={name} value={record[name]} />,
        }))}
      />
      <Typography.Title level={5} className="advice-detail-title">
        {t('visits.form.equipment')}
      </Typography.Title>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={equipment}
        locale={{ emptyText: t('visits.form.noEquipment') }}
        columns={[
          { key: 'object', dataIndex: 'object', title: t('visits.form.equipmentObject') },
          { key: 'serialNumber', dataIndex: 'serialNumber', title: t('visits.form.equipmentSerial') },
        ]}
      />
      <Typography.Text type="secondary" className="visits-detail-stamp">
        {t('crud.createdAt')}: {formatDateTime(record.createdAt)} · {t('crud.updatedAt')}:{' '}
        {formatDateTime(record.updatedAt)}
      </Typography.Text>
    </Modal>
  );
}
