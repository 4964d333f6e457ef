// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiCredentials } from './api';
import { useSystemOption } from './systemOptions';

function answering(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    Wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setApiCredentials({ token: null, clientToken: null });
});

describe('useSystemOption: the product options from the server', () => {
  it('asks GET /api/system_option/<name> with the session token and gives the answer', async () => {
    setApiCredentials({ token: 'session-token', clientToken: null });
    const fetchMock = answering(['LOCAL', 'LDAP']);
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useSystemOption('authproviders'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(['LOCAL', 'LDAP']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system_option/authproviders');
    expect((init.headers as Record<string, string>)['X-Auth-Token']).toBe('session-token');
  });

  it('asks once for all the screens that need an option, and keeps it', async () => {
    const fetchMock = answering(['MOD_VISIT', 'MOD_STOCK']);
    const { Wrapper, client } = wrapper();
    const first = renderHook(() => useSystemOption('modules'), { wrapper: Wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    const second = renderHook(() => useSystemOption('modules'), { wrapper: Wrapper });
    expect(second.result.current.data).toEqual(['MOD_VISIT', 'MOD_STOCK']);
    expect(client.getQueryState(['system_option', 'modules'])?.isInvalidated).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a failure to the asking screen', async () => {
    answering({ code: 'INTERNAL', message: 'boom' }, 500);
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useSystemOption('roles'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 500 });
  });
});
