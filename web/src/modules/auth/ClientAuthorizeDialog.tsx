import { useState } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { GuardedModal } from '../../components/GuardedModal';
import { DesktopOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HEADERS, TOTP_CODE_PATTERN } from '@strazce/contract';
import { api, ApiError, request } from '../../lib/api';
import { basicAuthorization, setClientToken } from '../../lib/session';
import { storage } from '../../lib/storage';
import { loginErrorText } from './loginErrors';

interface AuthorizeValues {
  name: string;
  userName: string;
  password: string;
  code?: string;
}

/**
 * Authorizes this browser as a terminal: a user who holds AUTH_CLIENT gives the terminal a name and their
 * credentials; the server's client token is stored and sent with every later login.
 */
export function ClientAuthorizeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted afresh at every opening, so each one starts empty without resetting under the user's fingers.
  return open ? <AuthorizeModal onClose={onClose} /> : null;
}

function AuthorizeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuthorizeValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [tfaFor, setTfaFor] = useState<string | null>(null);
  const alreadyAuthorized = storage.clientToken.get() !== null;

  const authorize = async ({ name, userName, password, code }: AuthorizeValues) => {
    setProblem(null);
    setBusy(true);
    const user = userName.trim();
    try {
      if (tfaFor !== user) {
        let tfaRequired: boolean;
        try {
          ({ tfaRequired } = await api.post<{ tfaRequired: boolean }>(
            '/access_user/twofa',
            { userName: user },
            { silent: true },
          ));
        } catch (error) {
          setProblem(loginErrorText(error, 'check', false, t));
          return;
        }
        if (tfaRequired) {
          // The code field appears; the user types the code and submits again.
          setTfaFor(user);
          return;
        }
      }
      const headers: Record<string, string> = { Authorization: basicAuthorization(user, password) };
      if (tfaFor === user && code) headers[HEADERS.tfaToken] = code;
      const response = await request('/system_client/authorize', {
        method: 'POST',
        body: { name: name.trim() },
        headers,
        silent: true,
      });
      const token = response.headers.get(HEADERS.clientToken);
      if (!token) throw new Error('No client token in the answer');
      setClientToken(token);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setProblem(t('clientAuth.notAllowed'));
      else setProblem(loginErrorText(error, 'login', tfaFor === user, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuardedModal
      isDirty={() => !done && form.isFieldsTouched()}
      onClose={onClose}
      title={t('clientAuth.title')}
      okText={done ? t('common.close') : t('clientAuth.submit')}
      cancelText={t('common.cancel')}
      cancelButtonProps={{ style: done ? { display: 'none' } : undefined }}
      confirmLoading={busy}
      onOk={() => (done ? onClose() : form.submit())}
    >
      {done ? (
        <Alert type="success" showIcon title={t('clientAuth.done')} data-testid="client-authorized" />
      ) : (
        <Form
          form={form}
          name="clientAuthorize"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void authorize(values)}
        >
          <Typography.Paragraph type="secondary">{t('clientAuth.hint')}</Typography.Paragraph>
          {alreadyAuthorized && (
            <Alert
              type="info"
              showIcon
              title={t('clientAuth.alreadyAuthorized')}
              style={{ marginBottom: 16 }}
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="name"
            label={t('clientAuth.name')}
            rules={[{ required: true, whitespace: true, max: 100, message: t('validation.required') }]}
          >
            <Input prefix={<DesktopOutlined />} data-testid="client-name" />
          </Form.Item>
          <Form.Item
            name="userName"
            label={t('clientAuth.userName')}
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="off" data-testid="client-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="off" data-testid="client-password" />
          </Form.Item>
          {tfaFor && (
            <Form.Item
              name="code"
              label={t('login.tfaCode')}
              rules={[
                { required: true, message: t('validation.required') },
                { pattern: TOTP_CODE_PATTERN, message: t('validation.tfaCode') },
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
              />
            </Form.Item>
          )}
        </Form>
      )}
    </GuardedModal>
  );
}
