import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex } from 'antd';
import { CheckCircleFilled, CloudOutlined, SyncOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PatrolSignIn, PatrolTerminalEvent } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { LanguageSwitch } from './LanguageSwitch';
import { EventQueue, type RejectedEvent } from './eventQueue';
import { openQueueStore } from './idbStore';
import { PairingView } from './PairingView';
import { GuardSignIn } from './GuardSignIn';
import {
  checkpointOfTag,
  newEvent,
  terminalStorage,
  type IncidentInput,
  type Round,
  type ScanMethod,
  type TerminalRoute,
} from './round';
import { RoundView } from './RoundView';
import { RoutePicker } from './RoutePicker';
import { terminalApi } from './terminalApi';
import { useQueueSync } from './useQueueSync';
import './patrolTerminal.css';

/** The queue's transport: the terminal's token as stored at the moment of each call. */
function currentToken(): string {
  const token = terminalStorage.token.get();
  if (!token) throw new ApiError(401, 'TERMINAL_REQUIRED', null, null);
  return token;
}
const transport = {
  submit: (events: PatrolTerminalEvent[], sentAt: string) =>
    terminalApi.submit(currentToken(), { sentAt, events }),
  upload: async (eventId: string, photo: Blob) => {
    await terminalApi.attachment(currentToken(), eventId, photo);
  },
};

