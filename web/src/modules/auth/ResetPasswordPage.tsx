import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, ApiError, NetworkError } from '../../lib/api';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { AuthScreen } from './AuthScreen';

interface ResetValues {
  password: string;
  confirmation: string;
}

/** The page of the e-mailed link `/resetPassword?token=…`: a new password that meets the rules, twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('passwordReset.title')} · ${t('app.name')}`;
  }, [t]);

  const save = async ({ password: newPassword }: ResetValues) => {
    setProblem(null);
    setState('saving');
    try {
      await api.post('/access_user/reset', { token, password: newPassword }, { silent: true });
      setState('done');
    } catch (error) {
      setState('idle');
      if (error instanceof NetworkError) setProblem(t('error.network'));
      else if (error instanceof ApiError && error.code === 'TOKEN_INVALID')
        setProblem(t('apiError_TOKEN_INVALID'));
      else setProblem(t('passwordReset.changeFailed'));
    }
  };

  if (!token) {
    return (
      <AuthScreen title={t('passwordReset.title')}>
        <Result
          status="warning"
          title={t('passwordReset.noToken')}
          extra={<Button onClick={() => navigate('/login')}>{t('passwordReset.toLogin')}</Button>}
        />
      </AuthScreen>
    );
  }

  if (state === 'done') {
    return (
      <AuthScreen title={t('passwordReset.title')}>
        <Result
          status="success"
          title={t('passwordReset.changed')}
          subTitle={t('passwordReset.changedHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="reset-to-login">
              {t('passwordReset.toLogin')}
            </Button>
          }
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t('passwordReset.title')} subtitle={t('passwordReset.subtitle')}>
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: 20 }} data-testid="reset-error" />
      )}
      <Form<ResetValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void save(values)}
      >
        <NewPasswordFields
          name="password"
          label={t('passwordReset.newPassword')}
          confirmationLabel={t('passwordReset.confirmation')}
          testIdPrefix={{ password: 'reset-password', confirmation: 'reset-confirmation' }}
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={state === 'saving'}
          data-testid="reset-submit"
        >
          {t('passwordReset.save')}
        </Button>
      </Form>
    </AuthScreen>
  );
}
