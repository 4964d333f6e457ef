import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { failedPasswordRules } from '@strazce/contract';
import { PasswordRules } from './PasswordRules';

/**
 * A new password (checked against the rules as it is typed, which are shown below it) and its confirmation,
 * as fields of the surrounding form: `name` and `confirmation`.
 */
export function NewPasswordFields({
  name,
  label,
  confirmationLabel,
  testIdPrefix,
}: {
  name: string;
  label: string;
  confirmationLabel: string;
  /** `<prefix>-new` / `<prefix>-confirmation` on the inputs, for the browser tests. */
  testIdPrefix: { password: string; confirmation: string };
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = (Form.useWatch(name, form) as string | undefined) ?? '';
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={[
          { required: true, message: t('validation.required') },
          {
            validator: (_, value: string | undefined) =>
              failedPasswordRules(value ?? '').length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.password'))),
          },
        ]}
        extra={<PasswordRules password={password} />}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid={testIdPrefix.password}
        />
      </Form.Item>
      <Form.Item
        name="confirmation"
        label={confirmationLabel}
        dependencies={[name]}
        rules={[
          { required: true, message: t('validation.required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.passwordMatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid={testIdPrefix.confirmation}
        />
      </Form.Item>
    </>
  );
}
