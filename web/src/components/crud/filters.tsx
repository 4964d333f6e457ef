import { useState } from 'react';
import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Radio, Select, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WIRE_DATE, type Entity, type RefValue } from '@strazce/contract';
import { PICKER_FORMATS } from '../../lib/format';
import { RangePicker } from '../pickers';
import { RefSelect } from './RefSelect';
import { enumLabel, fieldLabel } from './labels';
import type { FilterValue } from './tableState';
import { NumberInput } from '../NumberInput';

interface FilterEditorProps {
  entity: Entity;
  name: string;
  value: FilterValue | undefined;
  apply(value: FilterValue | undefined): void;
}

/** The buttons under every filter editor. */
function FilterButtons({ onApply, onReset }: { onApply(): void; onReset(): void }) {
  const { t } = useTranslation();
  return (
    <div className="crud-filter-buttons">
      <Button size="small" type="link" onClick={onReset}>
        {t('crud.filter.reset')}
      </Button>
      <Button size="small" type="primary" onClick={onApply}>
        {t('crud.filter.apply')}
      </Button>
    </div>
  );
}

function ContainsEditor({ entity, name, value, apply }: FilterEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(typeof value === 'string' ? value : '');
  return (
    <>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('crud.filter.contains', { field: fieldLabel(t, entity, name) })}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => apply(draft.trim() || undefined)}
        aria-label={t('crud.filter.contains', { field: fieldLabel(t, entity, name) })}
      />
      <FilterButtons onApply={() => apply(draft.trim() || undefined)} onReset={() => apply(undefined)} />
    </>
  );
}

function EqualsEditor({ entity, name, value, apply }: FilterEditorProps) {
  const { t } = useTranslation();
  const field = entity.fields[name];
  const [draft, setDraft] = useState<FilterValue | undefined>(value);
  let editor;
  if (field.kind === 'bool') {
    editor = (
      <Radio.Group
        value={draft === undefined ? 'any' : String(draft)}
        onChange={(event) =>
          setDraft(event.target.value === 'any' ? undefined : event.target.value === 'true')
        }
        options={[
          { value: 'any', label: t('crud.filter.any') },
          { value: 'true', label: t('crud.yes') },
          { value: 'false', label: t('crud.no') },
        ]}
      />
    );
  } else if (field.kind === 'ref') {
    const current = draft as RefValue | undefined;
    editor = (
      <RefSelect
        resource={field.ref!}
        known={current ? [current] : []}
        value={current?.id ?? null}
        onChangeRef={(picked) => setDraft(picked ?? undefined)}
      />
    );
  } else if (!field.values && (field.kind === 'int' || field.kind === 'decimal')) {
    // An exact number (a status code, a count).
    editor = (
      <NumberInput
        autoFocus
        style={{ width: '100%' }}
        precision={field.kind === 'int' ? 0 : undefined}
        placeholder={fieldLabel(t, entity, name)}
        aria-label={fieldLabel(t, entity, name)}
        value={typeof draft === 'number' ? draft : null}
        onChange={(next) => setDraft(typeof next === 'number' ? next : undefined)}
        onPressEnter={() => apply(draft)}
      />
    );
  } else if (!field.values) {
    // An exact text (a code, a method).
    editor = (
      <Input
        autoFocus
        allowClear
        placeholder={fieldLabel(t, entity, name)}
        aria-label={fieldLabel(t, entity, name)}
        value={typeof draft === 'string' ? draft : ''}
        onChange={(event) => setDraft(event.target.value.trim() || undefined)}
        onPressEnter={() => apply(draft)}
      />
    );
  } else {
    editor = (
      <Select
        style={{ width: '100%' }}
        allowClear
        placeholder={t('crud.filter.any')}
        value={draft as string | undefined}
        onChange={(next) => setDraft(next ?? undefined)}
        options={(field.values ?? []).map((item) => ({
          value: item,
          label: enumLabel(t, entity, name, item),
        }))}
      />
    );
  }
  return (
    <>
      {editor}
      <FilterButtons onApply={() => apply(draft)} onReset={() => apply(undefined)} />
    </>
  );
}

function InEditor({ entity, name, value, apply }: FilterEditorProps) {
  const { t } = useTranslation();
  const field = entity.fields[name];
  const [draft, setDraft] = useState<string[]>(Array.isArray(value) ? (value as string[]) : []);
  return (
    <>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        allowClear
        placeholder={t('crud.filter.any')}
        value={draft}
        onChange={setDraft}
        optionFilterProp="label"
        options={(field.values ?? []).map((item) => ({
          value: item,
          label: enumLabel(t, entity, name, item),
        }))}
      />
      <FilterButtons
        onApply={() => apply(draft.length ? draft : undefined)}
        onReset={() => apply(undefined)}
      />
    </>
  );
}

