import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@strazce/contract';
import { createTestContext, PASSWORD, type TestContext, type TestUser } from '../../../test/helper';
import { TFA_ENROLMENT_ROUTES } from '../../platform/guard';
import { newTotpSecret } from '../../platform/secrets';
import { users } from '../../platform/platform.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const ROLES = ['ADMINISTRATOR', 'AUTH_CLIENT', 'VISIT_VIEW'] as const;

/** A user who must have two-factor login, with a live session (logged in without a code). */
async function forcedUser(): Promise<TestUser> {
  const user = await ctx.givenUser({ roles: [...ROLES], login: false });
  await ctx.db.update(users).set({ forceTfa: true }).where(eq(users.id, user.id));
  return { ...user, token: await logIn(user.userName) };
}

async function logIn(userName: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await ctx.login(userName, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().session.token;
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function expectEnrolmentRequired(response: LightMyRequestResponse) {
  expectStatus(response, 403);
  expect(response.headers[HEADERS.errorCode.toLowerCase()]).toBe('FORBIDDEN');
  expect(response.json()).toMatchObject({
    code: 'FORBIDDEN',
    message: 'Two-factor login must be set up first',
  });
}

/** Calls a user's roles allow, none of them part of the two-factor set-up. */
const ORDINARY_CALLS = (user: TestUser): [string, string][] => [
  ['GET', '/api/visit?page=1&size=25'],
  ['GET', '/api/access_user?page=1&size=25'],
  ['GET', `/api/access_user/roles?id=${user.id}`],
  ['GET', `/api/access_user/avatar?id=${user.id}`],
  ['GET', '/api/system_site?page=1&size=25'],
];

describe('force 2FA, enforced by the server', () => {
  it('lets a forced user without two-factor log in, but refuses every ordinary call with 403', async () => {
    const user = await forcedUser();
    const restored = await ctx.call(user, 'GET', '/api/session');
    expectStatus(restored, 200);
    expect(restored.json().user).toMatchObject({ forceTfa: true, tfa: false });
    for (const [method, url] of ORDINARY_CALLS(user)) {
      expectEnrolmentRequired(await ctx.call(user, method, url));
    }
    // A write is refused before anything is done.
    expectEnrolmentRequired(await ctx.call(user, 'POST', '/api/visit/purpose', { name: 'Blocked purpose' }));
  });

  it('allows what the shell and the set-up wizard need, and lifts the restriction once two-factor is on', async () => {
    const user = await forcedUser();
    // The web app's shell right after login.
    expectStatus(await ctx.call(user, 'GET', '/api/session'), 200);
    // Past the guard: the route itself refuses a site the user is not a member of.
    const foreign = await ctx.call(user, 'POST', '/api/system_site/switch', { id: ctx.siteB });
    expectStatus(foreign, 403);
    expect(foreign.json().code).toBe('SITE_NOT_ALLOWED');
    const switched = await ctx.call(user, 'POST', '/api/system_site/switch', { id: ctx.siteA });
    expectStatus(switched, 200);
    expectStatus(await ctx.call(user, 'GET', `/api/system_site/modules?id=${ctx.siteA}`), 200);
    expectStatus(await ctx.call(user, 'GET', '/api/system_site/config'), 200);
    expectStatus(await ctx.call(user, 'GET', '/api/info'), 200);

    // The wizard: pair, validate, enable.
    const pairing = await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD });
    expectStatus(pairing, 200);
    const { secret } = pairing.json();
    const validated = await ctx.call(user, 'POST', '/api/session/twofa/validate', { code: ctx.totp(secret) });
    expectStatus(validated, 200);
    expect(validated.json()).toEqual({ valid: true });
    expectEnrolmentRequired(await ctx.call(user, 'GET', '/api/visit?page=1&size=25'));
    const enabled = await ctx.call(user, 'POST', '/api/session/twofa/enable', { code: ctx.totp(secret) });
    expectStatus(enabled, 200);
    expect(enabled.json()).toEqual({ tfa: true });

    // The same session may now do everything its roles allow.
    for (const [method, url] of ORDINARY_CALLS(user)) {
      const response = await ctx.call(user, method, url);
      // The user has no avatar: 404 is the answer of the route itself, past the guard.
      expectStatus(response, url.startsWith('/api/access_user/avatar') ? 404 : 200);
    }
    expect((await ctx.call(user, 'GET', '/api/session')).json().user).toMatchObject({
      forceTfa: true,
      tfa: true,
    });
  });

  it('lets a forced user without two-factor log out', async () => {
    const user = await forcedUser();
    expectStatus(await ctx.call(user, 'DELETE', '/api/session'), 204);
    expectStatus(await ctx.call(user, 'GET', '/api/session'), 401);
  });

  it('does not count such a session on public routes: terminal authorization needs credentials', async () => {
    const user = await forcedUser();
    const authorize = await ctx.call(user, 'POST', '/api/system_client/authorize', { name: 'Gate PC' });
    expectStatus(authorize, 401);
    expect(authorize.json().code).toBe('UNAUTHORIZED');
    // The session itself lives on, still restricted.
    expectStatus(await ctx.call(user, 'GET', '/api/session'), 200);
    expectEnrolmentRequired(await ctx.call(user, 'GET', '/api/visit?page=1&size=25'));
  });

  it('does not restrict a forced user who has two-factor on', async () => {
    const user = await ctx.givenUser({ roles: [...ROLES], login: false });
    const secret = newTotpSecret();
    await ctx.db
      .update(users)
      .set({ forceTfa: true, tfa: true, tfaSecret: secret })
      .where(eq(users.id, user.id));
    const token = await logIn(user.userName, { [HEADERS.tfaToken]: ctx.totp(secret) });
    for (const [method, url] of ORDINARY_CALLS(user).filter(([, url]) => !url.includes('avatar'))) {
      expectStatus(await ctx.call({ ...user, token }, method, url), 200);
    }
  });

  it('does not restrict a user without force 2FA', async () => {
    const user = await ctx.givenUser({ roles: [...ROLES] });
    for (const [method, url] of ORDINARY_CALLS(user).filter(([, url]) => !url.includes('avatar'))) {
      expectStatus(await ctx.call(user, method, url), 200);
    }
  });

  it('restricts live sessions as soon as an administrator sets force 2FA on a user without two-factor', async () => {
    const user = await ctx.givenUser({ roles: [...ROLES] });
    expectStatus(await ctx.call(user, 'GET', '/api/visit?page=1&size=25'), 200);
    const [{ version }] = await ctx.db
      .select({ version: users.version })
      .from(users)
      .where(eq(users.id, user.id));
    const updated = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version,
      forceTfa: true,
    });
    expectStatus(updated, 200);
    expectEnrolmentRequired(await ctx.call(user, 'GET', '/api/visit?page=1&size=25'));
  });

  it('lists only routes that exist', () => {
    for (const route of TFA_ENROLMENT_ROUTES) {
      const [method, url] = route.split(' ');
      expect(ctx.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
    expect(ctx.app.hasRoute({ method: 'GET', url: '/api/no_such_route' })).toBe(false);
  });
});
