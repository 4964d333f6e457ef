import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Badge, Card, Empty, Space, Spin, Switch, Typography } from 'antd';
import { IconButton } from '../../components/IconButton';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOGISTICS_BOARD_REFRESH_MS, type LogisticsBoard, type LogisticsTurnTime } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { displayTimeZone, formatDate } from '../../lib/format';
import type { Row } from '../../components/crud/fieldWire';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { beep, unlockAudio } from './beep';
import { BoardCard } from './BoardCard';
import { boardColumns, boardQueues, newTransports, type BoardTransport } from './boardModel';
import { useBoardSettings } from './boardSettings';
import { RampTimeline } from './RampTimeline';
import { useTransportActions } from './transportActions';
import { BOARD_QUERY_KEY } from './transportCells';
import { TurnTimeFigures } from './TurnTimeFigures';
import { useLogisticsEvents, type StreamState } from './useLogisticsEvents';

/** Events coming in a burst (a dispatcher's several changes) reload the board once. */
const EVENT_DEBOUNCE_MS = 250;

/** The board of the site's today, renewed every LOGISTICS_BOARD_REFRESH_MS while `autoRefresh`. */
function useBoard(autoRefresh: boolean) {
  return useQuery({
    queryKey: BOARD_QUERY_KEY,
    // Not silent: a dead session logs out as every list's does.
    queryFn: ({ signal }) => api.get<LogisticsBoard>('/logistics/board', { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? LOGISTICS_BOARD_REFRESH_MS : false,
  });
}

/** Today's turn-time averages of the transports that left (the board's figures). */
function useTodayTurnTime(date: string | undefined, autoRefresh: boolean) {
  return useQuery({
    queryKey: [...BOARD_QUERY_KEY, 'turntime', date],
    enabled: date !== undefined,
    queryFn: ({ signal }) =>
      api.get<LogisticsTurnTime>('/logistics/turntime', {
        query: { from: date, to: date },
        signal,
        silent: true,
      }),
    refetchInterval: autoRefresh ? LOGISTICS_BOARD_REFRESH_MS : false,
  });
}

/** The acoustic signal when a transport shows on the board that was not there before. */
function useArrivalSignal(board: LogisticsBoard | undefined, sound: boolean) {
  const seen = useRef<{ date: string; ids: Set<number> } | null>(null);
  useEffect(() => {
    if (!board) return;
    const previous = seen.current?.date === board.date ? seen.current.ids : null;
    if (sound && newTransports(previous, board).length > 0) beep();
    seen.current = {
      date: board.date,
      ids: new Set((board.transports as BoardTransport[]).map((row) => row.id)),
    };
  }, [board, sound]);
}

function StreamBadge({ state }: { state: StreamState }) {
  const { t } = useTranslation();
  const status = state === 'live' ? 'success' : state === 'connecting' ? 'processing' : 'default';
  return (
    <Badge
      status={status}
      text={t(`logistics.board.stream.${state}`)}
      data-testid="logistics-stream"
      data-state={state}
    />
  );
}

function Queue({
  title,
  transports,
  testId,
  colors,
  executeFor,
}: {
  title: string;
  transports: BoardTransport[];
  testId: string;
  colors: Map<number, string | null>;
  executeFor: (transport: Row) => ((transport: Row) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="logistics-queue"
      title={
        <Space>
          {title}
          <Badge count={transports.length} showZero color="#8c8c8c" />
        </Space>
      }
    >
      <div className="logistics-queue-list" data-testid={testId}>
        {transports.length === 0 ? (
          <Typography.Text type="secondary">{t('logistics.board.queueEmpty')}</Typography.Text>
        ) : (
          transports.map((transport) => (
            <BoardCard
              key={transport.id}
              transport={transport}
              color={colors.get((transport.status as { id: number } | null)?.id ?? -1) ?? null}
              compact
              onExecute={executeFor(transport as Row)}
              testId="logistics-queue-item"
            />
          ))
        )}
      </div>
    </Card>
  );
}

/**
 * The dispatcher board (/logistics/manager): today's transports of the site by status in the statuses' colours,
 * the two queues 'Čeká na vjezd' and 'Čeká na odjezd', the ramp timeline of the day and today's turn-time
 * figures. It updates at once on the site's transport events and every 10 s besides ('Automatické obnovení'),
 * and beeps when a transport arrives ('Zvukový signál'); both switches are remembered per user.
 */
export function Board() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useBoardSettings();
  const actions = useTransportActions();
  const board = useBoard(settings.autoRefresh);
  const turnTime = useTodayTurnTime(board.data?.date, settings.autoRefresh);
  const clock = useMinuteClock();
  useArrivalSignal(board.data, settings.sound);

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onEvent = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: BOARD_QUERY_KEY });
    }, EVENT_DEBOUNCE_MS);
  }, [queryClient]);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  const stream = useLogisticsEvents(settings.autoRefresh, onEvent);

  const data = board.data;
  const columns = useMemo(() => (data ? boardColumns(data) : []), [data]);
  const queues = useMemo(() => (data ? boardQueues(data) : { entry: [], departure: [] }), [data]);
  const colors = useMemo(
    () => new Map((data?.statuses ?? []).map((status) => [status.id, status.color])),
    [data],
  );
  const day = useMemo(() => {
    const start = data ? dayjs.tz(data.date, displayTimeZone()) : null;
    return start ? { start: start.valueOf(), end: start.add(1, 'day').valueOf() } : null;
  }, [data]);
  // 'Provést operaci' only where an operation of the user starts (an archive status has none open).
  const executeFor = (transport: Row) => (actions.canExecute(transport) ? actions.execute : undefined);
  const failure = board.error as ApiError | NetworkError | null;

  return (
    <div className="logistics-board" data-testid="logistics-board">
      <Card size="small" className="logistics-board-bar">
        <div className="logistics-board-toolbar">
          <div>
            <Typography.Title level={4} className="logistics-board-title">
              {t('logistics.board.title', { date: data ? formatDate(data.date) : '' })}
            </Typography.Title>
            <StreamBadge state={stream} />
          </div>
          <Space wrap size={[16, 8]}>
            <label className="logistics-switch">
              <Switch
                checked={settings.autoRefresh}
                onChange={(autoRefresh) => setSettings({ autoRefresh })}
                data-testid="logistics-auto-refresh"
              />
              {t('logistics.board.autoRefresh')}
            </label>
            <label className="logistics-switch">
              <Switch
                checked={settings.sound}
                onChange={(sound) => {
                  // The switch is the user's gesture that lets the page play the signal later.
                  if (sound) unlockAudio();
                  setSettings({ sound });
                }}
                data-testid="logistics-sound"
              />
              {t('logistics.board.sound')}
            </label>
            <IconButton
              label={t('crud.refresh')}
              icon={<ReloadOutlined spin={board.isFetching && !board.isLoading} />}
              onClick={() => void queryClient.invalidateQueries({ queryKey: BOARD_QUERY_KEY })}
              data-testid="logistics-board-refresh"
            />
            {actions.createButton}
          </Space>
        </div>
      </Card>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={
            data ? t('crud.errors.loadStale', { error: apiErrorText(failure, t) }) : t('crud.errors.load')
          }
          description={data ? undefined : apiErrorText(failure, t)}
        />
      )}
      {board.isLoading ? (
        <Spin className="logistics-board-loading" />
      ) : data ? (
        <>
          <TurnTimeFigures
            overall={turnTime.data?.overall}
            loading={turnTime.isLoading}
            testId="logistics-board-figures"
          />
          <div className="logistics-queues">
            <Queue
              title={t('logistics.board.waitingEntry')}
              transports={queues.entry}
              testId="logistics-queue-entry"
              colors={colors}
              executeFor={executeFor}
            />
            <Queue
              title={t('logistics.board.waitingDeparture')}
              transports={queues.departure}
              testId="logistics-queue-departure"
              colors={colors}
              executeFor={executeFor}
            />
          </div>
          <div className="logistics-columns" data-testid="logistics-board-columns">
            {columns.length === 0 && <Empty description={t('logistics.board.noStatuses')} />}
            {columns.map((column) => (
              <section
                key={column.status.id}
                className="logistics-column"
                data-testid="logistics-board-column"
                data-status-id={column.status.id}
                data-status={column.status.label}
              >
                <header
                  className="logistics-column-head"
                  style={{ borderTopColor: column.status.color ?? undefined }}
                >
                  <Typography.Text strong ellipsis>
                    {column.status.label}
                  </Typography.Text>
                  <Badge count={column.transports.length} showZero color={column.status.color ?? '#8c8c8c'} />
                </header>
                <div className="logistics-column-body">
                  {column.transports.map((transport) => (
                    <BoardCard
                      key={transport.id}
                      transport={transport}
                      color={column.status.color}
                      onExecute={executeFor(transport as Row)}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
          <Card size="small" title={t('logistics.board.timeline')} className="logistics-timeline-card">
            {day && <RampTimeline board={data} start={day.start} end={day.end} now={clock} />}
          </Card>
        </>
      ) : null}
      {actions.dialogs}
    </div>
  );
}
