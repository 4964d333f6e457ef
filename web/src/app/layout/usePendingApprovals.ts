import { useQuery } from '@tanstack/react-query';
import { visitAdvice, type AdvicePending } from '@strazce/contract';
import { api } from '../../lib/api';
import { canAccess, type AccessSubject } from '../../lib/access';

/** How often the menu asks again while the page stays open (it asks on window focus as well). */
export const PENDING_REFRESH_MS = 60_000;

/**
 * Advices waiting for this user's answer on the current site, the figure the responses list shows as its total
 * (only asked for a user holding the response role). Under the advice entity's query key, so an answer given
 * in the app refreshes it at once.
 */
export function usePendingApprovals(session: AccessSubject | null): number {
  const responder = canAccess(session, ['VISIT_ADVICE_RESPONSE']);
  const { data } = useQuery({
    queryKey: ['crud', visitAdvice.resource, 'pending'],
    queryFn: ({ signal }) =>
      api.get<AdvicePending>('/visit/advice/response/pending', { signal, silent: true }),
    enabled: responder,
    refetchInterval: PENDING_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return responder ? (data?.current ?? 0) : 0;
}
