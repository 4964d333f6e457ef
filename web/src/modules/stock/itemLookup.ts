import { useQuery } from '@tanstack/react-query';
import { stockCategory, stockItem, stockLevel, stockWarehouse, type RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';

/** The item of exactly this code among the rows of a `code` search (which finds codes containing it). */
export function itemOfCode(rows: readonly Row[], code: string): Row | null {
  const wanted = code.trim().toLocaleLowerCase();
  return rows.find((row) => String(row.code ?? '').toLocaleLowerCase() === wanted) ?? null;
}

/** The item of a scanned or typed code: null when no item has it (the dialog says so). */
export function useItemByCode(code: string) {
  return useQuery({
    queryKey: [...entityQueryKey(stockItem), 'byCode', code],
    queryFn: ({ signal }) =>
      api
        .list<Row>(`/${stockItem.resource}`, { code, page: 1, size: 25 }, { signal, silent: true })
        .then((page) => itemOfCode(page.rows, code)),
    enabled: code !== '',
    retry: false,
  });
}

/** An item's stock in one warehouse (null before its first movement there). */
export function useLevel(item: number | null, warehouse: number | null) {
  return useQuery({
    queryKey: [...entityQueryKey(stockLevel), 'of', item, warehouse],
    queryFn: ({ signal }) =>
      api
        .list<Row>(
          `/${stockLevel.resource}`,
          { item: item!, warehouse: warehouse!, page: 1, size: 10 },
          { signal, silent: true },
        )
        .then((page) => page.rows[0] ?? null),
    enabled: item !== null && warehouse !== null,
    retry: false,
  });
}

/**
 * The max lending hours of an item's category, for the due time the dialog shows. Categories are the stock
 * administrator's: for other users the call is refused and the dialog says the category decides.
 */
export function useLendingHours(category: number | null, allowed: boolean) {
  return useQuery({
    queryKey: [...entityQueryKey(stockCategory), 'hours', category],
    queryFn: ({ signal }) =>
      api
        .get<Row>(`/${stockCategory.resource}/${category}`, { signal, silent: true })
        .then((row) => (typeof row.maxLendingHours === 'number' ? row.maxLendingHours : null)),
    enabled: category !== null && allowed,
    retry: false,
  });
}

/** The valid warehouses of the site (a few; the movement dialog picks the only one by itself). */
export function useValidWarehouses() {
  return useQuery({
    queryKey: [...entityQueryKey(stockWarehouse), 'valid'],
    queryFn: ({ signal }) =>
      api
        .list<Row>(
          `/${stockWarehouse.resource}`,
          { valid: 'true', page: 1, size: 10 },
          { signal, silent: true },
        )
        .then((page): RefValue[] => page.rows.map((row) => ({ id: row.id, label: String(row.name ?? '') }))),
    retry: false,
  });
}
