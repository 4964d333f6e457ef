import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, type DashboardWidget } from '@strazce/contract';
import { desc, gt } from 'drizzle-orm';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { kboxContents, kboxKeyboxes } from '../kbox/kbox.tables';
import { keyLends, keyTypes, keys } from '../keys/keys.tables';
import { audits, siteProperties } from '../../platform/platform.tables';
import { vehicleMovements, vehiclePurposes } from '../vehicle/vehicle.tables';
import { givenVisitSite, type VisitSite } from '../visit/visit.fixtures';
import { visits } from '../visit/visit.tables';

let ctx: TestContext;
let watcher: TestUser;
let other: TestUser;
let visitView: TestUser;
let everything: TestUser;
let noModules: TestUser;
let site: VisitSite;
let zoneSite: number;
let zoneUser: TestUser;

const widget = (fields: Partial<DashboardWidget> = {}): DashboardWidget => ({
  id: 'w1',
  kind: 'visitors',
  x: 0,
  y: 0,
  w: 6,
  h: 18,
  ...fields,
});

const summaryOf = async (user: TestUser) => {
  const response = await ctx.call(user, 'GET', '/api/dashboard/summary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
};

// The site's clock: 10 March 2026, 23:30 UTC is already 11 March, 00:30 in Prague (UTC+1).
const NOW = Date.parse('2026-03-10T23:30:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.clock.set(NOW);
  watcher = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteA, ctx.siteB] });
  other = await ctx.givenUser({ roles: ['VISIT_USER'] });
  visitView = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
  everything = await ctx.givenUser({ roles: ['VISIT_VIEW', 'VEHICLE_VIEW', 'KM_VIEW', 'KBOX_VIEW'] });
  const bare = await ctx.createSite('Site without modules', []);
  noModules = await ctx.givenUser({
    roles: ['VISIT_VIEW', 'VEHICLE_VIEW', 'KM_VIEW', 'KBOX_VIEW'],
    sites: [bare],
  });
  site = await givenVisitSite(ctx, ctx.siteA);

  // Site A's movements around its midnight (Prague): 22:50 UTC is yesterday, 23:10 UTC today.
  const visitRow = { siteId: ctx.siteA, purposeId: site.delivery, gateId: site.gate };
  await ctx.db.insert(visits).values([
    { ...visitRow, movementTime: at('2026-03-10T22:50:00Z'), direction: 'IN', inArea: true },
    { ...visitRow, movementTime: at('2026-03-10T23:10:00Z'), direction: 'IN', inArea: true },
    { ...visitRow, movementTime: at('2026-03-10T23:15:00Z'), direction: 'IN', inArea: false, departed: true },
    { ...visitRow, movementTime: at('2026-03-10T23:20:00Z'), direction: 'OUT' },
  ]);
  const [purpose] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId: ctx.siteA, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });
  const vehicleRow = { siteId: ctx.siteA, purposeId: purpose.id, gateId: site.gate };
  await ctx.db.insert(vehicleMovements).values([
    {
      ...vehicleRow,
      plate: '1A11111',
      movementTime: at('2026-03-10T12:00:00Z'),
      direction: 'IN',
      inArea: true,
    },
    {
      ...vehicleRow,
      plate: '2B22222',
      movementTime: at('2026-03-10T23:05:00Z'),
      direction: 'IN',
      inArea: true,
    },
    // Only its trailer is still inside: in the area all the same (the vehicle manager lists it).
    {
      ...vehicleRow,
      plate: '3C33333',
      movementTime: at('2026-03-10T23:06:00Z'),
      direction: 'IN',
      trailerPlate: 'TR1',
      trailerInArea: true,
    },
  ]);
  const [type] = await ctx.db
    .insert(keyTypes)
    .values({ siteId: ctx.siteA, name: 'Plain' })
    .returning({ id: keyTypes.id });
  const keyRows = await ctx.db
    .insert(keys)
    .values(['K1', 'K2', 'K3'].map((code) => ({ siteId: ctx.siteA, code, name: code, typeId: type.id })))
    .returning({ id: keys.id });
  const lend = { siteId: ctx.siteA, gateId: site.gate, lendDateTime: at('2026-03-10T08:00:00Z') };
  await ctx.db.insert(keyLends).values([
    { ...lend, keyId: keyRows[0].id, due: at('2026-03-10T20:00:00Z') },
    { ...lend, keyId: keyRows[1].id, due: at('2026-03-11T08:00:00Z') },
    { ...lend, keyId: keyRows[2].id, returned: true, returnDateTime: at('2026-03-10T09:00:00Z') },
  ]);
  // Two keyboxes, one OFFLINE; two contents waiting in them, one picked up and one not deposited yet.
  const boxes = await ctx.db
    .insert(kboxKeyboxes)
    .values([
      { siteId: ctx.siteA, name: 'Recepce', uuid: 'k-1' },
      { siteId: ctx.siteA, name: 'Sklad', uuid: 'k-2', status: 'OFFLINE' },
    ])
    .returning({ id: kboxKeyboxes.id });
  await ctx.db.insert(kboxContents).values(
    (['DEPOSITED', 'DEPOSITED', 'PICKED_UP', 'NEW'] as const).map((status, index) => ({
      siteId: ctx.siteA,
      contentId: index + 1,
      keyboxId: boxes[index % 2].id,
      status,
    })),
  );

  // The same movements on a site whose zone is UTC: there it is still 10 March.
  zoneSite = await ctx.createSite('Site in UTC', MODULES);
  await ctx.db
    .insert(siteProperties)
    .values({ siteId: zoneSite, name: 'SITE_TIME_ZONE', type: 'STRING', value: 'UTC' });
  const zoneGates = await givenVisitSite(ctx, zoneSite);
  await ctx.db.insert(visits).values([
    {
      siteId: zoneSite,
      purposeId: zoneGates.delivery,
      gateId: zoneGates.gate,
      movementTime: at('2026-03-10T00:10:00Z'),
      direction: 'IN',
    },
    {
      siteId: zoneSite,
      purposeId: zoneGates.delivery,
      gateId: zoneGates.gate,
      movementTime: at('2026-03-10T23:10:00Z'),
      direction: 'IN',
    },
    {
      siteId: zoneSite,
      purposeId: zoneGates.delivery,
      gateId: zoneGates.gate,
      movementTime: at('2026-03-09T23:50:00Z'),
      direction: 'IN',
    },
  ]);
  zoneUser = await ctx.givenUser({ roles: ['VISIT_VIEW'], sites: [zoneSite] });
});

