import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';

let ctx: TestContext;
let vehicleAdmin: TestUser;
let guard: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vehicleAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] });
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER'] });
  otherAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'], sites: [ctx.siteB] });
});
afterAll(() => ctx?.close());

describe('code lists (Vehicles → Forwarders, Entry purposes, Material, Types)', () => {
  it.each(['forwarder', 'purpose', 'material', 'type'])(
    'manages /api/vehicle/%s as VEHICLE_ADMIN, read-only for VEHICLE_USER',
    async (list) => {
      const created = await ctx.call(vehicleAdmin, 'POST', `/api/vehicle/${list}`, { name: `First ${list}` });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: `First ${list}`, valid: true });
      const duplicate = await ctx.call(vehicleAdmin, 'POST', `/api/vehicle/${list}`, {
        name: `First ${list}`,
      });
      expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
      const missingName = await ctx.call(vehicleAdmin, 'POST', `/api/vehicle/${list}`, {});
      expect(missingName.statusCode).toBe(400);
      expect(missingName.json().details).toEqual([{ path: 'name', message: expect.any(String) }]);

      const refused = await ctx.call(guard, 'POST', `/api/vehicle/${list}`, { name: 'By guard' });
      expect(refused.statusCode).toBe(403);
      const listed = await ctx.call(guard, 'GET', `/api/vehicle/${list}`);
      expect(listed.statusCode).toBe(200);
      const rows = listed.json() as Array<{ name: string }>;
      expectEvery(rows, (row) => row.name === `First ${list}`);
    },
  );

  it('keeps a purpose or type that requires a trailer plate', async () => {
    for (const list of ['purpose', 'type']) {
      const created = await ctx.call(vehicleAdmin, 'POST', `/api/vehicle/${list}`, {
        name: `Semi-trailer ${list}`,
        requiresTrailer: true,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ requiresTrailer: true });
      const plain = await ctx.call(vehicleAdmin, 'POST', `/api/vehicle/${list}`, { name: `Van ${list}` });
      expect(plain.json()).toMatchObject({ requiresTrailer: false });
    }
  });

  it('keeps each site’s lists apart', async () => {
    const own = await ctx.call(otherAdmin, 'POST', '/api/vehicle/forwarder', { name: 'First forwarder' });
    expect(own.statusCode).toBe(201);
    const theirs = await ctx.call(vehicleAdmin, 'GET', '/api/vehicle/forwarder');
    const rows = theirs.json() as Array<{ id: number }>;
    expectEvery(rows, (row) => row.id !== own.json().id);
    const foreign = await ctx.call(vehicleAdmin, 'GET', `/api/vehicle/forwarder/${own.json().id}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses other roles and a site without the module', async () => {
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    expect((await ctx.call(visitAdmin, 'GET', '/api/vehicle/forwarder')).statusCode).toBe(403);
    const siteWithout = await ctx.createSite('No vehicles', ['MOD_VISIT']);
    const user = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'], sites: [siteWithout] });
    const response = await ctx.call(user, 'GET', '/api/vehicle/material');
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('MODULE_DISABLED');
  });
});

describe('vehicle advice categories (Vehicle advices → Categories)', () => {
  it('are managed by VEHICLE_ADVICE_ADMIN and only read by VEHICLE_ADVICE_USER', async () => {
    const adviceAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'] });
    const adviceUser = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_USER'] });
    const created = await ctx.call(adviceAdmin, 'POST', '/api/vehicle/advice/category', {
      name: 'Supplies',
      description: 'Regular supplies',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Supplies', description: 'Regular supplies', valid: true });
    const refused = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice/category', { name: 'X' });
    expect(refused.statusCode).toBe(403);
    const listed = await ctx.call(adviceUser, 'GET', '/api/vehicle/advice/category');
    expectEvery(listed.json() as Array<{ name: string }>, (row) => row.name === 'Supplies');
    // The vehicles module's own admin does not manage advice categories.
    expect((await ctx.call(vehicleAdmin, 'GET', '/api/vehicle/advice/category')).statusCode).toBe(403);
  });
});
