import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { refSource } from './refSources';
import { searchText, useStableOrder } from '../stableOrder';

const SUGGESTIONS = 25;
/** Rows offered of a target without a text filter (the largest page). */
const UNSEARCHED = 100;
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
 *
 * A pick is never lost to a list that changes under the pointer (the option is chosen on its click, so a
 * list replaced between the press and the release picks nothing): what was offered stays while the next
 * answer loads and is narrowed at once to the text typed, as the server narrows it; options of a new answer
 * keep the places of those already shown and new ones come after them.
 */
export function RefSelect(props: SingleProps | MultipleProps) {
  const { resource, known, disabled, placeholder, id, style } = props;
  const { t } = useTranslation();
  const source = refSource(resource);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), DEBOUNCE_MS);
  const [picked, setPicked] = useState<RefValue[]>([]);
  // Every close of the list: the next opening shows the server's order afresh.
  const [closes, setCloses] = useState(0);

  const suggestions = useQuery({
    // Without a text filter the same first rows serve every search.
    queryKey: [...refQueryKey(resource), source.search ? term : ''],
    queryFn: ({ signal }) =>
      api.list<Record<string, unknown>>(
        `/${resource}`,
        {
          page: 1,
          size: source.search ? SUGGESTIONS : UNSEARCHED,
          sort: source.sort ? `${source.sort},asc` : undefined,
          ...(source.search ? { [source.search]: term } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !disabled,
  });

  const typed = searchText(search);
  const matching = useMemo(
    () =>
      (suggestions.data?.rows ?? []).filter((row) =>
        searchText(source.search ? row[source.search] : source.label(row)).includes(typed),
      ),
    [suggestions.data, source, typed],
  );
  const shown = useStableOrder(matching, (row) => row.id as number, closes);
  // The labels of the chosen records (from the record and earlier picks), so a value never shows as a number.
  const knownKey = JSON.stringify(known ?? []);
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const item of [...(JSON.parse(knownKey) as RefValue[]), ...picked]) byId.set(item.id, item.label);
    for (const row of shown) byId.set(row.id as number, source.label(row));
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [knownKey, picked, shown, source]);

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
    onOpenChange: (open: boolean) => {
      if (!open) setCloses((count) => count + 1);
    },
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
