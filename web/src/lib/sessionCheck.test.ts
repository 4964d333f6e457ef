import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApiError, setApiCredentials } from './api';
import { checkSession } from './sessionCheck';

function serverAnswers(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setApiCredentials({ token: null, clientToken: null });
});

describe("checkSession: the spec's test call GET access_user/roles?id=<own id>", () => {
  it('asks for the own roles with the session token; the same roles mean the session lives', async () => {
    setApiCredentials({ token: 'live-token', clientToken: null });
    const fetchMock = serverAnswers(() => Response.json([{ role: 'ALL_CLIENTS' }, { role: 'STOCK_VIEW' }]));
    expect(await checkSession(42, ['STOCK_VIEW', 'ALL_CLIENTS'])).toBe('alive');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/access_user/roles?id=42');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['X-Auth-Token']).toBe('live-token');
  });

  it('tells roles changed meanwhile: one more, one fewer', async () => {
    serverAnswers(() => Response.json([{ role: 'ALL_CLIENTS' }, { role: 'STOCK_ADMIN' }]));
    expect(await checkSession(42, ['ALL_CLIENTS'])).toBe('rolesChanged');
    expect(await checkSession(42, ['ALL_CLIENTS', 'STOCK_ADMIN', 'STOCK_VIEW'])).toBe('rolesChanged');
  });

  it('tells a dead session (401) from a refusal (403) and from no answer, without a notification', async () => {
    const heard = vi.fn();
    const stop = onApiError(heard);
    serverAnswers(() => new Response(null, { status: 401, headers: { 'X-Error-Code': 'UNAUTHORIZED' } }));
    expect(await checkSession(42, [])).toBe('ended');
    serverAnswers(() => new Response(null, { status: 403, headers: { 'X-Error-Code': 'FORBIDDEN' } }));
    expect(await checkSession(42, [])).toBe('refused');
    serverAnswers(() => new Response(null, { status: 500 }));
    expect(await checkSession(42, [])).toBe('unknown');
    serverAnswers(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkSession(42, [])).toBe('unknown');
    stop();
    // The caller decides: the global listeners (logout as 'failure', notifications) stay out of it.
    expect(heard).not.toHaveBeenCalled();
  });
});
