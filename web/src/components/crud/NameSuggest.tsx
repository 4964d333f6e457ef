import { useEffect, useState } from 'react';
import { AutoComplete } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { refQueryKey } from './RefSelect';
import { refSource } from './refSources';

const SUGGESTIONS = 25;
const DEBOUNCE_MS = 250;

interface NameSuggestProps {
  /** The list whose records are offered (`vehicle/forwarder`), searched as a reference picker searches it. */
  resource: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/**
 * A text field that offers the names of a list's records as the user types (the forwarders, the suppliers),
 * for a field that keeps a name rather than a reference: a name picked is the record's label, a name typed
 * that the list does not know stays as typed. A caller who may not read the list gets no suggestions.
 */
export function NameSuggest({
  resource,
  id,
  value,
  onChange,
  disabled,
  maxLength,
  placeholder,
}: NameSuggestProps) {
  const source = refSource(resource);
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm((value ?? '').trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    queryKey: [...refQueryKey(resource), 'names', source.search ? term : ''],
    queryFn: ({ signal }) =>
      api.list<Record<string, unknown>>(
        `/${resource}`,
        {
          page: 1,
          size: SUGGESTIONS,
          sort: source.sort ? `${source.sort},asc` : undefined,
          ...(source.search && term ? { [source.search]: term } : {}),
        },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    enabled: !disabled,
  });
  const names = [...new Set((suggestions.data?.rows ?? []).map((row) => source.label(row)))].filter(Boolean);
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      onChange={(next: string) => onChange?.(next === '' ? null : next)}
      options={names.map((name) => ({ value: name, label: name }))}
      disabled={disabled}
      maxLength={maxLength}
      placeholder={placeholder}
      allowClear
      data-testid={id ? `${id}-suggest` : undefined}
    />
  );
}
