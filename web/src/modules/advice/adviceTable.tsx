import { CarOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudPageProps } from '../../components/crud/types';
import type { Row } from '../../components/crud/fieldWire';
import { AdviceDays, AdviceStatus, AdviceVisited, AdviceVisitor } from './adviceCells';

/** Columns of the advice lists: status, days, visitor, visited person, category, vehicle, requester, reason. */
export function adviceColumns(t: TFunction): Pick<CrudPageProps, 'columns' | 'columnTitles' | 'render'> {
  return {
    columns: [
      'status',
      'oneTimeDate',
      'lastName',
      'visitedLastName',
      'category',
      'allowVehicle',
      'requestUser',
      'reason',
    ],
    columnTitles: {
      oneTimeDate: t('advice.columns.days'),
      lastName: t('advice.columns.visitor'),
      visitedLastName: t('advice.columns.visited'),
      allowVehicle: t('advice.columns.vehicle'),
    },
    render: {
      status: (_, record: Row) => <AdviceStatus record={record} />,
      oneTimeDate: (_, record: Row) => <AdviceDays record={record} />,
      lastName: (_, record: Row) => <AdviceVisitor record={record} />,
      visitedLastName: (_, record: Row) => <AdviceVisited record={record} />,
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
