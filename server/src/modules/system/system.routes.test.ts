import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODULES,
  PAGE_SIZES,
  ROLE_TABS,
  infoResponseSchema,
  sessionResponseSchema,
  systemOptionConfigSchema,
  systemOptionRolesSchema,
} from '@strazce/contract';
import { PASSWORD, basic, createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { hashToken } from '../../platform/secrets';
import { sessions, userSites, users, clients, siteProperties, sites } from '../../platform/platform.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/info', () => {
  it('answers anybody with name, version, time and database kind', async () => {
    const response = await ctx.call(null, 'GET', '/api/info');
    expect(response.statusCode).toBe(200);
    const body = infoResponseSchema.parse(response.json());
    expect(body.name).toBe('Strážce');
    expect(body.database).toBe(ctx.database.kind);
    expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(60_000);
  });
});

describe('GET /api/system_option/…', () => {
  it('gives the product constants, roles and modules to anyone logged in', async () => {
    const user = await ctx.givenUser({ roles: ['KM_VIEW'] });
    const config = systemOptionConfigSchema.parse(
      (await ctx.call(user, 'GET', '/api/system_option/config')).json(),
    );
    expect(config.pageSizes).toEqual([...PAGE_SIZES]);
    expect(config.languages).toEqual(['cs', 'en-US']);
    expect(config.refreshMs).toEqual({
      logisticsBoard: 10_000,
      unfinishedPatrols: 60_000,
      signaturesSigned: 5_000,
    });
    expect(config.chunkLoadTimeoutMs).toBe(120_000);

    const roles = systemOptionRolesSchema.parse(
      (await ctx.call(user, 'GET', '/api/system_option/roles')).json(),
    );
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.find((tab) => tab.tab === 'logistics')?.roles).toEqual([...ROLE_TABS.logistics]);
    expect(roles.flatMap((tab) => tab.roles)).not.toContain('ANPR');

    const modules = await ctx.call(user, 'GET', '/api/system_option/modules');
    expect(modules.json()).toEqual([...MODULES]);
  });

  it('needs a session, except for the authentication providers the login page may ask for', async () => {
    for (const path of ['config', 'roles', 'modules'])
      expect((await ctx.call(null, 'GET', `/api/system_option/${path}`)).statusCode, path).toBe(401);
    const providers = await ctx.call(null, 'GET', '/api/system_option/authproviders');
    expect(providers.statusCode).toBe(200);
    // Only what this installation configured: no directory here (ldap.login.test.ts has one).
    expect(providers.json()).toEqual(['LOCAL']);
  });
});

describe('site switch (POST /api/system_site/switch)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await ctx.givenUser({ roles: ['KM_USER'], sites: [ctx.siteA, ctx.siteB] });
  });

  it('moves the session to a member site and answers with the session body', async () => {
    const response = await ctx.call(user, 'POST', '/api/system_site/switch', {
      id: ctx.siteB,
      name: 'Site B',
    });
    expect(response.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(response.json());
    expect(body.site).toEqual({ id: ctx.siteB });
    expect(body.session.token).toBe(user.token);
    // The new site's modules and configuration come with it.
    const modules = (await ctx.call(user, 'GET', `/api/system_site/modules?id=${ctx.siteB}`)).json();
    expect(modules.length).toBeGreaterThan(0);
    expect(body.modules).toEqual(modules);
    expect(body.config).toEqual((await ctx.call(user, 'GET', '/api/system_site/config')).json());
    expect((await ctx.call(user, 'GET', '/api/session')).json().site).toEqual({ id: ctx.siteB });
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(row.siteId).toBe(ctx.siteB);
  });

  it('remembers the site for the next login', async () => {
    const [row] = await ctx.db
      .select({ lastSiteId: users.lastSiteId })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row.lastSiteId).toBe(ctx.siteB);
    expect((await ctx.login(user.userName)).json().site).toEqual({ id: ctx.siteB });
  });

  it('refuses a site the user is not a member of, an unknown and a disabled site', async () => {
    const other = await ctx.createSite('Foreign site');
    const disabled = await ctx.createSite('Disabled site');
    await ctx.db.insert(userSites).values({ userId: user.id, siteId: disabled });
    await ctx.db.update(sites).set({ valid: false }).where(eq(sites.id, disabled));
    for (const id of [other, 999_999, disabled]) {
      const response = await ctx.call(user, 'POST', '/api/system_site/switch', { id });
      expect(response.statusCode).toBe(403);
      expect(response.headers['x-error-code']).toBe('SITE_NOT_ALLOWED');
    }
    expect((await ctx.call(user, 'GET', '/api/session')).json().site).toEqual({ id: ctx.siteB });
  });

  it('validates the body and needs a session', async () => {
    expect((await ctx.call(user, 'POST', '/api/system_site/switch', { name: 'Site B' })).statusCode).toBe(
      400,
    );
    expect((await ctx.call(user, 'POST', '/api/system_site/switch', { id: 'x' })).statusCode).toBe(400);
    expect((await ctx.call(null, 'POST', '/api/system_site/switch', { id: ctx.siteA })).statusCode).toBe(401);
  });

  it('drops the site from a session once the user is no longer a member', async () => {
    const member = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteA] });
    await ctx.db.delete(userSites).where(eq(userSites.userId, member.id));
    const restore = await ctx.call(member, 'GET', '/api/session');
    expect(restore.statusCode).toBe(200);
    expect(restore.json().site).toBeNull();
    expect(restore.json().sites).toEqual([]);
    const config = await ctx.call(member, 'GET', '/api/system_site/config');
    expect(config.statusCode).toBe(403);
    expect(config.headers['x-error-code']).toBe('NO_SITE');
  });
});

