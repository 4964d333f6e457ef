import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@strazce/contract';
import { parseOidc, type OidcConfig } from '../../config';
import { configReport, describeConfigReport } from '../../configReport';
import { configFromEnv } from '../../config';
import { createTestContext, type TestContext } from '../../../test/helper';
import { OIDC_ACCOUNT_PASSWORD, startOidcProvider, type TestOidcProvider } from '../../../test/oidcProvider';
import {
  DIRECTORY_LOGIN_LIMITS,
  createDirectoryUser,
  createGuardsGroup,
  expectMappedGroupAndSites,
  expectRefusal,
} from '../../../test/directoryLogin';
import { userGroups } from './access.tables';
import { audits, sessions, userSites, users } from '../../platform/platform.tables';
import { safeReturnTo } from './oidc.routes';

/**
 * Sign-in with OpenID Connect (issue 38): a real OpenID provider (npm oidc-provider) in this process, the
 * authorization code flow with PKCE driven through HTTP like a browser (cookies, redirects, the provider's
 * login form), then the hand-over of the session (docs/auth-providers.md).
 */
const PUBLIC_URL = 'http://strazce.test';
const CALLBACK = `${PUBLIC_URL}/api/session/oidc/corp/callback`;

let idp: TestOidcProvider;
let ctx: TestContext;
let oidc: OidcConfig;
let guardsGroup: number;

function configOf(issuer: string, extra: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = {}) {
  return parseOidc({
    PUBLIC_URL,
    OIDC_COOKIE_SECRET: 'a-test-cookie-secret-of-32-characters!',
    OIDC_TIMEOUT_MS: '2000',
    OIDC_CORP_SECRET: 'strazce-test-secret-0123456789abcdef',
    OIDC_ISSUERS: JSON.stringify([
      {
        id: 'corp',
        name: 'Corp Login',
        issuer,
        clientId: 'strazce-test',
        clientSecretEnv: 'OIDC_CORP_SECRET',
        scopes: ['openid', 'profile', 'groups'],
        groupMap: [{ directoryGroup: 'Strazce-Guards', group: 'Guards', site: 'Site B' }],
        trustAmr: ['mfa'],
        ...extra,
      },
    ]),
    ...env,
  })!;
}

