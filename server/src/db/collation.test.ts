import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';

/**
 * Names sort and filter in Czech order on both databases (migration 0004_czech_collation): run this file
 * with TEST_DATABASE_URL too.
 */
let ctx: TestContext;
let visitAdmin: TestUser;

/** The Czech alphabetical order: č after c, ch after h, ř after r, š after s, ž after z, accents secondary. */
const CZECH_ORDER = [
  'Cyril',
  'Černá',
  'Dvořák',
  'Hora',
  'Chlup',
  'Rudolf',
  'Řehoř',
  'Sova',
  'Šimon',
  'Uhlíř',
  'Ulrich',
  'Ústav',
  'Věra',
  'Zdeněk',
  'Zuzana',
  'Žák',
];

beforeAll(async () => {
  ctx = await createTestContext();
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
  // Created in an order that is neither the Czech nor the byte order.
  for (const lastName of [...CZECH_ORDER].sort((a, b) => a.length - b.length || b.localeCompare(a, 'en'))) {
    const created = await ctx.call(visitAdmin, 'POST', '/api/visit/visited', { firstName: 'Test', lastName });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(() => ctx?.close());

const lastNames = async (query: string) => {
  const response = await ctx.call(visitAdmin, 'GET', `/api/visit/visited?size=100&${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ lastName: string }>).map((row) => row.lastName);
};

describe('Czech collation of names', () => {
  it('sorts a list by name in Czech order, both ways', async () => {
    expect(await lastNames('sort=lastName,asc')).toEqual(CZECH_ORDER);
    expect(await lastNames('sort=lastName,desc')).toEqual([...CZECH_ORDER].reverse());
    // The default sort of the list is by last name too.
    expect(await lastNames('')).toEqual(CZECH_ORDER);
  });

  it('filters names regardless of case, Czech letters included', async () => {
    expect(await lastNames('lastName=ČERN')).toEqual(['Černá']);
    expect(await lastNames('lastName=řeh')).toEqual(['Řehoř']);
    expect(await lastNames('lastName=ÚST')).toEqual(['Ústav']);
    // No accent folding: 'c' does not find 'Č'.
    expect(await lastNames('lastName=cern')).toEqual([]);
  });

  it('compares in the database by the collation the name columns carry', async () => {
    const result = await ctx.db.execute(
      sql`select 'Chlup' > 'Hora' collate "czech" as ch_after_h, 'Černá' < 'Dvořák' collate "czech" as c_caron`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ ch_after_h: true, c_caron: true });
  });

  it('is the collation of every name column (a new table with names must take it too)', async () => {
    const result = await ctx.db.execute(sql`
      select table_name || '.' || column_name as "column", collation_name as collation
      from information_schema.columns
      where table_schema = 'public' and data_type = 'text'
        and column_name in ('name', 'first_name', 'last_name', 'company')`);
    const columns = (result as unknown as { rows: Array<{ column: string; collation: string | null }> }).rows;
    // Names of settings (SITE_TIMEOUT, SESSION_MAX_HOURS) and of a keybox's service operations (SERVIS,
    // GOPARKING) are codes, not names of people or places.
    const codes = new Set(['system_property.name', 'system_site_property.name', 'kbox_operation.name']);
    const names = columns.filter((column) => !codes.has(column.column));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((column) => column.collation !== 'czech').map((column) => column.column)).toEqual([]);
  });
});
