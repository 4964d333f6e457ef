// Over 600 lines: one module's HTTP story against one database; its cases share the set-up of the file.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay, type PlateMatchReason } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { givenTerminal, terminalHeaders, type TestTerminal } from '../../../test/terminals';
import { siteToday } from '../../platform/siteTime';
import { audits } from '../../platform/platform.tables';
import { givenVisitSite } from '../visit/visit.fixtures';
import { givenAdviceCategory, givenVehicleAdvice } from './vehicle.fixtures';
import { anprReads, vehicleMovements, vehiclePurposes } from './vehicle.tables';
import { matchInArea } from './anpr.service';

let ctx: TestContext;
let guard: TestUser;
let camera: TestTerminal;
let cameraB: TestTerminal;
let today: string;
let gateA: number;
let gateB: number;
let backGateA: number;
let purposeA: number;
let adviceUser: TestUser;
let category: number;
/** Today's advices of site A by their vehicle plate. */
const advices: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  // Half past midnight in Prague, still the previous day in UTC: "today" is the site's.
  await ctx.clock.set(new Date('2026-03-10T23:30:00Z'));
  today = await siteToday(ctx.db, ctx.siteA, new Date(ctx.clock.now()));
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER'] });
  camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
  cameraB = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteB, name: 'Site B camera' });
  ({ gate: gateA, backGate: backGateA } = await givenVisitSite(ctx, ctx.siteA));
  gateB = (await givenVisitSite(ctx, ctx.siteB)).gate;
  [{ id: purposeA }] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId: ctx.siteA, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });

  adviceUser = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'] });
  category = await givenAdviceCategory(ctx, adviceUser, 'Trucks');
  for (const vehiclePlate of [
    '4A12345',
    'OKA1234',
    'D7K5555',
    '3B47777',
    '9I98888',
    '2SX6666',
    '6ZT3333',
    'P0L2020',
    '7C45678',
    'KL98765',
  ])
    advices[vehiclePlate] = (
      await givenVehicleAdvice(ctx, adviceUser, { date: today, category, vehiclePlate })
    ).id;
  advices.trailer = (
    await givenVehicleAdvice(ctx, adviceUser, {
      date: today,
      category,
      vehiclePlate: 'HH11111',
      trailerPlate: 'TR12345',
    })
  ).id;
  // The day before in the site's zone (yet today in UTC) and tomorrow: never matched today.
  await givenVehicleAdvice(ctx, adviceUser, { date: shiftDay(today, -1), category, vehiclePlate: 'YDA1234' });
  await givenVehicleAdvice(ctx, adviceUser, { date: shiftDay(today, 1), category, vehiclePlate: 'TMR1234' });
  // Site B's advice.
  const userB = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'], sites: [ctx.siteB] });
  const categoryB = await givenAdviceCategory(ctx, userB, 'Trucks B');
  advices.siteB = (
    await givenVehicleAdvice(ctx, userB, { date: today, category: categoryB, vehiclePlate: 'BBB9999' })
  ).id;
});
afterAll(() => ctx?.close());

async function read(plate: string, extra: Record<string, unknown> = {}, terminal = camera) {
  await ctx.clock.advance(1000);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vehicle/anpr/read',
    headers: terminalHeaders(terminal),
    payload: { plate, ...extra },
  });
}

