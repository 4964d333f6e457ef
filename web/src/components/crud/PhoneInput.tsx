import { useMemo, useState } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_COUNTRY, DIAL_CODES, joinPhone, splitPhone, type DialCountry } from '@strazce/contract';

interface PhoneInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  maxLength?: number;
}

/** The country names of the dial-code picker in the interface's language (the browser knows them). */
function useCountryNames(language: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return DIAL_CODES.map(([iso, code]) => ({
      value: iso,
      code,
      name: names.of(iso) ?? iso,
    }));
  }, [language]);
}

/**
 * A phone field: the country's dial code picked from about 55 European countries (searchable by name or
 * code) beside the number; kept as `+420 601123456`. A stored number without a known code shows as typed.
 */
export function PhoneInput({ id, value, onChange, disabled, maxLength }: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const countries = useCountryNames(i18n.language);
  const stored = splitPhone(value);
  // The picked country is remembered while no number is typed yet (the stored value is then empty).
  const [picked, setPicked] = useState<DialCountry | null>(null);
  const country: DialCountry | null = value ? stored.country : (picked ?? DEFAULT_DIAL_COUNTRY);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        value={country}
        onChange={(next: DialCountry) => {
          setPicked(next);
          onChange?.(joinPhone(next, stored.number));
        }}
        disabled={disabled}
        showSearch
        placeholder="+…"
        aria-label={t('crud.dialCode')}
        popupMatchSelectWidth={260}
        style={{ width: 112, flex: 'none' }}
        optionFilterProp="search"
        options={countries.map((option) => ({
          value: option.value,
          search: `${option.name} ${option.value} +${option.code}`,
          label: `${option.value} +${option.code}`,
          title: option.name,
        }))}
        optionRender={(option) => (
          <span>
            +{countries.find((entry) => entry.value === option.value)?.code}{' '}
            {countries.find((entry) => entry.value === option.value)?.name}
          </span>
        )}
        data-testid={id ? `${id}-dial` : undefined}
      />
      <Input
        id={id}
        value={stored.number}
        onChange={(event) => onChange?.(joinPhone(country, event.target.value))}
        disabled={disabled}
        type="tel"
        autoComplete="off"
        maxLength={maxLength}
      />
    </Space.Compact>
  );
}
