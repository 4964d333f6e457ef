import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { givenGates } from '../site/site.fixtures';
import { gateMovements, identityDocuments } from '../site/site.tables';
import { siteProperties } from '../../platform/platform.tables';
import { visitCards } from '../visit/visit.tables';
import { vehiclePurposes, vehicleTypes } from './vehicle.tables';

let ctx: TestContext;
let site: VehicleSite;
let otherSite: VehicleSite;
let guard: TestUser;
let viewer: TestUser;
let visitUser: TestUser;
let otherGuard: TestUser;
let start: number;

/** Site data a vehicle movement needs (gates, purposes and types, a card, a document type). */
async function givenVehicleSite(siteId: number) {
  const { gate, backGate } = await givenGates(ctx, siteId, 'Truck gate');
  const [delivery, semi] = await ctx.db
    .insert(vehiclePurposes)
    .values([
      { siteId, name: 'Delivery' },
      { siteId, name: 'Semi-trailer drop', requiresTrailer: true },
    ])
    .returning({ id: vehiclePurposes.id });
  const [articulated] = await ctx.db
    .insert(vehicleTypes)
    .values({ siteId, name: 'Articulated lorry', requiresTrailer: true })
    .returning({ id: vehicleTypes.id });
  const [card] = await ctx.db
    .insert(visitCards)
    .values({ siteId, code: `V-${siteId}-1`, name: 'Driver 1' })
    .returning({ code: visitCards.code });
  const [idCard] = await ctx.db
    .insert(identityDocuments)
    .values({ siteId, name: 'Driving licence' })
    .returning({ id: identityDocuments.id });
  return {
    gate,
    backGate,
    delivery: delivery.id,
    semi: semi.id,
    articulated: articulated.id,
    card: card.code,
    idCard: idCard.id,
  };
}
type VehicleSite = Awaited<ReturnType<typeof givenVehicleSite>>;

let counter = 0;
/** A truck and driver nobody else uses, so that in-area checks of one test do not meet another's. */
function truck(on: VehicleSite, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    purpose: on.delivery,
    gate: on.gate,
    plate: `1T${String(counter).padStart(5, '0')}`,
    driverFirstName: 'Karel',
    driverLastName: `Řidič${counter}`,
    driverContact: '+420 777 123 456',
    documentType: on.idCard,
    documentNumber: `DL${counter}`,
    status: 'LOADED',
    ...overrides,
  };
}

const enter = (user: TestUser, body: Record<string, unknown>) =>
  ctx.call(user, 'POST', '/api/vehicle/entry', body);

beforeAll(async () => {
  ctx = await createTestContext();
  start = Date.parse('2026-03-10T08:00:00Z');
  await ctx.clock.set(start);
  site = await givenVehicleSite(ctx.siteA);
  otherSite = await givenVehicleSite(ctx.siteB);
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'] });
  viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
  visitUser = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  otherGuard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteB] });
});
afterAll(() => ctx?.close());
afterEach(() => ctx.clock.set(start));