describe('ANPR plate reads (POST /api/vehicle/anpr/read)', () => {
  const cases: Array<[string, string, string, PlateMatchReason[]]> = [
    ['exact (spaces ignored)', '4A1 2345', '4A12345', [{ code: 'EXACT' }]],
    ['O read as 0', '0KA1234', 'OKA1234', [{ code: 'LOOKALIKE', position: 0, expected: 'O', read: '0' }]],
    ['0 read as O', 'POL2020', 'P0L2020', [{ code: 'LOOKALIKE', position: 1, expected: '0', read: 'O' }]],
    ['D read as 0', '07K5555', 'D7K5555', [{ code: 'LOOKALIKE', position: 0, expected: 'D', read: '0' }]],
    ['B read as 8', '3847777', '3B47777', [{ code: 'LOOKALIKE', position: 1, expected: 'B', read: '8' }]],
    ['I read as 1', '9198888', '9I98888', [{ code: 'LOOKALIKE', position: 1, expected: 'I', read: '1' }]],
    ['S read as 5', '25X6666', '2SX6666', [{ code: 'LOOKALIKE', position: 1, expected: 'S', read: '5' }]],
    ['Z read as 2', '62T3333', '6ZT3333', [{ code: 'LOOKALIKE', position: 1, expected: 'Z', read: '2' }]],
    ['a missing character', '7C4678', '7C45678', [{ code: 'MISSING_CHAR', position: 3, expected: '5' }]],
    ['an extra character', 'KL987665', 'KL98765', [{ code: 'EXTRA_CHAR', position: 5, read: '6' }]],
  ];
  it.each(cases)('matches %s with its reason', async (_name, plate, known, reasons) => {
    const response = await read(plate, { camera: 'Gate 1 in', gate: gateA, confidence: 87 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      plate: plate.replace(/[\s-]/g, '').toUpperCase(),
      camera: 'Gate 1 in',
      gate: { id: gateA, label: 'Main gate' },
      confidence: 87,
      state: 'NEW',
      advice: { id: advices[known] },
      matchedPlate: known,
      matchReasons: reasons,
      // Nothing inside matches: the read proposes an entry.
      vehicle: null,
      vehicleMatchReasons: [],
      proposal: 'ENTRY',
      movement: null,
    });
  });

  it('is audited as the terminal’s, on its site', async () => {
    const response = await read('AUD1234');
    expect(response.statusCode).toBe(201);
    const [entry] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.method, 'POST'), eq(audits.path, '/api/vehicle/anpr/read')))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(entry).toMatchObject({
      author: 'terminal:Gate camera',
      siteId: ctx.siteA,
      clientId: camera.id,
      status: 201,
      entity: 'vehicle/anpr/read',
      // The entry names the read it created.
      recordId: String(response.json().id),
    });
  });

  it('refuses a camera time outside the site’s window around now, on the field', async () => {
    const now = ctx.clock.now();
    const minute = 60_000;
    for (const time of [
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.000Z',
      new Date(now - 7 * 24 * 60 * minute - minute).toISOString(),
      new Date(now + 6 * minute).toISOString(),
    ]) {
      await ctx.clock.set(now);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/vehicle/anpr/read',
        headers: terminalHeaders(camera),
        payload: { plate: 'TIM1234', time },
      });
      expect(response.statusCode, time).toBe(400);
      expect(response.json().details, time).toEqual([{ path: 'time', message: 'validation.timeWindow' }]);
    }
    for (const time of [new Date(now - 7 * 24 * 60 * minute + minute), new Date(now + 4 * minute)]) {
      await ctx.clock.set(now);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/vehicle/anpr/read',
        headers: terminalHeaders(camera),
        payload: { plate: 'TIM1234', time: time.toISOString() },
      });
      expect(response.statusCode, time.toISOString()).toBe(201);
      expect(response.json().time).toBe(time.toISOString());
    }
    // The window is the site's: an hour back at most on site A.
    const admin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
    const property = await ctx.call(admin, 'POST', '/api/system_site/property', {
      name: 'CLIENT_TIME_PAST_MINUTES',
      type: 'LONG',
      value: 60,
      active: true,
    });
    expect(property.statusCode).toBe(201);
    const old = await read('TIM1234', { time: new Date(ctx.clock.now() - 2 * 60 * minute).toISOString() });
    expect(old.statusCode).toBe(400);
    expect(old.json().details).toEqual([{ path: 'time', message: 'validation.timeWindow' }]);
    await ctx.call(admin, 'PUT', `/api/system_site/property/${property.json().id}`, {
      active: false,
      version: property.json().version,
    });
  });

  it('matches the trailer plate of an advice too', async () => {
    const response = await read('TR12345');
    expect(response.json()).toMatchObject({
      advice: { id: advices.trailer },
      matchedPlate: 'TR12345',
      matchReasons: [{ code: 'EXACT' }],
    });
  });

  it('keeps a read that matches nothing, and never matches other days or other sites', async () => {
    for (const plate of ['XYZ9999', 'YDA1234', 'TMR1234', 'BBB9999']) {
      const response = await read(plate);
      expect(response.statusCode, plate).toBe(201);
      expect(response.json(), plate).toMatchObject({
        plate,
        advice: null,
        matchedPlate: null,
        matchScore: null,
        matchReasons: [],
      });
    }
    // Site B's own camera matches site B's advice.
    const siteB = await read('BBB9999', {}, cameraB);
    expect(siteB.json()).toMatchObject({ advice: { id: advices.siteB }, matchReasons: [{ code: 'EXACT' }] });
  });

  it('takes the camera’s time, and refuses a gate of another site and bad input', async () => {
    const timed = await read('QQ12345', { time: '2026-03-10T23:29:00.000Z' });
    expect(timed.json().time).toBe('2026-03-10T23:29:00.000Z');
    const foreignGate = await read('QQ12345', { gate: gateB });
    expect(foreignGate.statusCode).toBe(400);
    expect(foreignGate.json().details).toEqual([{ path: 'gate', message: 'validation.ref' }]);
    const bad = await read('QQ*12345', { confidence: 140 });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().details as Array<{ path: string }>).map((detail) => detail.path).sort();
    expect(paths).toEqual(['confidence', 'plate']);
  });

  it('refuses a user session, a terminal of another role and a browser terminal', async () => {
    const admin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] });
    const user = await ctx.call(admin, 'POST', '/api/vehicle/anpr/read', { plate: '4A12345' });
    expect(user.statusCode).toBe(401);
    expect(user.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    const patrol = await givenTerminal(ctx, { role: 'PATROL_TERMINAL', site: ctx.siteA });
    const wrongRole = await read('4A12345', {}, patrol);
    expect(wrongRole.statusCode).toBe(403);
    const browser = await givenTerminal(ctx, { role: null, site: null });
    expect((await read('4A12345', {}, browser)).statusCode).toBe(403);
  });
});

