import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay, vehicleAdviceDefaultFilter } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { and, desc, eq } from 'drizzle-orm';
import { siteToday } from '../../platform/siteTime';
import { givenGates } from '../site/site.fixtures';
import { audits } from '../../platform/platform.tables';
import { givenAdviceCategory, givenVehicleAdvice } from './vehicle.fixtures';
import { vehicleAdvices, vehiclePurposes } from './vehicle.tables';

let ctx: TestContext;
let adviceUser: TestUser;
let adviceView: TestUser;
let otherSiteUser: TestUser;
let category: number;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // Half past midnight in Prague, still the previous day in UTC: "today" is the site's.
  await ctx.clock.set(new Date('2026-03-10T23:30:00Z'));
  adviceUser = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_USER'] });
  adviceView = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_VIEW'] });
  otherSiteUser = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'], sites: [ctx.siteB] });
  const categoryAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'] });
  category = await givenAdviceCategory(ctx, categoryAdmin, 'Supplies');
  today = await siteToday(ctx.db, ctx.siteA, new Date(ctx.clock.now()));
});
afterAll(() => ctx?.close());

describe('vehicle advices (/api/vehicle/advice)', () => {
  it('are written by VEHICLE_ADVICE_USER with every field, plates in their normal form (upper case, no spaces or dashes)', async () => {
    const response = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice', {
      date: today,
      time: '07:30',
      category,
      forwarder: 'Rychlá doprava',
      supplier: 'Ocel a.s.',
      direction: 'IN',
      notes: 'Ramp 3',
      destination: 'Warehouse B',
      vehiclePlate: '1ab 2345',
      trailerPlate: '2ab-3456',
      driverFirstName: 'Jan',
      driverLastName: 'Novák',
      phone: '+420 123 456 789',
      email: 'jan.novak@example.com',
      internalId: 'INT-1',
      supplierId: 'SUP-9',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      date: today,
      time: '07:30',
      category: { id: category, label: 'Supplies' },
      direction: 'IN',
      vehiclePlate: '1AB2345',
      trailerPlate: '2AB3456',
      driverLastName: 'Novák',
      email: 'jan.novak@example.com',
    });
  });

  it('refuses equal vehicle and trailer plates, however written, also on update', async () => {
    const equal = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice', {
      date: today,
      category,
      direction: 'IN',
      vehiclePlate: '1A2 3456',
      trailerPlate: '1a2-3456',
    });
    expect(equal.statusCode).toBe(400);
    expect(equal.json().details).toEqual([{ path: 'trailerPlate', message: 'validation.platesEqual' }]);

    const advice = await givenVehicleAdvice(ctx, adviceUser, {
      date: today,
      category,
      vehiclePlate: '5E5 5555',
      trailerPlate: '6E6 6666',
    });
    const update = await ctx.call(adviceUser, 'PUT', `/api/vehicle/advice/${advice.id}`, {
      version: advice.version,
      trailerPlate: '5E55555',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().details).toEqual([{ path: 'trailerPlate', message: 'validation.platesEqual' }]);
  });

  it("refuses a day before the site's today (date in the future), accepts today at any time of day", async () => {
    // 00:30 on 11 March in Prague (the 10th in UTC): the 10th is past, the 11th is today.
    const past = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice', {
      date: shiftDay(today, -1),
      time: '23:00',
      category,
      direction: 'IN',
    });
    expect(past.statusCode).toBe(400);
    expect(past.headers['x-error-code']).toBe('VALIDATION');
    expect(past.json().details).toEqual([{ path: 'date', message: 'validation.futureDate' }]);
    // An advice is used by the day: today with a time already gone (00:10) is still an advice of today.
    const early = await givenVehicleAdvice(ctx, adviceUser, { date: today, time: '00:10', category });
    expect(early).toMatchObject({ date: today, time: '00:10' });
    const moved = await ctx.call(adviceUser, 'PUT', `/api/vehicle/advice/${early.id}`, {
      version: early.version,
      date: shiftDay(today, -1),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([{ path: 'date', message: 'validation.futureDate' }]);
    // A stored past day left as it is: its other fields still change.
    const yesterday = await givenVehicleAdvice(ctx, adviceUser, { date: shiftDay(today, -1), category });
    const noted = await ctx.call(adviceUser, 'PUT', `/api/vehicle/advice/${yesterday.id}`, {
      version: yesterday.version,
      date: yesterday.date,
      notes: 'Came a day late',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // Another site's user cannot reach it at all (404 before any rule).
    const foreign = await ctx.call(otherSiteUser, 'PUT', `/api/vehicle/advice/${early.id}`, {
      version: early.version,
      date: shiftDay(today, -1),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bad e-mail, time, plate and direction', async () => {
    const response = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice', {
      date: today,
      category,
      direction: 'SIDEWAYS',
      time: '25:00',
      vehiclePlate: '1A2*3456',
      email: 'not-an-address',
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as Array<{ path: string }>).map((detail) => detail.path).sort();
    expect(paths).toEqual(['direction', 'email', 'time', 'vehiclePlate']);
    const missing = await ctx.call(adviceUser, 'POST', '/api/vehicle/advice', { direction: 'IN' });
    expect(missing.statusCode).toBe(400);
    const missingPaths = (missing.json().details as Array<{ path: string }>).map((detail) => detail.path);
    expect(missingPaths.sort()).toEqual(['category', 'date']);
  });

  it('has a default filter from one day before to one day after the site’s today', async () => {
    expect(today).toBe('2026-03-11');
    const plates: Record<string, number> = {};
    for (const offset of [-2, -1, 0, 1, 2]) {
      const advice = await givenVehicleAdvice(ctx, adviceUser, {
        date: shiftDay(today, offset),
        category,
        supplier: 'Window check',
        vehiclePlate: `9W${offset + 2}0000`,
      });
      plates[advice.vehiclePlate as string] = offset;
    }
    const filter = vehicleAdviceDefaultFilter(today);
    expect(filter).toEqual({ dateFrom: '2026-03-10', dateTo: '2026-03-12' });
    const response = await ctx.call(
      adviceView,
      'GET',
      `/api/vehicle/advice?supplier=Window&dateFrom=${filter.dateFrom}&dateTo=${filter.dateTo}`,
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ vehiclePlate: string; date: string }>;
    expect(response.headers['x-total-count']).toBe('3');
    expectEvery(rows, (row) => Math.abs(plates[row.vehiclePlate]!) <= 1);
    // Default sort: by date.
    expect(rows.map((row) => row.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
  });

  it('sorts driver names in Czech order', async () => {
    for (const driverLastName of ['Hora', 'Chlup', 'Černá', 'Cyril'])
      await givenVehicleAdvice(ctx, adviceUser, { date: today, category, driverLastName, supplier: 'Czech' });
    const response = await ctx.call(
      adviceUser,
      'GET',
      '/api/vehicle/advice?supplier=Czech&sort=driverLastName,asc',
    );
    expect((response.json() as Array<{ driverLastName: string }>).map((row) => row.driverLastName)).toEqual([
      'Cyril',
      'Černá',
      'Hora',
      'Chlup',
    ]);
  });

  it('are read by VEHICLE_ADVICE_VIEW but not written; other roles and sites are refused', async () => {
    const list = await ctx.call(adviceView, 'GET', '/api/vehicle/advice');
    expect(list.statusCode).toBe(200);
    expect((list.json() as unknown[]).length).toBeGreaterThan(0);
    const write = await ctx.call(adviceView, 'POST', '/api/vehicle/advice', {
      date: today,
      category,
      direction: 'IN',
    });
    expect(write.statusCode).toBe(403);
    const vehicleAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] });
    expect((await ctx.call(vehicleAdmin, 'GET', '/api/vehicle/advice')).statusCode).toBe(403);

    const own = await givenVehicleAdvice(ctx, adviceUser, { date: today, category, supplier: 'Site A only' });
    expect((await ctx.call(otherSiteUser, 'GET', `/api/vehicle/advice/${own.id}`)).statusCode).toBe(404);
    const theirs = await ctx.call(otherSiteUser, 'GET', '/api/vehicle/advice?supplier=Site A only');
    expect(theirs.json()).toEqual([]);
    // A category of another site is not a valid reference.
    const foreign = await ctx.call(otherSiteUser, 'POST', '/api/vehicle/advice', {
      date: today,
      category,
      direction: 'IN',
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('advice → entry (/api/vehicle/advice/:id/entry)', () => {
  let guard: TestUser;
  let gate: number;
  let purpose: number;
  let forwarder: number;
  beforeAll(async () => {
    guard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VEHICLE_ADVICE_VIEW'] });
    ({ gate } = await givenGates(ctx, ctx.siteA, 'Truck gate'));
    [{ id: purpose }] = await ctx.db
      .insert(vehiclePurposes)
      .values({ siteId: ctx.siteA, name: 'Unloading' })
      .returning({ id: vehiclePurposes.id });
    const admin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] });
    forwarder = (await ctx.call(admin, 'POST', '/api/vehicle/forwarder', { name: 'Trans Cargo' })).json().id;
  });

  const entryBody = (plate: string, extra: Record<string, unknown> = {}) => ({
    plate,
    purpose,
    gate,
    ...extra,
  });

  it('prefills the entry from the advice and turns it into an entry once; the advice is used', async () => {
    const advice = await givenVehicleAdvice(ctx, adviceUser, {
      date: today,
      category,
      vehiclePlate: 'ENT 1001',
      trailerPlate: 'TRL 1001',
      driverFirstName: 'Petr',
      driverLastName: 'Svoboda',
      phone: '+420 603 111 222',
      forwarder: 'TRANS CARGO',
      gate,
      notes: 'Ramp 2',
    });
    const prefill = await ctx.call(guard, 'GET', `/api/vehicle/advice/${advice.id}/entry`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json()).toEqual({
      plate: 'ENT1001',
      trailerPlate: 'TRL1001',
      driverFirstName: 'Petr',
      driverLastName: 'Svoboda',
      driverContact: '+420 603 111 222',
      forwarder: { id: forwarder, label: 'Trans Cargo' },
      gate: { id: gate, label: 'Truck gate' },
      note: 'Ramp 2',
      advice: advice.id,
    });

    const path = `/api/vehicle/advice/${advice.id}/entry`;
    const body = entryBody('ENT 1001', {
      trailerPlate: 'TRL 1001',
      driverFirstName: 'Petr',
      driverLastName: 'Svoboda',
      forwarder,
    });
    const entry = await ctx.call(guard, 'POST', path, body);
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json()).toMatchObject({
      plate: 'ENT1001',
      trailerPlate: 'TRL1001',
      direction: 'IN',
      inArea: true,
      forwarder: { id: forwarder },
      gate: { id: gate },
    });
    const used = await ctx.call(adviceUser, 'GET', `/api/vehicle/advice/${advice.id}`);
    expect(used.json()).toMatchObject({
      vehicle: { id: entry.json().id },
      version: (advice.version as number) + 1,
    });
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.method, 'POST'), eq(audits.path, path)))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(audit).toMatchObject({
      entity: 'vehicle/advice',
      recordId: String(advice.id),
      status: 201,
      changes: { vehicle: { from: null, to: entry.json().id } },
    });

    const again = await ctx.call(guard, 'POST', path, entryBody('ENT 1002'));
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
    expect((await ctx.call(guard, 'GET', path)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
  });

  it('refuses an advice of another day (409) and of another site (404)', async () => {
    for (const day of [shiftDay(today, -1), shiftDay(today, 1)]) {
      const advice = await givenVehicleAdvice(ctx, adviceUser, {
        date: day,
        category,
        vehiclePlate: 'DAY1234',
      });
      const response = await ctx.call(
        guard,
        'POST',
        `/api/vehicle/advice/${advice.id}/entry`,
        entryBody('DAY1234'),
      );
      expect(response.statusCode, day).toBe(409);
      expect(response.headers['x-error-code'], day).toBe('ADVICE_NOT_USABLE');
      const [row] = await ctx.db.select().from(vehicleAdvices).where(eq(vehicleAdvices.id, advice.id));
      expect(row!.vehicleId).toBeNull();
    }
    const categoryB = await givenAdviceCategory(ctx, otherSiteUser, 'Supplies B');
    const foreign = await givenVehicleAdvice(ctx, otherSiteUser, {
      date: today,
      category: categoryB,
      vehiclePlate: 'SITEB12',
    });
    const response = await ctx.call(
      guard,
      'POST',
      `/api/vehicle/advice/${foreign.id}/entry`,
      entryBody('SITEB12'),
    );
    expect(response.statusCode).toBe(404);
    expect((await ctx.call(guard, 'GET', `/api/vehicle/advice/${foreign.id}/entry`)).statusCode).toBe(404);
  });

  it('keeps the advice unused when the entry is refused, and refuses users without vehicle writing', async () => {
    const advice = await givenVehicleAdvice(ctx, adviceUser, {
      date: today,
      category,
      vehiclePlate: 'BAD1234',
    });
    // No purpose: the entry's validation answers; the advice stays usable.
    const invalid = await ctx.call(guard, 'POST', `/api/vehicle/advice/${advice.id}/entry`, {
      plate: 'BAD1234',
      gate,
    });
    expect(invalid.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(vehicleAdvices).where(eq(vehicleAdvices.id, advice.id));
    expect(row!.vehicleId).toBeNull();
    const viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW', 'VEHICLE_ADVICE_ADMIN'] });
    expect(
      (await ctx.call(viewer, 'POST', `/api/vehicle/advice/${advice.id}/entry`, entryBody('BAD1234')))
        .statusCode,
    ).toBe(403);
  });
});
