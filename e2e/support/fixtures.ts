import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';

/** The two sites of the demo data set (server/src/seed.ts). */
export const DEMO_SITE_NAMES = ['Praha – centrála', 'Brno – sklad'];

/** Password of the administrator of the test database (set by playwright.config.ts) and of the demo users. */
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin123!';
export const DEMO_PASSWORD = 'Demo1234!';

export type Language = 'cs' | 'en-US';

/**
 * The language each long browser flow runs in. A flow runs once: run again in the other language it re-checks the
 * same behaviour at the price of its whole length, and the suite must stay within its time on two cores. The
 * modules alternate between the two languages; every list screen is checked in both by tables.spec.ts (no text
 * left untranslated, no header cut), and the locale files have the same keys (web/src/locales/locales.test.ts).
 */
const FLOW_LANGUAGES = {
  visits: ['cs'],
  advice: ['en-US'],
  blacklist: ['cs'],
  'vehicle-blacklist': ['en-US'],
  vehicles: ['en-US'],
  'vehicle-anpr': ['cs'],
  'vehicle-photos': ['cs'],
  'vehicle-advice': ['en-US', 'cs'],
  keys: ['cs'],
  incidents: ['en-US'],
  stock: ['en-US'],
  patrol: ['cs'],
  logistics: ['cs'],
  signatures: ['cs'],
  dashboard: ['en-US'],
  egov: ['cs'],
  kbox: ['en-US'],
} satisfies Record<string, Language[]>;

/** The languages a module's long flow runs in (see FLOW_LANGUAGES). */
export function flowLanguages(flow: keyof typeof FLOW_LANGUAGES): Language[] {
  return FLOW_LANGUAGES[flow] as Language[];
}

/** A name no other test uses (tests run in parallel on one database). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function basicAuthorization(userName: string, password: string): string {
  return `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`;
}

/**
 * A TOTP code (RFC 6238, SHA-1, 6 digits, 30 s) of a base32 secret. The server accepts one step either side
 * and never the same step twice, so `stepsAhead: 1` gives a code that is valid right after another one.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export interface SessionBody {
  user: { id: number; userName: string; tfa: boolean; forceTfa: boolean };
  session: { token: string; expires: string };
  sites: { id: number; name: string }[];
  authorities: { role: string }[];
  site: { id: number } | null;
}

/** Logs in over the API; the session body. */
export async function apiLogin(
  request: APIRequestContext,
  userName: string,
  password: string,
  tfaCode?: string,
): Promise<SessionBody> {
  const headers: Record<string, string> = { Authorization: basicAuthorization(userName, password) };
  if (tfaCode) headers['X-TFA-Token'] = tfaCode;
  const response = await request.get('/api/session', { headers });
  expect(response.status(), `login of ${userName}`).toBe(200);
  return (await response.json()) as SessionBody;
}

export interface NewUser {
  userName: string;
  password: string;
  roles: string[];
  /** Site names; default both demo sites. */
  sites?: string[];
  forceTfa?: boolean;
  /** Must choose a new password at the first login. */
  mustChangePassword?: boolean;
  email?: string;
  /** May log in from any browser (the ALL_CLIENTS role); default true. */
  allClients?: boolean;
}

export interface EmailRecord {
  recipient: string;
  subject: string;
  body: string;
  queued: string;
  sent: string | null;
}

