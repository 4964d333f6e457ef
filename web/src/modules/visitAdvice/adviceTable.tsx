import { CarOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudPageProps } from '../../components/crud/types';
import type { Row } from '../../components/crud/fieldWire';
import { AdviceCategory, AdviceDays, AdviceStatus, AdviceVisited, AdviceVisitor } from './adviceCells';

/**
 * Columns of the advice lists, narrow enough for a 1440 px screen: status with the days below, visitor,
 * visited person, category with the reason below, vehicle and requester; the rest is in the preview.
 */
export function adviceColumns(t: TFunction): Pick<CrudPageProps, 'columns' | 'columnTitles' | 'render'> {
  return {
    columns: ['status', 'lastName', 'visitedLastName', 'category', 'allowVehicle', 'requestUser'],
    columnTitles: {
      status: t('advice.columns.status'),
      lastName: t('advice.columns.visitor'),
      visitedLastName: t('advice.columns.visited'),
      category: t('advice.columns.category'),
      allowVehicle: t('advice.columns.vehicle'),
    },
    render: {
      status: (_, record: Row) => (
        <div className="advice-visitor advice-cell-status">
          <AdviceStatus record={record} />
          <span className="advice-sub">
            <AdviceDays record={record} />
          </span>
        </div>
      ),
      lastName: (_, record: Row) => <AdviceVisitor record={record} />,
      visitedLastName: (_, record: Row) => <AdviceVisited record={record} />,
      category: (_, record: Row) => <AdviceCategory record={record} />,
      allowVehicle: (_, record: Row) =>
        record.allowVehicle ? (
          <Tooltip title={record.vehicleReason ? String(record.vehicleReason) : undefined}>
            <Tag icon={<CarOutlined />} variant="filled" className="visits-nowrap">
              {String(record.vehiclePlate ?? '')}
            </Tag>
          </Tooltip>
        ) : (
          <span className="advice-muted">—</span>
        ),
    },
  };
}