/** Cookies of `Set-Cookie` headers as one `Cookie` header value (the names given win over older ones). */
function cookieHeader(...lists: (string | string[] | undefined)[]): string {
  const jar = new Map<string, string>();
  for (const list of lists)
    for (const line of [list ?? []].flat()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  return [...jar]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** The provider's side as a browser goes through it: its login form, then back to the product's callback. */
async function atProvider(authorizationUrl: string, login: string, password: string): Promise<string> {
  const jar: string[] = [];
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(jar),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.push(...response.headers.getSetCookie());
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      if (url.startsWith(PUBLIC_URL)) return url;
      continue;
    }
    // The login form: post the account's login and password to it.
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 200)}`);
    url = new URL(action, url).href;
    body = new URLSearchParams({ login, password }).toString();
  }
  throw new Error('too many redirects at the provider');
}

interface Finished {
  /** The callback's answer (a redirect to the login page). */
  callback: LightMyRequestResponse;
  /** The login page's address it redirects to. */
  location: string;
  code: string | null;
  cookie: string;
}

/** Start → the provider's login → the callback, as the browser goes. */
async function signIn(
  login: string,
  options: { returnTo?: string; password?: string; context?: TestContext } = {},
): Promise<Finished> {
  const app = (options.context ?? ctx).app;
  const start = await app.inject({
    method: 'GET',
    url: `/api/session/oidc/corp/start?returnTo=${encodeURIComponent(options.returnTo ?? '/visits')}`,
  });
  expect(start.statusCode, start.body).toBe(303);
  const back = await atProvider(
    start.headers.location as string,
    login,
    options.password ?? OIDC_ACCOUNT_PASSWORD,
  );
  const callback = await app.inject({
    method: 'GET',
    url: back.slice(PUBLIC_URL.length),
    headers: { cookie: cookieHeader(start.headers['set-cookie']) },
  });
  expect(callback.statusCode, callback.body).toBe(303);
  const location = callback.headers.location as string;
  const code = /#code=([^&]+)/.exec(location)?.[1];
  return {
    callback,
    location,
    code: code ? decodeURIComponent(code) : null,
    cookie: cookieHeader(callback.headers['set-cookie']),
  };
}

function handOver(finished: Finished, headers: Record<string, string> = {}, context = ctx) {
  return context.app.inject({
    method: 'POST',
    url: '/api/session/oidc/handover',
    payload: { code: finished.code },
    headers: { cookie: finished.cookie, ...headers },
  });
}

function errorOf(finished: Finished): string | null {
  return /#oidcError=([A-Z_]+)/.exec(finished.location)?.[1] ?? null;
}

const oidcUser = (userName: string, roles?: string[]) => createDirectoryUser(ctx, 'OIDC', userName, roles);

beforeAll(async () => {
  // The provider's port first (its issuer is in the product's configuration).
  idp = await startOidcProvider([CALLBACK]);
  for (const login of ['anna', 'replay', 'forced', 'noclient', 'newguard', 'idle', 'state'])
    idp.addAccount({ login, password: OIDC_ACCOUNT_PASSWORD, groups: ['strazce-guards'] });
  idp.addAccount({
    login: 'mfauser',
    password: OIDC_ACCOUNT_PASSWORD,
    groups: ['strazce-guards'],
    amr: ['pwd', 'mfa'],
  });
  idp.addAccount({ login: 'officeonly', password: OIDC_ACCOUNT_PASSWORD, groups: ['office'] });
  idp.addAccount({ login: 'localuser', password: OIDC_ACCOUNT_PASSWORD, groups: ['strazce-guards'] });
  idp.addAccount({ login: 'benched', password: OIDC_ACCOUNT_PASSWORD, groups: ['strazce-guards'] });
  oidc = configOf(idp.issuer, { provisioning: 'mapped' });
  ctx = await createTestContext({
    oidc,
    loginLimits: DIRECTORY_LOGIN_LIMITS,
  });
  guardsGroup = await createGuardsGroup(ctx);
}, 30_000);

afterAll(async () => {
  await ctx?.close();
  await idp?.stop();
});

describe('OpenID Connect sign-in against a real provider', () => {
  it('lists OIDC as a provider and the issuers for the login page, without secrets', async () => {
    expect((await ctx.call(null, 'GET', '/api/system_option/authproviders')).json()).toEqual([
      'LOCAL',
      'OIDC',
    ]);
    const issuers = await ctx.call(null, 'GET', '/api/session/oidc/issuers');
    expect(issuers.statusCode).toBe(200);
    expect(issuers.json()).toEqual([{ id: 'corp', name: 'Corp Login' }]);
    const report = describeConfigReport(
      configReport(
        configFromEnv({
          PUBLIC_URL,
          OIDC_ISSUERS: JSON.stringify([
            {
              id: 'corp',
              name: 'Corp',
              issuer: 'https://idp.example.test',
              clientId: 'c',
              clientSecretEnv: 'S',
            },
          ]),
          S: 'a-very-secret-value',
        }),
      ),
    ).join('\n');
    expect(report).toContain('corp (Corp): https://idp.example.test, client c, secret from S');
    expect(report).toContain('no OIDC_COOKIE_SECRET');
    expect(report).not.toContain('a-very-secret-value');
  });

  it('signs in an OIDC user by the code flow with PKCE, state and nonce, and hands the session over once', async () => {
    const id = await oidcUser('anna');
    const start = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/oidc/corp/start?returnTo=%2Fvisits',
    });
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(idp.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    for (const parameter of ['state', 'nonce', 'code_challenge'])
      expect(authorization.searchParams.get(parameter)).toBeTruthy();
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const stateCookie = String(start.headers['set-cookie']);
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    // The verifier and nonce are sealed: not readable in the cookie.
    expect(stateCookie).not.toContain(authorization.searchParams.get('state')!);

    const finished = await signIn('anna');
    expect(errorOf(finished)).toBeNull();
    expect(finished.location.startsWith(`${PUBLIC_URL}/login?redirect=%2Fvisits#code=`)).toBe(true);
    const taken = await handOver(finished);
    expect(taken.statusCode, taken.body).toBe(200);
    const body = taken.json();
    expect(body.user).toMatchObject({ id, userName: 'anna' });
    const restored = await ctx.call(
      { id, userName: 'anna', token: body.session.token },
      'GET',
      '/api/session',
    );
    expect(restored.statusCode).toBe(200);
    // Single use.
    expectRefusal(await handOver(finished), 400, 'TOKEN_INVALID');
    // Only in the browser that signed in (its bind cookie).
    const other = await signIn('anna');
    expectRefusal(await handOver({ ...other, cookie: '' }), 400, 'TOKEN_INVALID');
    // Expired after 60 s (the app's clock).
    await ctx.clock.advance(61_000);
    expectRefusal(await handOver(other), 400, 'TOKEN_INVALID');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(row.lastLogin).not.toBeNull();
    const entries = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.recordId, String(id)));
    expect(entries.map((entry) => entry.event)).toContain('LOGIN');
  });

  it('refuses a wrong state, a callback without the state cookie and a replayed code', async () => {
    await oidcUser('state');
    const start = await ctx.app.inject({ method: 'GET', url: '/api/session/oidc/corp/start' });
    const back = await atProvider(start.headers.location as string, 'state', OIDC_ACCOUNT_PASSWORD);
    const cookie = cookieHeader(start.headers['set-cookie']);
    const path = back.slice(PUBLIC_URL.length);
    const wrongState = await ctx.app.inject({
      method: 'GET',
      url: path.replace(/state=[^&]+/, 'state=forged'),
      headers: { cookie },
    });
    expect(wrongState.headers.location).toBe(`${PUBLIC_URL}/login#oidcError=OIDC_FAILED`);
    const noCookie = await ctx.app.inject({ method: 'GET', url: path });
    expect(noCookie.headers.location).toBe(`${PUBLIC_URL}/login#oidcError=OIDC_FAILED`);
    const tampered = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: cookie.replace(/=(.)/, (_all, first: string) => `=${first === 'A' ? 'B' : 'A'}`) },
    });
    expect(tampered.headers.location).toBe(`${PUBLIC_URL}/login#oidcError=OIDC_FAILED`);

    // A code is exchanged once: the same callback again (the provider refuses the used code).
    await oidcUser('replay');
    const startReplay = await ctx.app.inject({ method: 'GET', url: '/api/session/oidc/corp/start' });
    const backReplay = await atProvider(
      startReplay.headers.location as string,
      'replay',
      OIDC_ACCOUNT_PASSWORD,
    );
    const replayCookie = cookieHeader(startReplay.headers['set-cookie']);
    const first = await ctx.app.inject({
      method: 'GET',
      url: backReplay.slice(PUBLIC_URL.length),
      headers: { cookie: replayCookie },
    });
    expect(first.headers.location).toMatch(/#code=/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: backReplay.slice(PUBLIC_URL.length),
      headers: { cookie: replayCookie },
    });
    expect(again.headers.location).toBe(`${PUBLIC_URL}/login#oidcError=OIDC_FAILED`);
    // The state cookie is cleared by the callback.
    expect(String(first.headers['set-cookie'])).toMatch(/strazce_oidc_corp=; .*Max-Age=0/);
  });

  it('refuses an issuer it does not know, and any return address outside the app (no open redirect)', async () => {
    expectRefusal(await ctx.call(null, 'GET', '/api/session/oidc/other/start'), 404, 'NOT_FOUND');
    expectRefusal(
      await ctx.call(null, 'GET', '/api/session/oidc/other/callback?code=x&state=y'),
      404,
      'NOT_FOUND',
    );
    for (const returnTo of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aSet-Cookie:x',
      'visits',
    ]) {
      const response = await ctx.call(
        null,
        'GET',
        `/api/session/oidc/corp/start?returnTo=${encodeURIComponent(returnTo).replace('%250d%250a', '%0d%0a')}`,
      );
      expectRefusal(response, 400, 'VALIDATION');
    }
    expect(safeReturnTo('/visits?site=1#top')).toBe('/visits?site=1#top');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it('refuses a user whose provider is not OIDC, a disabled user and a user in no mapped group', async () => {
    await ctx.givenUser({ roles: ['VISIT_VIEW'], userName: 'localuser', login: false });
    expect(errorOf(await signIn('localuser'))).toBe('OIDC_USER_REFUSED');
    expect(errorOf(await signIn('officeonly'))).toBe('OIDC_USER_REFUSED');
    expect(await ctx.db.select().from(users).where(eq(users.userName, 'officeonly'))).toEqual([]);
    const id = await oidcUser('benched');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    const disabled = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${id}`, {
      version: row.version,
      valid: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(errorOf(await signIn('benched'))).toBe('OIDC_USER_REFUSED');
    const [after] = await ctx.db.select().from(users).where(eq(users.userName, 'benched'));
    expect(after).toMatchObject({ id, valid: false });
    const failed = await ctx.db.select().from(audits).where(eq(audits.event, 'LOGIN_FAILED'));
    expect(failed.some((entry) => entry.author === 'benched')).toBe(true);
  });

  it('applies the group mapping at each sign-in, shown on the user', async () => {
    const id = await oidcUser('idle');
    expect((await handOver(await signIn('idle'))).statusCode).toBe(200);
    await expectMappedGroupAndSites(ctx, id, guardsGroup);
  });

  it('creates a user of a mapped group at the first sign-in (audited without personal data)', async () => {
    idp.addAccount({
      login: 'newguard',
      password: OIDC_ACCOUNT_PASSWORD,
      email: 'new.guard@example.test',
      groups: ['strazce-guards'],
    });
    const finished = await signIn('newguard');
    expect(errorOf(finished)).toBeNull();
    const [created] = await ctx.db.select().from(users).where(eq(users.userName, 'newguard'));
    expect(created).toMatchObject({ authProvider: 'OIDC', passwordHash: null, valid: true });
    const memberOf = await ctx.db.select().from(userGroups).where(eq(userGroups.userId, created.id));
    expect(memberOf.map((link) => link.groupId)).toEqual([guardsGroup]);
    const siteLinks = await ctx.db.select().from(userSites).where(eq(userSites.userId, created.id));
    expect(siteLinks.map((link) => link.siteId)).toEqual([ctx.siteB]);
    // Its roles (none yet) decide the rest, as for anyone: no terminal, no session.
    expectRefusal(await handOver(finished), 403, 'CLIENT_NOT_AUTHORIZED');
    const entries = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.recordId, String(created.id)));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain('new.guard@example.test');
    expect(JSON.stringify(entries)).not.toContain(finished.code!);
  });

  it('asks the TOTP code of a user with two-factor, unless the issuer is trusted for MFA and amr says so', async () => {
    const id = await oidcUser('forced');
    await ctx.db.update(users).set({ forceTfa: true }).where(eq(users.id, id));
    const first = await handOver(await signIn('forced'));
    expect(first.statusCode, first.body).toBe(200);
    const forced = { id, userName: 'forced', token: first.json().session.token };
    // Forced two-factor: the session admits only the set-up.
    expectRefusal(await ctx.call(forced, 'GET', '/api/visit?page=1&size=25'), 403, 'FORBIDDEN');
    // No password to confirm (the session body says OIDC, and the set-up asks none): the session stands for it.
    expect(first.json().user.authProvider).toBe('OIDC');
    const pairing = await ctx.call(forced, 'POST', '/api/session/twofa', {});
    expect(pairing.statusCode, pairing.body).toBe(200);
    const { secret } = pairing.json();
    const enabled = await ctx.call(forced, 'POST', '/api/session/twofa/enable', { code: ctx.totp(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const finished = await signIn('forced');
    expectRefusal(await handOver(finished), 401, 'TFA_REQUIRED');
    expectRefusal(await handOver(finished, { [HEADERS.tfaToken]: '000000' }), 401, 'TFA_INVALID');
    await ctx.clock.advance(30_000);
    const withCode = await handOver(finished, { [HEADERS.tfaToken]: ctx.totp(secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);

    // The same user signed in with MFA at a trusted issuer: no code asked.
    const mfaId = await oidcUser('mfauser');
    await ctx.db.update(users).set({ tfa: true, tfaSecret: secret }).where(eq(users.id, mfaId));
    const trusted = await handOver(await signIn('mfauser'));
    expect(trusted.statusCode, trusted.body).toBe(200);
  });

  it('keeps the terminal authorization: a user without ALL_CLIENTS needs an authorized browser', async () => {
    await oidcUser('noclient', ['VISIT_VIEW']);
    expectRefusal(await handOver(await signIn('noclient')), 403, 'CLIENT_NOT_AUTHORIZED');
  });

  it('sends the browser back with OIDC_UNAVAILABLE when the issuer does not answer', async () => {
    const deadConfig = configOf('http://127.0.0.1:1');
    const down = await createTestContext({ oidc: deadConfig });
    try {
      const start = await down.app.inject({ method: 'GET', url: '/api/session/oidc/corp/start' });
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe(`${PUBLIC_URL}/login#oidcError=OIDC_UNAVAILABLE`);
      expect((await down.login('admin')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('ends the sessions when the administrator disables the user or changes the provider', async () => {
    await idp.addAccount({ login: 'leaver', password: OIDC_ACCOUNT_PASSWORD, groups: ['strazce-guards'] });
    const id = await oidcUser('leaver');
    const taken = await handOver(await signIn('leaver'));
    const user = { id, userName: 'leaver', token: taken.json().session.token };
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    await ctx.call(ctx.admin, 'PUT', `/api/access_user/${id}`, { version: row.version, valid: false });
    expectRefusal(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });
});

describe('OIDC_ISSUERS is checked at the start', () => {
  const base = { PUBLIC_URL };
  const issuers = (list: unknown) => ({ ...base, OIDC_ISSUERS: JSON.stringify(list) });
  const good = { id: 'corp', name: 'Corp', issuer: 'https://idp.example.test', clientId: 'c' };
  it.each([
    ['not JSON', { ...base, OIDC_ISSUERS: '{' }, /must be JSON/],
    ['no PUBLIC_URL', { OIDC_ISSUERS: JSON.stringify([good]) }, /needs PUBLIC_URL/],
    ['plain http elsewhere', issuers([{ ...good, issuer: 'http://idp.example.test' }]), /https/],
    ['a bad id', issuers([{ ...good, id: 'Corp/1' }]), /id must be/],
    ['an id twice', issuers([good, good]), /given twice/],
    ['a missing secret variable', issuers([{ ...good, clientSecretEnv: 'NOPE' }]), /not set/],
    ['scopes without openid', issuers([{ ...good, scopes: ['profile'] }]), /openid/],
    ['mapped without a map', issuers([{ ...good, provisioning: 'mapped' }]), /needs a groupMap/],
    ['a bad map', issuers([{ ...good, groupMap: [{ directoryGroup: 'x' }] }]), /group or a site/],
    ['an unknown setting', issuers([{ ...good, clientSecrt: 'x' }]), /unknown setting/],
    ['a short cookie secret', { ...issuers([good]), OIDC_COOKIE_SECRET: 'short' }, /OIDC_COOKIE_SECRET/],
  ])('refuses %s', (_name, env, message) => {
    expect(() => parseOidc(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('takes the defaults', () => {
    expect(parseOidc(issuers([good]))!.issuers[0]).toMatchObject({
      scopes: ['openid', 'profile', 'email'],
      userClaim: 'preferred_username',
      groupsClaim: 'groups',
      trustAmr: [],
      provisioning: 'existing',
    });
    expect(parseOidc({})).toBeUndefined();
  });
});
