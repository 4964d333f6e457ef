import { QueryClient } from '@tanstack/react-query';
import { ApiError, onApiSuccess } from './api';

/** Retry a failed query once, but never a refused one (4xx): the answer would be the same. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/** The logged-in app's data cache (AppFrame provides it; the public pages use none). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // 'always': without a network a request fails at once with a network error the screen shows; TanStack's
    // default ('online') pauses it instead, and a save would spin with no word until the network is back.
    queries: { retry, refetchOnWindowFocus: false, staleTime: 10_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** A query's `meta` flag: no write through the API changes what it reads (the product's options). */
export const UNCHANGED_BY_WRITES = 'unchangedByWrites';

/**
 * A write may change what any cached read shows, also on other pages (a document signed on one page lists in
 * the archive on another): every successful write marks the whole cache stale (but reads flagged
 * UNCHANGED_BY_WRITES), so a page opened next reads
 * afresh. Queries on screen are not refetched by this (each page refreshes what its own writes change).
 */
export function staleAfterWrites(client: QueryClient): () => void {
  return onApiSuccess((_path, method) => {
    if (method !== 'GET')
      void client.invalidateQueries({
        refetchType: 'none',
        predicate: (query) => !query.meta?.[UNCHANGED_BY_WRITES],
      });
  });
}

staleAfterWrites(queryClient);
