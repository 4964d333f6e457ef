import type { ReactNode } from 'react';
import { Button, Descriptions, Modal, Space, Table, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';
import { FieldView } from '../crud/FieldView';
import { entityOne, fieldLabel } from '../crud/labels';
import type { Row } from '../crud/fieldWire';
import { SCROLLING_BODY } from '../ActionDialog';
import { PersonalText } from './visitCells';

/** What a page gives the preview of its record. */
export interface DetailProps {
  record: Row;
  /** Switches to the edit; without it the preview offers no edit. */
  onEdit?(): void;
  onClose(): void;
}

interface DetailDialogProps extends DetailProps {
  entity: Entity;
  /** Tags above the details (a visit's direction and state, an advice's status and days). */
  head: ReactNode;
  children: ReactNode;
}

/** The preview of a visit or an advice: its head, the details, and when the record was created and changed. */
export function DetailDialog({ entity, record, onEdit, onClose, head, children }: DetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('crud.dialog.preview', { entity: entityOne(t, entity) })}
      onCancel={onClose}
      width={760}
      className="visits-dialog"
      styles={SCROLLING_BODY}
      footer={
        <Space>
          {onEdit && <Button onClick={onEdit}>{t('crud.action.edit')}</Button>}
          <Button type="primary" onClick={onClose}>
            {t('crud.close')}
          </Button>
        </Space>
      }
    >
      <Space size={8} className="visits-detail-head" wrap>
        {head}
      </Space>
      {children}
      <Typography.Text type="secondary" className="visits-detail-stamp">
        {t('crud.createdAt')}: {formatDateTime(record.createdAt)} · {t('crud.updatedAt')}:{' '}
        {formatDateTime(record.updatedAt)}
      </Typography.Text>
    </Modal>
  );
}

interface DetailFieldsProps {
  entity: Entity;
  record: Row;
  /** The fields in pairs, row by row. */
  names: string[];
  /** Fields that take a whole row (reasons, notes). */
  wide?: string[];
  /** A field's value, when not the entity's own view of it. */
  value?(name: string): ReactNode;
  /** Rows after the fields. */
  extra?: DescriptionsProps['items'];
}

/** The recorded details of a visit or an advice, two to a row (one on a phone). */
export function DetailFields({ entity, record, names, wide = [], value, extra = [] }: DetailFieldsProps) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2 }}
      className="visits-detail"
      styles={{ label: { width: 150 } }}
      items={[
        ...names.map((name) => ({
          key: name,
          label: fieldLabel(t, entity, name),
          span: wide.includes(name) ? ('filled' as const) : 1,
          children: value?.(name) ?? <FieldView entity={entity} name={name} value={record[name]} />,
        })),
        ...extra,
      ]}
    />
  );
}

interface DetailTableProps {
  title: string;
  rows: Row[];
  emptyText: string;
  /** Key and title of each column. */
  columns: Array<[string, string]>;
  /** A masked value's hint instead of the usual one (a document number the site withholds). */
  maskedHint?: string;
}

/** A list of the record (companions, equipment) under its title. */
function DetailTable({ title, rows, emptyText, columns, maskedHint }: DetailTableProps) {
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText }}
        columns={columns.map(([key, columnTitle]) => ({
          key,
          title: columnTitle,
          render: (_: unknown, row: Row) => <PersonalText value={row[key]} maskedHint={maskedHint} />,
        }))}
      />
    </div>
  );
}

/** The equipment a visitor brings in, object and serial number. */
export function EquipmentTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <DetailTable
      title={t('visits.form.equipment')}
      rows={rows}
      emptyText={t('visits.form.noEquipment')}
      columns={[
        ['object', t('visits.form.equipmentObject')],
        ['serialNumber', t('visits.form.equipmentSerial')],
      ]}
    />
  );
}

/** The persons accompanying a visitor, name and document. */
export function CompanionTable({ rows, withheld }: { rows: Row[]; withheld?: boolean }) {
  const { t } = useTranslation();
  return (
    <DetailTable
      title={t('visits.form.companions')}
      rows={rows}
      maskedHint={withheld ? t('privacy.reveal.hint') : undefined}
      emptyText={t('visits.form.noCompanions')}
      columns={[
        ['name', t('visits.form.companionName')],
        ['document', t('visits.form.companionDocument')],
      ]}
    />
  );
}
