import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { givenTerminal, terminalHeaders } from '../../test/terminals';
import { clients, sites } from './platform.tables';
import { terminalAccess } from './guard';
import { terminalOf } from './terminal';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    routes: (app) => {
      app.get(
        '/api/test/terminal',
        { config: { access: terminalAccess('ANPR', 'MOD_VEHICLE') } },
        async (request) => terminalOf(request),
      );
    },
  });
});
afterAll(() => ctx?.close());

const callTerminalRoute = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/test/terminal', headers });

describe('terminal routes (X-Client-Token of a machine terminal)', () => {
  it('take the token of a terminal with the route’s role, bind it to its site and record its access', async () => {
    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteB });
    await ctx.db.update(clients).set({ lastAccess: null }).where(eq(clients.id, camera.id));
    const response = await callTerminalRoute(terminalHeaders(camera));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clientId: camera.id, role: 'ANPR', siteId: ctx.siteB });
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, camera.id));
    expect(row.lastAccess).not.toBeNull();
  });

  it('refuse a user session, even beside a valid terminal token', async () => {
    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
    const user = await callTerminalRoute({ 'x-auth-token': ctx.admin.token });
    expect(user.statusCode).toBe(401);
    expect(user.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    const both = await callTerminalRoute({ 'x-auth-token': ctx.admin.token, ...terminalHeaders(camera) });
    expect(both.statusCode).toBe(401);
    expect(both.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
  });

  it('refuse a missing, unknown, revoked or expired token', async () => {
    expect((await callTerminalRoute({})).headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    const unknown = await callTerminalRoute({ 'x-client-token': 'not-a-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    for (const change of [
      { authorized: false },
      { valid: false },
      { expires: new Date(ctx.clock.now() - 1000) },
    ]) {
      const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
      await ctx.db.update(clients).set(change).where(eq(clients.id, camera.id));
      const response = await callTerminalRoute(terminalHeaders(camera));
      expect(response.statusCode, JSON.stringify(change)).toBe(401);
      expect(response.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    }
  });

  it('refuse a terminal of another role and a browser terminal', async () => {
    const patrol = await givenTerminal(ctx, { role: 'PATROL_TERMINAL', site: ctx.siteA });
    const response = await callTerminalRoute(terminalHeaders(patrol));
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('FORBIDDEN');
    const browser = await givenTerminal(ctx, { role: null, site: null });
    expect((await callTerminalRoute(terminalHeaders(browser))).statusCode).toBe(403);
  });

  it('refuse a terminal whose site lacks the route’s module', async () => {
    const site = await ctx.createSite('Visits only', ['MOD_VISIT']);
    const camera = await givenTerminal(ctx, { role: 'ANPR', site });
    const response = await callTerminalRoute(terminalHeaders(camera));
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('MODULE_DISABLED');
  });

  it('refuse a terminal whose site is no longer valid', async () => {
    const site = await ctx.createSite('Closed site');
    const camera = await givenTerminal(ctx, { role: 'ANPR', site });
    expect((await callTerminalRoute(terminalHeaders(camera))).statusCode).not.toBe(403);
    await ctx.db.update(sites).set({ valid: false }).where(eq(sites.id, site));
    const response = await callTerminalRoute(terminalHeaders(camera));
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('NO_SITE');
  });
});

describe('a machine terminal’s token on user routes', () => {
  it('is no user session (SESSION_REQUIRED)', async () => {
    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
    const response = await ctx.call(
      null,
      'GET',
      '/api/vehicle/forwarder',
      undefined,
      terminalHeaders(camera),
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-error-code']).toBe('SESSION_REQUIRED');
    // Without any token the answer stays the plain one.
    const none = await ctx.call(null, 'GET', '/api/vehicle/forwarder');
    expect(none.headers['x-error-code']).toBe('UNAUTHORIZED');
  });

  it('does not authorize a browser at login', async () => {
    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
    const browser = await givenTerminal(ctx, { role: null, site: null, name: 'Reception PC' });
    const user = await ctx.givenUser({ roles: ['VEHICLE_USER'], allClients: false, login: false });
    const refused = await ctx.login(user.userName, undefined, terminalHeaders(camera));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-error-code']).toBe('CLIENT_NOT_AUTHORIZED');
    const allowed = await ctx.login(user.userName, undefined, terminalHeaders(browser));
    expect(allowed.statusCode).toBe(200);
  });
});

describe('terminal role and site on /admin/clients', () => {
  it('needs a site for a terminal with an internal role, and lists both', async () => {
    const authorized = await ctx.call(ctx.admin, 'POST', '/api/system_client/authorize', {
      name: 'Camera 9',
    });
    const id = authorized.json().id as number;
    const current = await ctx.call(ctx.admin, 'GET', `/api/system_client/${id}`);
    const noSite = await ctx.call(ctx.admin, 'PUT', `/api/system_client/${id}`, {
      version: current.json().version,
      internalRole: 'ANPR',
    });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().details).toEqual([{ path: 'site', message: 'validation.required' }]);
    const badRole = await ctx.call(ctx.admin, 'PUT', `/api/system_client/${id}`, {
      version: current.json().version,
      internalRole: 'VEHICLE_ADMIN',
      site: ctx.siteA,
    });
    expect(badRole.statusCode).toBe(400);
    const listed = await ctx.call(ctx.admin, 'GET', '/api/system_client?internalRole=ANPR');
    const rows = listed.json() as Array<{ internalRole: string; site: { id: number } }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.internalRole !== 'ANPR' || !row.site)).toEqual([]);
  });
});