afterAll(() => ctx.close());

describe('dashboard layout', () => {
  it('refuses callers without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/dashboard/layout'],
      ['PUT', '/api/dashboard/layout'],
      ['GET', '/api/dashboard/summary'],
    ]) {
      const response = await ctx.call(null, method, url, method === 'PUT' ? { widgets: [] } : undefined);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('is empty until saved, then answers what was saved', async () => {
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [],
      saved: false,
    });
    const widgets = [widget(), widget({ id: 'w2', kind: 'skipTo', x: 6, w: 6, h: 35 })];
    const saved = await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets });
    expect(saved.statusCode, saved.body).toBe(204);
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets,
      saved: true,
    });
    // Saved again: replaced, not appended.
    await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets: [widget({ x: 2 })] });
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [widget({ x: 2 })],
      saved: true,
    });
  });

  it('is audited with the status it answered (204)', async () => {
    const [last] = await ctx.db.select({ id: audits.id }).from(audits).orderBy(desc(audits.id)).limit(1);
    const saved = await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets: [widget()] });
    expect(saved.statusCode).toBe(204);
    const entries = await ctx.db
      .select()
      .from(audits)
      .where(gt(audits.id, last?.id ?? 0));
    expectEvery(entries, (entry) => entry.event === 'WRITE' && entry.status === 204);
    expect(entries[0]).toMatchObject({ entity: 'dashboard_layout', recordId: String(watcher.id) });
  });

  it('keeps an emptied dashboard empty (saved), unlike one never saved', async () => {
    const user = await ctx.givenUser({ roles: [] });
    expect((await ctx.call(user, 'PUT', '/api/dashboard/layout', { widgets: [] })).statusCode).toBe(204);
    expect((await ctx.call(user, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [],
      saved: true,
    });
  });

  it("is the user's own: another user sees theirs, not this one", async () => {
    await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets: [widget({ kind: 'profile' })] });
    expect((await ctx.call(other, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [],
      saved: false,
    });
    await ctx.call(other, 'PUT', '/api/dashboard/layout', { widgets: [widget({ kind: 'keys' })] });
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [widget({ kind: 'profile' })],
      saved: true,
    });
  });

  it('is kept per site: the current site has its own layout', async () => {
    await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets: [widget({ kind: 'profile' })] });
    const switched = await ctx.call(watcher, 'POST', '/api/system_site/switch', { id: ctx.siteB });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [],
      saved: false,
    });
    await ctx.call(watcher, 'PUT', '/api/dashboard/layout', { widgets: [widget({ kind: 'vehicles' })] });
    await ctx.call(watcher, 'POST', '/api/system_site/switch', { id: ctx.siteA });
    expect((await ctx.call(watcher, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [widget({ kind: 'profile' })],
      saved: true,
    });
  });

  it('refuses a layout that breaks the rules, with validation keys at the widget', async () => {
    const refused = async (widgets: unknown[], path: string, message: string) => {
      const response = await ctx.call(other, 'PUT', '/api/dashboard/layout', { widgets });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['x-error-code']).toBe('VALIDATION');
      expect(response.json().details).toContainEqual({ path, message });
    };
    await refused([widget({ w: 2 })], 'widgets.0.w', 'validation.dashboardWidgetSize');
    await refused([widget({ h: 51 })], 'widgets.0.w', 'validation.dashboardWidgetSize');
    await refused([widget({ x: 38 })], 'widgets.0.x', 'validation.dashboardOutside');
    await refused([widget(), widget({ id: 'w2', x: 3 })], 'widgets.1.y', 'validation.dashboardOverlap');
    await refused([widget(), widget({ x: 6 })], 'widgets.1.id', 'validation.dashboardDuplicate');
    await refused([widget({ kind: 'weather' as 'keys' })], 'widgets.0.kind', 'validation.enum');
    const many = Array.from({ length: 13 }, (_, index) =>
      widget({ id: `w${index}`, x: (index % 6) * 6, y: Math.floor(index / 6) * 18 }),
    );
    await refused(many, 'widgets', 'validation.dashboardTooMany');
    // Nothing of the refused layouts was kept.
    expect((await ctx.call(other, 'GET', '/api/dashboard/layout')).json()).toEqual({
      widgets: [widget({ kind: 'keys' })],
      saved: true,
    });
  });
});

