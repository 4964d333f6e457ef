// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '@strazce/contract';
import en from '../../locales/en.json';
import { loginTexts } from '../../locales/loginTexts';
import { StandaloneLoginPage } from './loginShellMarkup';

// The login page's texts alone, as a guest's first paint has them (lib/i18n.ts): a text of the page missing
// from them would show as its key.
const i18n = createInstance();
const missing: string[] = [];
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: loginTexts(en) } },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(missing).toEqual([]);
});

const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ code, message: code }), {
    status,
    headers: { 'content-type': 'application/json', [HEADERS.errorCode]: code },
  });

/** The server: the two-factor check answers `tfaRequired`; the login itself is refused (401). */
function server(tfaRequired: boolean) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/access_user/twofa') return Response.json({ tfaRequired });
    if (url === '/api/session/oidc/issuers') return Response.json([]);
    if (url === '/api/session') return refusal(401, 'UNAUTHORIZED');
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calledPaths = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([url]) => url);

function renderLogin() {
  render(<StandaloneLoginPage i18n={i18n} />);
}

const userName = () => screen.getByTestId('login-username');
const password = () => screen.getByTestId('login-password');
const submit = () => fireEvent.click(screen.getByTestId('login-submit'));

describe('the login page (light controls, without Ant Design)', () => {
  it('labels its fields and checks them on submit, then as they change, without asking the server', () => {
    const fetchMock = server(false);
    renderLogin();
    expect(screen.getByLabelText('User name')).toBe(userName());
    expect(screen.getByLabelText('Password')).toBe(password());
    expect(screen.queryAllByText('This field is required')).toHaveLength(0);

    submit();
    const messages = screen.getAllByText('This field is required');
    expect(messages).toHaveLength(2);
    expect(userName().getAttribute('aria-invalid')).toBe('true');
    expect(userName().getAttribute('aria-describedby')).toBe(messages[0]!.id);
    expect(calledPaths(fetchMock)).not.toContain('/api/access_user/twofa');

    fireEvent.change(userName(), { target: { value: 'novak' } });
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(userName().getAttribute('aria-invalid')).toBeNull();
    // Spaces alone are no user name.
    fireEvent.change(userName(), { target: { value: '   ' } });
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it('shows the password on request and hides it again', () => {
    server(false);
    renderLogin();
    expect(password().getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it('asks for the two-factor code when the server wants it and checks its six digits before the login', async () => {
    const fetchMock = server(true);
    renderLogin();
    fireEvent.change(userName(), { target: { value: 'novak' } });
    fireEvent.change(password(), { target: { value: 'secret' } });
    submit();
    const code = await screen.findByTestId('login-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByText('The six-digit code from your authenticator app')).toBeTruthy();
    expect(calledPaths(fetchMock)).not.toContain('/api/session');

    submit();
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.change(code, { target: { value: '12a' } });
    expect(screen.getByText('Enter the six-digit code')).toBeTruthy();
    submit();
    expect(calledPaths(fetchMock)).not.toContain('/api/session');

    fireEvent.change(code, { target: { value: '123456' } });
    submit();
    const error = await screen.findByTestId('login-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Password or 2FA code is invalid');
    // A failure clears the code (spec §2); the field stays for a user who still needs it.
    await waitFor(() => expect((screen.getByTestId('login-code') as HTMLInputElement).value).toBe(''));
  });

  it('says when the user name is refused at the check', async () => {
    const fetchMock = server(false);
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/access_user/twofa' ? refusal(400, 'VALIDATION') : Response.json([]),
    );
    renderLogin();
    fireEvent.change(userName(), { target: { value: 'nobody' } });
    fireEvent.change(password(), { target: { value: 'secret' } });
    submit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('User name is invalid');
    // An edit makes the answer stale.
    fireEvent.change(userName(), { target: { value: 'novak' } });
    expect(screen.queryByTestId('login-error')).toBeNull();
  });
});
