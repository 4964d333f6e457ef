import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import {
  governmentBlacklistSimulator,
  noGovernmentBlacklist,
  type GovernmentBlacklistProvider,
  type GovernmentCheck,
} from '../blacklist/blacklist';
import { givenGates } from '../site/site.fixtures';
import { blacklistEntries, identityDocuments } from '../site/site.tables';
import { vehicleBlacklistHits, vehicleCompanions, vehicleMovements, vehiclePurposes } from './vehicle.tables';

/**
 * Blacklist checks and companions of vehicle entries (issue 12), through HTTP: the driver (names, document),
 * the vehicle's plate and the trailer's against the site's internal blacklist and the government register
 * (the visits' one mechanism, docs/blacklist-provider.md), the markers and hits kept with the movement, the
 * acknowledgement of each hit, and the driver's companions (`/api/vehicle/accompaniment`).
 */

/** The register a test chooses: none, the simulator (X… is wanted), one that fails, one that never answers. */
type Register = 'none' | 'simulator' | 'down' | 'silent';
let register: Register = 'none';
const asked: GovernmentCheck[] = [];
const providers: Record<Register, GovernmentBlacklistProvider> = {
  none: noGovernmentBlacklist,
  simulator: governmentBlacklistSimulator,
  down: {
    kind: 'http',
    timeoutMs: 10_000,
    check: async () => {
      throw new Error('blacklist provider answered 500');
    },
  },
  silent: { kind: 'http', timeoutMs: 50, check: () => new Promise(() => undefined) },
};
const delegating: GovernmentBlacklistProvider = {
  get kind() {
    return providers[register].kind;
  },
  get timeoutMs() {
    return providers[register].timeoutMs;
  },
  check: (subject) => {
    asked.push(subject);
    return providers[register].check(subject);
  },
};

let ctx: TestContext;
let site: VehicleSite;
let otherSite: VehicleSite;
let guard: TestUser;
let blindGuard: TestUser;
let viewer: TestUser;
let visitUser: TestUser;
let otherGuard: TestUser;

async function givenVehicleSite(siteId: number) {
  const { gate } = await givenGates(ctx, siteId, 'Truck gate');
  const [delivery] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });
  const [licence] = await ctx.db
    .insert(identityDocuments)
    .values({ siteId, name: 'Driving licence' })
    .returning({ id: identityDocuments.id });
  return { gate, delivery: delivery.id, licence: licence.id };
}
type VehicleSite = Awaited<ReturnType<typeof givenVehicleSite>>;

let counter = 0;
/** A truck, driver and document nobody else uses, so that the checks of one test do not meet another's. */
function truck(on: VehicleSite, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    purpose: on.delivery,
    gate: on.gate,
    plate: `5B${String(counter).padStart(5, '0')}`,
    driverFirstName: 'Jan',
    driverLastName: `Šofér${counter}`,
    documentType: on.licence,
    documentNumber: `RP${counter}`,
    ...overrides,
  };
}

const enter = (user: TestUser, body: Record<string, unknown>) =>
  ctx.call(user, 'POST', '/api/vehicle/entry', body);

beforeAll(async () => {
  ctx = await createTestContext({ governmentBlacklist: delegating });
  site = await givenVehicleSite(ctx.siteA);
  otherSite = await givenVehicleSite(ctx.siteB);
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'] });
  blindGuard = await ctx.givenUser({ roles: ['VEHICLE_USER'] });
  viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
  visitUser = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  otherGuard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteB] });
  await ctx.db.insert(blacklistEntries).values([
    {
      siteId: ctx.siteA,
      category: 'PERSON',
      reason: 'Theft of cargo',
      note: 'Call the duty officer',
      firstName: 'Pavel',
      lastName: 'Zakázaný',
    },
    { siteId: ctx.siteA, category: 'PERSON', reason: 'Forged papers', documentNumber: 'FAKE-1' },
    { siteId: ctx.siteA, category: 'VEHICLE', reason: 'Damaged the gate', licencePlate: '7Z77777' },
    { siteId: ctx.siteA, category: 'VEHICLE', reason: 'Stolen trailer', licencePlate: '8T88888' },
    // Another site's list does not concern site A.
    { siteId: ctx.siteB, category: 'VEHICLE', reason: 'Only at B', licencePlate: '6B66666' },
  ]);
});
afterAll(() => ctx?.close());
beforeEach(() => {
  register = 'none';
  asked.length = 0;
});

