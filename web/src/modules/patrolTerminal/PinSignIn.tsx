import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PatrolSignIn } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { terminalApi } from './terminalApi';

const PIN_LENGTH = 4;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The guard signs in with the four-digit PIN: a keypad big enough for gloves, or the keyboard. The fourth digit
 * signs in. A wrong PIN, too many attempts (with the seconds to wait) and a missing connection are said with
 * the app's error texts.
 */
export function PinSignIn({
  token,
  onSignedIn,
  onUnpair,
}: {
  token: string;
  onSignedIn(signIn: PatrolSignIn): void;
  onUnpair(): void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);

  useEffect(() => {
    if (waitUntil === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waitUntil]);
  const waitSeconds = waitUntil === null ? 0 : Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const submit = async (value: string) => {
    if (busyRef.current) return;
    if (!/^\d{4}$/.test(value)) {
      setProblem(t('validation.pin'));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setProblem(null);
    try {
      onSignedIn(await terminalApi.signIn(token, { pin: value }));
    } catch (error) {
      setPin('');
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== null) {
        setWaitUntil(Date.now() + error.retryAfterSeconds * 1000);
        setNow(Date.now());
      }
      if (error instanceof ApiError || error instanceof NetworkError) setProblem(apiErrorText(error, t));
      else throw error;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const change = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    if (problem) setProblem(null);
    if (digits.length === PIN_LENGTH && waitSeconds === 0) void submit(digits);
  };

  return (
    <section className="pt-card pt-narrow" data-testid="terminal-signin">
      <h1 className="pt-title">{t('patrolTerminal.signIn.title')}</h1>
      <p className="pt-lead">{t('patrolTerminal.signIn.lead')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(pin);
        }}
      >
        <div className="pt-pin-field" onClick={() => input.current?.focus()}>
          <input
            ref={input}
            className="pt-pin-input"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={PIN_LENGTH}
            value={pin}
            aria-label={t('patrolTerminal.signIn.pinLabel')}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => change(event.target.value)}
            disabled={busy}
            data-testid="terminal-pin"
          />
          <div className="pt-pin-dots" aria-hidden="true">
            {Array.from({ length: PIN_LENGTH }, (_, index) => (
              <span key={index} className={index < pin.length ? 'pt-pin-dot filled' : 'pt-pin-dot'} />
            ))}
          </div>
        </div>
        {problem && (
          <Alert
            type="error"
            showIcon
            className="pt-pin-problem"
            title={problem}
            description={
              waitSeconds > 0 ? t('patrolTerminal.signIn.waitSeconds', { count: waitSeconds }) : undefined
            }
            data-testid="terminal-pin-error"
            role="alert"
          />
        )}
        <div className="pt-keypad" role="group" aria-label={t('patrolTerminal.signIn.keypad')}>
          {KEYS.map((key) => (
            <button
              type="button"
              key={key}
              className="pt-key"
              onClick={() => change(pin + key)}
              disabled={busy}
              data-testid={`terminal-pin-key-${key}`}
            >
              {key}
            </button>
          ))}
          <button
            type="button"
            className="pt-key pt-key-aux"
            onClick={() => change(pin.slice(0, -1))}
            disabled={busy || pin.length === 0}
            aria-label={t('patrolTerminal.signIn.backspace')}
            data-testid="terminal-pin-backspace"
          >
            <ArrowLeftOutlined />
          </button>
          <button
            type="button"
            className="pt-key"
            onClick={() => change(pin + '0')}
            disabled={busy}
            data-testid="terminal-pin-key-0"
          >
            0
          </button>
          <button
            type="submit"
            className="pt-key pt-key-go"
            disabled={busy || waitSeconds > 0}
            aria-label={t('patrolTerminal.signIn.submit')}
            data-testid="terminal-pin-submit"
          >
            <ArrowRightOutlined />
          </button>
        </div>
      </form>
      <Button type="link" onClick={onUnpair} className="pt-unpair" data-testid="terminal-unpair">
        {t('patrolTerminal.unpair.button')}
      </Button>
    </section>
  );
}
