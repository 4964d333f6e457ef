import { StopOutlined, SyncOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATROL_UNFINISHED_REFRESH_MS, patrolInstance } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { RowAction } from '../../components/crud/types';
import { CheckpointProgress } from './patrolInstanceCells';
import { PatrolInstanceDetail } from './PatrolInstanceDetail';
import { useFinishPatrol } from './useFinishPatrol';
import './patrolRefs';
import './patrol.css';

/**
 * /patrol/unfinished: the patrols in progress, how far each got (checkpoints scanned of the route's) and its
 * incidents; the list refreshes itself every minute, keeping the user's page and filters. The patrol
 * administrator may finish a patrol (it is scored and moves to the archive); a row opens its timeline.
 */
export default function UnfinishedPatrolsPage() {
  const { t } = useTranslation();
  const { allowed, finish } = useFinishPatrol();
  const rowActions: RowAction[] = allowed
    ? [
        {
          key: 'finish',
          label: t('patrolInstance.finish'),
          icon: <StopOutlined />,
          danger: true,
          testId: 'patrol-finish',
          onClick: (record) => finish(record),
        },
      ]
    : [];
  return (
    <CrudPage
      entity={patrolInstance}
      stateKey="/patrol/unfinished"
      readOnly
      apiQuery={{ inProgress: 'true' }}
      refetchInterval={PATROL_UNFINISHED_REFRESH_MS}
      linkParam="instance"
      rowTestId="patrol-row"
      columns={['route', 'guard', 'terminal', 'started', 'scannedCount', 'incidentCount']}
      columnTitles={{ scannedCount: t('patrolInstance.column.checkpoints') }}
      columnWidths={{ scannedCount: 150 }}
      render={{ scannedCount: (_, record) => <CheckpointProgress record={record} /> }}
      emptyText={t('patrolInstance.empty')}
      rowActions={rowActions}
      toolbar={() => (
        <Tooltip title={t('patrolInstance.autoRefresh')}>
          <SyncOutlined className="patrol-auto-refresh" aria-label={t('patrolInstance.autoRefresh')} />
        </Tooltip>
      )}
      dialog={({ record, onClose }) =>
        record && <PatrolInstanceDetail key={String(record.id)} record={record} onClose={onClose} />
      }
    />
  );
}
