import type { ReactNode } from 'react';
import { StopOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Descriptions, Grid, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PATROL_INTEGRITY_FULL_SCORE,
  PATROL_UNFINISHED_REFRESH_MS,
  patrolInstance,
  type PatrolIntegrityReason,
  type PatrolScan,
  type PatrolTaskDone,
  type RefValue,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime, formatTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { FieldView } from '../../components/crud/FieldView';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { StatusMessage } from '../../components/StatusMessage';
import { DurationCell, ScoreBadge } from './patrolInstanceCells';
import {
  buildTimeline,
  pointsText,
  reasonText,
  type PatrolIncident,
  type TimelineItem,
} from './patrolTimeline';
import { useFinishPatrol } from './useFinishPatrol';

const path = (id: unknown, part = '') => `/${patrolInstance.resource}/${String(id)}${part}`;

/** The patrol, its scans, its tasks and its incidents; refreshed while the patrol is in progress. */
function usePatrolCourse(listed: Row) {
  const key = [...entityQueryKey(patrolInstance), 'course', listed.id];
  const refetchInterval = (query: { state: { data?: Row } }) =>
    (query.state.data ?? listed).inProgress ? PATROL_UNFINISHED_REFRESH_MS : false;
  const instance = useQuery({
    queryKey: [...key, 'instance'],
    queryFn: ({ signal }) => api.get<Row>(path(listed.id), { signal }),
    placeholderData: listed,
    refetchInterval,
  });
  const inProgress = (instance.data ?? listed).inProgress === true;
  const part = <T,>(name: string) =>
    ({
      queryKey: [...key, name],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<T[]>(path(listed.id, `/${name}`), { signal }),
      refetchInterval: inProgress ? PATROL_UNFINISHED_REFRESH_MS : (false as const),
    }) as const;
  const scans = useQuery(part<PatrolScan>('checkpoint'));
  const tasks = useQuery(part<PatrolTaskDone>('task'));
  const incidents = useQuery(part<PatrolIncident>('incident'));
  return { instance, scans, tasks, incidents };
}

const refLabel = (value: unknown) => (value as RefValue | null)?.label ?? '—';

/** One line of the timeline: its dot, what happened and when, and its details. */
function TimelineLine({ item, children }: { item: TimelineItem; children: ReactNode }) {
  return (
    <li
      className={`patrol-timeline-item patrol-timeline-${item.kind}`}
      data-testid="patrol-timeline-item"
      data-kind={item.kind}
    >
      <span className={`patrol-timeline-dot patrol-dot-${dotColor(item)}`} aria-hidden />
      <div className="patrol-timeline-body">{children}</div>
    </li>
  );
}

function dotColor(item: TimelineItem): string {
  switch (item.kind) {
    case 'start':
    case 'finish':
      return 'blue';
    case 'scan':
      return item.scan.outOfOrder || item.scan.duplicate || item.scan.tooFast || !item.scan.checkpoint
        ? 'orange'
        : 'green';
    case 'missed':
      return 'red';
    case 'task':
      return item.time ? 'green' : 'gray';
    case 'incident':
      return item.incident.consequence === 'CRITICAL' ? 'red' : 'orange';
  }
}

/** When: the time of day in the site's zone (the whole date-time in its tooltip). */
function When({ time, full }: { time: string | null; full?: boolean }) {
  if (!time) return null;
  return (
    <time className="patrol-timeline-time" dateTime={time} title={formatDateTime(time)}>
      {full ? formatDateTime(time) : formatTime(time)}
    </time>
  );
}

function ConsequenceTag({ consequence }: { consequence: string }) {
  const { t } = useTranslation();
  const text = t(`entity.incident.values.consequence.${consequence}`);
  return consequence === 'CRITICAL' ? (
    <Tag color="red" icon={<WarningFilled />} data-testid="incident-critical">
      {text}
    </Tag>
  ) : (
    <Tag color={consequence === 'LOW' ? 'default' : 'blue'}>{text}</Tag>
  );
}

function Timeline({ items, record }: { items: TimelineItem[]; record: Row }) {
  const { t } = useTranslation();
  const line = (item: TimelineItem): ReactNode => {
    switch (item.kind) {
      case 'start':
        return (
          <>
            <div className="patrol-timeline-head">
              <When time={item.time} full />
              <strong>{t('patrolInstance.item.start')}</strong>
            </div>
            <Typography.Text type="secondary">
              {t('patrolInstance.item.startBy', {
                guard: refLabel(record.guard),
                terminal: refLabel(record.terminal),
              })}
            </Typography.Text>
          </>
        );
      case 'scan': {
        const { scan } = item;
        return (
          <>
            <div className="patrol-timeline-head">
              <When time={item.time} />
              <strong>
                {scan.checkpoint?.name ?? t('patrolInstance.item.unknownTag', { tag: scan.tagId })}
              </strong>
            </div>
            <Space size={[4, 4]} wrap>
              <Tag>
                {scan.routePosition !== null
                  ? t('patrolInstance.item.position', { position: scan.routePosition })
                  : t('patrolInstance.item.notOnRoute')}
              </Tag>
              <Tag>{t(`patrolInstance.method.${scan.method}`)}</Tag>
              {item.late && (
                <Tag
                  color="gold"
                  data-flag="late"
                  title={t('patrolInstance.item.received', {
                    time: formatDateTime(scan.receivedAt),
                  })}
                >
                  {t('patrolInstance.flag.late')}
                </Tag>
              )}
              {scan.outOfOrder && (
                <Tag color="orange" data-flag="outOfOrder">
                  {t('patrolInstance.flag.outOfOrder')}
                </Tag>
              )}
              {scan.duplicate && (
                <Tag color="orange" data-flag="duplicate">
                  {t('patrolInstance.flag.duplicate')}
                </Tag>
              )}
              {scan.tooFast && (
                <Tag color="red" data-flag="tooFast">
                  {t('patrolInstance.flag.tooFast')}
                </Tag>
              )}
            </Space>
          </>
        );
      }
      case 'missed':
        return (
          <>
            <div className="patrol-timeline-head">
              <strong>{t('patrolInstance.item.missed', { checkpoint: item.checkpoint })}</strong>
            </div>
            <Space size={[4, 4]} wrap>
              {item.position !== null && (
                <Tag>{t('patrolInstance.item.position', { position: item.position })}</Tag>
              )}
              <Tag color="red" data-flag="missed">
                {t('patrolInstance.flag.missed')}
              </Tag>
            </Space>
          </>
        );
      case 'task':
        return (
          <>
            <div className="patrol-timeline-head">
              <When time={item.time} />
              <strong>
                {t(
                  item.time
                    ? 'patrolInstance.item.task'
                    : record.inProgress
                      ? 'patrolInstance.item.taskPending'
                      : 'patrolInstance.item.taskNotDone',
                )}
              </strong>
            </div>
            <span className="patrol-timeline-text">{item.task.text}</span>
          </>
        );
      case 'incident': {
        const { incident } = item;
        return (
          <>
            <div className="patrol-timeline-head">
              <When time={item.time} />
              <strong>{incident.type?.label ?? t('patrolInstance.item.incident')}</strong>
              <ConsequenceTag consequence={incident.consequence} />
            </div>
            <span className="patrol-timeline-text">{incident.report}</span>
            <Link to={`/patrol/incidents?incident=${incident.id}`} data-testid="patrol-incident-link">
              {t('patrolInstance.item.openIncident')}
            </Link>
          </>
        );
      }
      case 'finish':
        return (
          <>
            <div className="patrol-timeline-head">
              <When time={item.time} full />
              <strong>{t('patrolInstance.item.finish')}</strong>
            </div>
            <Typography.Text type="secondary">
              {record.finishedBy
                ? t('patrolInstance.item.finishedBy', { user: refLabel(record.finishedBy) })
                : t('patrolInstance.item.finishedAtTerminal')}
            </Typography.Text>
          </>
        );
    }
  };
  return (
    <ol className="patrol-timeline" data-testid="patrol-timeline">
      {items.map((item) => (
        <TimelineLine key={item.key} item={item}>
          {line(item)}
        </TimelineLine>
      ))}
    </ol>
  );
}

/** The score, big, and each reason the patrol lost points for, in words, with its points. */
function IntegrityPanel({ record }: { record: Row }) {
  const { t } = useTranslation();
  const reasons = (record.integrity as PatrolIntegrityReason[] | null) ?? [];
  const scored = typeof record.score === 'number';
  return (
    <section className="patrol-integrity" data-testid="patrol-integrity">
      <Typography.Title level={5}>{t('patrolInstance.integrity')}</Typography.Title>
      <div className="patrol-integrity-score">
        <ScoreBadge score={record.score} large />
        {scored && (
          <Typography.Text type="secondary">
            {t('patrolInstance.scoreOf', { full: PATROL_INTEGRITY_FULL_SCORE })}
          </Typography.Text>
        )}
      </div>
      {!scored ? (
        <Typography.Text type="secondary">{t('patrolInstance.scoreLater')}</Typography.Text>
      ) : reasons.length === 0 ? (
        <Typography.Text type="success">{t('patrolInstance.noDeductions')}</Typography.Text>
      ) : (
        <ul className="patrol-reasons">
          {reasons.map((reason, index) => (
            <li
              key={index}
              className="patrol-reason"
              data-testid="patrol-reason"
              data-reason={reason.reason}
              data-points={reason.points}
            >
              <span>{reasonText(t, reason)}</span>
              <strong className="patrol-reason-points">{pointsText(reason.points)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface PatrolInstanceDetailProps {
  record: Row;
  onClose(): void;
}

/**
 * A patrol in detail (/patrol/archive and /patrol/unfinished, `?instance=<id>`): who walked which route when,
 * the timeline of what happened (start, scans with their flags, tasks, incidents, missed checkpoints, finish)
 * and the integrity (the score and why points were lost). A dialog on a desktop, the whole screen on a phone;
 * the patrol administrator may finish a patrol in progress from it.
 */
export function PatrolInstanceDetail({ record: listed, onClose }: PatrolInstanceDetailProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { instance, scans, tasks, incidents } = usePatrolCourse(listed);
  const { allowed, finish } = useFinishPatrol();
  const record = instance.data ?? listed;
  const failure = (instance.error ?? scans.error ?? tasks.error ?? incidents.error) as
    ApiError | NetworkError | null;
  const loading = scans.isLoading || tasks.isLoading || incidents.isLoading;
  const items =
    scans.data && tasks.data && incidents.data
      ? buildTimeline({
          started: record.started as string,
          finished: (record.finished as string | null) ?? null,
          scans: scans.data,
          tasks: tasks.data,
          incidents: incidents.data,
          integrity: (record.integrity as PatrolIntegrityReason[] | null) ?? null,
        })
      : [];
  const field = (name: string, children?: ReactNode) => ({
    key: name,
    label: fieldLabel(t, patrolInstance, name),
    children: children ?? <FieldView entity={patrolInstance} name={name} value={record[name]} />,
  });

  return (
    <Modal
      open
      title={t('patrolInstance.detailTitle', {
        id: record.id,
        route: String(record.routeName ?? refLabel(record.route)),
      })}
      onCancel={onClose}
      width={1040}
      className="crud-dialog crud-dialog-phone-full patrol-instance-dialog"
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
      footer={
        <Space wrap>
          {allowed && record.inProgress === true && (
            <Button
              danger
              icon={<StopOutlined />}
              onClick={() => finish(record)}
              data-testid="patrol-finish-detail"
            >
              {t('patrolInstance.finish')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {t('crud.close')}
          </Button>
        </Space>
      }
    >
      <div className="patrol-detail" data-testid="patrol-detail" data-instance={record.id}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          className="patrol-detail-fields"
          items={[
            field('route', String(record.routeName ?? refLabel(record.route))),
            field('guard'),
            field('terminal'),
            field('started'),
            field(
              'finished',
              record.inProgress ? (
                <Tag color="processing">{t('patrolInstance.inProgress')}</Tag>
              ) : (
                <FieldView entity={patrolInstance} name="finished" value={record.finished} />
              ),
            ),
            {
              key: 'duration',
              label: t('patrolInstance.column.duration'),
              children: <DurationCell record={record} />,
            },
          ]}
        />
        {failure ? (
          <StatusMessage title={t('patrolInstance.loadFailed')} detail={apiErrorText(failure, t)} />
        ) : (
          <div className={screens.lg ? 'patrol-detail-grid' : 'patrol-detail-stack'}>
            <section className="patrol-detail-timeline">
              <Typography.Title level={5}>{t('patrolInstance.timeline')}</Typography.Title>
              {loading ? <Spin /> : <Timeline items={items} record={record} />}
            </section>
            <IntegrityPanel record={record} />
          </div>
        )}
      </div>
    </Modal>
  );
}