/** Calls of the administrator over the API, to prepare data the browser tests work with. */
export class AdminApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async login(request: APIRequestContext): Promise<AdminApi> {
    return new AdminApi(request, (await apiLogin(request, 'admin', ADMIN_PASSWORD)).session.token);
  }

  private headers() {
    return { 'X-Auth-Token': this.token };
  }

  async get<T>(path: string, params?: Record<string, string | number>): Promise<T> {
    const response = await this.request.get(`/api${path}`, { headers: this.headers(), params });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  async post<T>(path: string, data: unknown, status = 201): Promise<T> {
    const response = await this.request.post(`/api${path}`, { headers: this.headers(), data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  }

  async put<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.put(`/api${path}`, { headers: this.headers(), data });
    expect(response.status(), `PUT ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  async sites(): Promise<{ id: number; name: string }[]> {
    return this.get('/system_site', { page: 1, size: 100 });
  }

  /** A user (with a person carrying the e-mail address) who may log in from any browser. */
  async createUser(input: NewUser): Promise<{ id: number; userName: string; email: string }> {
    const sites = await this.sites();
    // Only the named sites: sites other tests create at the same time must not become this user's first site.
    const names = input.sites ?? DEMO_SITE_NAMES;
    const siteIds = sites.filter((site) => names.includes(site.name)).map((site) => site.id);
    const email = input.email ?? `${input.userName.toLowerCase()}@example.com`;
    const person = await this.post<{ id: number }>('/system_person', {
      firstName: 'Test',
      lastName: input.userName,
      email,
    });
    const user = await this.post<{ id: number; userName: string }>('/access_user', {
      userName: input.userName,
      authProvider: 'LOCAL',
      person: person.id,
      password: input.password,
      valid: true,
      forceTfa: input.forceTfa ?? false,
      mustChangePassword: input.mustChangePassword ?? false,
      roles: input.allClients === false ? input.roles : [...new Set([...input.roles, 'ALL_CLIENTS'])],
      groups: [],
      sites: siteIds,
    });
    return { ...user, email };
  }

  /**
   * The e-mails delivered to one recipient, newest first: the server's pickup directory (MAIL_DIR, set by
   * support/server.mjs), where the live links are; the e-mail log masks reset links.
   */
  async mailbox(recipient: string): Promise<{ to: string; subject: string; text: string }[]> {
    const directory = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      '.tmp',
      `mail-${process.env.E2E_PORT}`,
    );
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .sort()
      .reverse()
      .map(
        (name) =>
          JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
          },
      )
      .filter((mail) => mail.to === recipient);
  }

  /** The e-mails queued for one recipient, newest first (the outbox, `GET /api/system_email`). */
  async emailsTo(recipient: string): Promise<EmailRecord[]> {
    return this.get('/system_email', { recipient, sort: 'queued,desc', page: 1, size: 10 });
  }

  /** Switches two-factor on for a user over the API; the secret, for computing codes. */
  async enableTfa(userName: string, password: string): Promise<string> {
    const { session } = await apiLogin(this.request, userName, password);
    const headers = { 'X-Auth-Token': session.token };
    const setup = await this.request.post('/api/session/twofa', { headers, data: { password } });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await this.request.post('/api/session/twofa/enable', {
      headers,
      data: { code: totpCode(secret) },
    });
    expect(enable.status()).toBe(200);
    return secret;
  }
}

/** Opens the login page in the given language (stored choice, as the language chooser leaves it). */
export async function openLogin(page: Page, language: Language = 'en-US', path = '/login'): Promise<void> {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('strazce.language')) localStorage.setItem('strazce.language', value);
  }, language);
  await page.goto(path);
  await expect(page.getByTestId('login-username')).toBeVisible();
}

/** Fills the login form and submits it (a two-factor code, when given, after the code field appears). */
export async function submitLogin(
  page: Page,
  userName: string,
  password: string,
  code?: string,
): Promise<void> {
  const name = page.getByTestId('login-username');
  const secret = page.getByTestId('login-password');
  // Typed values are checked before the submit: a login page still settling after a logout (the session being
  // forgotten, the directory buttons arriving) must not take an empty form.
  await expect(async () => {
    await name.fill(userName);
    await secret.fill(password);
    await expect(name).toHaveValue(userName, { timeout: 1_000 });
    await expect(secret).toHaveValue(password, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('login-submit').click();
  if (code !== undefined) {
    await expect(page.getByTestId('login-code')).toBeVisible();
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
  }
}

/** Logs in through the login page and waits for the home page. */
export async function login(
  page: Page,
  userName: string,
  password: string,
  language: Language = 'en-US',
): Promise<void> {
  await openLogin(page, language);
  await submitLogin(page, userName, password);
  await expect(page.getByTestId('home')).toBeVisible({ timeout: 20_000 });
}

/**
 * Logs in over the API and opens the app with the stored token (the route to /autologin restores it): for
 * tests about what comes after the login form. Opens `path` (default the home page) right away, so a test of
 * another page does not load the app twice; waits for the home page, or for the header of any other page.
 */
export async function loginByToken(
  page: Page,
  userName: string,
  password: string,
  language: Language = 'en-US',
  path = '/',
): Promise<SessionBody> {
  const session = await apiLogin(page.request, userName, password);
  await page.addInitScript(
    ({ token, language }) => {
      // Only on the first page load: a later logout must not be undone by the next navigation.
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('strazce.token', token);
      localStorage.setItem('strazce.language', language);
    },
    { token: session.session.token, language },
  );
  await page.goto(path);
  await expect(page.getByTestId(path === '/' ? 'home' : 'user-menu')).toBeVisible();
  return session;
}

/**
 * Waits until the element is shown and neither it nor the popup around it is still opening. An Ant Design
 * popup (dialog, drawer, dropdown, menu) first stands invisible at its place for a few frames, then the
 * animation moves it (a dialog grows from a fifth of its size, a dropdown is aligned to its field): on a
 * loaded machine Playwright's check that the element stands still can pass in those frames, and its click then
 * lands during the animation, on nothing. rc-motion marks those steps with `-appear-`/`-enter-` classes.
 */
export async function settled(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect(
    target.locator('xpath=ancestor-or-self::*[contains(@class, "-appear-") or contains(@class, "-enter-")]'),
  ).toHaveCount(0);
}

/** Clicks an element of a popup that may have just opened, once it has settled (see `settled`). */
export async function clickSettled(target: Locator): Promise<void> {
  await settled(target);
  await target.click();
}

/** The labels of the side menu: area groups and, with `expand`, every page inside them. */
export async function menuAreas(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  return menuLabels(menu.locator('.ant-menu-submenu-title .ant-menu-title-content'));
}

/** The texts of menu items without the counts of their badges (advices waiting for an answer). */
export async function menuLabels(items: Locator): Promise<string[]> {
  return items.evaluateAll((elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.ant-badge').forEach((badge) => badge.remove());
      return (copy.textContent ?? '').trim();
    }),
  );
}

export const test = base.extend<{ adminApi: AdminApi; newPage: () => Promise<Page> }>({
  adminApi: async ({ request }, use) => {
    await use(await AdminApi.login(request));
  },
  /**
   * A page in a browser context of its own (another user at another computer), with the project's options.
   * Its context is closed after the test: a context left open would go on rendering and polling through
   * every later test of the worker.
   */
  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/**
 * A user of the first demo site with these roles, made by the administrator, and an API client logged in as
 * that user (to prepare the data that user's screens show).
 */
export async function userApi(adminApi: AdminApi, prefix: string, roles: string[], password: string) {
  const user = await adminApi.createUser({
    userName: uniqueName(prefix),
    password,
    roles,
    sites: [DEMO_SITE_NAMES[0]],
  });
  const session = await apiLogin(adminApi.request, user.userName, password);
  return { userName: user.userName, api: new AdminApi(adminApi.request, session.session.token) };
}
