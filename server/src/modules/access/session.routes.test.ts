import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@strazce/contract';
import {
  PASSWORD,
  basic,
  createTestContext,
  totpCode,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import { DEFAULT_LOGIN_LIMITS } from '../../platform/loginLimiter';
import { hashToken } from '../../platform/secrets';
import { fillSecrets } from '../messaging/secrets';
import { emails } from '../messaging/messaging.tables';
import { persons, siteProperties, sessions, users } from '../../platform/platform.tables';
import { passwordResets } from './access.tables';
import { openSecret } from '../../platform/secretBox';

/** The outbox row's sealed credentials, opened. */
const opened = (secrets: string[] | null) => secrets?.map(openSecret) ?? null;

let ctx: TestContext;
beforeAll(async () => {
  // Many deliberate failures for one user from one address here; throttling has its own tests.
  ctx = await createTestContext({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, pairFree: 50, accountFree: 50 } });
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;

async function sessionRow(token: string) {
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

/** Milliseconds from now (the app's clock) until the session of `token` expires. */
async function remaining(token: string): Promise<number> {
  return (await sessionRow(token)).expires.getTime() - ctx.clock.now();
}

/** Moves the clock with nobody at work until `minutes` are left of the session of `token`. */
async function idleUntilLeft(token: string, minutes: number): Promise<void> {
  ctx.clock.advanceIdle((await remaining(token)) - minutes * MINUTE);
}

function expectError(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['x-error-code']).toBe(code);
  expect(response.json()).toMatchObject({ code, message: expect.any(String) });
}

describe('login, restore and logout', () => {
  it('logs in with Basic authorization and answers with user, session, sites, authorities and site', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteA, ctx.siteB], login: false });
    const login = await ctx.login(user.userName);
    expect(login.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(login.json());
    expect(body.user).toMatchObject({
      id: user.id,
      userName: user.userName,
      tfa: false,
      forceTfa: false,
      hasAvatar: false,
    });
    expect(body.user.person).toMatchObject({ firstName: 'Test', lastName: user.userName });
    expect(body.sites).toEqual([
      { id: ctx.siteA, name: 'Site A' },
      { id: ctx.siteB, name: 'Site B' },
    ]);
    expect(body.site).toEqual({ id: ctx.siteA });
    expect(body.authorities.map((authority) => authority.role).sort()).toEqual(['ALL_CLIENTS', 'VISIT_USER']);
    expect(body.session.expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|tfaSecret/);
  });

  it('issues random tokens of at least 128 bits and stores only their hash', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    const first = (await ctx.login(user.userName)).json().session.token as string;
    const second = (await ctx.login(user.userName)).json().session.token as string;
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await ctx.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(stored.map((row) => row.tokenHash).sort()).toEqual([hashToken(first), hashToken(second)].sort());
    expect(stored.some((row) => row.tokenHash === first)).toBe(false);
  });

  it('records the last login', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    await ctx.clock.advance(60_000);
    await ctx.login(user.userName);
    const [row] = await ctx.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.id, user.id));
    // The app's clock, not the machine's.
    expect(row.lastLogin!.getTime()).toBe(ctx.clock.now());
  });

  it('takes the user name in any letter case', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    expect((await ctx.login(user.userName.toUpperCase())).statusCode).toBe(200);
  });

  it('restores the session with X-Auth-Token', async () => {
    const user = await ctx.givenUser({ roles: ['KM_USER'] });
    const restore = await ctx.call(user, 'GET', '/api/session');
    expect(restore.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(restore.json());
    expect(body.user.id).toBe(user.id);
    expect(body.session.token).toBe(user.token);
    expect(body.authorities.map((authority) => authority.role)).toContain('KM_USER');
  });

  it('kills the token at logout at once', async () => {
    const user = await ctx.givenUser({ roles: [] });
    expect((await ctx.call(user, 'DELETE', '/api/session')).statusCode).toBe(204);
    expect(await sessionRow(user.token)).toBeUndefined();
    expectError(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    expectError(await ctx.call(user, 'DELETE', '/api/session'), 401, 'UNAUTHORIZED');
  });

  it('ends only the one session at logout', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const other = { ...user, token: (await ctx.login(user.userName)).json().session.token };
    await ctx.call(user, 'DELETE', '/api/session');
    expect((await ctx.call(other, 'GET', '/api/session')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike with 401 INVALID_CREDENTIALS', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    const wrong = await ctx.login(user.userName, 'Wrong123!');
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    const unknown = await ctx.login('nobody-like-this', PASSWORD);
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled user', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    await ctx.db.update(users).set({ valid: false }).where(eq(users.id, user.id));
    expectError(await ctx.login(user.userName), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses malformed Basic credentials', async () => {
    const noColon = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: `Basic ${Buffer.from('admin').toString('base64')}` },
    });
    expect(noColon.statusCode).toBe(401);
    const emptyName = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic('', PASSWORD) },
    });
    expect(emptyName.statusCode).toBe(401);
  });

  it('answers 401 without a token, with a garbage token and with an overlong token', async () => {
    expectError(await ctx.call(null, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    const garbage = { id: 0, userName: 'x', token: 'not-a-token' };
    expectError(await ctx.call(garbage, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    expectError(
      await ctx.call(garbage, 'GET', `/api/access_user/roles?id=${ctx.admin.id}`),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await ctx.call({ ...garbage, token: 'x'.repeat(5000) }, 'GET', '/api/session'),
      401,
      'UNAUTHORIZED',
    );
    expectError(await ctx.call(null, 'GET', '/api/system_person'), 401, 'UNAUTHORIZED');
  });

  it('answers 401 once the session has expired', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const start = ctx.clock.now();
    // Idle for a minute less than the time-out: still there; the time-out itself: gone.
    ctx.clock.advanceIdle(29 * MINUTE);
    try {
      expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
      ctx.clock.advanceIdle(30 * MINUTE);
      expectError(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
      expectError(await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`), 401, 'UNAUTHORIZED');
    } finally {
      ctx.clock.setIdle(start);
    }
  });
});

describe('session time-out', () => {
  let user: TestUser;
  let shortSite: number;
  /** A site administrator on the short site, who changes its time-out the way the app does. */
  let siteAdmin: TestUser;
  let timeoutProperty: number;
  beforeAll(async () => {
    shortSite = await ctx.createSite('Zlín – short time-out');
    [{ id: timeoutProperty }] = await ctx.db
      .insert(siteProperties)
      .values({ siteId: shortSite, name: 'SITE_TIMEOUT', type: 'LONG', value: 5 })
      .returning({ id: siteProperties.id });
    user = await ctx.givenUser({ roles: [], sites: [ctx.siteA, shortSite] });
    siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [shortSite] });
  });
  // The idle time of a test is undone after it: the other users' sessions stay as they were.
  let start: number;
  beforeEach(() => {
    start = ctx.clock.now();
  });
  afterEach(async () => {
    ctx.clock.setIdle(start);
    await ctx.call(user, 'GET', '/api/session');
  });

  it('lasts 30 minutes by default', async () => {
    expect(await remaining(user.token)).toBe(30 * MINUTE);
  });

  it('is extended by every successful call', async () => {
    await idleUntilLeft(user.token, 2);
    expect(await remaining(user.token)).toBe(2 * MINUTE);
    expect((await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`)).statusCode).toBe(200);
    expect(await remaining(user.token)).toBe(30 * MINUTE);
  });

  it('tells the extended expiry on restore', async () => {
    await idleUntilLeft(user.token, 2);
    const body = (await ctx.call(user, 'GET', '/api/session')).json();
    expect(new Date(body.session.expires).getTime() - ctx.clock.now()).toBe(30 * MINUTE);
  });

  it('is not extended by a failed call', async () => {
    await idleUntilLeft(user.token, 2);
    expect((await ctx.call(user, 'GET', '/api/system_person')).statusCode).toBe(403);
    expect(await remaining(user.token)).toBe(2 * MINUTE);
  });

  it("follows the SITE_TIMEOUT of the session's site after a switch, and its later changes", async () => {
    const switched = await ctx.call(user, 'POST', '/api/system_site/switch', {
      id: shortSite,
      name: 'Zlín – short time-out',
    });
    expect(switched.statusCode).toBe(200);
    expect(new Date(switched.json().session.expires).getTime() - ctx.clock.now()).toBe(5 * MINUTE);
    expect(await remaining(user.token)).toBe(5 * MINUTE);

    const changed = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${timeoutProperty}`, {
      version: 0,
      value: 12,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(await remaining(user.token)).toBe(12 * MINUTE);

    const deactivated = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${timeoutProperty}`, {
      version: 1,
      active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(await remaining(user.token)).toBe(30 * MINUTE);
  });

  it('starts a login on the site chosen last, with its time-out', async () => {
    await ctx.db
      .update(siteProperties)
      .set({ active: true, value: 5 })
      .where(and(eq(siteProperties.siteId, shortSite), eq(siteProperties.name, 'SITE_TIMEOUT')));
    const login = (await ctx.login(user.userName)).json();
    expect(login.site).toEqual({ id: shortSite });
    expect(new Date(login.session.expires).getTime() - ctx.clock.now()).toBe(5 * MINUTE);
    expect(await remaining(login.session.token)).toBe(5 * MINUTE);
  });
});

describe('two-factor check (POST /api/access_user/twofa)', () => {
  it('answers false for a user without two-factor and for an unknown user alike', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (const userName of [user.userName, 'no-such-user']) {
      const response = await ctx.call(null, 'POST', '/api/access_user/twofa', { userName });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ tfaRequired: false });
    }
  });

  it('answers true for a user with two-factor on', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    await ctx.db.update(users).set({ tfa: true, tfaSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, user.id));
    const response = await ctx.call(null, 'POST', '/api/access_user/twofa', { userName: user.userName });
    expect(response.json()).toEqual({ tfaRequired: true });
  });

  it('validates the body', async () => {
    expectError(await ctx.call(null, 'POST', '/api/access_user/twofa', {}), 400, 'VALIDATION');
    expectError(
      await ctx.call(null, 'POST', '/api/access_user/twofa', { userName: 'a', extra: 1 }),
      400,
      'VALIDATION',
    );
  });
});

