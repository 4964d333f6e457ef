import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { createSiteEvents, type SiteEvents } from '../../platform/siteEvents';
import { createTestContext, type TestContext } from '../../../test/helper';

/**
 * Two app instances on one PostgreSQL database (TEST_DATABASE_URL): an event published by one reaches the
 * watchers of the other, for its site only. Skipped on PGlite (one process, one instance).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('site events across two instances', () => {
  let ctx: TestContext;
  let second: Database;
  let events: SiteEvents;

  beforeAll(async () => {
    ctx = await createTestContext();
    const pool = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    second = await openDatabase({ databaseUrl: pool.options.connectionString, dataDir: 'memory://' });
    events = await createSiteEvents(second);
  });
  afterAll(async () => {
    await events?.close();
    await second?.close();
    await ctx?.close();
  });

  it('hears on the second instance what the first published, for the watched site only', async () => {
    const heard: unknown[] = [];
    events.subscribe(ctx.siteA, 'transport', (payload) => heard.push(payload));
    await ctx.app.siteEvents.publish(ctx.db, ctx.siteB, 'transport', { id: 1, kind: 'changed' });
    await ctx.app.siteEvents.publish(ctx.db, ctx.siteA, 'transport', { id: 2, kind: 'created' });
    for (let wait = 0; wait < 50 && heard.length === 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([{ id: 2, kind: 'created' }]);
  });
});
