import type { Ref } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_PATTERN } from '@strazce/contract';
import { LightField } from '../../components/light/LightField';

/** What is wrong with a typed two-factor code (empty, or not six digits), or null when it may be sent. */
export function tfaCodeError(code: string, t: (key: string) => string): string | null {
  if (!code) return t('validation.required');
  return TOTP_CODE_PATTERN.test(code) ? null : t('validation.tfaCode');
}

/**
 * The two-factor code field of the login and of the directory sign-in's hand-over: six digits from the
 * authenticator app, with the hint under it.
 */
export function TfaCodeField({
  id,
  value,
  onChange,
  error,
  ref,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <LightField
      id={id}
      ref={ref}
      label={t('login.tfaCode')}
      extra={t('login.tfaCodeHint')}
      prefix={<SafetyOutlined />}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      data-testid="login-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