describe('two-factor enrolment and login with TOTP', () => {
  let user: TestUser;
  let secret: string;

  beforeAll(async () => {
    user = await ctx.givenUser({ roles: [] });
  });

  it('hands out a new secret with its otpauth URI and QR code', async () => {
    const response = await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.uri).toContain(`secret=${secret}`);
    expect(body.uri).toContain(encodeURIComponent(user.userName));
    expect(body.qr).toMatch(/^data:image\/png;base64,/);
    // Not active before it is enabled.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.tfa).toBe(false);
    expect(row.tfaSecret).toBeNull();
  });

  it('validates a code without enabling anything', async () => {
    const wrongCode = totpCode(secret, ctx.clock.now() + 10 * MINUTE);
    expect((await ctx.call(user, 'POST', '/api/session/twofa/validate', { code: wrongCode })).json()).toEqual(
      { valid: false },
    );
    expect(
      (await ctx.call(user, 'POST', '/api/session/twofa/validate', { code: ctx.totp(secret) })).json(),
    ).toEqual({
      valid: true,
    });
    expectError(
      await ctx.call(user, 'POST', '/api/session/twofa/validate', { code: '12ab56' }),
      400,
      'VALIDATION',
    );
  });

  it('refuses to enable with a wrong code, without ending the session', async () => {
    const response = await ctx.call(user, 'POST', '/api/session/twofa/enable', {
      code: totpCode(secret, ctx.clock.now() + 10 * MINUTE),
    });
    expectError(response, 400, 'VALIDATION');
    expect((await ctx.call(user, 'GET', '/api/session')).json().user.tfa).toBe(false);
  });

  it('enables two-factor with a right code', async () => {
    const response = await ctx.call(user, 'POST', '/api/session/twofa/enable', {
      code: totpCode(secret, ctx.clock.now()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tfa: true });
    expect((await ctx.call(user, 'GET', '/api/session')).json().user.tfa).toBe(true);
    expect(
      (await ctx.call(null, 'POST', '/api/access_user/twofa', { userName: user.userName })).json(),
    ).toEqual({
      tfaRequired: true,
    });
  });

  it('refuses a login without the code (TFA_REQUIRED)', async () => {
    expectError(await ctx.login(user.userName), 401, 'TFA_REQUIRED');
  });

  it('refuses a wrong code and a wrong password alike (TFA_INVALID)', async () => {
    const wrongCode = await ctx.login(user.userName, PASSWORD, {
      'x-tfa-token': totpCode(secret, ctx.clock.now() + 10 * MINUTE),
    });
    expectError(wrongCode, 401, 'TFA_INVALID');
    const wrongPassword = await ctx.login(user.userName, 'Wrong123!', {
      'x-tfa-token': totpCode(secret, ctx.clock.now() + 30_000),
    });
    expectError(wrongPassword, 401, 'TFA_INVALID');
    expect(wrongPassword.json()).toEqual(wrongCode.json());
    expectError(await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': 'abcdef' }), 401, 'TFA_INVALID');
  });

  it('refuses the code used to enable (replay), says when the next comes, and accepts the next one once', async () => {
    const now = ctx.clock.now();
    const used = totpCode(secret, now);
    const replay = await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': used });
    expectError(replay, 401, 'TFA_CODE_USED');
    // The next code belongs to the next 30-second step: the seconds until it starts.
    const nextStepAt = (Math.floor(now / 30_000) + 1) * 30_000;
    expect(replay.headers['retry-after']).toBe(String(Math.ceil((nextStepAt - now) / 1000)));
    // With a wrong password the same code tells nothing more than any wrong code.
    const wrongPassword = await ctx.login(user.userName, 'Wrong123!', { 'x-tfa-token': used });
    expectError(wrongPassword, 401, 'TFA_INVALID');
    expect(wrongPassword.headers['retry-after']).toBeUndefined();

    const next = totpCode(secret, now + 30_000);
    const login = await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': next });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.tfa).toBe(true);
    expectError(await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': next }), 401, 'TFA_CODE_USED');
    // An older code (still within the allowed drift) is refused as used too.
    expectError(await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': used }), 401, 'TFA_CODE_USED');
  });

  it('says the next code is there already once its time step has begun', async () => {
    const start = ctx.clock.now();
    try {
      // The last accepted code is of the step after the enable's; a minute on, the code of that step is
      // still within the allowed drift and used, and the authenticator shows a newer one.
      await ctx.clock.set((Math.floor(start / 30_000) + 2) * 30_000 + 5_000);
      const usedAgain = totpCode(secret, ctx.clock.now() - 30_000);
      const replay = await ctx.login(user.userName, PASSWORD, { 'x-tfa-token': usedAgain });
      expectError(replay, 401, 'TFA_CODE_USED');
      expect(replay.headers['retry-after']).toBe('0');
    } finally {
      await ctx.clock.set(start);
    }
  });

  it('lets an administrator reset the two-factor of a user', async () => {
    const response = await ctx.call(ctx.admin, 'POST', `/api/access_user/${user.id}/twofa/reset`);
    expect(response.json()).toEqual({ tfa: false });
    expect((await ctx.login(user.userName)).statusCode).toBe(200);
    expect((await ctx.call(user, 'POST', `/api/access_user/${user.id}/twofa/reset`)).statusCode).toBe(403);
    expect((await ctx.call(ctx.admin, 'POST', '/api/access_user/999999/twofa/reset')).statusCode).toBe(404);
  });

  it('lets only logged-in users enrol', async () => {
    expect((await ctx.call(null, 'POST', '/api/session/twofa')).statusCode).toBe(401);
    expect((await ctx.call(null, 'POST', '/api/session/twofa/enable', { code: '123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('password reset', () => {
  async function requestReset(userName: string, headers: Record<string, string> = {}) {
    return ctx.call(null, 'POST', '/api/access_user/reset/request', { userName }, headers);
  }

  /** The e-mails to this address as they are sent (the token is kept beside the stored text until then). */
  async function mailsTo(recipient: string) {
    const stored = await ctx.db.select().from(emails).where(eq(emails.recipient, recipient));
    return stored.map((mail) => ({ ...mail, body: fillSecrets(mail.body, opened(mail.secrets)) }));
  }

  function tokenOf(body: string): string {
    const match = /resetPassword\?token=([A-Za-z0-9_%-]+)/.exec(body);
    expect(match).not.toBeNull();
    return decodeURIComponent(match![1]);
  }

  it('puts an e-mail with the reset link into the outbox', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'reset-me@example.com' });
    const response = await requestReset(user.userName);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const [mail] = await mailsTo('reset-me@example.com');
    expect(mail.subject).toMatch(/heslo|password/i);
    expect(mail.body).toContain(user.userName);
    const token = tokenOf(mail.body);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const [stored] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored.tokenHash).toBe(hashToken(token));
  });

  it('answers the same for unknown users and users without an address, sending nothing', async () => {
    const before = (await ctx.db.select().from(emails)).length;
    const noMail = await ctx.givenUser({ roles: [], login: false });
    await ctx.db.update(persons).set({ email: null }).where(eq(persons.lastName, noMail.userName));
    for (const userName of ['nobody-at-all', noMail.userName]) {
      const response = await requestReset(userName);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBe(true);
    }
    expect((await ctx.db.select().from(emails)).length).toBe(before);
  });

  it('never builds the link on a foreign Origin', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'origin-test@example.com' });
    await requestReset(user.userName, { origin: 'https://evil.example' });
    const [mail] = await mailsTo('origin-test@example.com');
    expect(mail.body).not.toContain('evil.example');
    expect(mail.body).toContain('http://localhost');
  });

  it('sets the new password with a good token, ends old sessions, and refuses the token again', async () => {
    const user = await ctx.givenUser({ roles: [], email: 'new-password@example.com' });
    await requestReset(user.userName);
    const token = tokenOf((await mailsTo('new-password@example.com'))[0].body);

    const reset = await ctx.call(null, 'POST', '/api/access_user/reset', { token, password: 'Brand.New1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toBe(true);
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await ctx.login(user.userName)).statusCode).toBe(401);
    expect((await ctx.login(user.userName, 'Brand.New1')).statusCode).toBe(200);

    const again = await ctx.call(null, 'POST', '/api/access_user/reset', { token, password: 'Other.New2' });
    expectError(again, 400, 'TOKEN_INVALID');
    expect((await ctx.login(user.userName, 'Brand.New1')).statusCode).toBe(200);
  });

  it('refuses an expired token and an unknown token with TOKEN_INVALID', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'expired@example.com' });
    await requestReset(user.userName);
    const token = tokenOf((await mailsTo('expired@example.com'))[0].body);
    // The link is valid for 60 minutes by the app's clock.
    await ctx.clock.advance(60 * 60_000 + 1000);
    expectError(
      await ctx.call(null, 'POST', '/api/access_user/reset', { token, password: 'Brand.New1' }),
      400,
      'TOKEN_INVALID',
    );
    expectError(
      await ctx.call(null, 'POST', '/api/access_user/reset', {
        token: 'x'.repeat(43),
        password: 'Brand.New1',
      }),
      400,
      'TOKEN_INVALID',
    );
    expect((await ctx.login(user.userName)).statusCode).toBe(200);
  });

  it('voids the other links of the user once the password is set', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'two-links@example.com' });
    await requestReset(user.userName);
    await requestReset(user.userName);
    const [first, second] = (await mailsTo('two-links@example.com')).map((mail) => tokenOf(mail.body));
    expect(first).not.toBe(second);
    expect(
      (await ctx.call(null, 'POST', '/api/access_user/reset', { token: second, password: 'Second.1' }))
        .statusCode,
    ).toBe(200);
    expectError(
      await ctx.call(null, 'POST', '/api/access_user/reset', { token: first, password: 'First.1x' }),
      400,
      'TOKEN_INVALID',
    );
  });

  it('sends at most three links an hour, answering the same', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'flooded@example.com' });
    for (let request = 0; request < 5; request++)
      expect((await requestReset(user.userName)).json()).toBe(true);
    expect(await mailsTo('flooded@example.com')).toHaveLength(3);
  });

  it('refuses a weak password with VALIDATION and keeps the token usable', async () => {
    const user = await ctx.givenUser({ roles: [], login: false, email: 'weak@example.com' });
    await requestReset(user.userName);
    const token = tokenOf((await mailsTo('weak@example.com'))[0].body);
    const weak = await ctx.call(null, 'POST', '/api/access_user/reset', { token, password: 'password' });
    expectError(weak, 400, 'VALIDATION');
    expect(weak.json().details).toEqual([{ path: 'password', message: 'validation.password' }]);
    expect(
      (await ctx.call(null, 'POST', '/api/access_user/reset', { token, password: 'Strong.1x' })).statusCode,
    ).toBe(200);
  });
});

