import dayjs from 'dayjs';
import { PAGE_SIZES, filterParams, type Entity, type RefValue } from '@strazce/contract';
import { toWireDateTime } from '../../lib/format';

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * The value of one column filter as it is kept: `contains` a string; `eq` a string, number, boolean or a
 * reference `{ id, label }` (the label shows it again after a reload); `range` two wire dates
 * `[YYYY-MM-DD | null, YYYY-MM-DD | null]`; `in` a list of values.
 */
export type FilterValue = string | number | boolean | RefValue | [string | null, string | null] | string[];

/** What a table remembers per screen: page, page size, sort, filters and the columns the user hid. */
export interface TableState {
  page: number;
  size: number;
  sort: SortState | null;
  filters: Record<string, FilterValue>;
  /**
   * Columns not shown: at first the list's optional ones, then those the user chose not to see (the choice is
   * kept longer than the rest: across sessions).
   */
  hidden: string[];
}

export interface TableDefaults {
  sort?: SortState | null;
  filters?: Record<string, FilterValue>;
  /** Columns hidden until the user picks them (the list's optional columns). */
  hidden?: string[];
}

/**
 * The state a screen starts with: page 1, the first page-size option, its default sort and filters, its
 * optional columns hidden.
 */
export function initialTableState(entity: Entity, defaults: TableDefaults = {}): TableState {
  const sort = defaults.sort !== undefined ? defaults.sort : (entity.defaultSort ?? null);
  return {
    page: 1,
    size: PAGE_SIZES[0],
    sort,
    filters: { ...defaults.filters },
    hidden: [...(defaults.hidden ?? [])],
  };
}

const isRef = (value: unknown): value is RefValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;

function isEmptyFilter(value: FilterValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every((item) => item === null || item === '');
  return false;
}

/** Number of filters that restrict the list. */
export function activeFilterCount(state: TableState): number {
  return Object.values(state.filters).filter((value) => !isEmptyFilter(value)).length;
}

/** A date filter bound as the server compares it: plain dates as they are, date-times at day start or end. */
function rangeBound(kind: string, date: string | null, end: boolean): string | undefined {
  if (!date) return undefined;
  if (kind !== 'datetime') return date;
  const day = dayjs(date, 'YYYY-MM-DD');
  return toWireDateTime(end ? day.endOf('day') : day.startOf('day')) ?? undefined;
}

/** The list request's query (`page`, `size`, `sort=<field>,<dir>` and the filter parameters) of a table state. */
export function buildListQuery(entity: Entity, state: TableState): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page, size: state.size };
  if (state.sort) query.sort = `${state.sort.field},${state.sort.direction}`;
  for (const [name, value] of Object.entries(state.filters)) {
    const field = entity.fields[name];
    if (!field?.filter || isEmptyFilter(value)) continue;
    switch (field.filter) {
      case 'contains': {
        const text = String(value).trim();
        if (text) query[name] = text;
        break;
      }
      case 'eq':
        query[name] = isRef(value) ? value.id : String(value);
        break;
      case 'range': {
        const [from, to] = filterParams(name, field);
        const [start, end] = Array.isArray(value) ? (value as [string | null, string | null]) : [null, null];
        const fromValue = rangeBound(field.kind, start, false);
        const toValue = rangeBound(field.kind, end, true);
        if (fromValue) query[from] = fromValue;
        if (toValue) query[to] = toValue;
        break;
      }
      case 'in':
        if (Array.isArray(value) && value.length > 0) query[name] = (value as string[]).join(',');
        break;
    }
  }
  return query;
}

/** Drops what no longer fits the entity (a renamed field, a page size that is not offered). */
export function sanitizeTableState(entity: Entity, candidate: unknown, fallback: TableState): TableState {
  if (!candidate || typeof candidate !== 'object') return fallback;
  const raw = candidate as Partial<TableState>;
  const page = Number.isInteger(raw.page) && raw.page! >= 1 ? raw.page! : 1;
  // The contract's sizes are those the server's list queries accept (the pager offers the server's own list).
  const size = (PAGE_SIZES as readonly number[]).includes(raw.size as number) ? raw.size! : fallback.size;
  const sortable = new Set(['id', ...entity.fieldNames.filter((name) => entity.fields[name].sort)]);
  const sort =
    raw.sort === null
      ? null
      : raw.sort && sortable.has(raw.sort.field) && ['asc', 'desc'].includes(raw.sort.direction)
        ? { field: raw.sort.field, direction: raw.sort.direction }
        : fallback.sort;
  const filters: Record<string, FilterValue> = {};
  for (const [name, value] of Object.entries(raw.filters ?? {}))
    if (entity.fields[name]?.filter && !isEmptyFilter(value)) filters[name] = value;
  const hidden = Array.isArray(raw.hidden)
    ? // A page's own column (no field) may be hidden too; a name no longer offered is passed over.
      raw.hidden.filter((name): name is string => typeof name === 'string')
    : fallback.hidden;
  return { page, size, sort, filters, hidden };
}

const STORAGE_PREFIX = 'strazce.table.';
const COLUMNS_PREFIX = 'strazce.columns.';

/**
 * The screen's remembered table state, or the initial one: page, sort and filters from session storage (they
 * last as long as the tab), the column choice from local storage (it lasts until the user changes it).
 */
export function loadTableState(key: string, entity: Entity, initial: TableState): TableState {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + key) ?? '{}') as Record<string, unknown>;
  } catch {
    // Unreadable or unavailable: start afresh.
  }
  try {
    const hidden = localStorage.getItem(COLUMNS_PREFIX + key);
    if (hidden) stored = { ...stored, hidden: JSON.parse(hidden) as unknown };
  } catch {
    // Unreadable or unavailable: every column shows.
  }
  return Object.keys(stored).length > 0 ? sanitizeTableState(entity, stored, initial) : initial;
}

/**
 * Keeps a screen's table state; the column choice only when it is the user's own (not the list's default
 * columns), so that a list whose default columns change later shows its new ones to whoever never chose.
 */
export function saveTableState(key: string, state: TableState, defaultHidden: readonly string[] = []): void {
  const { hidden, ...rest } = state;
  const chosen =
    hidden.length !== defaultHidden.length || hidden.some((name) => !defaultHidden.includes(name));
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(rest));
    if (chosen) localStorage.setItem(COLUMNS_PREFIX + key, JSON.stringify(hidden));
    else localStorage.removeItem(COLUMNS_PREFIX + key);
  } catch {
    // Storage unavailable: the state lives as long as the page.
  }
}
