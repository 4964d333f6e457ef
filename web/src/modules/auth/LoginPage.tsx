import { Suspense, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DesktopOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { useSession, type LogoutReason } from '../../lib/session';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { lazyWithAntd } from '../../components/lazyWithAntd';
import { LightAlert } from '../../components/light/LightAlert';
import { LightButton } from '../../components/light/LightButton';
import { LightField } from '../../components/light/LightField';
import { AuthScreen } from './AuthScreen';
import { TfaCodeField, tfaCodeError } from './TfaCodeField';
import { loginErrorText, nextCodeAt } from './loginErrors';
import { safeRedirect } from './redirect';
import { leaveLoginShell } from '../../lib/loginShell';
import { clearOidcFragment, oidcErrorText, readOidcFragment } from './oidcFragment';

// The directory sign-in (buttons, the hand-over after the issuer) in a chunk of its own: most installations have none.
const OidcButtons = lazyWithTimeout(() =>
  import('./OidcSignIn').then((module) => ({ default: module.OidcButtons })),
);
const OidcHandOver = lazyWithTimeout(() =>
  import('./OidcSignIn').then((module) => ({ default: module.OidcHandOver })),
);
// The dialogs load when first opened, with Ant Design: the login page itself stays small and without it
// (web/scripts/bundleBudget.mjs).
const ForgotPasswordDialog = lazyWithAntd(() =>
  import('./ForgotPasswordDialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);
const ClientAuthorizeDialog = lazyWithAntd(() =>
  import('./ClientAuthorizeDialog').then((module) => ({ default: module.ClientAuthorizeDialog })),
);

interface LoginValues {
  userName: string;
  password: string;
  code: string;
}

type FieldErrors = Partial<Record<keyof LoginValues, string>>;

/** The form's own checks (the server checks again): the names of the fields that fail, with their messages. */
function checkValues(values: LoginValues, codeShown: boolean, t: (key: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.userName.trim()) errors.userName = t('validation.required');
  if (!values.password) errors.password = t('validation.required');
  const codeError = codeShown ? tfaCodeError(values.code, t) : null;
  if (codeError) errors.code = codeError;
  return errors;
}

interface LoginProblem {
  text: string;
  clientNotAuthorized: boolean;
  /** A two-factor code used already: when the authenticator shows the next one (epoch ms). */
  nextCodeAt?: number | null;
}

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Seconds until the next two-factor code, counted down every second; "ready now" at zero. */
function NextCodeCountdown({ at }: { at: number }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(secondsUntil(at)), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return (
    <span data-testid="login-next-code" aria-live="polite">
      {seconds > 0 ? t('login.tfaNextCodeIn', { seconds }) : t('login.tfaNextCodeNow')}
    </span>
  );
}

/**
 * Login: user name and password; the server says whether the user needs a two-factor code, and then the
 * code field appears. A browser that is not authorized as a terminal is offered the authorization dialog.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { login, restore } = useSession();
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '', code: '' });
  /** Set by the first submit: from then on the fields are checked as they change, as Ant Design's forms do. */
  const [checked, setChecked] = useState(false);
  /** The server's two-factor answer, for the user name it was asked about. */
  const [tfa, setTfa] = useState<{ userName: string; required: boolean } | null>(null);
  /** Back from an OpenID Connect issuer: the hand-over code (taken over below) or the error's code. */
  const [oidc, setOidc] = useState(readOidcFragment);
  const [problem, setProblem] = useState<LoginProblem | null>(() =>
    oidc.error ? { text: oidcErrorText(oidc.error, t), clientNotAuthorized: false } : null,
  );
  const [busy, setBusy] = useState(false);
  /** The forgotten-password dialog, opened with the user name typed so far. */
  const [forgotFor, setForgotFor] = useState<string | null>(null);
  const [authorizeOpen, setAuthorizeOpen] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const reason = (location.state as { reason?: LogoutReason } | null)?.reason;
  const codeShown = tfa?.required === true;

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  // The page takes the place of index.html's copy of it (lib/loginShell.ts) with what the user typed into it up
  // to this moment and the focus where the user had it; the update is drawn before the browser paints.
  const userNameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = leaveLoginShell();
    if (!typed) return;
    setValues((was) => ({ ...was, userName: typed.userName, password: typed.password }));
    (typed.focused === 'password' ? passwordInput : userNameInput).current?.focus();
  }, []);

  useEffect(() => {
    if (codeShown) codeInput.current?.focus();
  }, [codeShown]);

  useEffect(() => clearOidcFragment(), []);

  /** The session of an OpenID Connect sign-in is in the store: the login is restored from it, as after a reload. */
  const oidcSession = async () => {
    if (!(await restore())) throw new Error('The session was not restored');
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const oidcFailed = (error: unknown, tfaAsked: boolean) => {
    setOidc({ code: null, error: null });
    setProblem({
      // A hand-over code that expired or was used: the sign-in has to be repeated.
      text:
        error instanceof ApiError && error.code === 'TOKEN_INVALID'
          ? oidcErrorText('OIDC_FAILED', t)
          : loginErrorText(error, 'login', tfaAsked, t),
      clientNotAuthorized: error instanceof ApiError && error.code === 'CLIENT_NOT_AUTHORIZED',
    });
  };

  /** The server's two-factor check (spec §2), remembered for the name it was asked about. */
  const checkTwoFactor = async (userName: string): Promise<boolean> => {
    const { tfaRequired } = await api.post<{ tfaRequired: boolean }>(
      '/access_user/twofa',
      { userName },
      { silent: true },
    );
    setTfa({ userName, required: tfaRequired });
    return tfaRequired;
  };

  const errors: FieldErrors = checked ? checkValues(values, codeShown, t) : {};

  /** A field's new value; the server's answer about the values sent before is stale then. */
  const change = (field: keyof LoginValues, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    if (!problem?.nextCodeAt) setProblem(null);
    if (field === 'userName' && tfa && value.trim() !== tfa.userName) setTfa(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    // The server's answer was about the values sent then: it does not stand beside the field messages of an
    // incomplete form.
    if (Object.keys(checkValues(values, codeShown, t)).length > 0) setProblem(null);
    else if (!busy) void submit(values);
  };

  const submit = async ({ userName, password, code }: LoginValues) => {
    setProblem(null);
    setBusy(true);
    const name = userName.trim();
    let required = tfa?.userName === name ? tfa.required : null;
    try {
      if (required === null) {
        try {
          required = await checkTwoFactor(name);
        } catch (error) {
          setProblem({ text: loginErrorText(error, 'check', false, t), clientNotAuthorized: false });
          return;
        }
        // The code field appears; the user types the code and submits again.
        if (required) return;
      }
      await login({ userName: name, password, tfaCode: required ? code : undefined });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      const clientNotAuthorized = error instanceof ApiError && error.code === 'CLIENT_NOT_AUTHORIZED';
      setProblem({
        text: loginErrorText(error, 'login', required === true, t),
        clientNotAuthorized,
        nextCodeAt: nextCodeAt(error, Date.now()),
      });
      // Spec §2: a failure clears the code and the two-factor requirement; the server's check sets it again
      // (the code field stays for a user who still needs it, and goes for one who no longer does).
      setValues((was) => ({ ...was, code: '' }));
      setChecked(false);
      setTfa(null);
      if (required) void checkTwoFactor(name).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthScreen title={t('login.title')} subtitle={t('login.subtitle')}>
      {reason === 'expired' && !problem && (
        <LightAlert type="info" title={t('login.sessionExpired')} className="auth-alert" />
      )}
      {problem && (
        <LightAlert
          type="error"
          title={problem.text}
          description={problem.nextCodeAt ? <NextCodeCountdown at={problem.nextCodeAt} /> : undefined}
          data-testid="login-error"
          className="auth-alert"
          action={
            problem.clientNotAuthorized ? (
              <LightButton size="small" onClick={() => setAuthorizeOpen(true)}>
                {t('clientAuth.open')}
              </LightButton>
            ) : undefined
          }
        />
      )}
      {oidc.code !== null && (
        <Suspense fallback={null}>
          <OidcHandOver code={oidc.code} onSession={oidcSession} onFail={oidcFailed} />
        </Suspense>
      )}
      <form hidden={oidc.code !== null} name="login" noValidate onSubmit={onSubmit}>
        <LightField
          id="login_userName"
          ref={userNameInput}
          label={t('login.userName')}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          data-testid="login-username"
          value={values.userName}
          onChange={(event) => change('userName', event.target.value)}
          error={errors.userName}
        />
        <LightField
          id="login_password"
          ref={passwordInput}
          label={t('login.password')}
          prefix={<LockOutlined />}
          password
          autoComplete="current-password"
          data-testid="login-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={errors.password}
        />
        {codeShown && (
          <TfaCodeField
            id="login_code"
            ref={codeInput}
            value={values.code}
            onChange={(code) => change('code', code)}
            error={errors.code}
          />
        )}
        <div className="auth-forgot">
          <LightButton variant="link" size="small" onClick={() => setForgotFor(values.userName)}>
            {t('login.forgotPassword')}
          </LightButton>
        </div>
        <LightButton
          variant="primary"
          size="large"
          htmlType="submit"
          block
          loading={busy}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </LightButton>
      </form>
      {oidc.code === null && (
        <Suspense fallback={null}>
          <OidcButtons returnTo={safeRedirect(params.get('redirect'))} />
        </Suspense>
      )}
      <div className="auth-authorize">
        <LightButton
          variant="text"
          size="small"
          icon={<DesktopOutlined />}
          onClick={() => setAuthorizeOpen(true)}
        >
          {t('clientAuth.open')}
        </LightButton>
      </div>
      <Suspense fallback={null}>
        {forgotFor !== null && (
          <ForgotPasswordDialog open initialUserName={forgotFor} onClose={() => setForgotFor(null)} />
        )}
        {authorizeOpen && <ClientAuthorizeDialog open onClose={() => setAuthorizeOpen(false)} />}
      </Suspense>
    </AuthScreen>
  );
}