describe('roles of a user (GET /api/access_user/roles?id=)', () => {
  it("gives a user their own roles, incl. their groups', and refuses another user's", async () => {
    const user = await ctx.givenUser({ roles: ['STOCK_VIEW'] });
    const own = await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([{ role: 'ALL_CLIENTS' }, { role: 'STOCK_VIEW' }]);
    expectError(await ctx.call(user, 'GET', `/api/access_user/roles?id=${ctx.admin.id}`), 403, 'FORBIDDEN');
  });

  it("answers the session's authorities, and an administrator's change at once (the web app's test call compares them)", async () => {
    const user = await ctx.givenUser({ roles: ['STOCK_VIEW'] });
    const restored = await ctx.call(user, 'GET', '/api/session');
    const own = await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(own.json()).toEqual(restored.json().authorities);

    const record = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${user.id}`)).json();
    const changed = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version: record.version,
      roles: ['ALL_CLIENTS', 'STOCK_ADMIN', 'STOCK_VIEW'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([{ role: 'ALL_CLIENTS' }, { role: 'STOCK_ADMIN' }, { role: 'STOCK_VIEW' }]);
    // The session the web app then reloads says the same.
    expect((await ctx.call(user, 'GET', '/api/session')).json().authorities).toEqual(after.json());
  });

  it("lets an administrator read anybody's roles", async () => {
    const user = await ctx.givenUser({ roles: ['KM_VIEW'], login: false });
    const response = await ctx.call(ctx.admin, 'GET', `/api/access_user/roles?id=${user.id}`);
    expect(response.json()).toEqual([{ role: 'ALL_CLIENTS' }, { role: 'KM_VIEW' }]);
  });

  it('needs a numeric id', async () => {
    expectError(await ctx.call(ctx.admin, 'GET', '/api/access_user/roles'), 400, 'VALIDATION');
    expectError(await ctx.call(ctx.admin, 'GET', '/api/access_user/roles?id=abc'), 400, 'VALIDATION');
  });
});