describe('the list of plate reads (GET /api/vehicle/anpr/read)', () => {
  it('shows the site’s reads newest first with the match and why, to the vehicle manager', async () => {
    const response = await ctx.call(guard, 'GET', '/api/vehicle/anpr/read?size=100');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ time: string; plate: string; advice: { id: number } | null }>;
    expect(Number(response.headers['x-total-count'])).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(10);
    const times = rows.map((row) => row.time);
    expect(times).toEqual([...times].sort().reverse());
    // Site B's read is not on site A's list.
    expectEvery(rows, (row) => row.advice?.id !== advices.siteB);
    const matched = await ctx.call(guard, 'GET', `/api/vehicle/anpr/read?advice=${advices.OKA1234}`);
    expect(matched.json()).toEqual([
      expect.objectContaining({
        plate: '0KA1234',
        matchReasons: [{ code: 'LOOKALIKE', position: 0, expected: 'O', read: '0' }],
      }),
    ]);
  });

  it('refuses VEHICLE_VIEW and a terminal token without a session', async () => {
    const viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
    expect((await ctx.call(viewer, 'GET', '/api/vehicle/anpr/read')).statusCode).toBe(403);
    const machine = await ctx.call(null, 'GET', '/api/vehicle/anpr/read', undefined, terminalHeaders(camera));
    expect(machine.statusCode).toBe(401);
    expect(machine.headers['x-error-code']).toBe('SESSION_REQUIRED');
  });

  it('dismisses a new read once, on the own site only', async () => {
    const created = (await read('DIS1234')).json();
    const dismissed = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${created.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: created.id, state: 'DISMISSED' });
    expect(dismissed.json().stateChanged).toBe(new Date(ctx.clock.now()).toISOString());
    const again = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${created.id}/dismiss`);
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('CONFLICT');

    const foreign = (await read('DIS5678', {}, cameraB)).json();
    const other = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${foreign.id}/dismiss`);
    expect(other.statusCode).toBe(404);
    const viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
    expect((await ctx.call(viewer, 'POST', `/api/vehicle/anpr/read/${foreign.id}/dismiss`)).statusCode).toBe(
      403,
    );
  });
});