/** A range of numbers (a score from–to); either end may stay open. */
function NumberRangeEditor({ entity, name, value, apply }: FilterEditorProps) {
  const { t } = useTranslation();
  const [from, to] = Array.isArray(value) ? (value as [string | null, string | null]) : [null, null];
  const [draft, setDraft] = useState<[number | null, number | null]>([
    from === null ? null : Number(from),
    to === null ? null : Number(to),
  ]);
  const toValue = (): FilterValue | undefined =>
    draft[0] !== null || draft[1] !== null
      ? [draft[0] === null ? null : String(draft[0]), draft[1] === null ? null : String(draft[1])]
      : undefined;
  const label = fieldLabel(t, entity, name);
  const precision = entity.fields[name].kind === 'int' ? 0 : undefined;
  return (
    <>
      <Space.Compact block>
        {([0, 1] as const).map((end) => (
          <NumberInput
            key={end}
            autoFocus={end === 0}
            precision={precision}
            style={{ width: '50%' }}
            placeholder={t(end === 0 ? 'crud.filter.from' : 'crud.filter.to')}
            aria-label={`${label} – ${t(end === 0 ? 'crud.filter.from' : 'crud.filter.to')}`}
            value={draft[end]}
            onChange={(next) =>
              setDraft((previous) => {
                const copy: [number | null, number | null] = [...previous];
                copy[end] = typeof next === 'number' ? next : null;
                return copy;
              })
            }
            onPressEnter={() => apply(toValue())}
          />
        ))}
      </Space.Compact>
      <FilterButtons onApply={() => apply(toValue())} onReset={() => apply(undefined)} />
    </>
  );
}

function RangeEditor(props: FilterEditorProps) {
  const kind = props.entity.fields[props.name].kind;
  return kind === 'int' || kind === 'decimal' ? (
    <NumberRangeEditor {...props} />
  ) : (
    <DateRangeEditor {...props} />
  );
}

function DateRangeEditor({ value, apply }: FilterEditorProps) {
  const { t } = useTranslation();
  const [from, to] = Array.isArray(value) ? (value as [string | null, string | null]) : [null, null];
  const [draft, setDraft] = useState<[dayjs.Dayjs | null, dayjs.Dayjs | null]>([
    from ? dayjs(from, WIRE_DATE) : null,
    to ? dayjs(to, WIRE_DATE) : null,
  ]);
  const toValue = (): FilterValue | undefined =>
    draft[0] || draft[1]
      ? [draft[0]?.format(WIRE_DATE) ?? null, draft[1]?.format(WIRE_DATE) ?? null]
      : undefined;
  return (
    <>
      <RangePicker
        format={PICKER_FORMATS.date}
        allowEmpty={[true, true]}
        placeholder={[t('crud.filter.from'), t('crud.filter.to')]}
        value={draft}
        onChange={(next) => setDraft([next?.[0] ?? null, next?.[1] ?? null])}
      />
      <FilterButtons onApply={() => apply(toValue())} onReset={() => apply(undefined)} />
    </>
  );
}

const EDITORS = { contains: ContainsEditor, eq: EqualsEditor, in: InEditor, range: RangeEditor };

/** The editor of a field's filter outside a column header (the filter panel of the card list on phones). */
export function FilterEditor(props: FilterEditorProps) {
  const kind = props.entity.fields[props.name].filter;
  if (!kind) return null;
  const Editor = EDITORS[kind];
  return <Editor key={JSON.stringify(props.value ?? null)} {...props} />;
}

/** The header filter of a column: an editor by the field's filter kind, applied to the screen's state. */
export function columnFilter(
  entity: Entity,
  name: string,
  value: FilterValue | undefined,
  setFilter: (name: string, value: FilterValue | undefined) => void,
): Partial<ColumnType<any>> {
  const kind = entity.fields[name].filter;
  if (!kind) return {};
  const Editor = EDITORS[kind];
  const active = value !== undefined;
  return {
    filtered: active,
    filterIcon: (filtered: boolean) =>
      kind === 'contains' ? (
        <SearchOutlined className={filtered ? 'crud-filter-active' : undefined} />
      ) : (
        <FilterFilled className={filtered ? 'crud-filter-active' : undefined} />
      ),
    filterDropdown: ({ close }) => (
      <Space orientation="vertical" className="crud-filter" onKeyDown={(event) => event.stopPropagation()}>
        <Editor
          key={JSON.stringify(value ?? null)}
          entity={entity}
          name={name}
          value={value}
          apply={(next) => {
            setFilter(name, next);
            close();
          }}
        />
      </Space>
    ),
  };
}
