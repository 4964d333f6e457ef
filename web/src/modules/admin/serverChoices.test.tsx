// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { AuthProviderSelect } from './AuthProviderSelect';
import { RolesEditor } from './RolesEditor';

const i18n = createInstance();
beforeAll(async () => {
  // Ant Design's responsive parts ask the browser's media queries and sizes, which jsdom does not have.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serverAnswers(respond: () => Response) {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithServer(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Providers = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return render(element, { wrapper: Providers });
}

const renderEditor = (props: { value?: string[]; onChange?: (value: string[]) => void }) =>
  renderWithServer(<RolesEditor {...props} />);

describe('RolesEditor: the roles the server offers (GET /api/system_option/roles)', () => {
  it("shows the server's tabs and roles, not the compiled ones, and keeps the server's order", async () => {
    const fetchMock = serverAnswers(() =>
      Response.json([
        { tab: 'stock', roles: ['STOCK_ADMIN', 'STOCK_VIEW'] },
        // A role this web app has no text for yet shows its code.
        { tab: 'future', roles: ['FUTURE_ROLE'] },
      ]),
    );
    const onChange = vi.fn();
    renderEditor({ value: ['STOCK_VIEW'], onChange });
    const stock = await screen.findByRole('group', { name: en.entity.roleTabs.stock });
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/system_option/roles');
    const boxes = within(stock).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(within(stock).getByText(en.entity.roles.STOCK_ADMIN)).toBeTruthy();
    // Only the two tabs the server named.
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    const future = screen.getByRole('group', { name: 'future', hidden: true });
    expect(within(future).getAllByText('FUTURE_ROLE').length).toBeGreaterThan(0);

    fireEvent.click(within(future).getByRole('checkbox', { hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(['STOCK_VIEW', 'FUTURE_ROLE']);
  });

  it('shows the loading, then why the roles could not be loaded, and tries again', async () => {
    let fail = true;
    serverAnswers(() =>
      fail
        ? Response.json(
            { code: 'INTERNAL', message: 'x' },
            { status: 500, headers: { 'X-Error-Code': 'INTERNAL' } },
          )
        : Response.json([{ tab: 'stock', roles: ['STOCK_VIEW'] }]),
    );
    renderEditor({});
    expect(screen.getByTestId('options-loading')).toBeTruthy();
    const alert = await screen.findByTestId('options-error');
    expect(within(alert).getByText(en.common.optionsLoadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: en.crud.retry }));
    await waitFor(() => expect(screen.getByRole('group', { name: en.entity.roleTabs.stock })).toBeTruthy());
    expect(screen.queryByTestId('options-error')).toBeNull();
  });
});

describe('AuthProviderSelect: the providers the server offers (GET /api/system_option/authproviders)', () => {
  const optionTexts = () =>
    Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent);

  it("offers the server's providers, and keeps a user's provider the server no longer offers", async () => {
    const fetchMock = serverAnswers(() => Response.json(['LOCAL', 'LDAP']));
    renderWithServer(<AuthProviderSelect id="authProvider" value="OIDC" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/system_option/authproviders');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    const names = en.entity.access_user.values.authProvider;
    expect(optionTexts()).toEqual([names.LOCAL, names.LDAP, names.OIDC]);
  });

  it('says why when the server does not answer', async () => {
    serverAnswers(() => Response.json({ code: 'INTERNAL', message: 'x' }, { status: 500 }));
    renderWithServer(<AuthProviderSelect id="authProvider" value="LOCAL" />);
    expect(await screen.findByTestId('options-error')).toBeTruthy();
  });
});