/** The queue of this page load (one per tab), on IndexedDB where the browser has it. */
function useEventQueue() {
  const [queue, setQueue] = useState<{ queue: EventQueue; persistent: boolean } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void openQueueStore().then(({ store, persistent }) => {
      if (!cancelled) setQueue({ queue: new EventQueue(store, transport), persistent });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return queue;
}

/** What a refused event was, in words: its kind and what identifies it. */
function refusalText(refusal: RejectedEvent, t: ReturnType<typeof useTranslation>['t']): string {
  const { event } = refusal;
  const what = refusal.photo
    ? t('patrolTerminal.rejected.photo')
    : event.type === 'scan'
      ? t('patrolTerminal.rejected.scan', { tag: event.tagId })
      : event.type === 'incident'
        ? t('patrolTerminal.rejected.incident', { report: event.report })
        : t(`patrolTerminal.rejected.${event.type}`);
  const reason = refusal.message
    ? t(refusal.message, { defaultValue: '' }) ||
      (refusal.code ? t(`apiError_${refusal.code}`, { defaultValue: refusal.code }) : '')
    : refusal.code
      ? t(`apiError_${refusal.code}`, { defaultValue: refusal.code })
      : '';
  return reason ? `${what}: ${reason}` : what;
}

/**
 * /terminal/patrol: the patrol terminal, the phone or tablet a guard carries on the round. Outside the
 * logged-in app: the device is paired with a patrol terminal's token (pasted, or read from the QR code that
 * /patrol/terminals shows once), a guard signs in with the PIN and picks a route, and every action of the round
 * becomes an event in a queue on the device, sent whenever there is a connection.
 */
export default function PatrolTerminalPage() {
  return (
    <App>
      <PatrolTerminal />
    </App>
  );
}

function PatrolTerminal() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [token, setToken] = useState(() => terminalStorage.token.get());
  const [round, setRound] = useState<Round | null>(() => terminalStorage.round.get());
  const [signIn, setSignIn] = useState<PatrolSignIn | null>(null);
  const [finished, setFinished] = useState<Round | null>(null);
  const [incidentTypes, setIncidentTypes] = useState(() => terminalStorage.incidentTypes.get() ?? []);
  const opened = useEventQueue();
  const queue = opened?.queue ?? null;
  const { online, state, lastError, sendNow } = useQueueSync(queue);

  /** The incident types, fetched when online and kept for offline rounds. */
  const refreshIncidentTypes = useCallback(async (terminalToken: string) => {
    try {
      const types = await terminalApi.incidentTypes(terminalToken);
      terminalStorage.incidentTypes.set(types);
      setIncidentTypes(types);
    } catch {
      // Offline or refused: the cached ones serve.
    }
  }, []);
  useEffect(() => {
    if (token && online) void refreshIncidentTypes(token);
  }, [token, online, refreshIncidentTypes]);

  // The round as of the last action (several scans may come before React renders again).
  const roundRef = useRef(round);
  const saveRound = (next: Round | null) => {
    roundRef.current = next;
    terminalStorage.round.set(next);
    setRound(next);
  };
  const updateRound = (change: (current: Round) => Round) => {
    if (roundRef.current) saveRound(change(roundRef.current));
  };

  /** Appends an event to the queue (stored before anything is sent). */
  const record = async (event: PatrolTerminalEvent, photo?: Blob | null) => {
    if (!queue) throw new Error('Queue not ready');
    await queue.enqueue(event, photo);
  };

  const pair = (next: string) => {
    terminalStorage.token.set(next);
    setToken(next);
  };

  const unpair = () =>
    modal.confirm({
      title: t('patrolTerminal.unpair.title'),
      content:
        state.events.length > 0
          ? t('patrolTerminal.unpair.confirmWaiting', { count: state.events.length })
          : t('patrolTerminal.unpair.confirm'),
      okText: t('patrolTerminal.unpair.button'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'terminal-unpair-confirm' } as object) },
      cancelText: t('crud.cancel'),
      onOk: () => {
        terminalStorage.token.set(null);
        terminalStorage.incidentTypes.set(null);
        setIncidentTypes([]);
        setSignIn(null);
        setToken(null);
      },
    });

  const start = async (route: TerminalRoute) => {
    if (!signIn) return;
    // The sign-in's proof starts rounds only within its window: after it, the guard signs in again.
    if (Date.parse(signIn.signIn.expires) <= Date.now()) {
      setSignIn(null);
      return;
    }
    const patrol = crypto.randomUUID();
    const event = newEvent(patrol, 'start', {
      route: route.id,
      guard: signIn.guard.id,
      signIn: signIn.signIn.token,
    });
    await record(event);
    saveRound({
      patrol,
      guard: signIn.guard,
      terminal: signIn.terminal,
      route,
      tagSalt: signIn.tagSalt,
      started: event.time,
      scans: [],
      tasksDone: [],
      incidents: 0,
    });
  };

  const scan = async (tagId: string, method: ScanMethod) => {
    const current = roundRef.current;
    if (!current) return null;
    const event = newEvent(current.patrol, 'scan', { tagId: tagId.trim(), method });
    const checkpoint = await checkpointOfTag(current.route, current.tagSalt, event.tagId);
    await record(event);
    let repeat = false;
    updateRound((was) => {
      repeat = checkpoint !== null && was.scans.some((one) => one.checkpoint === checkpoint.id);
      const scanned = {
        id: event.id,
        tagId: event.tagId,
        method,
        time: event.time,
        checkpoint: checkpoint?.id ?? null,
      };
      return { ...was, scans: [...was.scans, scanned] };
    });
    return { checkpoint, repeat, tagId: event.tagId };
  };

  const confirmTask = async (index: number) => {
    const current = roundRef.current;
    if (!current || current.tasksDone.includes(index)) return;
    await record(newEvent(current.patrol, 'task', { index }));
    updateRound((was) => ({ ...was, tasksDone: [...was.tasksDone, index] }));
  };

  const raiseIncident = async (input: IncidentInput, photo: Blob | null) => {
    const current = roundRef.current;
    if (!current) return;
    await record(newEvent(current.patrol, 'incident', { ...input }), photo);
    updateRound((was) => ({ ...was, incidents: was.incidents + 1 }));
  };

  const finish = async () => {
    const current = roundRef.current;
    if (!current) return;
    await record(newEvent(current.patrol, 'finish', {}));
    saveRound(null);
    setSignIn(null);
    setFinished(current);
  };

  const guardName = round?.guard.name ?? signIn?.guard.name ?? null;
  const waiting = state.events.length + state.photos;

  let body;
  if (!opened) body = null;
  else if (!token) body = <PairingView onPaired={pair} />;
  else if (finished)
    body = (
      <section className="pt-card pt-narrow pt-finished" data-testid="terminal-finished">
        <CheckCircleFilled className="pt-finished-icon" />
        <h1 className="pt-title">{t('patrolTerminal.finished.title')}</h1>
        <p className="pt-lead">
          {t('patrolTerminal.finished.text', {
            route: finished.route.name,
            scanned: new Set(finished.scans.map((one) => one.checkpoint).filter((id) => id !== null)).size,
            count: finished.route.checkpoints.length,
          })}
        </p>
        <Button
          type="primary"
          size="large"
          block
          className="pt-big"
          onClick={() => setFinished(null)}
          data-testid="terminal-finished-done"
        >
          {t('patrolTerminal.finished.next')}
        </Button>
      </section>
    );
  else if (round)
    body = (
      <RoundView
        round={round}
        incidentTypes={incidentTypes}
        onScan={scan}
        onTask={confirmTask}
        onIncident={raiseIncident}
        onFinish={finish}
      />
    );
  else if (signIn)
    body = (
      <RoutePicker signIn={signIn} onStart={(route) => void start(route)} onSignOut={() => setSignIn(null)} />
    );
  else body = <GuardSignIn token={token} onSignedIn={setSignIn} onUnpair={unpair} />;

  return (
    <div className="pt-screen">
      <header className="pt-header">
        <Flex align="center" gap={10} className="pt-header-title">
          <Flex vertical className="pt-header-text">
            <span className="pt-header-name">{t('patrolTerminal.title')}</span>
            {guardName && (
              <span className="pt-header-guard" data-testid="terminal-guard">
                {guardName}
              </span>
            )}
          </Flex>
        </Flex>
        <Flex align="center" gap={8} wrap="wrap" justify="flex-end">
          <span
            className={online ? 'pt-status pt-online' : 'pt-status pt-offline'}
            data-testid="terminal-online"
            data-online={online}
            role="status"
          >
            {online ? <CloudOutlined /> : <WarningFilled />}
            <span className="pt-status-text">
              {online ? t('patrolTerminal.online') : t('patrolTerminal.offline')}
            </span>
          </span>
          <Button
            className="pt-queue"
            onClick={sendNow}
            icon={state.sending ? <SyncOutlined spin /> : undefined}
            aria-label={t('patrolTerminal.queue.label', { count: waiting })}
            title={t('patrolTerminal.queue.label', { count: waiting })}
            data-testid="terminal-queue"
          >
            <span
              className={waiting ? 'pt-queue-count waiting' : 'pt-queue-count'}
              data-testid="terminal-queue-count"
              data-count={waiting}
            >
              {waiting}
            </span>
          </Button>
          <LanguageSwitch />
        </Flex>
      </header>
      <main className="pt-main">
        {opened && !opened.persistent && (
          <Alert
            type="warning"
            showIcon
            title={t('patrolTerminal.queue.notPersistent')}
            className="pt-alert"
          />
        )}
        {token && waiting > 0 && lastError !== null && (
          <Alert
            type={online ? 'warning' : 'info'}
            showIcon
            className="pt-alert"
            title={t('patrolTerminal.queue.waiting', { count: waiting })}
            description={apiErrorText(lastError as ApiError | NetworkError, t)}
            data-testid="terminal-queue-error"
          />
        )}
        {state.rejected.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="pt-alert"
            title={t('crud.errors.savePartial')}
            description={
              <>
                {t('patrolTerminal.rejected.title', { count: state.rejected.length })}
                <ul className="pt-rejected">
                  {state.rejected.map((refusal) => (
                    <li key={`${refusal.event.id}-${refusal.photo}`}>{refusalText(refusal, t)}</li>
                  ))}
                </ul>
              </>
            }
            action={
              <Button onClick={() => void queue?.dismissRejected()} data-testid="terminal-rejected-dismiss">
                {t('patrolTerminal.rejected.dismiss')}
              </Button>
            }
            data-testid="terminal-rejected"
          />
        )}
        {body}
      </main>
    </div>
  );
}
