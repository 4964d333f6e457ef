import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Spin, type InputRef } from 'antd';
import Input from 'antd/es/input/Input';
import { LoginOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  API_BASE,
  HEADERS,
  TOTP_CODE_PATTERN,
  type OidcIssuer,
  type SessionResponse,
} from '@strazce/contract';
import { api, ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';

/** "Sign in with <issuer>" buttons, one per issuer the server offers; nothing when there is none. */
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
      <Divider plain>{t('login.oidcOr')}</Divider>
      <Flex vertical gap={8}>
        {issuers.map((issuer) => (
          <Button
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
          </Button>
        ))}
      </Flex>
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
  const codeInput = useRef<InputRef>(null);

  const exchange = async (tfaCode?: string) => {
    setBusy(true);
    try {
      const body = await api.post<SessionResponse>(
        '/session/oidc/handover',
        { code },
        { silent: true, headers: tfaCode ? { [HEADERS.tfaToken]: tfaCode } : {} },
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

  if (!askCode)
    return (
      <Flex vertical align="center" gap={12} data-testid="login-oidc-finishing">
        <Spin />
        <span>{t('login.oidcFinishing')}</span>
      </Flex>
    );
  return (
    <>
      <Alert
        type={wrongCode ? 'error' : 'info'}
        showIcon
        title={wrongCode ? t('login.invalidLoginPasswordAnd2FAMessage') : t('login.oidcTfaHint')}
        data-testid={wrongCode ? 'login-error' : undefined}
        style={{ marginBottom: 20 }}
      />
      <Form<{ code: string }>
        name="oidc-tfa"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={({ code: tfaCode }) => void exchange(tfaCode)}
      >
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
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.oidcTfaSubmit')}
        </Button>
      </Form>
    </>
  );
}
