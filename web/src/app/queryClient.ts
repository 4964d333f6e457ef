import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

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
