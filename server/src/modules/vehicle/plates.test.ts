import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { givenTerminal, terminalHeaders, type TestTerminal } from '../../../test/terminals';
import { MIGRATIONS_DIR } from '../../paths';
import { siteToday } from '../../platform/siteTime';
import { givenGates } from '../site/site.fixtures';
import { blacklistEntries } from '../site/site.tables';
import { givenAdviceCategory, givenVehicleAdvice } from './vehicle.fixtures';
import {
  anprReads,
  vehicleAdvices,
  vehicleBlacklistHits,
  vehicleMovements,
  vehiclePurposes,
} from './vehicle.tables';

/**
 * Licence plates are stored in one normal form (upper case, no spaces or dashes: the contract's
 * `normalizePlate`, applied by every plate field), so '1AB 2345' and '1ab-2345' find the same vehicle,
 * advice and blacklist entry; migration 0027_normalize_plates brings existing rows to that form.
 */
let ctx: TestContext;
let guard: TestUser;
let adviceUser: TestUser;
let siteAdmin: TestUser;
let otherSiteGuard: TestUser;
let camera: TestTerminal;
let gate: number;
let purpose: number;
let category: number;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.clock.set(new Date('2026-03-10T08:00:00Z'));
  today = await siteToday(ctx.db, ctx.siteA, new Date(ctx.clock.now()));
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'] });
  adviceUser = await ctx.givenUser({ roles: ['VEHICLE_ADVICE_ADMIN'] });
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
  otherSiteGuard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteB] });
  camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
  ({ gate } = await givenGates(ctx, ctx.siteA));
  await givenGates(ctx, ctx.siteB);
  category = await givenAdviceCategory(ctx, adviceUser, 'Plates');
  [{ id: purpose }] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId: ctx.siteA, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });
});
afterAll(() => ctx?.close());

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

