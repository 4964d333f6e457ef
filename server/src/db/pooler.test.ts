import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext } from '../../test/helper';
import { PGBOUNCER, startPgbouncer, type Pgbouncer } from '../../test/pgbouncer';
import { configFromEnv } from '../config';
import { openDatabase } from './database';
import { rowsOf } from './prepared';

const serverUrl = process.env.TEST_DATABASE_URL;
const missing = [
  !serverUrl && 'TEST_DATABASE_URL',
  !PGBOUNCER && 'the pgbouncer binary (apt-get install pgbouncer)',
]
  .filter(Boolean)
  .join(' and ');

describe('DATABASE_POOLER: configuration', () => {
  it('transaction mode needs the direct URL; a pooler needs DATABASE_URL', () => {
    const env = { DATABASE_URL: 'postgres://pgbouncer:6432/strazce' };
    expect(() => configFromEnv({ ...env, DATABASE_POOLER: 'transaction' })).toThrow(
      'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL',
    );
    expect(() => configFromEnv({ DATABASE_POOLER: 'session' })).toThrow(
      'DATABASE_POOLER=session needs DATABASE_URL',
    );
    expect(() => configFromEnv({ ...env, DATABASE_POOLER: 'statement' })).toThrow(
      'DATABASE_POOLER must be one of',
    );
    expect(
      configFromEnv({
        ...env,
        DATABASE_POOLER: 'transaction',
        DATABASE_DIRECT_URL: 'postgres://db:5432/strazce',
      }),
    ).toMatchObject({ databasePooler: 'transaction', databaseDirectUrl: 'postgres://db:5432/strazce' });
    expect(configFromEnv({ ...env, DATABASE_POOLER: 'none' }).databasePooler).toBeUndefined();
  });
});

/** The modes, and PgBouncer's server connections for the app's pool of ten (and its LISTEN, in session mode). */
const MODES = [
  ['transaction', 2],
  ['session', 12],
] as const;

describe.skipIf(missing !== '').each(MODES)(
  `Behind PgBouncer in %s mode (issue 37, point 6)${missing ? `: skipped, needs ${missing}` : ''}`,
  (mode, poolSize) => {
    let pgbouncer: Pgbouncer;
    let ctx: TestContext;
    beforeAll(async () => {
      // Transaction mode: two server connections for the app's ten, so transactions take turns on them and a
      // statement named on one would be unknown on the other.
      pgbouncer = await startPgbouncer(serverUrl!, mode, poolSize);
      ctx = await createTestContext({
        reopen: (directUrl) =>
          openDatabase({
            databaseUrl: pgbouncer.url(new URL(directUrl).pathname.slice(1)),
            pooler: mode,
            // Session mode: everything through the pooler, LISTEN and the migrations too.
            directUrl: mode === 'transaction' ? directUrl : undefined,
            dataDir: 'memory://',
          }),
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await pgbouncer?.stop();
    });

    it('answers CRUD calls, concurrent writes and lists through the pooler', async () => {
      const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
      // More at once than PgBouncer has server connections; each runs the prepared statements of a write
      // (the refs, the insert, the audit entry) and of a read again.
      const writes = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          ctx.call(visitAdmin, 'POST', '/api/visit/purpose', { name: `Pooled ${index}` }),
        ),
      );
      expectEvery(writes, (response) => response.statusCode === 201);
      const lists = await Promise.all(
        Array.from({ length: 6 }, () =>
          ctx.call(visitAdmin, 'GET', '/api/visit/purpose?size=25&sort=name,asc'),
        ),
      );
      expectEvery(
        lists,
        (response) => response.statusCode === 200 && response.headers['x-total-count'] === '12',
      );
      expect(lists[0].json().map((purpose: { name: string }) => purpose.name)).toContain('Pooled 11');

      const [first] = writes.map((response) => response.json() as { id: number; version: number });
      const updated = await ctx.call(visitAdmin, 'PUT', `/api/visit/purpose/${first.id}`, {
        name: 'Pooled, renamed',
        version: first.version,
      });
      expect(updated.statusCode).toBe(200);
      // The stale version is refused as without the pooler.
      const stale = await ctx.call(visitAdmin, 'PUT', `/api/visit/purpose/${first.id}`, {
        name: 'Stale',
        version: first.version,
      });
      expect(stale.statusCode).toBe(409);
      expect((await ctx.call(visitAdmin, 'GET', `/api/visit/purpose/${first.id}`)).json().name).toBe(
        'Pooled, renamed',
      );
      expect((await ctx.call(visitAdmin, 'DELETE', `/api/visit/purpose/${first.id}`)).statusCode).toBe(204);
      expect((await ctx.call(visitAdmin, 'GET', `/api/visit/purpose/${first.id}`)).statusCode).toBe(404);
    });

    it.runIf(mode === 'session')(
      "every connection has the planner's settings (no startup options through a pooler)",
      async () => {
        const rows = await Promise.all(
          Array.from({ length: 4 }, () =>
            ctx.db.execute(
              sql`select current_setting('plan_cache_mode') as mode, current_setting('random_page_cost') as cost`,
            ),
          ),
        );
        expect(rows.map((result) => rowsOf<{ mode: string; cost: string }>(result)[0])).toEqual(
          Array(4).fill({ mode: 'force_custom_plan', cost: '1.1' }),
        );
      },
    );

    it('a logout is heard (LISTEN): the session is dead at once', async () => {
      const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
      expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
      expect((await ctx.call(user, 'DELETE', '/api/session')).statusCode).toBe(204);
      expect((await ctx.call(user, 'GET', '/api/visit/purpose')).statusCode).toBe(401);
    });
  },
);