describe('dashboard summary', () => {
  it("answers only the parts of the user's roles", async () => {
    const summary = await summaryOf(visitView);
    expect(Object.keys(summary).sort()).toEqual(['failed', 'today', 'visitors']);
    const plain = await summaryOf(ctx.admin);
    expect(plain).toEqual({ today: '2026-03-11', failed: [] });
  });

  it('answers no part of a module the site has not enabled', async () => {
    expect(await summaryOf(noModules)).toEqual({ today: '2026-03-11', failed: [] });
  });

  it("counts today in the site's time zone at the app's clock", async () => {
    const summary = await summaryOf(everything);
    expect(summary).toEqual({
      today: '2026-03-11',
      // In the area: both entries still inside; today (Prague): the entries at 23:10 and 23:15 UTC and the leave.
      visitors: { inArea: 2, entriesToday: 2, exitsToday: 1 },
      // Two vehicles and a trailer left alone inside; today: the entries at 23:05 and 23:06 UTC.
      vehicles: { inArea: 3, entriesToday: 2, exitsToday: 0 },
      // Two keys out, one past its due time at 23:30 UTC; the returned one does not count.
      keys: { lent: 2, overdue: 1 },
      keybox: { waiting: 2, notOk: 1, keyboxes: 2 },
      failed: [],
    });
    // On a site in UTC it is still 10 March: the entries of 00:10 and 23:10 UTC, not that of the 9th.
    expect(await summaryOf(zoneUser)).toMatchObject({
      today: '2026-03-10',
      visitors: { inArea: 0, entriesToday: 2, exitsToday: 0 },
    });
  });

  it("says as many in the area as the lists do (issue 33: the dashboard's 2 vehicles beside the manager's 3)", async () => {
    const summary = (await summaryOf(everything)) as {
      visitors: { inArea: number };
      vehicles: { inArea: number };
    };
    const totalOf = async (url: string) => {
      const response = await ctx.call(everything, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as unknown[]).length).toBeGreaterThan(0);
      return Number(response.headers['x-total-count']);
    };
    // The trailer left alone is the case that differed: the list showed it, the widget did not count it.
    expect(summary.vehicles.inArea).toBe(await totalOf('/api/vehicle/inarea?size=100'));
    expect(summary.vehicles.inArea).toBe(3);
    expect(summary.visitors.inArea).toBe(await totalOf('/api/visit/overview?size=100'));
  });

  it('moves on with the clock', async () => {
    await ctx.clock.set(Date.parse('2026-03-11T23:30:00Z'));
    try {
      expect(await summaryOf(everything)).toMatchObject({
        today: '2026-03-12',
        visitors: { inArea: 2, entriesToday: 0, exitsToday: 0 },
        keys: { lent: 2, overdue: 2 },
      });
    } finally {
      await ctx.clock.set(NOW);
    }
  });
});
