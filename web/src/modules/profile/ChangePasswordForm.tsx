import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { NewPasswordFields } from '../../components/NewPasswordFields';

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

/**
 * The user's own password change: the current password, the new one (with the live rules) and its
 * confirmation. The server ends the user's other sessions; this one stays. `onDone` runs after success.
 */
export function ChangePasswordForm({
  onDone,
  onCancel,
  form: outer,
}: {
  onDone: () => void;
  onCancel?: () => void;
  /** The form instance, when the dialog around asks it whether something was typed. */
  form?: FormInstance<ChangeValues>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangeValues>(outer);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async ({ currentPassword, newPassword: chosen }: ChangeValues) => {
    setBusy(true);
    setProblem(null);
    try {
      await api.post('/session/password', { currentPassword, newPassword: chosen }, { silent: true });
      form.resetFields();
      onDone();
    } catch (error) {
      const details = error instanceof ApiError ? (error.body?.details ?? []) : [];
      const onFields = details.filter(
        (detail) => detail.path === 'currentPassword' || detail.path === 'newPassword',
      );
      if (onFields.length > 0)
        form.setFields(
          onFields.map((detail) => ({
            name: detail.path as keyof ChangeValues,
            errors: [t(detail.message)],
          })),
        );
      else if (error instanceof ApiError || error instanceof NetworkError) setProblem(apiErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<ChangeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void save(values)}
      data-testid="password-change"
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginBottom: 16 }}
          data-testid="password-error"
        />
      )}
      <Form.Item
        name="currentPassword"
        label={t('passwordChange.current')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="password-current"
        />
      </Form.Item>
      <NewPasswordFields
        name="newPassword"
        label={t('passwordChange.new')}
        confirmationLabel={t('passwordChange.confirmation')}
        testIdPrefix={{ password: 'password-new', confirmation: 'password-confirmation' }}
      />
      <Flex justify="flex-end" gap={8} wrap>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="password-save">
          {t('passwordChange.save')}
        </Button>
      </Flex>
    </Form>
  );
}
