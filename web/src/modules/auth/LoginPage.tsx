import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Flex, Form, type InputRef } from 'antd';
// The two inputs themselves, not the Input namespace with its TextArea, Search and OTP (bundleBudget.mjs).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { DesktopOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_PATTERN } from '@strazce/contract';
import { api, ApiError } from '../../lib/api';
import { useSession, type LogoutReason } from '../../lib/session';
import { AuthScreen } from './AuthScreen';
import { loginErrorText, nextCodeAt } from './loginErrors';
import { safeRedirect } from './redirect';
import { clearOidcFragment, oidcErrorText, readOidcFragment } from './oidcFragment';

// The directory sign-in (buttons, the hand-over after the issuer) in a chunk of its own: most installations have none.
const OidcButtons = lazy(() => import('./OidcSignIn').then((module) => ({ default: module.OidcButtons })));
const OidcHandOver = lazy(() => import('./OidcSignIn').then((module) => ({ default: module.OidcHandOver })));
// The dialogs load when first opened: the login page itself stays small (web/scripts/bundleBudget.mjs).
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);
const ClientAuthorizeDialog = lazy(() =>
  import('./ClientAuthorizeDialog').then((module) => ({ default: module.ClientAuthorizeDialog })),
);

interface LoginValues {
  userName: string;
  password: string;
  code?: string;
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
  const [form] = Form.useForm<LoginValues>();
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
  const codeInput = useRef<InputRef>(null);
  const reason = (location.state as { reason?: LogoutReason } | null)?.reason;
  const codeShown = tfa?.required === true;

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

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
      form.setFieldValue('code', '');
      setTfa(null);
      if (required) void checkTwoFactor(name).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthScreen title={t('login.title')} subtitle={t('login.subtitle')}>
      {reason === 'expired' && !problem && (
        <Alert type="info" showIcon title={t('login.sessionExpired')} style={{ marginBottom: 20 }} />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem.text}
          description={problem.nextCodeAt ? <NextCodeCountdown at={problem.nextCodeAt} /> : undefined}
          data-testid="login-error"
          style={{ marginBottom: 20 }}
          action={
            problem.clientNotAuthorized ? (
              <Button size="small" onClick={() => setAuthorizeOpen(true)}>
                {t('clientAuth.open')}
              </Button>
            ) : undefined
          }
        />
      )}
      {oidc.code !== null && (
        <Suspense fallback={null}>
          <OidcHandOver code={oidc.code} onSession={oidcSession} onFail={oidcFailed} />
        </Suspense>
      )}
      <Form<LoginValues>
        hidden={oidc.code !== null}
        form={form}
        name="login"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        // The server's answer was about the values sent then: a new attempt or an edit makes it stale, so it
        // does not stand beside the field messages of an incomplete form.
        onFinishFailed={() => setProblem(null)}
        onValuesChange={(changed: Partial<LoginValues>) => {
          if (!problem?.nextCodeAt) setProblem(null);
          if (changed.userName !== undefined && tfa && changed.userName.trim() !== tfa.userName) setTfa(null);
        }}
      >
        <Form.Item
          name="userName"
          label={t('login.userName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        {codeShown && (
          <Form.Item
            name="code"
            label={t('login.tfaCode')}
            extra={t('login.tfaCodeHint')}
            rules={[
              { required: true, message: t('validation.required') },
              { pattern: TOTP_CODE_PATTERN, message: t('validation.tfaCode') },
            ]}
          >
            <Input
              ref={codeInput}
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="login-code"
            />
          </Form.Item>
        )}
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 20 }}>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setForgotFor((form.getFieldValue('userName') as string | undefined) ?? '')}
          >
            {t('login.forgotPassword')}
          </Button>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      {oidc.code === null && (
        <Suspense fallback={null}>
          <OidcButtons returnTo={safeRedirect(params.get('redirect'))} />
        </Suspense>
      )}
      <Flex justify="center" style={{ marginTop: 24 }}>
        <Button type="text" size="small" icon={<DesktopOutlined />} onClick={() => setAuthorizeOpen(true)}>
          {t('clientAuth.open')}
        </Button>
      </Flex>
      <Suspense fallback={null}>
        {forgotFor !== null && (
          <ForgotPasswordDialog open initialUserName={forgotFor} onClose={() => setForgotFor(null)} />
        )}
        {authorizeOpen && <ClientAuthorizeDialog open onClose={() => setAuthorizeOpen(false)} />}
      </Suspense>
    </AuthScreen>
  );
}
