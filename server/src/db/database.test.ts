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
});
