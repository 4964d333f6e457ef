import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_RAMP_SLOT_MINUTES } from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';

/**
 * Two transports on one ramp at once (docs/logistics.md, 'Ramp occupancy'): planning or moving a transport onto
 * a ramp another transport holds in an overlapping time answers 409 LOGISTICS_RAMP_OCCUPIED until the
 * dispatcher confirms it (`force: true`). A transport holds its ramp from its entry (or planned arrival) to its
 * leave, or a slot of LOGISTICS_RAMP_SLOT_MINUTES while it has not left; touching times do not overlap.
 */
let ctx: TestContext;
let admin: TestUser;
let creator: TestUser;
let operator: TestUser;
let creatorB: TestUser;
let rampOne: number;
let rampTwo: number;
let rampB: number;
let supplier: number;
let supplierB: number;
let toRamp: number;
let day: number;

type Json = Record<string, unknown> & { id: number; version: number };
const MINUTE = 60_000;
const SLOT = LOGISTICS_RAMP_SLOT_MINUTES * MINUTE;
const at = (minutes: number) => new Date(day + minutes * MINUTE).toISOString();

async function created(who: TestUser, resource: string, body: Record<string, unknown>): Promise<Json> {
  const response = await ctx.call(who, 'POST', `/api/logistics/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

const plan = (fields: Record<string, unknown>, who = creator) =>
  ctx.call(who, 'POST', '/api/logistics/transport', { supplier, ...fields });

beforeAll(async () => {
  ctx = await createTestContext();
  day = Date.parse('2026-04-14T06:00:00Z');
  await ctx.clock.set(day - 60 * MINUTE);
  admin = await ctx.givenUser({ roles: ['LOGISTICS_ADMIN'] });
  creator = await ctx.givenUser({ roles: ['LOGISTICS_CREATE'] });
  operator = await ctx.givenUser({ roles: ['LOGISTICS_OPERATOR'] });
  const adminB = await ctx.givenUser({ roles: ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE'], sites: [ctx.siteB] });
  creatorB = adminB;
  const planned = (await created(admin, 'status', { name: 'Plánováno', position: 10 })).id;
  const atRamp = (await created(admin, 'status', { name: 'Na rampě', position: 20 })).id;
  await created(adminB, 'status', { name: 'Plánováno B', position: 10 });
  rampOne = (await created(admin, 'ramp', { name: 'Rampa 1' })).id;
  rampTwo = (await created(admin, 'ramp', { name: 'Rampa 2' })).id;
  rampB = (await created(adminB, 'ramp', { name: 'Rampa B' })).id;
  supplier = (await created(creator, 'supplier', { name: 'Dodavatel a.s.' })).id;
  supplierB = (await created(adminB, 'supplier', { name: 'Dodavatel B' })).id;
  toRamp = (
    await created(admin, 'operation', {
      name: 'Na rampu',
      startStatus: planned,
      endStatus: atRamp,
      roles: ['LOGISTICS_OPERATOR'],
      compulsoryAttributes: ['ramp'],
    })
  ).id;
  // 08:00–09:00 (no leave: the slot) on ramp 1.
  const first = await plan({ datetimeArrive: at(120), ramp: rampOne, licencePlate: '1AB 2345' });
  expect(first.statusCode, first.body).toBe(201);
});
afterAll(() => ctx?.close());

describe('planning a transport on a ramp', () => {
  it('warns of another transport holding the ramp in an overlapping time', async () => {
    for (const minutes of [
      120,
      150,
      120 - LOGISTICS_RAMP_SLOT_MINUTES + 1,
      120 + LOGISTICS_RAMP_SLOT_MINUTES - 1,
    ]) {
      const response = await plan({ datetimeArrive: at(minutes), ramp: rampOne });
      expect(response.statusCode, `${minutes}: ${response.body}`).toBe(409);
      expect(response.headers['x-error-code']).toBe('LOGISTICS_RAMP_OCCUPIED');
      expect(response.json().code).toBe('LOGISTICS_RAMP_OCCUPIED');
    }
  });

  it('takes touching times as free: one ends when the next starts', async () => {
    const before = await plan({
      datetimeArrive: new Date(day + 120 * MINUTE - SLOT).toISOString(),
      ramp: rampOne,
    });
    expect(before.statusCode, before.body).toBe(201);
    const after = await plan({
      datetimeArrive: new Date(day + 120 * MINUTE + SLOT).toISOString(),
      ramp: rampOne,
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('does not mind another ramp, no ramp, another site or a cancelled transport', async () => {
    expect((await plan({ datetimeArrive: at(130), ramp: rampTwo })).statusCode).toBe(201);
    expect((await plan({ datetimeArrive: at(130), ramp: null })).statusCode).toBe(201);
    const otherSite = await ctx.call(creatorB, 'POST', '/api/logistics/transport', {
      supplier: supplierB,
      datetimeArrive: at(120),
      ramp: rampB,
    });
    expect(otherSite.statusCode, otherSite.body).toBe(201);

    const cancelled = (await plan({ datetimeArrive: at(600), ramp: rampTwo })).json() as Json;
    const canceller = await ctx.givenUser({ roles: ['LOGISTICS_CANCEL', 'LOGISTICS_VIEW'] });
    const cancel = await ctx.call(canceller, 'POST', `/api/logistics/transport/${cancelled.id}/cancel`, {
      version: cancelled.version,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await plan({ datetimeArrive: at(600), ramp: rampTwo })).statusCode).toBe(201);
  });

  it('plans it all the same once the dispatcher confirms (force)', async () => {
    const response = await plan({ datetimeArrive: at(125), ramp: rampOne, force: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ ramp: { id: rampOne } });
  });

  it('refuses another site’s ramp as a reference, whatever its occupancy', async () => {
    const response = await plan({ datetimeArrive: at(900), ramp: rampB });
    expect(response.statusCode).toBe(400);
  });
});

describe('moving a transport onto a ramp', () => {
  it('warns on a change of ramp or arrival by the administrator, not on other changes', async () => {
    const planned = await plan({ datetimeArrive: at(300), ramp: rampTwo });
    expect(planned.statusCode, planned.body).toBe(201);
    const transport = planned.json() as Json;
    const moved = await ctx.call(admin, 'PUT', `/api/logistics/transport/${transport.id}`, {
      version: transport.version,
      ramp: rampOne,
      datetimeArrive: at(150),
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.headers['x-error-code']).toBe('LOGISTICS_RAMP_OCCUPIED');
    const note = await ctx.call(admin, 'PUT', `/api/logistics/transport/${transport.id}`, {
      version: transport.version,
      note: 'Objednáno',
    });
    expect(note.statusCode, note.body).toBe(200);
    const forced = await ctx.call(admin, 'PUT', `/api/logistics/transport/${transport.id}`, {
      version: note.json().version,
      ramp: rampOne,
      datetimeArrive: at(150),
      force: true,
    });
    expect(forced.statusCode, forced.body).toBe(200);
  });

  it('warns when a workflow operation puts it on a held ramp, and goes on when confirmed', async () => {
    const planned = await plan({ datetimeArrive: at(135) });
    expect(planned.statusCode, planned.body).toBe(201);
    const transport = planned.json() as Json;
    const path = `/api/logistics/transport/${transport.id}/operation`;
    const body = { operation: toRamp, version: transport.version, values: { ramp: rampOne } };
    const refused = await ctx.call(operator, 'POST', path, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('LOGISTICS_RAMP_OCCUPIED');
    const confirmed = await ctx.call(operator, 'POST', path, { ...body, force: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ ramp: { id: rampOne } });
  });

  it('stores the transport’s plate in its normal form, found however written', async () => {
    const list = await ctx.call(
      admin,
      'GET',
      `/api/logistics/transport?licencePlate=${encodeURIComponent('1ab-2345')}`,
    );
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Json[];
    expect(rows).not.toHaveLength(0);
    expect(rows.map((row) => row.licencePlate)).toEqual(['1AB2345']);
  });
});