describe('vehicle movements', () => {
  it('store the plate in its normal form and find it however it is written', async () => {
    const entry = await ctx.call(guard, 'POST', '/api/vehicle/entry', {
      gate,
      purpose,
      plate: '1ab 2345',
      trailerPlate: '9tr-1234',
    });
    expect(entry.statusCode).toBe(201);
    expect(entry.json()).toMatchObject({ plate: '1AB2345', trailerPlate: '9TR1234' });

    for (const written of ['1AB 2345', '1ab-2345', '1AB2345']) {
      const last = await ctx.call(guard, 'GET', `/api/vehicle/lastbylp?plate=${encodeURIComponent(written)}`);
      expect(last.statusCode).toBe(200);
      expect(last.json()).toMatchObject({ id: entry.json().id, plate: '1AB2345' });
      const list = await ctx.call(guard, 'GET', `/api/vehicle?plate=${encodeURIComponent(written)}`);
      expect(ids(list.json())).toEqual([entry.json().id]);
    }
    // Part of a plate written with a space finds it too.
    const part = await ctx.call(guard, 'GET', `/api/vehicle?plate=${encodeURIComponent('b 23')}`);
    expect(ids(part.json())).toEqual([entry.json().id]);
    // Another site's guard finds nothing of it.
    const other = await ctx.call(otherSiteGuard, 'GET', '/api/vehicle/lastbylp?plate=1AB2345');
    expect(other.json()).toBeNull();
  });

  it('know a vehicle inside however its plate is written at the next entry', async () => {
    const again = await ctx.call(guard, 'POST', '/api/vehicle/entry', { gate, purpose, plate: '1AB-2345' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('ALREADY_IN_AREA');
    const trailer = await ctx.call(guard, 'POST', '/api/vehicle/entry', { gate, purpose, plate: '9TR 1234' });
    expect(trailer.statusCode).toBe(409);
    expect(trailer.headers['x-error-code']).toBe('ALREADY_IN_AREA');
  });

  it('refuse what is no plate', async () => {
    const response = await ctx.call(guard, 'POST', '/api/vehicle/entry', {
      gate,
      purpose,
      plate: '1AB_2345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'plate', message: 'validation.plate' }]);
  });
});

describe('vehicle advices', () => {
  it('store the plates in their normal form; a filter and a camera read find the advice however written', async () => {
    const advice = await givenVehicleAdvice(ctx, adviceUser, {
      date: today,
      category,
      vehiclePlate: '2cd 4567',
      trailerPlate: '2cd-4568',
    });
    expect(advice).toMatchObject({ vehiclePlate: '2CD4567', trailerPlate: '2CD4568' });
    for (const written of ['2CD 4567', '2cd-4567']) {
      const list = await ctx.call(
        adviceUser,
        'GET',
        `/api/vehicle/advice?vehiclePlate=${encodeURIComponent(written)}`,
      );
      expect(ids(list.json())).toEqual([advice.id]);
    }

    await ctx.clock.advance(1000);
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicle/anpr/read',
      headers: terminalHeaders(camera),
      payload: { plate: '2cd-4567' },
    });
    expect(read.statusCode).toBe(201);
    expect(read.json()).toMatchObject({
      plate: '2CD4567',
      advice: { id: advice.id },
      matchedPlate: '2CD4567',
      matchReasons: [{ code: 'EXACT' }],
    });
    const reads = await ctx.call(
      guard,
      'GET',
      `/api/vehicle/anpr/read?plate=${encodeURIComponent('2cd 45')}`,
    );
    expect(ids(reads.json())).toContain(read.json().id);
  });
});

describe('blacklist', () => {
  it('keeps one entry per plate however written, and an entry hits a vehicle written otherwise', async () => {
    const created = await ctx.call(siteAdmin, 'POST', '/api/blacklist', {
      category: 'VEHICLE',
      reason: 'Broke the barrier',
      licencePlate: '3ef-6789',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().licencePlate).toBe('3EF6789');
    const duplicate = await ctx.call(siteAdmin, 'POST', '/api/blacklist', {
      category: 'VEHICLE',
      reason: 'Again',
      licencePlate: '3EF 6789',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
    const found = await ctx.call(
      siteAdmin,
      'GET',
      `/api/blacklist?licencePlate=${encodeURIComponent('3ef 67')}`,
    );
    expect(ids(found.json())).toEqual([created.json().id]);

    const entry = await ctx.call(guard, 'POST', '/api/vehicle/entry', { gate, purpose, plate: '3EF 6789' });
    expect(entry.statusCode).toBe(409);
    expect(entry.headers['x-error-code']).toBe('BLACKLIST_HIT');
  });
});

describe('migration 0027_normalize_plates', () => {
  const migration = readFileSync(path.join(MIGRATIONS_DIR, '0027_normalize_plates.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
  const migrate = () =>
    ctx.db.transaction(async (tx) => {
      for (const statement of migration) await tx.execute(sql.raw(statement));
    });

  it('normalizes stored plates and merges blacklist entries that become one plate', async () => {
    // Rows as an older version stored them (written straight to the tables, as typed).
    const [movement] = await ctx.db
      .insert(vehicleMovements)
      .values({
        siteId: ctx.siteA,
        gateId: gate,
        purposeId: purpose,
        direction: 'IN',
        movementTime: new Date(ctx.clock.now()),
        plate: '4gh 1111',
        trailerPlate: '4gh-2222',
        inArea: false,
        departed: true,
      })
      .returning({ id: vehicleMovements.id });
    const [advice] = await ctx.db
      .insert(vehicleAdvices)
      .values({
        siteId: ctx.siteA,
        date: today,
        categoryId: category,
        direction: 'IN',
        vehiclePlate: '4gh 3333',
      })
      .returning({ id: vehicleAdvices.id });
    const entries = await ctx.db
      .insert(blacklistEntries)
      .values([
        {
          siteId: ctx.siteA,
          category: 'VEHICLE',
          reason: 'First',
          note: 'Keep out',
          licencePlate: '5JK 1111',
        },
        { siteId: ctx.siteA, category: 'VEHICLE', reason: 'Second', licencePlate: '5jk-1111' },
        // Another site's entry of the same plate stays that site's own.
        { siteId: ctx.siteB, category: 'VEHICLE', reason: 'At B', licencePlate: '5JK-1111' },
      ])
      .returning({ id: blacklistEntries.id });
    const [hit] = await ctx.db
      .insert(vehicleBlacklistHits)
      .values({
        siteId: ctx.siteA,
        vehicleId: movement.id,
        list: 'blacklistInternalVehicle',
        blacklistId: entries[1].id,
      })
      .returning({ id: vehicleBlacklistHits.id });

    await migrate();

    const [stored] = await ctx.db
      .select({ plate: vehicleMovements.plate, trailerPlate: vehicleMovements.trailerPlate })
      .from(vehicleMovements)
      .where(eq(vehicleMovements.id, movement.id));
    expect(stored).toEqual({ plate: '4GH1111', trailerPlate: '4GH2222' });
    const [storedAdvice] = await ctx.db
      .select({ plate: vehicleAdvices.vehiclePlate })
      .from(vehicleAdvices)
      .where(eq(vehicleAdvices.id, advice.id));
    expect(storedAdvice.plate).toBe('4GH3333');
    const kept = await ctx.db
      .select({
        id: blacklistEntries.id,
        siteId: blacklistEntries.siteId,
        reason: blacklistEntries.reason,
        note: blacklistEntries.note,
        plate: blacklistEntries.licencePlate,
      })
      .from(blacklistEntries)
      .where(inArray(blacklistEntries.id, ids(entries)))
      .orderBy(blacklistEntries.id);
    expect(kept).toEqual([
      { id: entries[0].id, siteId: ctx.siteA, reason: 'First', note: 'Keep out\nSecond', plate: '5JK1111' },
      { id: entries[2].id, siteId: ctx.siteB, reason: 'At B', note: null, plate: '5JK1111' },
    ]);
    const [movedHit] = await ctx.db
      .select({ blacklistId: vehicleBlacklistHits.blacklistId })
      .from(vehicleBlacklistHits)
      .where(eq(vehicleBlacklistHits.id, hit.id));
    expect(movedHit.blacklistId).toBe(entries[0].id);

    // Run again, it changes nothing: every stored plate is in its normal form.
    await migrate();
    const plates = await ctx.db.select({ plate: anprReads.plate }).from(anprReads);
    expectEvery(plates, (row) => /^[A-Z0-9]+$/.test(row.plate));
  });
});
