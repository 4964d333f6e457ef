import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { user, type AuthProvider } from '@strazce/contract';
import { api } from '../../app/api';
import { enumLabel } from '../../components/crud/labels';

interface Props {
  id?: string;
  value?: AuthProvider | null;
  onChange?(value: AuthProvider): void;
  disabled?: boolean;
}

/**
 * The user's provider, out of those the server has configured (`/system_option/authproviders`): a provider
 * the installation cannot log in with is not offered (docs/auth-providers.md). A user's provider from before
 * stays shown, so the form does not change it unasked.
 */
export function AuthProviderSelect({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['system_option', 'authproviders'],
    queryFn: ({ signal }) => api.get<AuthProvider[]>('/system_option/authproviders', { signal }),
    staleTime: 60_000,
  });
  const offered = providers.data ?? ['LOCAL'];
  const values = value && !offered.includes(value) ? [...offered, value] : offered;
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next: AuthProvider) => onChange?.(next)}
      disabled={disabled}
      loading={providers.isLoading}
      options={values.map((item) => ({ value: item, label: enumLabel(t, user, 'authProvider', item) }))}
    />
  );
}
