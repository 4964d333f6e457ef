import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { clients } from '../../platform/platform.tables';

/**
 * The one terminal-token mechanism on /admin/clients (docs/terminals.md): a client created there gets its token
 * once, "new token" replaces it, "revoke" ends it; the same actions on a device record (a patrol terminal).
 */
let ctx: TestContext;
let siteAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'VEHICLE_ADMIN'] });
});
afterAll(() => ctx?.close());

const plateRead = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/vehicle/anpr/read',
    headers: { 'x-client-token': token },
    payload: { plate: '1AB 2345', camera: 'Gate 1 in', confidence: 90 },
  });

async function givenCamera(name: string, site = ctx.siteA) {
  const created = await ctx.call(ctx.admin, 'POST', '/api/system_client', {
    name,
    internalRole: 'ANPR',
    site,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; token: string; authorized: boolean; expires: string | null };
}

describe('a client created on /admin/clients', () => {
  it('answers its token once, authorized for a year, and the camera posts plate reads with it', async () => {
    const camera = await givenCamera('Gate 1 camera');
    expect(camera.token).toEqual(expect.any(String));
    expect(camera.authorized).toBe(true);
    expect(Date.parse(camera.expires!)).toBe(ctx.clock.now() + 365 * 86_400_000);
    const read = await ctx.call(ctx.admin, 'GET', `/api/system_client/${camera.id}`);
    expect(read.json()).not.toHaveProperty('token');
    const list = await ctx.call(ctx.admin, 'GET', '/api/system_client?name=Gate 1 camera');
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain(camera.token);
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, camera.id));
    expect(row.tokenHash).toEqual(expect.any(String));
    expect(row.tokenHash).not.toBe(camera.token);
    const posted = await plateRead(camera.token);
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('needs a site for a machine role', async () => {
    const response = await ctx.call(ctx.admin, 'POST', '/api/system_client', {
      name: 'Siteless camera',
      internalRole: 'ANPR',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'site', message: 'validation.required' }]);
  });

  it('gets a new token: the old one answers 401, the new one works', async () => {
    const camera = await givenCamera('Gate 2 camera');
    const renewed = await ctx.call(ctx.admin, 'POST', `/api/system_client/${camera.id}/token`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const token = String(renewed.json().token);
    expect(token).not.toBe(camera.token);
    const old = await plateRead(camera.token);
    expect(old.statusCode).toBe(401);
    expect(old.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    expect((await plateRead(token)).statusCode).toBe(201);
    const read = await ctx.call(ctx.admin, 'GET', `/api/system_client/${camera.id}`);
    expect(read.json()).not.toHaveProperty('token');
  });

  it('is revoked: its next call answers 401 until a new token is issued', async () => {
    const camera = await givenCamera('Gate 3 camera');
    expect((await plateRead(camera.token)).statusCode).toBe(201);
    const revoked = await ctx.call(ctx.admin, 'POST', `/api/system_client/${camera.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ authorized: false });
    expect(revoked.json()).not.toHaveProperty('token');
    const refused = await plateRead(camera.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    const renewed = await ctx.call(ctx.admin, 'POST', `/api/system_client/${camera.id}/token`);
    expect(renewed.json()).toMatchObject({ authorized: true });
    expect((await plateRead(String(renewed.json().token))).statusCode).toBe(201);
  });

  it('a browser terminal too: its token lets a user without ALL_CLIENTS log in until it is revoked', async () => {
    const created = await ctx.call(ctx.admin, 'POST', '/api/system_client', { name: 'Reception PC' });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json() as { id: number; token: string };
    const user = await ctx.givenUser({ roles: ['VISIT_USER'], allClients: false, login: false });
    expect((await ctx.login(user.userName, undefined, { 'x-client-token': token })).statusCode).toBe(200);
    await ctx.call(ctx.admin, 'POST', `/api/system_client/${id}/revoke`);
    const refused = await ctx.login(user.userName, undefined, { 'x-client-token': token });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-error-code']).toBe('CLIENT_NOT_AUTHORIZED');
  });

  it('takes token and revoke from the Administrator only, and 404 for an unknown client', async () => {
    const camera = await givenCamera('Gate 4 camera');
    for (const action of ['token', 'revoke']) {
      const forbidden = await ctx.call(siteAdmin, 'POST', `/api/system_client/${camera.id}/${action}`);
      expect(forbidden.statusCode, action).toBe(403);
      const anonymous = await ctx.call(null, 'POST', `/api/system_client/${camera.id}/${action}`);
      expect(anonymous.statusCode, action).toBe(401);
      const byTerminal = await ctx.call(
        null,
        'POST',
        `/api/system_client/${camera.id}/${action}`,
        undefined,
        {
          'x-client-token': camera.token,
        },
      );
      expect(byTerminal.statusCode, action).toBe(401);
      const unknown = await ctx.call(ctx.admin, 'POST', `/api/system_client/999999/${action}`);
      expect(unknown.statusCode, action).toBe(404);
    }
    expect(
      (await ctx.call(siteAdmin, 'POST', '/api/system_client', { name: 'Sneaky', internalRole: 'ANPR' }))
        .statusCode,
    ).toBe(403);
    // The camera still works: nothing above touched it.
    expect((await plateRead(camera.token)).statusCode).toBe(201);
  });

  it('binds a camera of another site to that site only', async () => {
    const camera = await givenCamera('Site B camera', ctx.siteB);
    const posted = await plateRead(camera.token);
    expect(posted.statusCode, posted.body).toBe(201);
    const siteAReads = await ctx.call(siteAdmin, 'GET', '/api/vehicle/anpr/read');
    const reads = siteAReads.json() as Array<{ id: number }>;
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.map((read) => read.id)).not.toContain(posted.json().id);
  });
});

describe('revoking a device record’s terminal (a patrol terminal)', () => {
  it('makes its token fail, another site’s terminal is 404, a viewer is 403', async () => {
    const patrolAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'] });
    const patrolViewer = await ctx.givenUser({ roles: ['PATROL_VIEW'] });
    const otherAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'], sites: [ctx.siteB] });
    const created = await ctx.call(patrolAdmin, 'POST', '/api/patrol/terminal', { name: 'Handheld R' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json() as { id: number; token: string };
    const incidentTypes = (clientToken: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/patrol/terminal/incidenttype',
        headers: { 'x-client-token': clientToken },
      });
    expect((await incidentTypes(token)).statusCode).toBe(200);
    expect((await ctx.call(patrolViewer, 'POST', `/api/patrol/terminal/${id}/revoke`)).statusCode).toBe(403);
    expect((await ctx.call(otherAdmin, 'POST', `/api/patrol/terminal/${id}/revoke`)).statusCode).toBe(404);
    expect((await incidentTypes(token)).statusCode).toBe(200);
    const revoked = await ctx.call(patrolAdmin, 'POST', `/api/patrol/terminal/${id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await incidentTypes(token)).statusCode).toBe(401);
    const renewed = await ctx.call(patrolAdmin, 'POST', `/api/patrol/terminal/${id}/token`);
    expect((await incidentTypes(String(renewed.json().token))).statusCode).toBe(200);
  });
});
