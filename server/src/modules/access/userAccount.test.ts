import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { sites } from '../../platform/platform.tables';

/**
 * The user-name rule (on create and rename only) and the users list's login state (docs/administration.md).
 */
let ctx: TestContext;
let siteAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
});
afterAll(() => ctx?.close());

const createUser = (body: Record<string, unknown>) =>
  ctx.call(ctx.admin, 'POST', '/api/access_user', {
    authProvider: 'LOCAL',
    password: PASSWORD,
    ...body,
  });

async function listed(userName: string) {
  const response = await ctx.call(
    ctx.admin,
    'GET',
    `/api/access_user?userName=${encodeURIComponent(userName)}`,
  );
  expect(response.statusCode).toBe(200);
  const rows = response.json() as Array<{ userName: string; loginProblems: string[] }>;
  const row = rows.find((item) => item.userName === userName);
  expect(row, userName).toBeDefined();
  return row!;
}

describe('user names', () => {
  it('refuses a space, `!` and other characters on create, with the field’s message', async () => {
    for (const userName of ['jan novak', 'jan!', 'jan:novak', 'jiří', 'jan@example.com']) {
      const response = await createUser({ userName, roles: ['VISIT_USER'], sites: [ctx.siteA] });
      expect(response.statusCode, userName).toBe(400);
      expect(response.headers['x-error-code']).toBe('VALIDATION');
      expect(response.json().details).toEqual([{ path: 'userName', message: 'validation.userName' }]);
    }
  });

  it('takes letters, digits, `.`, `_` and `-`; the user logs in', async () => {
    const response = await createUser({
      userName: 'Jan.Novak_2-b',
      roles: ['VISIT_USER', 'ALL_CLIENTS'],
      sites: [ctx.siteA],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await ctx.login('Jan.Novak_2-b')).statusCode).toBe(200);
  });

  it('keeps an older name that breaks the rule: it logs in, is edited, and is refused only when renamed to one', async () => {
    const old = await ctx.givenUser({ roles: ['VISIT_USER'], userName: 'old name!', login: false });
    expect((await ctx.login('old name!')).statusCode).toBe(200);
    const current = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${old.id}`)).json();
    const kept = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${old.id}`, {
      version: current.version,
      userName: 'old name!',
      forceTfa: false,
      valid: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const renamedBadly = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${old.id}`, {
      version: kept.json().version,
      userName: 'other name',
    });
    expect(renamedBadly.statusCode).toBe(400);
    expect(renamedBadly.json().details).toEqual([{ path: 'userName', message: 'validation.userName' }]);
    const renamed = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${old.id}`, {
      version: kept.json().version,
      userName: 'old.name',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('the login state of the users list', () => {
  it('names every reason a user cannot log in: no site, no role, browser not authorized', async () => {
    const created = await createUser({ userName: 'nobody.yet', roles: [], sites: [] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().loginProblems).toEqual(['NO_SITE', 'NO_ROLE', 'BROWSER_NOT_AUTHORIZED']);
    expect((await listed('nobody.yet')).loginProblems).toEqual([
      'NO_SITE',
      'NO_ROLE',
      'BROWSER_NOT_AUTHORIZED',
    ]);
    // The login itself refuses this browser, as the state said.
    const login = await ctx.login('nobody.yet');
    expect(login.statusCode).toBe(403);
    expect(login.headers['x-error-code']).toBe('CLIENT_NOT_AUTHORIZED');
  });

  it('counts the roles of the user’s valid groups and only valid sites', async () => {
    const group = await ctx.call(ctx.admin, 'POST', '/api/access_group', {
      name: 'Any browser, visits',
      roles: ['ALL_CLIENTS', 'VISIT_USER'],
    });
    expect(group.statusCode, group.body).toBe(201);
    const closedSite = await ctx.createSite('Closed depot');
    await ctx.db.update(sites).set({ valid: false }).where(eq(sites.id, closedSite));
    const member = await createUser({
      userName: 'group.member',
      groups: [group.json().id],
      sites: [ctx.siteA],
    });
    expect(member.statusCode, member.body).toBe(201);
    expect((await listed('group.member')).loginProblems).toEqual([]);
    const browserOnly = await createUser({
      userName: 'browser.only',
      roles: ['ALL_CLIENTS'],
      sites: [closedSite],
    });
    expect(browserOnly.statusCode, browserOnly.body).toBe(201);
    expect((await listed('browser.only')).loginProblems).toEqual(['NO_SITE', 'NO_ROLE']);
    // A group no longer valid grants nothing.
    await ctx.call(ctx.admin, 'PUT', `/api/access_group/${group.json().id}`, {
      version: group.json().version,
      valid: false,
    });
    expect((await listed('group.member')).loginProblems).toEqual(['NO_ROLE', 'BROWSER_NOT_AUTHORIZED']);
  });

  it('is the Administrator’s: another role is refused the list and the create', async () => {
    expect((await ctx.call(siteAdmin, 'GET', '/api/access_user')).statusCode).toBe(403);
    expect(
      (await ctx.call(siteAdmin, 'POST', '/api/access_user', { userName: 'x.y', password: PASSWORD }))
        .statusCode,
    ).toBe(403);
  });
});
