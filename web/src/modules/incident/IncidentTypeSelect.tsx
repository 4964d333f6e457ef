import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { IncidentModule, RefValue } from '@strazce/contract';
import { api } from '../../lib/api';

interface Props {
  module: IncidentModule;
  id?: string;
  value?: number | null;
  onChange?(value: number | null): void;
  disabled?: boolean;
  /** The record's type, shown even when it is no longer valid. */
  known?: RefValue | null;
}

/** The valid incident types of one module (a module has few), picked by name. */
export function IncidentTypeSelect({ module, id, value, onChange, disabled, known }: Props) {
  const types = useQuery({
    queryKey: ['crud', 'incident/type', 'options', module],
    queryFn: ({ signal }) =>
      api.list<{ id: number; name: string }>(
        '/incident/type',
        { module, valid: true, size: 100, sort: 'name,asc' },
        { signal },
      ),
    staleTime: 30_000,
  });
  const options = (types.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }));
  if (known && !options.some((option) => option.value === known.id))
    options.push({ value: known.id, label: known.label });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
      options={options}
      disabled={disabled}
      loading={types.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      data-testid="incident-type-select"
    />
  );
}
