import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { user } from '@strazce/contract';
import { useSystemOption } from '../../lib/systemOptions';
import { enumLabel } from '../../components/crud/labels';
import { SystemOptionState } from './SystemOptionState';

const offered = (providers: readonly string[], value: string | undefined): readonly string[] =>
  value && providers.length > 0 && !providers.includes(value) ? [...providers, value] : providers;

interface AuthProviderSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/**
 * How a user authenticates: one of the providers the server offers (`GET /api/system_option/authproviders`). A
 * user's provider the server no longer offers stays shown, so the form does not change it unasked.
 */
export function AuthProviderSelect({ id, value, onChange, disabled }: AuthProviderSelectProps) {
  const { t } = useTranslation();
  const providers = useSystemOption('authproviders');
  if (providers.isError) return <SystemOptionState query={providers} />;
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={providers.isPending}
      placeholder={t('crud.choose')}
      data-testid="auth-provider-select"
      options={offered(providers.data ?? [], value).map((provider) => ({
        value: provider,
        label: enumLabel(t, user, 'authProvider', provider),
      }))}
    />
  );
}
