// Set-up of the component tests (jsdom, Testing Library): the app's providers around a component, the English
// texts, a browser as wide as a desk, a signed-in user who may do everything, and a server answering by hand.
import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { MODULES } from '@strazce/contract';
import en from '../locales/en.json';

export const i18n = createInstance();

// Ant Design renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

/** jsdom has no layout: Ant Design's responsive parts get a desk's width (every breakpoint matches). */
export async function setUpBrowser(): Promise<void> {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia = ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  if (!i18n.isInitialized)
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
}

/** The signed-in user of the tests: every module of the site, and `can` answers yes (the server decides). */
export const TEST_SESSION = {
  user: { id: 1, userName: 'tester', person: { id: 1, label: 'Test Tester' }, tfa: false, forceTfa: false },
  site: { id: 1, name: 'Test site' },
  sites: [{ id: 1, name: 'Test site' }],
  roles: [],
  modules: [...MODULES],
  config: [],
};

/** `lib/session` with the test user (for `vi.mock('…/lib/session', …)`). */
export function sessionModule<T extends object>(actual: T): T {
  const session = TEST_SESSION;
  return {
    ...actual,
    useSession: () => ({
      session,
      loggedIn: true,
      user: session.user,
      sites: session.sites,
      site: session.site,
      roles: session.roles,
      modules: session.modules,
      config: session.config,
      login: vi.fn(),
      restore: vi.fn(),
      logout: vi.fn(),
      switchSite: vi.fn(),
      reload: vi.fn(),
    }),
    useAccess: () => ({ can: () => true }),
  };
}

export interface ServerCall {
  method: string;
  url: URL;
  body: unknown;
}

/** The server: `answer` gets each call and gives its response; every call is kept in `calls`. */
export function fakeServer(answer: (call: ServerCall) => Response | Promise<Response>) {
  const calls: ServerCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const call = {
      method: init?.method ?? 'GET',
      url,
      body: typeof raw === 'string' && raw ? (JSON.parse(raw) as unknown) : raw,
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    lists: (path: string) => calls.filter((call) => call.method === 'GET' && call.url.pathname === path),
  };
}

/** A list answer: the rows and the total in `X-Total-Count`. */
export const listAnswer = (rows: unknown[], total = rows.length) =>
  Response.json(rows, { headers: { 'X-Total-Count': String(total) } });

/** An error answer as the server gives it (`X-Error-Code`, `{ code, message, details }`). */
export const errorAnswer = (status: number, code: string, details?: unknown) =>
  Response.json({ code, message: code, details }, { status, headers: { 'X-Error-Code': code } });

/** Renders `element` inside the app's providers (texts, data cache, router, Ant Design's App context). */
export function renderInApp(element: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>{element}</AntApp>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
