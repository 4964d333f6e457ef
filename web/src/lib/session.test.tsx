// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@strazce/contract';
import { startEarlyRestore, takeEarlyRestore } from './earlyRestore';
import { SESSION_TEST_AFTER_MS, SessionProvider, useSession } from './session';

const body = (roles: string[]): SessionResponse => ({
  user: { id: 7, userName: 'novak', person: null, tfa: false, forceTfa: false } as SessionResponse['user'],
  session: { token: 'token-7', expires: '2030-01-01T00:00:00.000Z' },
  sites: [{ id: 1, name: 'Brno' }],
  authorities: roles.map((role) => ({ role })),
  site: { id: 1 },
  modules: ['MOD_VISIT'],
  config: [],
});

/** The server: the login (with the site's modules and config) and the test call answered by `roles`. */
function server(roles: () => Response) {
  let sessionRoles = ['ALL_CLIENTS'];
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/session') return Response.json(body(sessionRoles));
    if (url === '/api/access_user/roles?id=7') return roles();
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, setSessionRoles: (next: string[]) => (sessionRoles = next) };
}

let current: ReturnType<typeof useSession> | null = null;
let path = '';
function Probe() {
  current = useSession();
  path = useLocation().pathname;
  return null;
}

async function loggedIn(): Promise<void> {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/home']}>
      <SessionProvider>{children}</SessionProvider>
    </MemoryRouter>
  );
  render(<Probe />, { wrapper });
  await act(async () => {
    await current!.login({ userName: 'novak', password: 'secret' });
  });
  expect(current!.loggedIn).toBe(true);
}

/** The app comes back into view `ms` after its last call. */
async function backAfter(ms: number): Promise<void> {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const testCalls = (fetchMock: ReturnType<typeof server>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/access_user/roles'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  current = null;
});

describe('the login', () => {
  it("is one call: the site's modules and configuration come with the session", async () => {
    const { fetchMock } = server(() => Response.json([]));
    await loggedIn();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/session']);
    expect(current!.session?.modules).toEqual(['MOD_VISIT']);
    expect(current!.site).toEqual({ id: 1, name: 'Brno' });
  });
});

function renderSession(): void {
  render(<Probe />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/home']}>
        <SessionProvider>{children}</SessionProvider>
      </MemoryRouter>
    ),
  });
}

describe("the restore of a stored session (the page's entry asks for it at once: lib/earlyRestore.ts)", () => {
  const sessionCalls = (fetchMock: ReturnType<typeof server>['fetchMock']) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/session');

  it('takes the answer the entry asked for, with the stored token, and asks once', async () => {
    const { fetchMock } = server(() => Response.json([]));
    localStorage.setItem('strazce.token', 'token-7');
    startEarlyRestore();
    expect(sessionCalls(fetchMock)).toHaveLength(1);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('X-Auth-Token')).toBe('token-7');
    renderSession();
    await act(async () => {
      await current!.restore();
    });
    expect(current!.loggedIn).toBe(true);
    expect(sessionCalls(fetchMock)).toHaveLength(1);
    // Taken once: a later restore asks the server anew.
    await act(async () => {
      await current!.restore();
    });
    expect(sessionCalls(fetchMock)).toHaveLength(2);
  });

  it('asks nothing without a stored token, and gives no answer for another token', async () => {
    const { fetchMock } = server(() => Response.json([]));
    startEarlyRestore();
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('strazce.token', 'token-7');
    startEarlyRestore();
    expect(takeEarlyRestore('token-8')).toBeNull();
    expect(takeEarlyRestore('token-7')).not.toBeNull();
    expect(takeEarlyRestore('token-7')).toBeNull();
  });

  it('forgets a token the server refused, as the restore does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'ERR_AUTH' }, { status: 401 })),
    );
    localStorage.setItem('strazce.token', 'dead-token');
    startEarlyRestore();
    renderSession();
    await act(async () => {
      expect(await current!.restore()).toBeNull();
    });
    expect(current!.loggedIn).toBe(false);
    expect(localStorage.getItem('strazce.token')).toBeNull();
  });
});

describe("the session's test call (spec: GET access_user/roles with parameter id)", () => {
  it('is made when the app comes back into view after a minute, and a dead session goes to the login', async () => {
    const { fetchMock } = server(
      () => new Response(null, { status: 401, headers: { 'X-Error-Code': 'UNAUTHORIZED' } }),
    );
    await loggedIn();
    await backAfter(SESSION_TEST_AFTER_MS + 1_000);
    await waitFor(() => expect(current!.loggedIn).toBe(false));
    expect(testCalls(fetchMock)).toHaveLength(1);
    expect(path).toBe('/login');
  });

  it('is not made right after a call; a live session with the same roles stays as it is', async () => {
    const { fetchMock } = server(() => Response.json([{ role: 'ALL_CLIENTS' }]));
    await loggedIn();
    await backAfter(1_000);
    expect(testCalls(fetchMock)).toHaveLength(0);
    await backAfter(SESSION_TEST_AFTER_MS + 1_000);
    await waitFor(() => expect(testCalls(fetchMock)).toHaveLength(1));
    expect(current!.loggedIn).toBe(true);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/session')).toHaveLength(1);
  });

  it('reloads the session when an administrator changed the roles meanwhile', async () => {
    const { fetchMock, setSessionRoles } = server(() =>
      Response.json([{ role: 'ALL_CLIENTS' }, { role: 'STOCK_VIEW' }]),
    );
    await loggedIn();
    setSessionRoles(['ALL_CLIENTS', 'STOCK_VIEW']);
    await backAfter(SESSION_TEST_AFTER_MS + 1_000);
    await waitFor(() => expect(current!.roles).toEqual(['ALL_CLIENTS', 'STOCK_VIEW']));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/session')).toHaveLength(2);
  });

  it('is not made once the idle time-out passed: the app leaves as expired without extending it', async () => {
    const { fetchMock } = server(() => Response.json([{ role: 'ALL_CLIENTS' }]));
    await loggedIn();
    await backAfter(31 * 60_000);
    await waitFor(() => expect(current!.loggedIn).toBe(false));
    expect(testCalls(fetchMock)).toHaveLength(0);
  });
});
