import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemOptionName, SystemOptions } from '@strazce/contract';
import { api } from './api';
import { UNCHANGED_BY_WRITES } from './queryClient';

/**
 * The product's options as the server answers them (`GET /api/system_option/<name>`, spec section 7: "GET of
 * sites, roles, modules, auth providers"): the choices a form offers come from the server, not from constants
 * compiled into the web app. They change only with a new server version, so they are read once per login and
 * site (the cache is cleared on both) and kept, also after writes. A failure is shown by the asking screen (`silent`).
 */
export function systemOptionQuery<N extends SystemOptionName>(name: N) {
  return queryOptions({
    queryKey: ['system_option', name] as const,
    queryFn: ({ signal }) => api.get<SystemOptions[N]>(`/system_option/${name}`, { signal, silent: true }),
    staleTime: Infinity,
    meta: { [UNCHANGED_BY_WRITES]: true },
  });
}

/** One of the product's options (`config`, `roles`, `modules`, `authproviders`) from the server. */
export function useSystemOption<N extends SystemOptionName>(name: N) {
  return useQuery(systemOptionQuery(name));
}
