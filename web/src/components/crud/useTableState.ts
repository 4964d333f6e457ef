import { useCallback, useMemo, useState } from 'react';
import { PAGE_SIZES, type Entity } from '@strazce/contract';
import { useSystemOption } from '../../lib/systemOptions';
import {
  initialTableState,
  loadTableState,
  saveTableState,
  type FilterValue,
  type TableDefaults,
  type TableState,
} from './tableState';

/**
 * A screen's table state (page, size, sort, filters, hidden columns), remembered under `key` so the user
 * finds the table as they left it (the column choice in local storage, per list). A new sort, size or filter starts again on page 1.
 */
export function useTableState(key: string, entity: Entity, defaults: TableDefaults) {
  const initial = useMemo(
    () => initialTableState(entity, defaults),
    // The defaults are literals of the page: they are read once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entity, key],
  );
  const [state, setStateRaw] = useState<TableState>(() => loadTableState(key, entity, initial));

  const setState = useCallback(
    (update: (previous: TableState) => TableState) =>
      setStateRaw((previous) => {
        const next = update(previous);
        saveTableState(key, next, initial.hidden);
        return next;
      }),
    [key, initial],
  );

  const setFilter = useCallback(
    (name: string, value: FilterValue | undefined) =>
      setState((previous) => {
        const filters = { ...previous.filters };
        if (value === undefined) delete filters[name];
        else filters[name] = value;
        return { ...previous, page: 1, filters };
      }),
    [setState],
  );

  const reset = useCallback(() => setState(() => initial), [setState, initial]);

  return { state, setState, setFilter, reset, initial };
}

/**
 * The page sizes the pager offers: the server's (`GET /api/system_option/config`). Until it answers (once per
 * login), the contract's list, which the server checks every page size against: the pager shows with the
 * list's first page and needs the current size among its options.
 */
export function usePageSizeOptions(): string[] {
  const sizes = useSystemOption('config').data?.pageSizes ?? PAGE_SIZES;
  return sizes.map(String);
}
