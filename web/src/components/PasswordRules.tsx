import { Flex, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, failedPasswordRules, type PasswordRule } from '@strazce/contract';

/** Live feedback on the password rules of spec section 5: each rule ticked off as the user types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const failed = new Set(failedPasswordRules(password));
  return (
    <Flex vertical gap={2} data-testid="password-rules" aria-live="polite">
      {(Object.keys(PASSWORD_RULES) as PasswordRule[]).map((rule) => {
        const ok = !failed.has(rule);
        return (
          <Typography.Text key={rule} type={ok ? 'success' : 'secondary'} data-rule={rule} data-ok={ok}>
            <Flex align="center" gap={6} component="span">
              {ok ? <CheckCircleFilled /> : <CloseCircleOutlined />}
              {t(`validation.passwordRules.${rule}`)}
            </Flex>
          </Typography.Text>
        );
      })}
    </Flex>
  );
}