describe('site config and modules', () => {
  let site: number;
  let user: TestUser;
  beforeAll(async () => {
    site = await ctx.createSite('Configured site', ['MOD_VISIT', 'MOD_KM']);
    await ctx.db.insert(siteProperties).values([
      { siteId: site, name: 'SITE_TIMEOUT', type: 'LONG', value: 45 },
      { siteId: site, name: 'GATE_NAMES', type: 'STRING_ARRAY', value: ['North', 'South'] },
      { siteId: site, name: 'KIOSK_ENABLED', type: 'BOOLEAN', value: true },
      { siteId: site, name: 'RATIO', type: 'DOUBLE', value: 0.75 },
      { siteId: site, name: 'OLD_SETTING', type: 'STRING', value: 'x', active: false },
      { siteId: ctx.siteB, name: 'OTHER_SITE', type: 'STRING', value: 'secret' },
    ]);
    user = await ctx.givenUser({ roles: [], sites: [site] });
  });

  it("gives the current site's active properties with typed values, plus defaults of known ones", async () => {
    const response = await ctx.call(user, 'GET', '/api/system_site/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { name: 'GATE_NAMES', type: 'STRING_ARRAY', value: ['North', 'South'] },
      { name: 'KIOSK_ENABLED', type: 'BOOLEAN', value: true },
      { name: 'RATIO', type: 'DOUBLE', value: 0.75 },
      { name: 'SITE_TIMEOUT', type: 'LONG', value: 45 },
      { name: 'SESSION_MAX_HOURS', type: 'LONG', value: 12 },
      { name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 10 },
      { name: 'SITE_TIME_ZONE', type: 'STRING', value: 'Europe/Prague' },
      { name: 'VEHICLE_DWELL_LIMIT_HOURS', type: 'LONG', value: 12 },
      { name: 'CLIENT_TIME_PAST_MINUTES', type: 'LONG', value: 10080 },
      { name: 'CLIENT_TIME_FUTURE_MINUTES', type: 'LONG', value: 5 },
      { name: 'STOCK_CURRENCY', type: 'STRING', value: 'CZK' },
      // Retention (docs/privacy.md).
      { name: 'RETENTION_VISIT_DAYS', type: 'LONG', value: 90 },
      { name: 'RETENTION_VEHICLE_DAYS', type: 'LONG', value: 90 },
      { name: 'RETENTION_ANPR_DAYS', type: 'LONG', value: 7 },
      { name: 'RETENTION_KBOX_DAYS', type: 'LONG', value: 30 },
      { name: 'RETENTION_INCIDENT_DAYS', type: 'LONG', value: 365 },
      { name: 'DOCUMENT_NUMBERS_ON_REQUEST', type: 'BOOLEAN', value: false },
    ]);
  });

  it('gives only defaults for a site without properties', async () => {
    const plain = await ctx.givenUser({ roles: [], sites: [ctx.siteA] });
    expect((await ctx.call(plain, 'GET', '/api/system_site/config')).json()).toEqual([
      { name: 'SITE_TIMEOUT', type: 'LONG', value: 30 },
      { name: 'SESSION_MAX_HOURS', type: 'LONG', value: 12 },
      { name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 10 },
      { name: 'SITE_TIME_ZONE', type: 'STRING', value: 'Europe/Prague' },
      { name: 'VEHICLE_DWELL_LIMIT_HOURS', type: 'LONG', value: 12 },
      { name: 'CLIENT_TIME_PAST_MINUTES', type: 'LONG', value: 10080 },
      { name: 'CLIENT_TIME_FUTURE_MINUTES', type: 'LONG', value: 5 },
      { name: 'STOCK_CURRENCY', type: 'STRING', value: 'CZK' },
      // Retention (docs/privacy.md).
      { name: 'RETENTION_VISIT_DAYS', type: 'LONG', value: 90 },
      { name: 'RETENTION_VEHICLE_DAYS', type: 'LONG', value: 90 },
      { name: 'RETENTION_ANPR_DAYS', type: 'LONG', value: 7 },
      { name: 'RETENTION_KBOX_DAYS', type: 'LONG', value: 30 },
      { name: 'RETENTION_INCIDENT_DAYS', type: 'LONG', value: 365 },
      { name: 'DOCUMENT_NUMBERS_ON_REQUEST', type: 'BOOLEAN', value: false },
    ]);
    expect((await ctx.call(null, 'GET', '/api/system_site/config')).statusCode).toBe(401);
  });

  it('lists the modules of a member site in the order of the contract', async () => {
    const response = await ctx.call(user, 'GET', `/api/system_site/modules?id=${site}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['MOD_KM', 'MOD_VISIT']);
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_site/modules?id=${ctx.siteA}`)).json()).toEqual([
      ...MODULES,
    ]);
  });

  it("answers the caller's valid member sites by name, as the session does (/system_site membership)", async () => {
    const member = await ctx.givenUser({ roles: [], sites: [ctx.siteB, ctx.siteA] });
    const response = await ctx.call(member, 'GET', '/api/system_site/membership');
    expect(response.statusCode).toBe(200);
    const names = (await ctx.db.select({ id: sites.id, name: sites.name }).from(sites))
      .filter((row) => row.id === ctx.siteA || row.id === ctx.siteB)
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(names).toHaveLength(2);
    expect(response.json()).toEqual(names);
    // The same list the session answer carries; an invalid site is no membership.
    const session = await ctx.call(member, 'GET', '/api/session');
    expect(session.json().sites).toEqual(response.json());
    await ctx.db.update(sites).set({ valid: false }).where(eq(sites.id, site));
    const one = await ctx.givenUser({ roles: [], sites: [site] });
    expect((await ctx.call(one, 'GET', '/api/system_site/membership')).json()).toEqual([]);
    await ctx.db.update(sites).set({ valid: true }).where(eq(sites.id, site));
    expect((await ctx.call(null, 'GET', '/api/system_site/membership')).statusCode).toBe(401);
  });

  it('refuses the modules of a site the user is not a member of, except to an administrator', async () => {
    const response = await ctx.call(user, 'GET', `/api/system_site/modules?id=${ctx.siteA}`);
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('SITE_NOT_ALLOWED');
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_site/modules?id=${site}`)).json()).toEqual([
      'MOD_KM',
      'MOD_VISIT',
    ]);
    expect((await ctx.call(user, 'GET', '/api/system_site/modules')).statusCode).toBe(400);
  });
});

describe('site properties (CRUD /api/system_site/property)', () => {
  let siteAdmin: TestUser;
  beforeAll(async () => {
    siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteA, ctx.siteB] });
  });

  it('creates a property on the current site with a value of its type', async () => {
    const created = await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
      name: 'VISIT_LIMIT',
      type: 'LONG',
      value: 20,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'VISIT_LIMIT',
      type: 'LONG',
      value: 20,
      active: true,
      version: 0,
    });
    const [row] = await ctx.db.select().from(siteProperties).where(eq(siteProperties.id, created.json().id));
    expect(row.siteId).toBe(ctx.siteA);
    const config = (await ctx.call(siteAdmin, 'GET', '/api/system_site/config')).json();
    expect(config).toContainEqual({ name: 'VISIT_LIMIT', type: 'LONG', value: 20 });
  });

  it.each([
    ['LONG', 'twenty'],
    ['LONG', 1.5],
    ['BOOLEAN', 'yes'],
    ['STRING', 5],
    ['DOUBLE_ARRAY', [1, 'x']],
    ['STRING_ARRAY', 'a'],
  ])('refuses a %s property with the value %j', async (type, value) => {
    const response = await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
      name: 'BAD_VALUE',
      type,
      value,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-error-code']).toBe('VALIDATION');
    expect(response.json().details[0].path).toBe('value');
  });

  it('checks a changed value against the stored type and a changed type against the stored value', async () => {
    const created = (
      await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
        name: 'TYPED',
        type: 'LONG',
        value: 5,
      })
    ).json();
    const badValue = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${created.id}`, {
      version: 0,
      value: 'five',
    });
    expect(badValue.statusCode).toBe(400);
    const badType = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${created.id}`, {
      version: 0,
      type: 'BOOLEAN',
    });
    expect(badType.statusCode).toBe(400);
    const both = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${created.id}`, {
      version: 0,
      type: 'BOOLEAN',
      value: false,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ type: 'BOOLEAN', value: false, version: 1 });
    const active = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${created.id}`, {
      version: 1,
      active: false,
    });
    expect(active.json()).toMatchObject({ active: false, value: false });
  });

  it('keeps names unique per site only', async () => {
    await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
      name: 'UNIQUE_ONE',
      type: 'STRING',
      value: 'a',
    });
    const duplicate = await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
      name: 'UNIQUE_ONE',
      type: 'STRING',
      value: 'b',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
    const onB = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteB] });
    const other = await ctx.call(onB, 'POST', '/api/system_site/property', {
      name: 'UNIQUE_ONE',
      type: 'STRING',
      value: 'b',
    });
    expect(other.statusCode).toBe(201);
  });

  it("never shows or changes another site's property", async () => {
    const onB = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteB] });
    const foreign = (
      await ctx.call(onB, 'POST', '/api/system_site/property', {
        name: 'B_ONLY',
        type: 'STRING',
        value: 'hidden',
      })
    ).json();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { version: 0, value: 'changed' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await ctx.call(siteAdmin, method, `/api/system_site/property/${foreign.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('hidden');
    }
    const list = await ctx.call(siteAdmin, 'GET', '/api/system_site/property?size=100');
    expect(list.json().map((property: { name: string }) => property.name)).not.toContain('B_ONLY');
    const [row] = await ctx.db.select().from(siteProperties).where(eq(siteProperties.id, foreign.id));
    expect(row.value).toBe('hidden');
  });

  it('lists the properties of the current site sorted by name with a total', async () => {
    const list = await ctx.call(siteAdmin, 'GET', '/api/system_site/property?size=10&name=UNIQUE');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toHaveLength(1);
  });

  it('needs SITE_ADMIN or ADMINISTRATOR', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    expect((await ctx.call(user, 'GET', '/api/system_site/property')).statusCode).toBe(403);
    expect(
      (await ctx.call(user, 'POST', '/api/system_site/property', { name: 'X', type: 'LONG', value: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_site/property')).statusCode).toBe(200);
  });
});

describe('terminal authorization (POST /api/system_client/authorize)', () => {
  async function authorize(headers: Record<string, string>, name = 'Reception PC') {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/system_client/authorize',
      payload: { name },
      headers,
    });
  }

  it('lets a session with AUTH_CLIENT authorize a browser and hands out the client token', async () => {
    const response = await authorize({ 'x-auth-token': ctx.admin.token });
    expect(response.statusCode).toBe(201);
    const token = response.headers['x-client-token'] as string;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const body = response.json();
    expect(body).toMatchObject({ id: expect.any(Number), name: 'Reception PC' });
    expect(Date.parse(body.expires)).toBeGreaterThan(ctx.clock.now() + 300 * 86_400_000);
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, body.id));
    expect(row).toMatchObject({ authorized: true, valid: true, tokenHash: hashToken(token) });
  });

  it('tells a browser which terminal it is by its token, and nothing for a missing, unknown or revoked one', async () => {
    const response = await authorize({ 'x-auth-token': ctx.admin.token }, 'Gate tablet');
    const token = response.headers['x-client-token'] as string;
    const membership = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/system_client/membership', headers });
    const mine = await membership({ 'x-client-token': token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().terminal).toMatchObject({
      id: response.json().id,
      name: 'Gate tablet',
      internalRole: null,
      site: null,
    });
    expect(Date.parse(mine.json().terminal.expires)).toBeGreaterThan(ctx.clock.now());
    expect((await membership({})).json()).toEqual({ terminal: null });
    expect((await membership({ 'x-client-token': 'not-a-token' })).json()).toEqual({ terminal: null });
    await ctx.db.update(clients).set({ authorized: false }).where(eq(clients.id, response.json().id));
    expect((await membership({ 'x-client-token': token })).json()).toEqual({ terminal: null });
  });

  it('lets an AUTH_CLIENT user authorize with Basic credentials, without a session', async () => {
    const authorizer = await ctx.givenUser({ roles: ['AUTH_CLIENT'], login: false });
    const response = await authorize({ authorization: basic(authorizer.userName, PASSWORD) });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-client-token']).toBeTruthy();
  });

  it('refuses users without AUTH_CLIENT, wrong credentials and anonymous callers', async () => {
    const plain = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const bySession = await authorize({ 'x-auth-token': plain.token });
    expect(bySession.statusCode).toBe(403);
    expect(bySession.headers['x-client-token']).toBeUndefined();
    expect((await authorize({ authorization: basic(plain.userName, PASSWORD) })).statusCode).toBe(403);
    const authorizer = await ctx.givenUser({ roles: ['AUTH_CLIENT'], login: false });
    expect((await authorize({ authorization: basic(authorizer.userName, 'Wrong123!') })).statusCode).toBe(
      401,
    );
    expect((await authorize({})).statusCode).toBe(401);
  });

  it('validates the name', async () => {
    expect((await authorize({ 'x-auth-token': ctx.admin.token }, '  ')).statusCode).toBe(400);
    expect((await authorize({ 'x-auth-token': ctx.admin.token }, 'x'.repeat(101))).statusCode).toBe(400);
  });

  describe('login of a user without ALL_CLIENTS', () => {
    let kiosk: TestUser;
    let clientToken: string;
    let clientId: number;
    beforeAll(async () => {
      kiosk = await ctx.givenUser({ roles: ['VISIT_KIOSK'], login: false, allClients: false });
      const response = await authorize({ 'x-auth-token': ctx.admin.token }, 'Kiosk terminal');
      clientToken = response.headers['x-client-token'] as string;
      clientId = response.json().id;
    });

    it('is refused from an unauthorized browser', async () => {
      for (const headers of [{}, { 'x-client-token': 'made-up-token' }] as Record<string, string>[]) {
        const response = await ctx.login(kiosk.userName, PASSWORD, headers);
        expect(response.statusCode).toBe(403);
        expect(response.headers['x-error-code']).toBe('CLIENT_NOT_AUTHORIZED');
      }
    });

    it('succeeds from an authorized terminal and ties the session to it', async () => {
      const response = await ctx.login(kiosk.userName, PASSWORD, { 'x-client-token': clientToken });
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(response.json().session.token)));
      expect(row.clientId).toBe(clientId);
      const [client] = await ctx.db.select().from(clients).where(eq(clients.id, clientId));
      expect(client.lastAccess).not.toBeNull();
    });

    it('ends the sessions opened on a terminal once it is revoked', async () => {
      const token = (await ctx.login(kiosk.userName, PASSWORD, { 'x-client-token': clientToken })).json()
        .session.token;
      const session = { ...kiosk, token };
      expect((await ctx.call(session, 'GET', '/api/session')).statusCode).toBe(200);
      const client = (await ctx.call(ctx.admin, 'GET', `/api/system_client/${clientId}`)).json();
      await ctx.call(ctx.admin, 'PUT', `/api/system_client/${clientId}`, {
        version: client.version,
        authorized: false,
      });
      expect((await ctx.call(session, 'GET', '/api/session')).statusCode).toBe(401);
      await ctx.db.update(clients).set({ authorized: true }).where(eq(clients.id, clientId));
    });

    it('is refused from a terminal that is expired, revoked or disabled', async () => {
      for (const change of [
        { expires: new Date(ctx.clock.now() - 1000) },
        { authorized: false },
        { valid: false },
      ]) {
        await ctx.db.update(clients).set(change).where(eq(clients.id, clientId));
        const response = await ctx.login(kiosk.userName, PASSWORD, { 'x-client-token': clientToken });
        expect(response.statusCode).toBe(403);
        await ctx.db
          .update(clients)
          .set({ expires: new Date(ctx.clock.now() + 86_400_000), authorized: true, valid: true })
          .where(eq(clients.id, clientId));
      }
      expect((await ctx.login(kiosk.userName, PASSWORD, { 'x-client-token': clientToken })).statusCode).toBe(
        200,
      );
    });

    it('does not need a terminal for users with ALL_CLIENTS, directly or through a group', async () => {
      const roaming = await ctx.givenUser({ roles: [], login: false });
      expect((await ctx.login(roaming.userName)).statusCode).toBe(200);
      const member = await ctx.givenUser({ roles: [], login: false, allClients: false });
      expect((await ctx.login(member.userName)).statusCode).toBe(403);
      const group = await ctx.call(ctx.admin, 'POST', '/api/access_group', {
        name: 'Any browser',
        roles: ['ALL_CLIENTS'],
        members: [member.id],
      });
      expect(group.statusCode).toBe(201);
      expect((await ctx.login(member.userName)).statusCode).toBe(200);
    });
  });
});
