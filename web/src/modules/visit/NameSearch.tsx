import { useMemo } from 'react';
import { AutoComplete, Input } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { searchText, useStableOrder } from '../../components/stableOrder';
import { useDebounced } from '../../lib/useDebounced';

export interface VisitorName {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
}

interface NameSearchProps {
  id?: string;
  value?: string | null;
  onChange?(value: string): void;
  /** A name offered by the server was chosen. */
  onPick(name: VisitorName): void;
  /** Autocomplete on (it needs VIEW_PERSONAL_INFO); otherwise a plain input. */
  enabled: boolean;
  disabled?: boolean;
  maxLength?: number;
  testId?: string;
}

const MIN_CHARS = 2;
/**
 * Option values carry the suggested name itself (so a pick never depends on which answer of the server is
 * current) and are marked so they are never taken as typed text.
 */
const PICK = '\u0001';
const optionValue = (name: VisitorName) =>
  PICK + JSON.stringify({ firstName: name.firstName, lastName: name.lastName, company: name.company });

/** A visitor-name input that offers earlier visitors (`/api/visit/whisperer`), most recent first. */
export function NameSearch({
  id,
  value,
  onChange,
  onPick,
  enabled,
  disabled,
  maxLength,
  testId,
}: NameSearchProps) {
  const { t } = useTranslation();
  const term = useDebounced(value ?? '', 200);
  const names = useQuery({
    queryKey: ['visit', 'whisperer', term],
    queryFn: ({ signal }) =>
      api.get<VisitorName[]>('/visit/whisperer', { query: { name: term }, signal, silent: true }),
    enabled: enabled && term.length >= MIN_CHARS,
    staleTime: 30_000,
    // The names offered stay while the next answer loads (narrowed to the typed text at once, as the server
    // narrows them: first or last name starting with it), and keep their places: a click is never lost.
    placeholderData: keepPreviousData,
  });
  const typed = searchText(value);
  const matching = useMemo(
    () =>
      typed.length < MIN_CHARS
        ? []
        : (names.data ?? []).filter(
            (name) =>
              searchText(name.lastName).startsWith(typed) || searchText(name.firstName).startsWith(typed),
          ),
    [names.data, typed],
  );
  const shown = useStableOrder(matching, optionValue);
  const options = shown.map((name) => ({
    value: optionValue(name),
    label: (
      <div className="visits-whisper">
        <span className="visits-whisper-name">
          {[name.lastName, name.firstName].filter(Boolean).join(' ')}
        </span>
        {name.company && <span className="visits-whisper-company">{name.company}</span>}
      </div>
    ),
  }));
  const input = (
    <Input id={id} autoComplete="off" maxLength={maxLength} disabled={disabled} data-testid={testId} />
  );
  if (!enabled)
    return (
      <Input
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        autoComplete="off"
        maxLength={maxLength}
        disabled={disabled}
        data-testid={testId}
      />
    );
  return (
    <AutoComplete
      value={value ?? ''}
      options={options}
      onChange={(next: string) => {
        if (!next.startsWith(PICK)) onChange?.(next);
      }}
      onSelect={(option: string) => {
        if (option.startsWith(PICK)) onPick(JSON.parse(option.slice(PICK.length)) as VisitorName);
      }}
      notFoundContent={null}
      popupMatchSelectWidth={320}
      disabled={disabled}
      aria-label={t('visits.form.nameSearch')}
    >
      {input}
    </AutoComplete>
  );
}
