import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { gateMovements } from '../site/site.tables';

let ctx: TestContext;
let adminA: TestUser;
let adminB: TestUser;
let gateMain: number;
let gateSide: number;
let gateOfB: number;

async function create(user: TestUser, resource: string, payload: Record<string, unknown>): Promise<number> {
  const response = await ctx.call(user, 'POST', `/api/${resource}`, payload);
  if (response.statusCode !== 201) throw new Error(`${resource}: ${response.body}`);
  return response.json().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  adminA = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteA] });
  adminB = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteB] });
  const districtA = await create(adminA, 'system_site/district', { name: 'Areál' });
  gateMain = await create(adminA, 'system_site/district/gate', {
    name: 'Hlavní; "vrátnice"',
    district: districtA,
  });
  gateSide = await create(adminA, 'system_site/district/gate', { name: '=Boční', district: districtA });
  const districtB = await create(adminB, 'system_site/district', { name: 'Sklad' });
  gateOfB = await create(adminB, 'system_site/district/gate', { name: 'Brána B', district: districtB });

  // Prague is UTC+1 in January: 07:xx UTC is 08:xx local.
  const at = (iso: string) => new Date(iso);
  await ctx.db.insert(gateMovements).values([
    { siteId: ctx.siteA, gateId: gateMain, direction: 'IN', time: at('2025-01-10T07:05:00Z') },
    { siteId: ctx.siteA, gateId: gateMain, direction: 'IN', time: at('2025-01-11T07:55:00Z') },
    { siteId: ctx.siteA, gateId: gateMain, direction: 'OUT', time: at('2025-01-10T15:30:00Z') },
    { siteId: ctx.siteA, gateId: gateSide, direction: 'OUT', time: at('2025-01-10T07:10:00Z') },
    // Outside the range in Prague time (local 2025-01-09 23:30 and 2025-01-12 00:30).
    { siteId: ctx.siteA, gateId: gateMain, direction: 'IN', time: at('2025-01-09T22:30:00Z') },
    { siteId: ctx.siteA, gateId: gateMain, direction: 'IN', time: at('2025-01-11T23:30:00Z') },
    // Another site's traffic in the range.
    { siteId: ctx.siteB, gateId: gateOfB, direction: 'IN', time: at('2025-01-10T07:00:00Z') },
  ]);
});
afterAll(() => ctx?.close());

describe('GET /api/report/gate_load', () => {
  it('sums entries and departures per gate and local hour over the days of the range', async () => {
    const response = await ctx.call(adminA, 'GET', '/api/report/gate_load?from=2025-01-10&to=2025-01-11');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: '2025-01-10',
      to: '2025-01-11',
      timeZone: 'Europe/Prague',
      rows: [
        { gate: { id: gateSide, label: '=Boční' }, hour: 8, entries: 0, departures: 1 },
        { gate: { id: gateMain, label: 'Hlavní; "vrátnice"' }, hour: 8, entries: 2, departures: 0 },
        { gate: { id: gateMain, label: 'Hlavní; "vrátnice"' }, hour: 16, entries: 0, departures: 1 },
      ],
    });
  });

  it('counts in the requested time zone', async () => {
    const response = await ctx.call(
      adminA,
      'GET',
      '/api/report/gate_load?from=2025-01-10&to=2025-01-10&timeZone=UTC',
    );
    const rows = response.json().rows;
    expect(rows).toContainEqual({
      gate: { id: gateMain, label: 'Hlavní; "vrátnice"' },
      hour: 7,
      entries: 1,
      departures: 0,
    });
    expect(rows).toContainEqual({
      gate: { id: gateMain, label: 'Hlavní; "vrátnice"' },
      hour: 15,
      entries: 0,
      departures: 1,
    });
    expect(rows).toHaveLength(3);
  });

  it('shows only the current site', async () => {
    const response = await ctx.call(adminB, 'GET', '/api/report/gate_load?from=2025-01-10&to=2025-01-11');
    expect(response.json().rows).toEqual([
      { gate: { id: gateOfB, label: 'Brána B' }, hour: 8, entries: 1, departures: 0 },
    ]);
  });

  it('validates the range', async () => {
    const reversed = await ctx.call(adminA, 'GET', '/api/report/gate_load?from=2025-01-11&to=2025-01-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([{ path: 'querystring.to', message: 'validation.dateRange' }]);
    const long = await ctx.call(adminA, 'GET', '/api/report/gate_load?from=2024-01-01&to=2025-06-01');
    expect(long.json().details[0].message).toBe('validation.dateRangeTooLong');
    const missing = await ctx.call(adminA, 'GET', '/api/report/gate_load?from=2025-01-01');
    expect(missing.statusCode).toBe(400);
    const zone = await ctx.call(
      adminA,
      'GET',
      '/api/report/gate_load?from=2025-01-01&to=2025-01-02&timeZone=Mars/Base',
    );
    expect(zone.json().details[0].message).toBe('validation.timeZone');
    const badDate = await ctx.call(adminA, 'GET', '/api/report/gate_load?from=2025-02-30&to=2025-03-01');
    expect(badDate.statusCode).toBe(400);
  });

  it('refuses other roles and anonymous callers', async () => {
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    expect(
      (await ctx.call(visitAdmin, 'GET', '/api/report/gate_load?from=2025-01-10&to=2025-01-11')).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(visitAdmin, 'GET', '/api/report/gate_load.csv?from=2025-01-10&to=2025-01-11'))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(null, 'GET', '/api/report/gate_load?from=2025-01-10&to=2025-01-11')).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/report/gate_load.csv', () => {
  it('exports every hour of each gate with traffic, escaped and defused, as an attachment', async () => {
    const response = await ctx.call(adminA, 'GET', '/api/report/gate_load.csv?from=2025-01-10&to=2025-01-11');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="gate_load_2025-01-10_2025-01-11.csv"; filename*=UTF-8''gate_load_2025-01-10_2025-01-11.csv`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFBrána;Hodina;Vstupy;Odchody');
    expect(lines).toHaveLength(1 + 2 * 24 + 1);
    expect(lines).toContain("'=Boční;08:00;0;1");
    expect(lines).toContain('"Hlavní; ""vrátnice""";08:00;2;0');
    expect(lines).toContain('"Hlavní; ""vrátnice""";16:00;0;1');
    expect(lines).toContain('"Hlavní; ""vrátnice""";03:00;0;0');
  });

  it('writes English headers and `,` separators on request or by Accept-Language', async () => {
    const response = await ctx.call(
      adminA,
      'GET',
      '/api/report/gate_load.csv?from=2025-01-10&to=2025-01-11&lang=en',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFGate,Hour,Entries,Departures');
    expect(lines).toContain('"Hlavní; ""vrátnice""",08:00,2,0');
    expect(lines).toContain("'=Boční,08:00,0,1");
    const byHeader = await ctx.call(
      adminA,
      'GET',
      '/api/report/gate_load.csv?from=2025-01-10&to=2025-01-11',
      undefined,
      { 'accept-language': 'en-GB' },
    );
    expect(byHeader.body.split('\r\n')[0]).toBe('\uFEFFGate,Hour,Entries,Departures');
  });
});