/** A vehicle entry of site A through the API (as the guard records it), answering the entry's id. */
async function enter(plate: string, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await ctx.call(guard, 'POST', '/api/vehicle/entry', {
    plate,
    purpose: purposeA,
    gate: gateA,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`entry: ${response.body}`);
  return response.json().id as number;
}

/** The audit entry of the last write on this path. */
async function lastAudit(path: string) {
  const [entry] = await ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.method, 'POST'), eq(audits.path, path)))
    .orderBy(desc(audits.id))
    .limit(1);
  return entry;
}

describe('reads matched to the vehicles and trailers in the area', () => {
  /** Entries of site A inside, by their plate. */
  const inside: Record<string, number> = {};
  beforeAll(async () => {
    for (const plate of [
      'VO33001',
      'VD33002',
      'VB33003',
      'VI33004',
      'VS33005',
      'VZ33006',
      'VM33007',
      'VX33008',
    ])
      inside[plate] = await enter(plate);
    inside.trailer = await enter('VT33009', { trailerPlate: 'TV33009' });
    // A trailer left alone in the area: its tractor left without it.
    inside.lone = await enter('VL33010', { trailerPlate: 'TL33010' });
    const left = await ctx.call(guard, 'POST', `/api/vehicle/${inside.lone}/leave`, {
      gate: gateA,
      withTrailer: false,
    });
    expect(left.statusCode, left.body).toBe(201);
    // Site B's vehicle of an in-area plate of site A's is never matched there.
  });

  const cases: Array<[string, string, string, PlateMatchReason[]]> = [
    ['exact', 'VO33001', 'VO33001', [{ code: 'EXACT' }]],
    ['O read as 0', 'V033001', 'VO33001', [{ code: 'LOOKALIKE', position: 1, expected: 'O', read: '0' }]],
    ['D read as 0', 'V033002', 'VD33002', [{ code: 'LOOKALIKE', position: 1, expected: 'D', read: '0' }]],
    ['B read as 8', 'V833003', 'VB33003', [{ code: 'LOOKALIKE', position: 1, expected: 'B', read: '8' }]],
    ['I read as 1', 'V133004', 'VI33004', [{ code: 'LOOKALIKE', position: 1, expected: 'I', read: '1' }]],
    ['S read as 5', 'V533005', 'VS33005', [{ code: 'LOOKALIKE', position: 1, expected: 'S', read: '5' }]],
    ['Z read as 2', 'V233006', 'VZ33006', [{ code: 'LOOKALIKE', position: 1, expected: 'Z', read: '2' }]],
    ['a missing character', 'VM3007', 'VM33007', [{ code: 'MISSING_CHAR', position: 2, expected: '3' }]],
    ['an extra character', 'VX330088', 'VX33008', [{ code: 'EXTRA_CHAR', position: 6, read: '8' }]],
  ];
  it.each(cases)('matches %s and proposes a leave', async (_name, plate, known, reasons) => {
    const response = await read(plate, { gate: gateA });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      plate,
      advice: null,
      vehicle: { id: inside[known] },
      vehicleMatchedPlate: known,
      vehicleMatchScore: reasons[0]!.code === 'EXACT' ? 0 : reasons[0]!.code === 'LOOKALIKE' ? 1 : 2,
      vehicleMatchReasons: reasons,
      proposal: 'LEAVE',
      state: 'NEW',
    });
  });

  it('matches the trailer of a vehicle inside (a leave), and a trailer left alone without proposing a leave', async () => {
    const trailer = await read('TV33009');
    expect(trailer.json()).toMatchObject({
      vehicle: { id: inside.trailer },
      vehicleMatchedPlate: 'TV33009',
      vehicleMatchReasons: [{ code: 'EXACT' }],
      proposal: 'LEAVE',
    });
    const lone = await read('TL33010');
    expect(lone.json()).toMatchObject({
      vehicle: { id: inside.lone },
      vehicleMatchedPlate: 'TL33010',
      proposal: 'ENTRY',
    });
    // The tractor that left is not inside any more.
    const gone = await read('VL33010');
    expect(gone.json()).toMatchObject({ vehicle: null, proposal: 'ENTRY' });
    const leave = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${lone.json().id}/leave`, {
      gate: gateA,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('never matches a vehicle of another site', async () => {
    const response = await read('VO33001', {}, cameraB);
    expect(response.json()).toMatchObject({ vehicle: null, proposal: 'ENTRY' });
  });

  it('prefers the vehicle inside at least as close as an advice; a closer advice proposes an entry', async () => {
    await givenVehicleAdvice(ctx, adviceUser, { date: today, category, vehiclePlate: 'VO33001' });
    const both = await read('VO33001');
    expect(both.json()).toMatchObject({
      matchReasons: [{ code: 'EXACT' }],
      vehicle: { id: inside.VO33001 },
      proposal: 'LEAVE',
    });
    await givenVehicleAdvice(ctx, adviceUser, { date: today, category, vehiclePlate: 'VB3300' });
    // An exact advice beats a look-alike vehicle inside.
    await givenVehicleAdvice(ctx, adviceUser, { date: today, category, vehiclePlate: 'V833003' });
    const closer = await read('V833003');
    expect(closer.json()).toMatchObject({
      matchedPlate: 'V833003',
      matchReasons: [{ code: 'EXACT' }],
      vehicle: { id: inside.VB33003 },
      proposal: 'ENTRY',
    });
  });

  it('finds the plate through the in-area index, not by reading every movement', async () => {
    // Ten thousand movements that left long ago, so that the planner has a reason to use the indexes.
    await ctx.db.execute(sql`
      insert into vehicle_movement (site_id, movement_time, direction, in_area, departed, plate, purpose_id, gate_id)
      select ${ctx.siteA}, now() - (n || ' minutes')::interval, 'IN', false, true, 'OLD' || n, ${purposeA}, ${gateA}
      from generate_series(1, 10000) n`);
    await ctx.db.execute(sql`analyze vehicle_movement`);
    const plans: string[] = [];
    const explain = async (query: string) => {
      const result = await ctx.db.execute(sql.raw(`explain ${query}`));
      const { rows } = result as unknown as { rows: Array<Record<string, string>> };
      plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
    };
    const key = `translate(upper(plate), 'ODBISZ -', '008152')`;
    const trailerKey = `translate(upper(trailer_plate), 'ODBISZ -', '008152')`;
    await explain(
      `select id from vehicle_movement where site_id = ${ctx.siteA} and (in_area or trailer_in_area)
        and ((in_area and (${key} = 'V033001' or abs(length(${key}) - 7) = 1))
          or (trailer_in_area and (${trailerKey} = 'V033001' or abs(length(${trailerKey}) - 7) = 1)))
        order by movement_time desc, id desc`,
    );
    expect(plans).toHaveLength(1);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on vehicle_movement/);
    expect((await matchInArea(ctx.db, ctx.siteA, 'V033001'))?.id).toBe(inside.VO33001);
  });
});

describe('confirming a read (POST /api/vehicle/anpr/read/:id/entry | leave)', () => {
  let adviceId: number;
  let forwarder: number;
  beforeAll(async () => {
    const forwarderResponse = await ctx.call(
      await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] }),
      'POST',
      '/api/vehicle/forwarder',
      { name: 'Rychlá doprava' },
    );
    forwarder = forwarderResponse.json().id;
    adviceId = (
      await givenVehicleAdvice(ctx, adviceUser, {
        date: today,
        category,
        vehiclePlate: 'CNF1234',
        trailerPlate: 'CNT1234',
        driverFirstName: 'Jan',
        driverLastName: 'Novák',
        phone: '+420 777 000 111',
        forwarder: 'rychlá doprava',
        notes: 'Ramp 3',
      })
    ).id;
  });

  it('prefills the entry from the matched advice, at the read gate', async () => {
    const created = (await read('CNF 1234', { gate: backGateA })).json();
    expect(created).toMatchObject({ advice: { id: adviceId }, proposal: 'ENTRY' });
    const prefill = await ctx.call(guard, 'GET', `/api/vehicle/anpr/read/${created.id}/entry`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json()).toEqual({
      plate: 'CNF1234',
      trailerPlate: 'CNT1234',
      driverFirstName: 'Jan',
      driverLastName: 'Novák',
      driverContact: '+420 777 000 111',
      forwarder: { id: forwarder, label: 'Rychlá doprava' },
      gate: { id: backGateA, label: 'Back gate' },
      note: 'Ramp 3',
      advice: adviceId,
    });
    // Without an advice: just the plate.
    const bare = (await read('NOPE123')).json();
    const plain = await ctx.call(guard, 'GET', `/api/vehicle/anpr/read/${bare.id}/entry`);
    expect(plain.json()).toMatchObject({ plate: 'NOPE123', driverLastName: null, gate: null, advice: null });
  });

  it('confirms as an entry once: the entry is recorded, linked, the advice used, audited', async () => {
    const created = (await read('CNF1234', { gate: gateA })).json();
    const path = `/api/vehicle/anpr/read/${created.id}/entry`;
    const body = {
      plate: 'CNF1234',
      trailerPlate: 'CNT1234',
      purpose: purposeA,
      gate: gateA,
      driverFirstName: 'Jan',
      driverLastName: 'Novák',
      forwarder,
    };
    const confirmed = await ctx.call(guard, 'POST', path, body);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const movementId = confirmed.json().movement.id as number;
    expect(confirmed.json()).toMatchObject({
      id: created.id,
      state: 'CONFIRMED',
      movement: { id: movementId },
    });
    expect(confirmed.json().stateChanged).toBe(new Date(ctx.clock.now()).toISOString());
    const entry = await ctx.call(guard, 'GET', `/api/vehicle/${movementId}`);
    expect(entry.json()).toMatchObject({ plate: 'CNF1234', direction: 'IN', inArea: true });
    const advice = await ctx.call(adviceUser, 'GET', `/api/vehicle/advice/${adviceId}`);
    expect(advice.json().vehicle).toMatchObject({ id: movementId });
    expect(await lastAudit(path)).toMatchObject({
      entity: 'vehicle/anpr/read',
      recordId: String(created.id),
      siteId: ctx.siteA,
      status: 200,
      changes: { state: { from: 'NEW', to: 'CONFIRMED' }, movement: { from: null, to: movementId } },
    });

    for (const again of ['entry', 'leave', 'dismiss']) {
      const response = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${created.id}/${again}`, {
        ...(again === 'entry' ? { ...body, plate: 'CNF9999', trailerPlate: null } : {}),
        ...(again === 'leave' ? { gate: gateA } : {}),
      });
      expect(response.statusCode, again).toBe(409);
      expect(response.headers['x-error-code'], again).toBe('CONFLICT');
    }
    // A used advice is matched no more: the vehicle is inside now, so its plate proposes a leave.
    expect((await read('CNF1234')).json()).toMatchObject({
      advice: null,
      vehicle: { id: movementId },
      proposal: 'LEAVE',
    });
  });

  it('leaves the read NEW when the entry is refused (one transaction)', async () => {
    const created = (await read('VO33001')).json();
    // The plate is inside: 409 ALREADY_IN_AREA until forced; nothing is written.
    const refused = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${created.id}/entry`, {
      plate: 'VO33001',
      purpose: purposeA,
      gate: gateA,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('ALREADY_IN_AREA');
    const [row] = await ctx.db.select().from(anprReads).where(eq(anprReads.id, created.id));
    expect(row).toMatchObject({ state: 'NEW', movementId: null });
  });

  it('confirms as a leave of the matched vehicle inside, at the read gate, once', async () => {
    const entryId = await enter('LVE1234');
    const created = (await read('LVE1Z34', { gate: backGateA })).json();
    expect(created).toMatchObject({ vehicle: { id: entryId }, proposal: 'LEAVE' });
    const path = `/api/vehicle/anpr/read/${created.id}/leave`;
    const confirmed = await ctx.call(guard, 'POST', path, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const departureId = confirmed.json().movement.id as number;
    expect(confirmed.json()).toMatchObject({ state: 'CONFIRMED', vehicle: { id: entryId } });
    const [departure] = await ctx.db
      .select()
      .from(vehicleMovements)
      .where(eq(vehicleMovements.id, departureId));
    expect(departure).toMatchObject({ direction: 'OUT', entryId, gateId: backGateA });
    const entry = await ctx.call(guard, 'GET', `/api/vehicle/${entryId}`);
    expect(entry.json()).toMatchObject({ inArea: false, departed: true });
    expect(await lastAudit(path)).toMatchObject({
      entity: 'vehicle/anpr/read',
      recordId: String(created.id),
      changes: { state: { from: 'NEW', to: 'CONFIRMED' }, movement: { from: null, to: departureId } },
    });
    const again = await ctx.call(guard, 'POST', path, {});
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('CONFLICT');
  });

  it('refuses a leave of a read that matched no vehicle, and one without a gate', async () => {
    const nothing = (await read('ZZZ0000', { gate: gateA })).json();
    const leave = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${nothing.id}/leave`, {});
    expect(leave.statusCode).toBe(409);
    expect(leave.headers['x-error-code']).toBe('NOT_IN_AREA');
    await enter('NGT1234');
    const noGate = (await read('NGT1234')).json();
    const refused = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${noGate.id}/leave`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: 'gate', message: 'validation.required' }]);
  });

  it('refuses VEHICLE_VIEW, a terminal, and another site’s read (404)', async () => {
    const created = (await read('RFS1234')).json();
    const viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
    for (const action of ['entry', 'leave']) {
      const response = await ctx.call(viewer, 'POST', `/api/vehicle/anpr/read/${created.id}/${action}`, {
        plate: 'RFS1234',
        purpose: purposeA,
        gate: gateA,
      });
      expect(response.statusCode, action).toBe(403);
    }
    expect((await ctx.call(viewer, 'GET', `/api/vehicle/anpr/read/${created.id}/entry`)).statusCode).toBe(
      403,
    );
    const machine = await ctx.call(
      null,
      'POST',
      `/api/vehicle/anpr/read/${created.id}/leave`,
      {},
      terminalHeaders(camera),
    );
    expect(machine.statusCode).toBe(401);

    const foreign = (await read('FRN1234', {}, cameraB)).json();
    for (const action of ['entry', 'leave']) {
      const body =
        action === 'entry' ? { plate: 'FRN1234', purpose: purposeA, gate: gateA } : { gate: gateA };
      const response = await ctx.call(guard, 'POST', `/api/vehicle/anpr/read/${foreign.id}/${action}`, body);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await ctx.call(guard, 'GET', `/api/vehicle/anpr/read/${foreign.id}/entry`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(anprReads).where(eq(anprReads.id, foreign.id));
    expect(row!.state).toBe('NEW');
  });
});
