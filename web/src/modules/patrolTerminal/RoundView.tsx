import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Input, Tag, type InputRef } from 'antd';
import {
  ArrowRightOutlined,
  CheckCircleFilled,
  CheckSquareFilled,
  BorderOutlined,
  ExclamationCircleFilled,
  FlagOutlined,
  QrcodeOutlined,
  WarningFilled,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IncidentDialog } from './IncidentDialog';
import { nfcSupported, readNfcTags } from './nfc';
import { QrScanModal } from './QrScanModal';
import {
  checkpointOfTag,
  checkpointStates,
  type CheckpointState,
  type IncidentInput,
  type Round,
  type ScanMethod,
  type TerminalCheckpoint,
} from './round';
import type { TerminalIncidentType } from './terminalApi';

export interface ScanOutcome {
  checkpoint: TerminalCheckpoint | null;
  repeat: boolean;
  tagId: string;
}

/** Hours:minutes:seconds of a duration in ms (the round's elapsed time). */
function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const STATE_ICON: Record<CheckpointState, React.ReactNode> = {
  scanned: <CheckCircleFilled />,
  next: <ArrowRightOutlined />,
  missed: <ExclamationCircleFilled />,
  pending: <span className="pt-cp-dot" />,
};

/** A scan felt in the hand (where the device vibrates): one short buzz, or three for a warning. */
const buzz = (warning: boolean) => navigator.vibrate?.(warning ? [80, 60, 80, 60, 80] : 120);

/**
 * The round: the route's checkpoints in order with their state, three ways to read a tag (the camera's QR
 * code, NFC where the browser reads it, typing), the route's tasks to confirm, incidents and the finish.
 */
