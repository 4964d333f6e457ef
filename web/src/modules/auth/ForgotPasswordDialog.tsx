import { useEffect, useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { GuardedModal } from '../../components/GuardedModal';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/**
 * Asks for a password reset link by e-mail. The answer is the same whether the user exists or not (the
 * server does not reveal user names).
 */
export function ForgotPasswordDialog({
  open,
  initialUserName,
  onClose,
}: {
  open: boolean;
  initialUserName?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userName: string }>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  // Every opening starts with the user name typed on the login form (before the user can type here).
  useEffect(() => {
    if (!open) return;
    setState('idle');
    form.setFieldsValue({ userName: initialUserName ?? '' });
  }, [open, initialUserName, form]);

  const send = async ({ userName }: { userName: string }) => {
    setState('sending');
    try {
      await api.post('/access_user/reset/request', { userName: userName.trim() }, { silent: true });
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <GuardedModal
      open={open}
      isDirty={() => state !== 'sent' && form.isFieldsTouched()}
      onClose={onClose}
      title={t('passwordReset.requestTitle')}
      okText={state === 'sent' ? t('common.close') : t('passwordReset.send')}
      cancelButtonProps={{ style: state === 'sent' ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      confirmLoading={state === 'sending'}
      onOk={() => (state === 'sent' ? onClose() : form.submit())}
    >
      {state === 'sent' ? (
        <Alert
          type="success"
          showIcon
          title={t('passwordReset.passwordResetRequested')}
          data-testid="reset-requested"
        />
      ) : (
        <Form
          form={form}
          name="passwordResetRequest"
          layout="vertical"
          onFinish={(values) => void send(values)}
          requiredMark={false}
        >
          <p>{t('passwordReset.requestHint')}</p>
          {state === 'failed' && (
            <Alert
              type="error"
              showIcon
              title={t('passwordReset.passwordResetRequestFailed')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item
            name="userName"
            label={t('login.userName')}
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="reset-username" />
          </Form.Item>
        </Form>
      )}
    </GuardedModal>
  );
}