const movementsWithPlate = (plate: string) =>
  ctx.db.select({ id: vehicleMovements.id }).from(vehicleMovements).where(eq(vehicleMovements.plate, plate));

describe('vehicle entry: blacklist markers', () => {
  it('marks a clean entry OK on the internal list and NOT_CHECKED without a register, with its companions', async () => {
    const response = await enter(
      guard,
      truck(site, {
        companions: [
          { name: 'Marie Spolujezdcová', document: 'OP 445566' },
          { name: 'Petr Pomocník', document: null },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
      blacklistHits: [],
    });
    expect(record.companions).toEqual([
      { id: expect.any(Number), name: 'Marie Spolujezdcová', document: 'OP 445566' },
      { id: expect.any(Number), name: 'Petr Pomocník', document: null },
    ]);

    // The companions are rows of their own (`/api/vehicle/accompaniment`), listed by their movement.
    const listed = await ctx.call(guard, 'GET', `/api/vehicle/accompaniment?vehicle=${record.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject([
      { name: 'Marie Spolujezdcová', document: 'OP 445566', vehicle: { id: record.id } },
      { name: 'Petr Pomocník', document: null, vehicle: { id: record.id } },
    ]);
    const stored = await ctx.db
      .select()
      .from(vehicleCompanions)
      .where(eq(vehicleCompanions.vehicleId, record.id));
    expectEvery(stored, (row) => row.siteId === ctx.siteA);

    // The list and the detail carry the markers and companions too.
    const list = await ctx.call(guard, 'GET', `/api/vehicle?plate=${record.plate}`);
    expect(list.json()).toMatchObject([
      {
        id: record.id,
        blacklistInternalPerson: 'OK',
        blacklistGovernmentVehicle: 'NOT_CHECKED',
        companions: [{ name: 'Marie Spolujezdcová' }, { name: 'Petr Pomocník' }],
      },
    ]);
    const detail = await ctx.call(guard, 'GET', `/api/vehicle/${record.id}`);
    expect(detail.json()).toMatchObject({ blacklistInternalVehicle: 'OK', companions: [{}, {}] });
  });

  it('leaves the person markers empty when no driver is named', async () => {
    const response = await enter(
      guard,
      truck(site, { driverFirstName: null, driverLastName: null, documentType: null, documentNumber: null }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistInternalPerson: null,
      blacklistGovernmentPerson: null,
      blacklistInternalVehicle: 'OK',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
    });
    expect(asked.map((subject) => subject.kind)).toEqual(['VEHICLE']);
  });

  it('refuses a driver on the internal list (by names or by document) until the hit is acknowledged', async () => {
    const byName = truck(site, { driverFirstName: 'pavel', driverLastName: 'ZAKÁZANÝ' });
    const warned = await enter(guard, byName);
    expect(warned.statusCode).toBe(409);
    expect(warned.headers['x-error-code']).toBe('BLACKLIST_HIT');
    expect(warned.json().details).toEqual([{ path: 'blacklistInternalPerson', message: 'BLACKLIST_HIT' }]);
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalPerson',
        matchedBy: 'NAME',
        value: 'Pavel Zakázaný',
        reason: 'Theft of cargo',
        note: 'Call the duty officer',
      },
    ]);
    expect(await movementsWithPlate(byName.plate)).toEqual([]);

    const entered = await enter(guard, { ...byName, blacklistAcknowledged: ['blacklistInternalPerson'] });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({
      blacklistInternalPerson: 'HIT',
      blacklistInternalVehicle: 'OK',
      blacklistHits: [{ list: 'blacklistInternalPerson', matchedBy: 'NAME', reason: 'Theft of cargo' }],
    });

    const byDocument = await enter(guard, truck(site, { documentNumber: 'fake-1' }));
    expect(byDocument.statusCode).toBe(409);
    expect(byDocument.json().blacklistHits).toEqual([
      expect.objectContaining({ list: 'blacklistInternalPerson', matchedBy: 'DOCUMENT', value: 'FAKE-1' }),
    ]);
  });

  it('refuses a vehicle plate on the internal list, also written differently', async () => {
    const body = truck(site, { plate: '7z7-7777' });
    const warned = await enter(guard, body);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalVehicle',
        matchedBy: 'PLATE',
        value: '7Z77777',
        reason: 'Damaged the gate',
        note: null,
      },
    ]);
    const entered = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistInternalVehicle'] });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({ plate: '7Z77777', blacklistInternalVehicle: 'HIT' });
  });

  it('refuses a trailer plate on the internal list, the hit naming the trailer', async () => {
    const body = truck(site, { trailerPlate: '8t8 8888' });
    const warned = await enter(guard, body);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().details).toEqual([{ path: 'blacklistInternalVehicle', message: 'BLACKLIST_HIT' }]);
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalVehicle',
        matchedBy: 'TRAILER_PLATE',
        value: '8T88888',
        reason: 'Stolen trailer',
        note: null,
      },
    ]);
    const entered = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistInternalVehicle'] });
    expect(entered.statusCode).toBe(201);
    const record = entered.json();
    expect(record).toMatchObject({
      trailerPlate: '8T88888',
      trailerInArea: true,
      blacklistInternalVehicle: 'HIT',
    });
    const stored = await ctx.db
      .select()
      .from(vehicleBlacklistHits)
      .where(eq(vehicleBlacklistHits.vehicleId, record.id));
    expect(stored).toMatchObject([
      {
        siteId: ctx.siteA,
        list: 'blacklistInternalVehicle',
        matchedBy: 'TRAILER_PLATE',
        blacklistId: expect.any(Number),
      },
    ]);
  });

  it('needs every hit acknowledged: force or a part is not enough, an unknown list is invalid', async () => {
    const body = truck(site, {
      driverFirstName: 'Pavel',
      driverLastName: 'Zakázaný',
      plate: '7Z77777',
      trailerPlate: '8T88888',
    });
    // The plate's entry of the test above (acknowledged there) stays the only one.
    const before = await movementsWithPlate('7Z77777');
    const warned = await enter(guard, body);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().blacklistHits.map((hit: { matchedBy: string }) => hit.matchedBy)).toEqual([
      'NAME',
      'PLATE',
      'TRAILER_PLATE',
    ]);
    const forced = await enter(guard, { ...body, force: true });
    expect(forced.headers['x-error-code']).toBe('BLACKLIST_HIT');
    const partly = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistInternalVehicle'] });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().blacklistHits).toHaveLength(3);
    const unknown = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistOther'] });
    expect(unknown.statusCode).toBe(400);
    expect(await movementsWithPlate('7Z77777')).toEqual(before);

    // The driver and the trailer are in the area from the tests above: `force` confirms that warning.
    const entered = await enter(guard, {
      ...body,
      force: true,
      blacklistAcknowledged: ['blacklistInternalPerson', 'blacklistInternalVehicle'],
    });
    expect(entered.statusCode).toBe(201);
    expect(entered.json().blacklistHits).toHaveLength(3);

    // The audit keeps who confirmed which hits and the markers written.
    const audit = await ctx.call(ctx.admin, 'GET', `/api/system_audit?author=${guard.userName}&size=100`);
    const entry = (
      audit.json() as Array<{
        recordId: string | null;
        requestBody: Record<string, unknown> | null;
        changes: Record<string, unknown> | null;
      }>
    ).find((row) => row.recordId === String(entered.json().id));
    expect(entry?.requestBody?.blacklistAcknowledged).toEqual([
      'blacklistInternalPerson',
      'blacklistInternalVehicle',
    ]);
    expect(entry?.changes?.blacklistInternalVehicle).toEqual({ to: 'HIT' });
  });

  it("does not check against another site's list", async () => {
    const response = await enter(guard, truck(site, { plate: '6B66666' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().blacklistInternalVehicle).toBe('OK');
    const there = await enter(otherGuard, truck(otherSite, { plate: '6B6 6666' }));
    expect(there.statusCode).toBe(409);
  });
});

describe('vehicle entry: the government register', () => {
  it('asks about the driver, the vehicle and the trailer; a hit on each is refused until acknowledged', async () => {
    register = 'simulator';
    const body = truck(site, { plate: 'X1A 1111', trailerPlate: 'X2T 2222', documentNumber: 'X-RP-9' });
    const warned = await enter(guard, body);
    expect(warned.statusCode).toBe(409);
    expect(asked).toEqual(
      expect.arrayContaining([
        { kind: 'PERSON', firstName: 'Jan', lastName: body.driverLastName, documentNumber: 'X-RP-9' },
        { kind: 'VEHICLE', plate: 'X1A1111' },
        { kind: 'VEHICLE', plate: 'X2T2222' },
      ]),
    );
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistGovernmentPerson',
        matchedBy: null,
        value: `Jan ${body.driverLastName}, X-RP-9`,
        reason: null,
        note: null,
      },
      { list: 'blacklistGovernmentVehicle', matchedBy: 'PLATE', value: 'X1A1111', reason: null, note: null },
      {
        list: 'blacklistGovernmentVehicle',
        matchedBy: 'TRAILER_PLATE',
        value: 'X2T2222',
        reason: null,
        note: null,
      },
    ]);
    const partly = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistGovernmentVehicle'] });
    expect(partly.statusCode).toBe(409);
    const entered = await enter(guard, {
      ...body,
      blacklistAcknowledged: ['blacklistGovernmentPerson', 'blacklistGovernmentVehicle'],
    });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({
      blacklistGovernmentPerson: 'HIT',
      blacklistGovernmentVehicle: 'HIT',
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
    });
  });

  it('marks the vehicle HIT when only the trailer is wanted', async () => {
    register = 'simulator';
    const body = truck(site, { trailerPlate: 'X3T 3333' });
    const warned = await enter(guard, body);
    expect(warned.json().blacklistHits).toEqual([
      expect.objectContaining({ list: 'blacklistGovernmentVehicle', matchedBy: 'TRAILER_PLATE' }),
    ]);
    const entered = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistGovernmentVehicle'] });
    expect(entered.json()).toMatchObject({
      blacklistGovernmentVehicle: 'HIT',
      blacklistGovernmentPerson: 'OK',
    });
  });

  it('never blocks an entry when the register fails: the markers say UNAVAILABLE', async () => {
    register = 'down';
    const response = await enter(guard, truck(site, { trailerPlate: 'TR1 0001' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'UNAVAILABLE',
      blacklistGovernmentVehicle: 'UNAVAILABLE',
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
      blacklistHits: [],
    });
  });

  it('never blocks an entry when the register does not answer in time: UNAVAILABLE', async () => {
    register = 'silent';
    const response = await enter(guard, truck(site));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'UNAVAILABLE',
      blacklistGovernmentVehicle: 'UNAVAILABLE',
    });
  });

  it('keeps a hit over a failed check in the vehicle marker (plate wanted, trailer check failed)', async () => {
    register = 'simulator';
    const original = providers.simulator;
    providers.simulator = {
      ...original,
      check: (subject) =>
        subject.kind === 'VEHICLE' && subject.plate.startsWith('T')
          ? Promise.reject(new Error('down'))
          : original.check(subject),
    };
    try {
      const body = truck(site, { plate: 'X4A 4444', trailerPlate: 'T4T 4444' });
      const entered = await enter(guard, { ...body, blacklistAcknowledged: ['blacklistGovernmentVehicle'] });
      expect(entered.statusCode).toBe(201);
      expect(entered.json().blacklistGovernmentVehicle).toBe('HIT');
    } finally {
      providers.simulator = original;
    }
  });
});

describe('vehicle markers, hits and companions: who sees what', () => {
  let marked: { id: number; plate: string };

  beforeAll(async () => {
    const body = truck(site, {
      driverFirstName: 'Pavel',
      driverLastName: 'Zakázaný',
      companions: [{ name: 'Eva Tajná', document: 'OP 1' }],
      blacklistAcknowledged: ['blacklistInternalPerson'],
      force: true,
    });
    const response = await enter(guard, body);
    expect(response.statusCode).toBe(201);
    marked = response.json();
  });

  it('masks companions and the hits’ values and notes without VIEW_PERSONAL_INFO; the reason stays', async () => {
    for (const user of [viewer, blindGuard]) {
      const detail = await ctx.call(user, 'GET', `/api/vehicle/${marked.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        driverLastName: MASKED_VALUE,
        blacklistInternalPerson: 'HIT',
        companions: [{ name: MASKED_VALUE, document: MASKED_VALUE }],
        blacklistHits: [
          {
            list: 'blacklistInternalPerson',
            value: MASKED_VALUE,
            note: MASKED_VALUE,
            reason: 'Theft of cargo',
          },
        ],
      });
      const list = await ctx.call(user, 'GET', `/api/vehicle?plate=${marked.plate}`);
      expect(list.json()).toMatchObject([{ companions: [{ name: MASKED_VALUE }] }]);
      const companions = await ctx.call(user, 'GET', `/api/vehicle/accompaniment?vehicle=${marked.id}`);
      expect(companions.statusCode).toBe(200);
      expect(companions.json()).toMatchObject([{ name: MASKED_VALUE, document: MASKED_VALUE }]);
    }
    const seen = await ctx.call(guard, 'GET', `/api/vehicle/${marked.id}`);
    expect(seen.json()).toMatchObject({
      companions: [{ name: 'Eva Tajná', document: 'OP 1' }],
      blacklistHits: [{ value: 'Pavel Zakázaný', note: 'Call the duty officer' }],
    });
  });

  it('refuses changing companions without VIEW_PERSONAL_INFO (the mask would overwrite them)', async () => {
    const current = (await ctx.call(blindGuard, 'GET', `/api/vehicle/${marked.id}`)).json();
    const update = await ctx.call(blindGuard, 'PUT', `/api/vehicle/${marked.id}`, {
      version: current.version,
      companions: [{ name: 'Someone else' }],
    });
    expect(update.statusCode).toBe(403);
    expect(update.headers['x-error-code']).toBe('PERSONAL_DATA_REQUIRED');
    const byGuard = await ctx.call(guard, 'PUT', `/api/vehicle/${marked.id}`, {
      version: current.version,
      companions: [{ name: 'Eva Tajná', document: 'OP 1' }, { name: 'Jiří Druhý' }],
    });
    expect(byGuard.statusCode).toBe(200);
    expect(byGuard.json().companions).toMatchObject([{ name: 'Eva Tajná' }, { name: 'Jiří Druhý' }]);
  });

  it('refuses another site: its movement, hits and companions are not found', async () => {
    const read = await ctx.call(otherGuard, 'GET', `/api/vehicle/${marked.id}`);
    expect(read.statusCode).toBe(404);
    const companions = await ctx.call(otherGuard, 'GET', `/api/vehicle/accompaniment?vehicle=${marked.id}`);
    expect(companions.statusCode).toBe(200);
    expect(companions.json()).toEqual([]);
    const attach = await ctx.call(otherGuard, 'POST', '/api/vehicle/accompaniment', {
      vehicle: marked.id,
      name: 'Intruder',
    });
    expect(attach.statusCode).toBe(400);
    expect(attach.json().details).toEqual([{ path: 'vehicle', message: 'validation.ref' }]);
  });

  it('exports the markers in the CSV in the caller’s language', async () => {
    const czech = await ctx.call(guard, 'GET', `/api/vehicle/export?plate=${marked.plate}&lang=cs`);
    const [header, row] = czech.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Interní seznam – osoba');
    expect(header).toContain('Státní seznam – vozidlo');
    expect(row).toContain('Nalezeno');
    expect(row).toContain('V pořádku');
    const english = await ctx.call(guard, 'GET', `/api/vehicle/export?plate=${marked.plate}&lang=en`);
    expect(english.body).toContain('Internal list – person');
    expect(english.body).toContain(',Hit');
  });

  it('refuses the wrong role', async () => {
    for (const [user, method, url, body] of [
      [visitUser, 'POST', '/api/vehicle/entry', truck(site)],
      [viewer, 'POST', '/api/vehicle/entry', truck(site)],
      [visitUser, 'GET', `/api/vehicle/accompaniment?vehicle=${marked.id}`, undefined],
      [viewer, 'POST', '/api/vehicle/accompaniment', { vehicle: marked.id, name: 'Nobody' }],
    ] as const) {
      const response = await ctx.call(user, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
