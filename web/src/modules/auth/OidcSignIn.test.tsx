// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '@strazce/contract';
import en from '../../locales/en.json';
import { storage } from '../../lib/storage';
import { clearOidcFragment, oidcErrorText, readOidcFragment } from './oidcFragment';
import { OidcButtons, OidcHandOver } from './OidcSignIn';

const i18n = createInstance();
beforeAll(async () => {
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
  window.history.replaceState(null, '', '/');
});

const withTexts = (element: React.ReactNode) => <I18nextProvider i18n={i18n}>{element}</I18nextProvider>;

const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ code, message: code }), {
    status,
    headers: { 'content-type': 'application/json', [HEADERS.errorCode]: code },
  });

describe('the OpenID Connect part of the login page', () => {
  it('reads the hand-over code or the error from the fragment, and takes it out of the address', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fvisits#code=abc-123');
    expect(readOidcFragment()).toEqual({ code: 'abc-123', error: null });
    clearOidcFragment();
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?redirect=%2Fvisits');
    window.history.replaceState(null, '', '/login#oidcError=OIDC_USER_REFUSED');
    expect(readOidcFragment()).toEqual({ code: null, error: 'OIDC_USER_REFUSED' });
    // Anything else than an error code is not shown as one.
    window.history.replaceState(null, '', '/login#oidcError=%3Cscript%3E');
    expect(readOidcFragment().error).toBeNull();
    expect(oidcErrorText('OIDC_USER_REFUSED', i18n.t)).toBe(en.apiError_OIDC_USER_REFUSED);
    expect(oidcErrorText('NOT_A_CODE', i18n.t)).toBe(en.error.unknown);
  });

  it('shows one "Sign in with" button per issuer the server offers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([{ id: 'corp', name: 'Corp ID' }])),
    );
    render(withTexts(<OidcButtons returnTo="/visits" />));
    expect(await screen.findByText('Sign in with Corp ID')).toBeTruthy();
  });

  it('asks the TOTP code when the server wants it, then stores the session token', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (!headers[HEADERS.tfaToken]) return refusal(401, 'TFA_REQUIRED');
      return Response.json({ session: { token: 'the-token', expires: '2030-01-01T00:00:00.000Z' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSession = vi.fn(async () => undefined);
    const onFail = vi.fn();
    render(withTexts(<OidcHandOver code="abc" onSession={onSession} onFail={onFail} />));
    const input = await screen.findByTestId('login-code');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSession).toHaveBeenCalled());
    expect(storage.token.get()).toBe('the-token');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/session/oidc/handover');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ code: 'abc' });
    expect(onFail).not.toHaveBeenCalled();
  });

  it('gives other refusals to the login page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal(400, 'TOKEN_INVALID')),
    );
    const onFail = vi.fn();
    render(withTexts(<OidcHandOver code="old" onSession={async () => undefined} onFail={onFail} />));
    await waitFor(() => expect(onFail).toHaveBeenCalled());
  });
});
