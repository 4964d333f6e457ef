import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Entity } from '@strazce/contract';
import { api } from '../../lib/api';
import { entityQueryKey } from './CrudDialog';
import type { Row } from './fieldWire';

/**
 * The record a page's address names in its search parameter `param` (`?instance=12`), so that a link can open
 * its preview: the row the user opened (kept as it was listed), or else the record read by its id. Without a
 * `param` nothing is ever named.
 */
export function useLinkedRecord(
  entity: Entity,
  param: string | undefined,
  apiQuery?: Record<string, string>,
) {
  const [search, setSearch] = useSearchParams();
  const id = param ? search.get(param) : null;
  const [opened, setOpened] = useState<Row | null>(null);
  const fromList = opened !== null && String(opened.id) === id;
  const read = useQuery({
    queryKey: [...entityQueryKey(entity), 'one', id, apiQuery],
    queryFn: ({ signal }) =>
      api.get<Row>(`/${entity.resource}/${id}`, { signal, query: apiQuery, silent: true }),
    enabled: id !== null && !fromList,
    retry: false,
  });
  const record = id === null ? null : fromList ? opened : (read.data ?? null);

  const open = useCallback(
    (row: Row) => {
      if (!param) return;
      setOpened(row);
      // A new entry of the history: Back closes the preview (a phone's back gesture above all).
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        next.set(param, String(row.id));
        return next;
      });
    },
    [param, setSearch],
  );
  const close = useCallback(() => {
    setOpened(null);
    if (!param) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [param, setSearch]);

  return { id, record, error: id !== null && !fromList ? read.error : null, open, close };
}
