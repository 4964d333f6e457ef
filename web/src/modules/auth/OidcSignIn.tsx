import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_BASE, HEADERS, type OidcIssuer, type SessionResponse } from '@strazce/contract';
import { api, ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { LightAlert } from '../../components/light/LightAlert';
import { LightButton } from '../../components/light/LightButton';
import { Spinner } from '../../components/light/Spinner';
import { TfaCodeField, tfaCodeError } from './TfaCodeField';

/**
 * "Sign in with <issuer>" buttons, one per issuer the server offers; nothing when there is none. Part of the
 * login page: light controls, without Ant Design.
 */
export function OidcButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const [issuers, setIssuers] = useState<OidcIssuer[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<OidcIssuer[]>('/session/oidc/issuers', { silent: true })
      .then((list) => live && setIssuers(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (issuers.length === 0) return null;
  return (
    <>
      <div className="auth-divider" role="separator">
        {t('login.oidcOr')}
      </div>
      <div className="auth-oidc-buttons">
        {issuers.map((issuer) => (
          <LightButton
            key={issuer.id}
            block
            size="large"
            icon={<LoginOutlined />}
            data-testid={`login-oidc-${issuer.id}`}
            onClick={() =>
              window.location.assign(
                `${API_BASE}/session/oidc/${encodeURIComponent(issuer.id)}/start?returnTo=${encodeURIComponent(returnTo)}`,
              )
            }
          >
            {t('login.oidcSignIn', { name: issuer.name })}
          </LightButton>
        ))}
      </div>
    </>
  );
}

/**
 * Takes over the session of a finished OpenID Connect sign-in (`POST /api/session/oidc/handover`): at once, or
 * with the user's TOTP code when the server asks for it. The token goes where the password login keeps it;
 * `onSession` restores the login from it.
 */
export function OidcHandOver({
  code,
  onSession,
  onFail,
}: {
  code: string;
  onSession: () => Promise<void>;
  onFail: (error: unknown, tfaAsked: boolean) => void;
}) {
  const { t } = useTranslation();
  const [askCode, setAskCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [wrongCode, setWrongCode] = useState(false);
  const started = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const [tfaCode, setTfaCode] = useState('');
  /** Set by the first submit: from then on the code is checked as it changes. */
  const [checked, setChecked] = useState(false);
  const codeError = checked ? tfaCodeError(tfaCode, t) : null;

  const exchange = async (withCode?: string) => {
    setBusy(true);
    try {
      const body = await api.post<SessionResponse>(
        '/session/oidc/handover',
        { code },
        { silent: true, headers: withCode ? { [HEADERS.tfaToken]: withCode } : {} },
      );
      storage.token.set(body.session.token);
      await onSession();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TFA_REQUIRED') {
        setAskCode(true);
      } else if (error instanceof ApiError && error.code === 'TFA_INVALID') {
        setWrongCode(true);
      } else {
        onFail(error, askCode);
      }
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void exchange();
    // Once, with the code the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (askCode) codeInput.current?.focus();
  }, [askCode]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (tfaCodeError(tfaCode, t) === null && !busy) void exchange(tfaCode);
  };

  if (!askCode)
    return (
      <div className="auth-oidc-finishing" role="status" data-testid="login-oidc-finishing">
        <Spinner />
        <span>{t('login.oidcFinishing')}</span>
      </div>
    );
  return (
    <>
      <LightAlert
        type={wrongCode ? 'error' : 'info'}
        title={wrongCode ? t('login.invalidLoginPasswordAnd2FAMessage') : t('login.oidcTfaHint')}
        data-testid={wrongCode ? 'login-error' : undefined}
        className="auth-alert"
      />
      <form name="oidc-tfa" noValidate onSubmit={onSubmit}>
        <TfaCodeField
          id="oidc-tfa_code"
          ref={codeInput}
          value={tfaCode}
          onChange={setTfaCode}
          error={codeError}
        />
        <LightButton
          variant="primary"
          size="large"
          htmlType="submit"
          block
          loading={busy}
          data-testid="login-submit"
        >
          {t('login.oidcTfaSubmit')}
        </LightButton>
      </form>
    </>
  );
}