describe('vehicle entry (Zapsat vstup)', () => {
  it('records an IN movement in the area with its trailer and a gate passage', async () => {
    const response = await enter(guard, truck(site, { plate: '2ab 3456', trailerPlate: '2ab-9999' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      direction: 'IN',
      inArea: true,
      departed: false,
      plate: '2AB3456',
      trailerPlate: '2AB9999',
      trailerInArea: true,
      movementTime: new Date(start).toISOString(),
      gate: { id: site.gate, label: 'Truck gate' },
      documentType: { id: site.idCard, label: 'Driving licence' },
    });
    const passages = await ctx.db.select().from(gateMovements).where(eq(gateMovements.gateId, site.gate));
    expect(passages.at(-1)).toMatchObject({ direction: 'IN', siteId: ctx.siteA });
  });

  it('refuses equal vehicle and trailer plates, also written differently', async () => {
    const response = await enter(guard, truck(site, { plate: '3AB 1111', trailerPlate: '3ab-1111' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'trailerPlate', message: 'validation.platesEqual' }]);
  });

  it('requires a trailer plate when the purpose or the type says so', async () => {
    for (const required of [{ purpose: site.semi }, { type: site.articulated }]) {
      const response = await enter(guard, truck(site, required));
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'trailerPlate', message: 'validation.trailerPlateRequired' },
      ]);
      const withTrailer = await enter(guard, truck(site, { ...required, trailerPlate: `TR${counter}` }));
      expect(withTrailer.statusCode).toBe(201);
    }
  });

  it('refuses a purpose or gate of another site as if it did not exist', async () => {
    const response = await enter(guard, truck(site, { purpose: otherSite.delivery }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'purpose', message: 'validation.ref' }]);
  });

  it('warns with 409 ALREADY_IN_AREA for a vehicle, trailer or driver inside, and continues with force', async () => {
    const first = truck(site, { trailerPlate: 'TRL 0001' });
    expect((await enter(guard, first)).statusCode).toBe(201);

    const samePlate = await enter(guard, truck(site, { plate: first.plate.toLowerCase() }));
    expect(samePlate.statusCode).toBe(409);
    expect(samePlate.headers['x-error-code']).toBe('ALREADY_IN_AREA');
    expect(samePlate.json().details).toEqual([{ path: 'plate', message: 'ALREADY_IN_AREA' }]);

    const sameTrailer = await enter(guard, truck(site, { trailerPlate: 'TRL0001' }));
    expect(sameTrailer.statusCode).toBe(409);
    expect(sameTrailer.json().details).toEqual([{ path: 'trailerPlate', message: 'ALREADY_IN_AREA' }]);

    const sameDriver = await enter(
      guard,
      truck(site, { driverFirstName: 'KAREL', driverLastName: first.driverLastName }),
    );
    expect(sameDriver.statusCode).toBe(409);
    expect(sameDriver.json().details).toEqual([{ path: 'driver', message: 'ALREADY_IN_AREA' }]);

    const confirmed = await enter(guard, truck(site, { plate: first.plate, force: true }));
    expect(confirmed.statusCode).toBe(201);
  });

  it("gives 'Card does not exist' for an unknown card, and refuses a card inside", async () => {
    const unknown = await enter(guard, truck(site, { card: 'NO-SUCH-CARD' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-error-code']).toBe('CARD_NOT_FOUND');
    expect((await enter(guard, truck(site, { card: site.card }))).statusCode).toBe(201);
    const inUse = await enter(guard, truck(site, { card: site.card }));
    expect(inUse.json().details).toEqual([{ path: 'card', message: 'validation.cardInUse' }]);
  });
});

describe('leave, write-off, trailer write-off and delete', () => {
  it('lets the tractor leave alone: the trailer stays in the area, then is written off', async () => {
    const entry = (await enter(guard, truck(site, { trailerPlate: 'TRL 5005' }))).json();
    await ctx.clock.advance(30 * 60_000);
    const leave = await ctx.call(guard, 'POST', `/api/vehicle/${entry.id}/leave`, {
      gate: site.backGate,
      withTrailer: false,
    });
    expect(leave.statusCode).toBe(201);
    expect(leave.json()).toMatchObject({
      direction: 'OUT',
      inArea: false,
      departed: true,
      plate: entry.plate,
      trailerPlate: null,
      gate: { id: site.backGate },
    });
    const left = (await ctx.call(guard, 'GET', `/api/vehicle/${entry.id}`)).json();
    expect(left).toMatchObject({ inArea: false, departed: true, trailerInArea: true });
    expect(left.departureTime).toBe(new Date(start + 30 * 60_000).toISOString());

    const again = await ctx.call(guard, 'POST', `/api/vehicle/${entry.id}/leave`, { gate: site.gate });
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('NOT_IN_AREA');

    // The trailer is still inside: a new entry with its plate is warned about.
    const trailerInside = await enter(guard, truck(site, { plate: 'TRL-5005' }));
    expect(trailerInside.json().details).toEqual([{ path: 'plate', message: 'ALREADY_IN_AREA' }]);

    const writtenOff = await ctx.call(guard, 'POST', '/api/vehicle/trailer/writeoff', {
      id: entry.id,
      note: 'Trailer collected by another carrier',
    });
    expect(writtenOff.statusCode).toBe(200);
    expect(writtenOff.json()).toMatchObject({
      trailerInArea: false,
      trailerPlate: 'TRL5005',
      note: 'Trailer collected by another carrier',
    });
    const twice = await ctx.call(guard, 'POST', '/api/vehicle/trailer/writeoff', { id: entry.id });
    expect(twice.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('lets the trailer leave with its tractor by default', async () => {
    const entry = (await enter(guard, truck(site, { trailerPlate: `TW${counter}` }))).json();
    const leave = await ctx.call(guard, 'POST', `/api/vehicle/${entry.id}/leave`, { gate: site.gate });
    expect(leave.json()).toMatchObject({ trailerPlate: entry.trailerPlate, trailerInArea: false });
    const left = (await ctx.call(guard, 'GET', `/api/vehicle/${entry.id}`)).json();
    expect(left).toMatchObject({ inArea: false, trailerInArea: false });
  });

  it('deletes a trailer recorded in the area by mistake', async () => {
    const entry = (
      await enter(
        guard,
        truck(site, { trailerPlate: `TD${counter}`, trailerSeal: 'S-1', trailerStatus: 'EMPTY' }),
      )
    ).json();
    const deleted = await ctx.call(guard, 'DELETE', `/api/vehicle/trailer/${entry.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      inArea: true,
      trailerInArea: false,
      trailerPlate: null,
      trailerSeal: null,
      trailerStatus: null,
    });
    const noTrailer = await ctx.call(guard, 'DELETE', `/api/vehicle/trailer/${entry.id}`);
    expect(noTrailer.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('writes a vehicle off with its trailer', async () => {
    const entry = (await enter(guard, truck(site, { trailerPlate: `TX${counter}` }))).json();
    const response = await ctx.call(guard, 'POST', '/api/vehicle/writeoff', { id: entry.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inArea: false, departed: false, trailerInArea: false });
  });

  it('records an untraced departure (Zapsat neevidovaný odchod): an OUT row, checked as an entry', async () => {
    const passages = async () =>
      (await ctx.db.select().from(gateMovements).where(eq(gateMovements.gateId, site.backGate))).length;
    const before = await passages();
    const body = truck(site, { gate: site.backGate, trailerPlate: `TD${counter}` });
    const response = await ctx.call(guard, 'POST', '/api/vehicle/departure', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      direction: 'OUT',
      inArea: false,
      departed: true,
      trailerInArea: false,
      plate: body.plate,
      movementTime: new Date(ctx.clock.now()).toISOString(),
    });
    expect(await passages()).toBe(before + 1);
    // Nothing entered: the same plate may enter without a warning.
    expect((await enter(guard, truck(site, { plate: body.plate }))).statusCode).toBe(201);

    const same = await ctx.call(
      guard,
      'POST',
      '/api/vehicle/departure',
      truck(site, { plate: '5EQ 0001', trailerPlate: '5EQ0001' }),
    );
    expect(same.json().details).toEqual([{ path: 'trailerPlate', message: 'validation.platesEqual' }]);
    const noTrailer = await ctx.call(
      guard,
      'POST',
      '/api/vehicle/departure',
      truck(site, { purpose: site.semi }),
    );
    expect(noTrailer.json().details).toEqual([
      { path: 'trailerPlate', message: 'validation.trailerPlateRequired' },
    ]);
    expect((await ctx.call(viewer, 'POST', '/api/vehicle/departure', truck(site))).statusCode).toBe(403);
    const foreign = await ctx.call(
      guard,
      'POST',
      '/api/vehicle/departure',
      truck(site, { gate: otherSite.gate }),
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses actions on a movement of another site as not found', async () => {
    const theirs = (await enter(otherGuard, truck(otherSite))).json();
    const leave = await ctx.call(guard, 'POST', `/api/vehicle/${theirs.id}/leave`, { gate: site.gate });
    expect(leave.statusCode).toBe(404);
    const writeOff = await ctx.call(guard, 'POST', '/api/vehicle/writeoff', { id: theirs.id });
    expect(writeOff.statusCode).toBe(404);
    const read = await ctx.call(guard, 'GET', `/api/vehicle/${theirs.id}`);
    expect(read.statusCode).toBe(404);
    const foreignGate = await ctx.call(otherGuard, 'POST', `/api/vehicle/${theirs.id}/leave`, {
      gate: site.gate,
    });
    expect(foreignGate.json().details).toEqual([{ path: 'gate', message: 'validation.ref' }]);
  });
});

describe('last movement, in area and lists', () => {
  it('fills the form from the last entry of a plate or card', async () => {
    const plate = `LP${counter}`;
    await enter(guard, truck(site, { plate, trackingNumber: 'OLD' }));
    await ctx.clock.advance(60_000);
    await enter(guard, truck(site, { plate, trackingNumber: 'NEW', force: true, card: undefined }));
    const byPlate = await ctx.call(guard, 'GET', `/api/vehicle/lastbylp?plate=${plate.toLowerCase()}`);
    expect(byPlate.statusCode).toBe(200);
    expect(byPlate.json()).toMatchObject({ plate, trackingNumber: 'NEW' });
    const none = await ctx.call(guard, 'GET', '/api/vehicle/lastbylp?plate=NEVER1');
    expect(none.json()).toBeNull();

    const [card] = await ctx.db
      .insert(visitCards)
      .values({ siteId: ctx.siteA, code: 'LAST-CARD' })
      .returning({ code: visitCards.code });
    const never = await ctx.call(guard, 'GET', `/api/vehicle/lastbycard?card=${card.code}`);
    expect(never.json()).toBeNull();
    await enter(guard, truck(site, { card: card.code, containerNumber: 'MSKU1234565' }));
    const byCard = await ctx.call(guard, 'GET', `/api/vehicle/lastbycard?card=${card.code}`);
    expect(byCard.json()).toMatchObject({ card: card.code, containerNumber: 'MSKU1234565' });
    const unknown = await ctx.call(guard, 'GET', '/api/vehicle/lastbycard?card=NO-SUCH-CARD');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-error-code']).toBe('CARD_NOT_FOUND');
  });

  it('lists vehicles and trailers inside with their dwell time, flagged over the site limit', async () => {
    const dwellSite = await ctx.createSite('Dwell');
    await ctx.db
      .insert(siteProperties)
      .values({ siteId: dwellSite, name: 'VEHICLE_DWELL_LIMIT_HOURS', type: 'LONG', value: 2 });
    const on = await givenVehicleSite(dwellSite);
    const user = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'], sites: [dwellSite] });
    const early = (await enter(user, truck(on, { trailerPlate: `TE${counter}` }))).json();
    await ctx.clock.advance(60 * 60_000);
    const late = (await enter(user, truck(on))).json();
    const gone = (await enter(user, truck(on))).json();
    await ctx.call(user, 'POST', `/api/vehicle/${gone.id}/leave`, { gate: on.gate });
    // The early tractor leaves alone: its trailer stays and still counts.
    await ctx.call(user, 'POST', `/api/vehicle/${early.id}/leave`, { gate: on.gate, withTrailer: false });
    await ctx.clock.advance(90 * 60_000);

    const response = await ctx.call(user, 'GET', '/api/vehicle/inarea');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const rows = response.json() as Array<{ id: number; dwellMinutes: number; overLimit: boolean }>;
    expect(rows.map(({ id, dwellMinutes, overLimit }) => ({ id, dwellMinutes, overLimit }))).toEqual([
      { id: late.id, dwellMinutes: 90, overLimit: false },
      { id: early.id, dwellMinutes: 150, overLimit: true },
    ]);

    // The list's total is kept between reads, never past a write: the next entry counts at once.
    const next = (await enter(user, truck(on))).json();
    const after = await ctx.call(user, 'GET', '/api/vehicle/inarea');
    expect(after.headers['x-total-count']).toBe('3');
    expect((after.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([
      next.id,
      late.id,
      early.id,
    ]);

    // An inactive limit is no limit of the site's: the default of 12 hours applies.
    await ctx.db.update(siteProperties).set({ active: false }).where(eq(siteProperties.siteId, dwellSite));
    const byDefault = (await ctx.call(user, 'GET', '/api/vehicle/inarea')).json() as Array<{
      id: number;
      overLimit: boolean;
    }>;
    expect(byDefault.length).toBe(3);
    expectEvery(byDefault, (row) => !row.overLimit);
  });

  it('uses the default limit of 12 hours when the site sets none', async () => {
    const entry = (await enter(guard, truck(site))).json();
    await ctx.clock.advance(13 * 3_600_000);
    const rows = (await ctx.call(viewer, 'GET', '/api/vehicle/inarea?size=100')).json() as Array<{
      id: number;
      overLimit: boolean;
    }>;
    expect(rows.find((row) => row.id === entry.id)).toMatchObject({ overLimit: true });
  });

  it('sorts by time descending and filters by plate and in area', async () => {
    const plate = `FL${counter}`;
    await enter(guard, truck(site, { plate }));
    const filtered = await ctx.call(guard, 'GET', `/api/vehicle?plate=${plate}&inArea=true`);
    expect(filtered.statusCode).toBe(200);
    expectEvery(filtered.json() as Array<{ plate: string }>, (row) => row.plate === plate);
    const list = (await ctx.call(guard, 'GET', '/api/vehicle?size=100')).json() as Array<{
      movementTime: string;
    }>;
    expect(list.length).toBeGreaterThan(1);
    const times = list.map((row) => row.movementTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('masks the driver without VIEW_PERSONAL_INFO and refuses searching by the driver', async () => {
    const entry = (await enter(guard, truck(site))).json();
    const record = (await ctx.call(viewer, 'GET', `/api/vehicle/${entry.id}`)).json();
    expect(record).toMatchObject({
      plate: entry.plate,
      driverFirstName: '***',
      driverLastName: '***',
      driverContact: '***',
      documentNumber: '***',
      documentType: { id: 0, label: '***' },
    });
    const listed = (await ctx.call(viewer, 'GET', '/api/vehicle')).json() as Array<{
      driverLastName: string | null;
    }>;
    expectEvery(listed, (row) => row.driverLastName === '***' || row.driverLastName === null);
    const search = await ctx.call(viewer, 'GET', `/api/vehicle?driverLastName=${entry.driverLastName}`);
    expect(search.statusCode).toBe(403);
    expect(search.headers['x-error-code']).toBe('PERSONAL_DATA_REQUIRED');
    const seen = (await ctx.call(guard, 'GET', `/api/vehicle/${entry.id}`)).json();
    expect(seen.driverLastName).toBe(entry.driverLastName);
  });

  it('exports the list as CSV in the caller’s language', async () => {
    const plate = `EX${counter}`;
    await enter(guard, truck(site, { plate, status: 'EMPTY' }));
    const response = await ctx.call(guard, 'GET', `/api/vehicle/export?plate=${plate}&lang=cs`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, row] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('SPZ');
    expect(header).toContain('Příjmení řidiče');
    expect(row).toContain(plate);
    expect(row).toContain('Vjezd');
    expect(row).toContain('Prázdný');
    const english = await ctx.call(guard, 'GET', `/api/vehicle/export?plate=${plate}&lang=en`);
    expect(english.body).toContain('Licence plate');
  });
});

describe('access', () => {
  it('refuses writes to the viewer and everything to a user without vehicle roles', async () => {
    expect((await enter(viewer, truck(site))).statusCode).toBe(403);
    expect((await ctx.call(viewer, 'POST', '/api/vehicle/writeoff', { id: 1 })).statusCode).toBe(403);
    expect((await ctx.call(visitUser, 'GET', '/api/vehicle')).statusCode).toBe(403);
    expect((await ctx.call(visitUser, 'GET', '/api/vehicle/inarea')).statusCode).toBe(403);
    expect((await enter(visitUser, truck(site))).statusCode).toBe(403);
  });

  it('refuses a site without the module', async () => {
    const siteWithout = await ctx.createSite('No vehicles', ['MOD_VISIT']);
    const user = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'], sites: [siteWithout] });
    for (const url of ['/api/vehicle', '/api/vehicle/inarea', '/api/vehicle/lastbylp?plate=A1']) {
      const response = await ctx.call(user, 'GET', url);
      expect(response.statusCode).toBe(403);
      expect(response.headers['x-error-code']).toBe('MODULE_DISABLED');
    }
  });

  it('audits the entry and the actions with their record', async () => {
    const entry = (await enter(guard, truck(site, { trailerPlate: `TA${counter}` }))).json();
    await ctx.call(guard, 'POST', `/api/vehicle/${entry.id}/leave`, { gate: site.gate, withTrailer: false });
    await ctx.call(guard, 'POST', '/api/vehicle/trailer/writeoff', { id: entry.id });
    const audit = await ctx.call(ctx.admin, 'GET', `/api/system_audit?author=${guard.userName}&size=100`);
    expect(audit.statusCode).toBe(200);
    const rows = (audit.json() as Array<{ recordId: string | null; path: string }>).filter(
      (row) => row.recordId === String(entry.id),
    );
    expect(rows.map((row) => row.path).sort()).toEqual(
      ['/api/vehicle/entry', `/api/vehicle/${entry.id}/leave`, '/api/vehicle/trailer/writeoff'].sort(),
    );
  });
});
