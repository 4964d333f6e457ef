import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RefValue } from '@strazce/contract';
import { api } from '../../app/api';
import { refSource } from './refSources';

const SUGGESTIONS = 25;
const DEBOUNCE_MS = 250;

interface RefSelectBaseProps {
  /** Resource path of the referenced entity (`system_person`). */
  resource: string;
  /** Labels of the ids already chosen (from the record), so they show before any search. */
  known?: readonly RefValue[];
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
  /** Also report the chosen label (filters remember it). */
  onChangeRef?: (value: RefValue | null) => void;
}

interface SingleProps extends RefSelectBaseProps {
  multiple?: false;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

interface MultipleProps extends RefSelectBaseProps {
  multiple: true;
  value?: number[];
  onChange?: (value: number[]) => void;
}

function useDebounced<T>(value: T, delay: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return current;
}

/** Query key prefix of reference suggestions; invalidated when a record of the resource changes. */
export const refQueryKey = (resource: string) => ['crud', resource, 'ref'] as const;

/**
 * A searchable picker of records of another entity: what the user types goes to the target's list filter
 * (`/api/<resource>?<search>=…`), the suggestions are labelled as the server labels references.
 */
export function RefSelect(props: SingleProps | MultipleProps) {
  const { resource, known, disabled, placeholder, id, style } = props;
  const { t } = useTranslation();
  const source = refSource(resource);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), DEBOUNCE_MS);
  const [picked, setPicked] = useState<RefValue[]>([]);

  const suggestions = useQuery({
    queryKey: [...refQueryKey(resource), term],
    queryFn: ({ signal }) =>
      api.list<Record<string, unknown>>(
        `/${resource}`,
        {
          page: 1,
          size: SUGGESTIONS,
          sort: source.sort ? `${source.sort},asc` : undefined,
          [source.search]: term,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !disabled,
  });

  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const item of [...(known ?? []), ...picked]) byId.set(item.id, item.label);
    for (const row of suggestions.data?.rows ?? []) byId.set(row.id as number, source.label(row));
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [known, picked, suggestions.data, source]);

  const remember = (value: number | number[] | null | undefined) => {
    const ids = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
    const chosen = options.filter((option) => ids.includes(option.value));
    setPicked((previous) => [
      ...previous,
      ...chosen.map((option) => ({ id: option.value, label: option.label })),
    ]);
    return chosen;
  };

  const common = {
    id,
    style: { width: '100%', ...style },
    showSearch: { filterOption: false, onSearch: setSearch },
    allowClear: true,
    disabled,
    placeholder: placeholder ?? t('crud.searchPlaceholder'),
    options,
    loading: suggestions.isFetching,
    notFoundContent: suggestions.isFetching ? <Spin size="small" /> : t('crud.noMatches'),
    onBlur: () => setSearch(''),
  };

  if (props.multiple) {
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(value) => {
          remember(value);
          props.onChange?.(value ?? []);
        }}
      />
    );
  }
  return (
    <Select<number | null>
      {...common}
      value={props.value ?? null}
      onChange={(value) => {
        const [chosen] = remember(value);
        props.onChange?.(value ?? null);
        props.onChangeRef?.(chosen ? { id: chosen.value, label: chosen.label } : null);
        setSearch('');
      }}
    />
  );
}