export function RoundView({
  round,
  incidentTypes,
  onScan,
  onTask,
  onIncident,
  onFinish,
}: {
  round: Round;
  incidentTypes: TerminalIncidentType[];
  onScan(tagId: string, method: ScanMethod): Promise<ScanOutcome | null>;
  onTask(index: number): Promise<void>;
  onIncident(input: IncidentInput, photo: Blob | null): Promise<void>;
  onFinish(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const now = useNow(1000);
  const [tag, setTag] = useState('');
  const [tagProblem, setTagProblem] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [incidentOpen, setIncidentOpen] = useState(false);
  const [nfcOn, setNfcOn] = useState(false);
  const [nfcProblem, setNfcProblem] = useState<string | null>(null);
  const nfc = useRef<AbortController | null>(null);
  const lastNfc = useRef<{ tag: string; at: number } | null>(null);
  const tagInput = useRef<InputRef>(null);
  const roundRef = useRef(round);
  roundRef.current = round;
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  const { route } = round;
  const states = checkpointStates(round);
  const scannedCount = states.filter((state) => state === 'scanned').length;
  const foreign = round.scans.filter((scan) => scan.checkpoint === null);
  const lastOnRoute = [...round.scans].reverse().find((scan) => scan.checkpoint !== null)?.checkpoint ?? null;

  const scan = async (tagId: string, method: ScanMethod) => {
    if (!tagId.trim()) return;
    const result = await onScanRef.current(tagId, method);
    if (!result) return;
    setOutcome(result);
    buzz(result.checkpoint === null || result.repeat);
  };

  useEffect(() => () => nfc.current?.abort(), []);

  const startNfc = async () => {
    setNfcProblem(null);
    const controller = new AbortController();
    nfc.current = controller;
    setNfcOn(true);
    try {
      await readNfcTags((candidates) => {
        // The tag's text record or its serial number: the one that names a checkpoint of the route (compared
        // by the sign-in's salted hashes).
        const { route, tagSalt } = roundRef.current;
        void Promise.all(candidates.map((value) => checkpointOfTag(route, tagSalt, value))).then((known) => {
          const tagId = candidates[known.findIndex((checkpoint) => checkpoint !== null)] ?? candidates[0];
          // A tag held to the phone is read again and again: once in three seconds.
          const last = lastNfc.current;
          if (last && last.tag === tagId && Date.now() - last.at < 3000) return;
          lastNfc.current = { tag: tagId, at: Date.now() };
          void scan(tagId, 'NFC');
        });
      }, controller.signal);
    } catch (error) {
      setNfcOn(false);
      const name = (error as { name?: string }).name;
      setNfcProblem(
        t(name === 'NotAllowedError' ? 'patrolTerminal.nfc.denied' : 'patrolTerminal.nfc.failed'),
      );
    }
  };

  const stopNfc = () => {
    nfc.current?.abort();
    nfc.current = null;
    setNfcOn(false);
  };

  const recordTyped = () => {
    if (!tag.trim()) {
      setTagProblem(true);
      tagInput.current?.focus();
      return;
    }
    setTagProblem(false);
    void scan(tag, 'TYPED').then(() => setTag(''));
  };

  const finish = () => {
    const missing = route.checkpoints.length - scannedCount;
    modal.confirm({
      title: t('patrolTerminal.round.finishTitle'),
      content:
        missing > 0
          ? t('patrolTerminal.round.finishMissing', { count: missing })
          : t('patrolTerminal.round.finishAll'),
      okText: t('patrolTerminal.round.finish'),
      okButtonProps: { size: 'large', ...({ 'data-testid': 'terminal-finish-confirm' } as object) },
      cancelButtonProps: { size: 'large' },
      cancelText: t('crud.cancel'),
      onOk: () => {
        stopNfc();
        return onFinish();
      },
    });
  };

  return (
    <div className="pt-round" data-testid="terminal-round" data-patrol={round.patrol}>
      <section className="pt-card pt-summary">
        <div className="pt-summary-head">
          <h1 className="pt-title" data-testid="terminal-round-route">
            {route.name}
          </h1>
          {route.ordered && <Tag color="blue">{t('patrolTerminal.routes.ordered')}</Tag>}
        </div>
        <div className="pt-summary-facts">
          <span>
            {t('patrolTerminal.round.elapsed')}{' '}
            <strong data-testid="terminal-elapsed">{elapsedText(now - Date.parse(round.started))}</strong>
          </span>
          <span
            data-testid="terminal-progress"
            data-scanned={scannedCount}
            data-total={route.checkpoints.length}
          >
            {t('patrolTerminal.round.progress', { scanned: scannedCount, count: route.checkpoints.length })}
          </span>
          {round.incidents > 0 && (
            <span>{t('patrolTerminal.round.incidents', { count: round.incidents })}</span>
          )}
        </div>
        <div className="pt-progress" aria-hidden="true">
          <div
            className="pt-progress-bar"
            style={{
              width: `${route.checkpoints.length ? (scannedCount / route.checkpoints.length) * 100 : 100}%`,
            }}
          />
        </div>
      </section>

      <section className="pt-card" aria-labelledby="pt-scan-title">
        <h2 className="pt-subtitle" id="pt-scan-title">
          {t('patrolTerminal.round.scanTitle')}
        </h2>
        <div className="pt-scan-buttons">
          <Button
            type="primary"
            size="large"
            icon={<QrcodeOutlined />}
            className="pt-big"
            onClick={() => setQrOpen(true)}
            data-testid="terminal-scan-qr"
          >
            {t('patrolTerminal.round.scanQr')}
          </Button>
          {nfcSupported() && (
            <Button
              size="large"
              icon={<WifiOutlined rotate={90} />}
              className="pt-big"
              type={nfcOn ? 'primary' : 'default'}
              ghost={nfcOn}
              onClick={() => (nfcOn ? stopNfc() : void startNfc())}
              aria-pressed={nfcOn}
              data-testid="terminal-scan-nfc"
            >
              {nfcOn ? t('patrolTerminal.nfc.on') : t('patrolTerminal.nfc.start')}
            </Button>
          )}
        </div>
        {nfcProblem && <Alert type="warning" showIcon title={nfcProblem} className="pt-alert" />}
        <form
          className="pt-tag-form"
          onSubmit={(event) => {
            event.preventDefault();
            recordTyped();
          }}
        >
          <label htmlFor="pt-tag" className="pt-label">
            {t('patrolTerminal.round.tagLabel')}
          </label>
          <div className="pt-tag-row">
            <Input
              id="pt-tag"
              ref={tagInput}
              size="large"
              value={tag}
              onChange={(event) => {
                setTag(event.target.value);
                setTagProblem(false);
              }}
              maxLength={100}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              status={tagProblem ? 'error' : undefined}
              placeholder={t('patrolTerminal.round.tagPlaceholder')}
              data-testid="terminal-tag-input"
            />
            <Button size="large" htmlType="submit" className="pt-big" data-testid="terminal-tag-record">
              {t('patrolTerminal.round.record')}
            </Button>
          </div>
          {tagProblem && <div className="pt-field-error">{t('validation.required')}</div>}
        </form>
        {outcome && (
          <Alert
            className="pt-scan-result"
            type={outcome.checkpoint === null ? 'warning' : outcome.repeat ? 'info' : 'success'}
            showIcon
            closable={{ 'aria-label': t('crud.close') }}
            onClose={() => setOutcome(null)}
            title={
              outcome.checkpoint === null
                ? t('patrolTerminal.round.notOnRoute', { tag: outcome.tagId })
                : outcome.repeat
                  ? t('patrolTerminal.round.scannedAgain', { name: outcome.checkpoint.name })
                  : t('patrolTerminal.round.scanned', { name: outcome.checkpoint.name })
            }
            data-testid="terminal-scan-result"
            data-kind={outcome.checkpoint === null ? 'foreign' : outcome.repeat ? 'repeat' : 'checkpoint'}
            role="status"
          />
        )}
      </section>

      <section className="pt-card" aria-labelledby="pt-checkpoints-title">
        <h2 className="pt-subtitle" id="pt-checkpoints-title">
          {t('patrolTerminal.round.checkpoints')}
        </h2>
        <ol className="pt-checkpoints">
          {route.checkpoints.map((checkpoint, index) => (
            <li
              key={checkpoint.id}
              className={`pt-checkpoint pt-cp-${states[index]}`}
              data-testid="terminal-checkpoint"
              data-state={states[index]}
              data-checkpoint-id={checkpoint.id}
            >
              <span className="pt-cp-icon" aria-hidden="true">
                {STATE_ICON[states[index]]}
              </span>
              <span className="pt-cp-body">
                <span className="pt-cp-name">
                  {index + 1}. {checkpoint.name}
                </span>
                {checkpoint.description && (
                  <span className="pt-cp-description">{checkpoint.description}</span>
                )}
              </span>
              <span className="pt-cp-state">{t(`patrolTerminal.state.${states[index]}`)}</span>
            </li>
          ))}
        </ol>
        {foreign.length > 0 && (
          <div className="pt-foreign" data-testid="terminal-foreign">
            <WarningFilled />{' '}
            {t('patrolTerminal.round.foreign', {
              count: foreign.length,
              tags: [...new Set(foreign.map((scan) => scan.tagId))].join(', '),
            })}
          </div>
        )}
      </section>

      {route.tasks.length > 0 && (
        <section className="pt-card" aria-labelledby="pt-tasks-title">
          <h2 className="pt-subtitle" id="pt-tasks-title">
            {t('patrolTerminal.round.tasks')}
          </h2>
          <ul className="pt-tasks">
            {route.tasks.map((task, index) => {
              const done = round.tasksDone.includes(index);
              return (
                <li key={index}>
                  <button
                    type="button"
                    role="checkbox"
                    aria-checked={done}
                    className={done ? 'pt-task done' : 'pt-task'}
                    disabled={done}
                    onClick={() => void onTask(index)}
                    data-testid="terminal-task"
                    data-index={index}
                    data-done={done}
                  >
                    <span className="pt-task-box" aria-hidden="true">
                      {done ? <CheckSquareFilled /> : <BorderOutlined />}
                    </span>
                    <span>{task}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <div className="pt-actions">
        <Button
          danger
          size="large"
          icon={<WarningFilled />}
          className="pt-big"
          onClick={() => setIncidentOpen(true)}
          data-testid="terminal-incident-open"
        >
          {t('patrolTerminal.incident.open')}
        </Button>
        <Button
          type="primary"
          size="large"
          icon={<FlagOutlined />}
          className="pt-big"
          onClick={finish}
          data-testid="terminal-finish"
        >
          {t('patrolTerminal.round.finish')}
        </Button>
      </div>

      <QrScanModal
        open={qrOpen}
        title={t('patrolTerminal.round.scanQr')}
        onClose={() => setQrOpen(false)}
        onResult={(text) => {
          setQrOpen(false);
          void scan(text, 'QR');
        }}
      />
      <IncidentDialog
        open={incidentOpen}
        incidentTypes={incidentTypes}
        checkpoints={route.checkpoints}
        atCheckpoint={lastOnRoute}
        onSubmit={onIncident}
        onClose={() => setIncidentOpen(false)}
      />
    </div>
  );
}
