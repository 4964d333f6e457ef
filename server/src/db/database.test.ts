import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the database session', () => {
  it('plans every run of a prepared statement for its values, on either database', async () => {
    // A generic plan cannot see a contains-search's pattern: at a million vehicle movements it walked the time
    // index for 20 matches (seconds) where the trigram index takes milliseconds.
    const result = await ctx.db.execute(sql`select current_setting('plan_cache_mode') as mode`);
    expect((result as unknown as { rows: Array<{ mode: string }> }).rows).toEqual([
      { mode: 'force_custom_plan' },
    ]);
  });

  it('prices a random page read as a cached one, on either database', async () => {
    const result = await ctx.db.execute(sql`select current_setting('random_page_cost') as cost`);
    expect((result as unknown as { rows: Array<{ cost: string }> }).rows).toEqual([{ cost: '1.1' }]);
  });

  it("looks a list row's gate up by its key, also among many sites' gates", async () => {
    // 300 gates (50 sites of 6): at PostgreSQL's default page cost every row of a list page scanned them all.
    const district = await ctx.db.execute(
      sql`insert into system_site_district (site_id, name) values (${ctx.siteA}, 'Many gates') returning id`,
    );
    const districtId = (district as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
    const values = Array.from(
      { length: 300 },
      (_, index) => sql`(${ctx.siteA}, ${districtId}, ${`Gate ${index}`})`,
    );
    await ctx.db.execute(
      sql`insert into system_site_gate (site_id, district_id, name) values ${sql.join(values, sql`, `)}`,
    );
    await ctx.db.execute(sql`analyze system_site_gate`);
    const plan = await ctx.db.execute(
      sql`explain select (select name from system_site_gate g where g.id = v.gate_id) from visit v`,
    );
    const lines = (plan as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map(
      (row) => row['QUERY PLAN'],
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/Index Scan using system_site_gate_pkey on system_site_gate g/);
  });
});
