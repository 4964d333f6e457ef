import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatrolSignIn, PatrolTerminalGuards } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { terminalApi } from './terminalApi';

/** A terminal without PINs: the guard taps their name. */
export function GuardChoice({
  token,
  guards,
  onSignedIn,
  onUnpair,
}: {
  token: string;
  guards: PatrolTerminalGuards['guards'];
  onSignedIn(signIn: PatrolSignIn): void;
  onUnpair(): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (guard: number) => {
    setBusy(true);
    setProblem(null);
    try {
      onSignedIn(await terminalApi.signIn(token, { guard }));
    } catch (error) {
      if (error instanceof ApiError || error instanceof NetworkError) setProblem(apiErrorText(error, t));
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="pt-card pt-narrow" data-testid="terminal-signin">
      <h1 className="pt-title">{t('patrolTerminal.signIn.title')}</h1>
      <p className="pt-lead">{t('patrolTerminal.signIn.chooseLead')}</p>
      {problem && <Alert type="error" showIcon title={problem} role="alert" className="pt-pin-problem" />}
      {guards.length === 0 ? (
        <Alert type="info" showIcon title={t('patrolTerminal.signIn.noGuards')} />
      ) : (
        <div className="pt-guard-list" role="group" aria-label={t('patrolTerminal.signIn.chooseLead')}>
          {guards.map((guard) => (
            <button
              type="button"
              key={guard.id}
              className="pt-guard"
              disabled={busy}
              onClick={() => void choose(guard.id)}
              data-testid="terminal-guard"
            >
              {guard.name}
            </button>
          ))}
        </div>
      )}
      <Button type="link" onClick={onUnpair} className="pt-unpair" data-testid="terminal-unpair">
        {t('patrolTerminal.unpair.button')}
      </Button>
    </section>
  );
}
