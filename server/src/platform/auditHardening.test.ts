import { count, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, expectEvery, type TestContext } from '../../test/helper';
import { applyAuditRetention, retentionCutoff } from '../modules/audit/audit.retention';
import { auditChains, audits, persons, sessions } from './platform.tables';
import { appendAuditEntry, pruneAuditEntries, verifyAuditChains } from './auditChain';
import { loggableError, toAppError } from './errors';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    // A route that writes outside a transaction (a defect the audited handle must catch), one that does not.
    routes: (app, db) => {
      // A write route declares its 2xx answer: its audit entry records that status.
      const probeOptions = {
        config: { access: { roles: ['ADMINISTRATOR' as const] } },
        schema: { response: { 200: z.object({ ok: z.boolean() }) } },
      };
      app.post('/api/test_probe/bare', probeOptions, async () => {
        await db.insert(persons).values({ firstName: 'Bare', lastName: 'Write' });
        return { ok: true };
      });
      app.post('/api/test_probe/proper', probeOptions, async () => {
        await db.transaction((tx) => tx.insert(persons).values({ firstName: 'Proper', lastName: 'Write' }));
        return { ok: true };
      });
    },
  });
});
afterAll(() => ctx?.close());

const errorBody = z.strictObject({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

async function lastAuditId(): Promise<number> {
  const [row] = await ctx.db.select({ id: audits.id }).from(audits).orderBy(desc(audits.id)).limit(1);
  return row?.id ?? 0;
}
const auditsSince = (after: number) =>
  ctx.db.select().from(audits).where(gt(audits.id, after)).orderBy(audits.id);
const personCount = async () => Number((await ctx.db.select({ n: count() }).from(persons))[0].n);

/** No SQL, no stack, no request echo: only the wire contract's error body. */
function expectCleanError(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['x-error-code']).toBeTruthy();
  errorBody.parse(JSON.parse(response.body));
  expect(response.body).not.toMatch(
    /insert into|select |system_audit|params:|stack|node_modules|x-auth-token/i,
  );
}

describe('unstorable text (issue 9, point 1)', () => {
  it('answers an anonymous write to an unknown path with a NUL byte in the contract shape', async () => {
    const response = await ctx.call(null, 'POST', '/api/nothing?a=%00', { b: 'x' });
    expect([400, 404]).toContain(response.statusCode);
    expectCleanError(response);
  });

  it('refuses NUL and lone surrogates in query, body and path with 400 VALIDATION, writes nothing, audits the refusal', async () => {
    const before = await personCount();
    const since = await lastAuditId();
    const cases = [
      ctx.call(ctx.admin, 'POST', '/api/system_person?source=%00', { firstName: 'A', lastName: 'B' }),
      ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'A\u0000', lastName: 'B' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/system_person',
        headers: { 'x-auth-token': ctx.admin.token, 'content-type': 'application/json' },
        payload: '{"firstName":"A","lastName":"\\ud800"}',
      }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/system_person',
        headers: { 'x-auth-token': ctx.admin.token, 'content-type': 'application/json' },
        payload: '{"firstName":"A","lastName":"B","\\u0000":"x"}',
      }),
      ctx.call(ctx.admin, 'PUT', '/api/system_person/%00', { version: 0 }),
      ctx.call(ctx.admin, 'GET', '/api/system_person?lastName=%00'),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-error-code']).toBe('VALIDATION');
      expectCleanError(response);
      expect(response.json().details[0].message).toBe('validation.text');
    }
    expect(await personCount()).toBe(before);
    const entries = await auditsSince(since);
    expect(entries.length).toBe(5);
    expectEvery(entries, (entry) => entry.event === 'REFUSED' && entry.status === 400);
    expect(
      entries.some((entry) => JSON.stringify(entry.params) === JSON.stringify({ source: '\uFFFD' })),
    ).toBe(true);
  });

  it('refuses an anonymous write with a NUL byte as 401 first (refusals before validation)', async () => {
    const response = await ctx.call(null, 'POST', '/api/system_person?note=%00', { firstName: 'A' });
    expect(response.statusCode).toBe(401);
    expectCleanError(response);
  });

  it('answers a malformed URL through the error handler', async () => {
    const response = await ctx.call(ctx.admin, 'GET', '/api/system_person/%E0%A4%A');
    expectCleanError(response);
  });

  it('maps the database invalid-text errors to 400 and keeps query parameters out of the log', () => {
    for (const code of ['22021', '22P05', '22P02']) {
      const failure = Object.assign(
        new Error('Failed query: insert into x values ($1)\nparams: $argon2id$v=19$x'),
        {
          cause: Object.assign(new Error('invalid byte sequence'), { code }),
        },
      );
      expect(toAppError(failure).code).toBe('VALIDATION');
      const logged = JSON.stringify(loggableError(failure));
      expect(logged).not.toContain('argon2');
      expect(logged).toContain('insert into x');
      expect(logged).toContain(code);
    }
  });
});

describe('audit in the write transaction (issue 9, point 2)', () => {
  it('fails a write outside a transaction in the test suites, and audits a proper one', async () => {
    const since = await lastAuditId();
    const bare = await ctx.call(ctx.admin, 'POST', '/api/test_probe/bare', {});
    expect(bare.statusCode).toBe(500);
    expectCleanErrorShape(bare.body);
    const proper = await ctx.call(ctx.admin, 'POST', '/api/test_probe/proper', {});
    expect(proper.statusCode).toBe(200);
    const entries = await auditsSince(since);
    expect(entries.map((entry) => [entry.path, entry.event, entry.status])).toEqual([
      ['/api/test_probe/bare', 'REFUSED', 500],
      ['/api/test_probe/proper', 'WRITE', 200],
    ]);
  });

  it('rolls the write back when its audit entry cannot be written', async () => {
    const before = await personCount();
    await ctx.db.execute(
      sql`alter table system_audit add constraint no_probe check (coalesce(request_body->>'lastName', '') <> '(personal)') not valid`,
    );
    try {
      const response = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
        firstName: 'Never',
        lastName: 'Unaudited',
      });
      expect(response.statusCode).toBe(400);
      expectCleanError(response);
    } finally {
      await ctx.db.execute(sql`alter table system_audit drop constraint no_probe`);
    }
    expect(await personCount()).toBe(before);
  });

  it('records the record of a site-scoped entity with its site', async () => {
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const since = await lastAuditId();
    const created = await ctx.call(visitAdmin, 'POST', '/api/visit/purpose', { name: 'Audit purpose' });
    expect(created.statusCode).toBe(201);
    const [entry] = await auditsSince(since);
    expect(entry).toMatchObject({
      event: 'WRITE',
      entity: 'visit/purpose',
      recordId: String(created.json().id),
      siteId: ctx.siteA,
      changes: { name: { to: 'Audit purpose' } },
    });
  });

  it('records denials, logins and exports but not reads, session restores or test calls; keeps only the headers that matter', async () => {
    const viewer = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const since = await lastAuditId();
    await ctx.call(viewer, 'GET', '/api/system_person', undefined, {
      'user-agent': 'Gate tablet',
      'sec-ch-ua': '"Chromium";v="156"',
      'x-forwarded-for': '10.0.0.7',
    });
    await ctx.call(viewer, 'GET', '/api/visit?page=1&size=10');
    await ctx.call(viewer, 'GET', '/api/session');
    await ctx.call(null, 'GET', '/api/session', undefined, { 'x-auth-token': 'expired-token' });
    // The web app's test call with a dead session is not a denial either; asking for another user's roles is.
    await ctx.call(null, 'GET', `/api/access_user/roles?id=${viewer.id}`, undefined, {
      'x-auth-token': 'expired-token',
    });
    await ctx.call(viewer, 'GET', `/api/access_user/roles?id=${ctx.admin.id}`);
    const exported = await ctx.call(viewer, 'GET', '/api/visit/export');
    expect(exported.statusCode).toBe(200);
    const entries = await auditsSince(since);
    expect(entries.map((entry) => [entry.event, entry.path, entry.status])).toEqual([
      ['DENIED', '/api/system_person', 403],
      ['DENIED', '/api/access_user/roles', 403],
      ['EXPORT', '/api/visit/export', 200],
    ]);
    expect(entries[0].requestHeaders).toEqual({
      'user-agent': 'Gate tablet',
      'x-forwarded-for': '10.0.0.7',
      'x-auth-token': '***',
      // The request's id, as the server log names it (logging.ts).
      'x-request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('never stores a secret value, whatever its key', async () => {
    const since = await lastAuditId();
    await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'otpauth://totp/x?secret=ABC',
      lastName: '$argon2id$v=19$m=19456,t=2,p=1$abc',
      note: 'https://example.com/resetPassword?token=abcdef',
    });
    const [entry] = await auditsSince(since);
    const text = JSON.stringify(entry);
    expect(text).not.toMatch(/otpauth|argon2|token=abc/);
  });
});

function expectCleanErrorShape(body: string) {
  errorBody.parse(JSON.parse(body));
  expect(body).not.toMatch(/insert into|outside a transaction|stack/i);
}

describe('hash chain (issue 9, point 2)', () => {
  it('verifies the chains, also after concurrent writes on one site', async () => {
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const writes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        ctx.call(visitAdmin, 'POST', '/api/visit/purpose', { name: `Concurrent ${index}` }),
      ),
    );
    expectEvery(writes, (response) => response.statusCode === 201);
    const result = await ctx.call(ctx.admin, 'GET', '/api/system_audit/verify');
    expect(result.statusCode).toBe(200);
    expect(result.json().breaks).toEqual([]);
    expect(result.json().intact).toBe(true);
    expect(result.json().checked).toBeGreaterThan(12);
    expect(result.json().chains).toBeGreaterThanOrEqual(2);
  });

  it('starts a chain once when its first entries are appended at the same time, each linked to the one before', async () => {
    const fresh = await createTestContext();
    try {
      const site = fresh.siteB;
      await fresh.db.delete(auditChains).where(eq(auditChains.chain, site));
      await fresh.db.delete(audits).where(eq(audits.siteId, site));
      await Promise.all(
        Array.from({ length: 8 }, () =>
          fresh.db.transaction((tx) => appendAuditEntry(tx as never, oldEntry(site))),
        ),
      );
      const entries = await fresh.db.select().from(audits).where(eq(audits.siteId, site)).orderBy(audits.id);
      expect(entries.length).toBe(8);
      expect(entries[0].prevHash).toBe('');
      entries.slice(1).forEach((entry, index) => expect(entry.prevHash).toBe(entries[index].hash));
      // Taken under the chain's lock, the times follow the chain's order.
      entries
        .slice(1)
        .forEach((entry, index) =>
          expect(entry.created.getTime()).toBeGreaterThanOrEqual(entries[index].created.getTime()),
        );
      const [chain] = await fresh.db.select().from(auditChains).where(eq(auditChains.chain, site));
      expect(chain.lastId).toBe(entries[7].id);
      expect(chain.lastHash).toBe(entries[7].hash);
      expect((await verifyAuditChains(fresh.db)).intact).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('detects an altered entry, a removed entry and a cut-off tail', async () => {
    const fresh = await createTestContext();
    try {
      const site = fresh.siteA;
      const writer = await fresh.givenUser({ roles: ['VISIT_ADMIN'] });
      for (const name of ['One', 'Two', 'Three', 'Four'])
        expect((await fresh.call(writer, 'POST', '/api/visit/purpose', { name })).statusCode).toBe(201);
      const entries = await fresh.db.select().from(audits).where(eq(audits.siteId, site)).orderBy(audits.id);
      expect(entries.length).toBe(4);
      const verify = async () => (await fresh.call(fresh.admin, 'GET', '/api/system_audit/verify')).json();
      expect((await verify()).intact).toBe(true);

      await fresh.db
        .update(audits)
        .set({ requestBody: { name: 'Forged' } })
        .where(eq(audits.id, entries[1].id));
      expect((await verify()).breaks).toEqual([{ site, entryId: entries[1].id, problem: 'ALTERED' }]);
      await fresh.db
        .update(audits)
        .set({ requestBody: entries[1].requestBody })
        .where(eq(audits.id, entries[1].id));
      expect((await verify()).intact).toBe(true);

      // The newest entry removed: the chain ends before its recorded tail.
      await fresh.db.delete(audits).where(eq(audits.id, entries[3].id));
      expect((await verify()).breaks).toEqual([{ site, entryId: entries[2].id, problem: 'TRUNCATED' }]);

      // An entry removed from the middle: the next one no longer links to the one before.
      await fresh.db.delete(audits).where(eq(audits.id, entries[1].id));
      expect((await verify()).breaks).toEqual([{ site, entryId: entries[2].id, problem: 'MISSING' }]);
    } finally {
      await fresh.close();
    }
  });

  it('is for the administrator only', async () => {
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
    expect((await ctx.call(siteAdmin, 'GET', '/api/system_audit/verify')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/system_audit/verify')).statusCode).toBe(401);
  });
});

describe('audit at scale and retention (issue 9, point 3)', () => {
  it('answers a large audit list with a bounded total', async () => {
    const fresh = await createTestContext();
    try {
      await fresh.db.execute(sql`
        insert into system_audit (created, event, method, path, status, author)
        select now() - make_interval(secs => g), 'WRITE', 'POST', '/api/bulk', 201, 'bulk'
        from generate_series(1, 1500) g`);
      const response = await fresh.call(fresh.admin, 'GET', '/api/system_audit?page=2&size=25&author=bulk');
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      expect(rows.length).toBe(25);
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(1000);
    } finally {
      await fresh.close();
    }
  });

  it('removes entries older than AUDIT_RETENTION_MONTHS and the chains still verify', async () => {
    const fresh = await createTestContext();
    try {
      const now = new Date('2026-11-23T12:00:00Z');
      // Old entries, written through the chain as they were once, then made old.
      for (const month of [30, 20, 13]) {
        await fresh.db.transaction(async (tx) => {
          await appendAuditEntry(tx as never, oldEntry(fresh.siteA));
        });
        await fresh.db.execute(
          sql`update system_audit set created = ${new Date(now.getTime() - month * 30 * 86_400_000)} where id = (select max(id) from system_audit)`,
        );
      }
      // Content changed after hashing (created): re-hash as if written then, by rebuilding the chain.
      await rehash(fresh);
      const writer = await fresh.givenUser({ roles: ['VISIT_ADMIN'] });
      expect((await fresh.call(writer, 'POST', '/api/visit/purpose', { name: 'Recent' })).statusCode).toBe(
        201,
      );
      expect((await verifyAuditChains(fresh.db)).intact).toBe(true);

      const setting = await setProperty(fresh, 'AUDIT_RETENTION_MONTHS', 18);
      expect(setting.statusCode).toBe(200);
      const removed = await applyAuditRetention(fresh.db, now);
      expect(removed).toBe(2);
      const remaining = await fresh.db.select({ created: audits.created }).from(audits);
      expect(remaining.length).toBeGreaterThan(0);
      expectEvery(remaining, (row) => row.created >= retentionCutoff(now, 18));
      expect((await verifyAuditChains(fresh.db)).intact).toBe(true);

      const refused = await fresh.call(
        fresh.admin,
        'PUT',
        `/api/system_option/property/${setting.json().id}`,
        {
          version: setting.json().version,
          value: 500,
        },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'value', message: 'validation.systemPropertyRange' }]);
    } finally {
      await fresh.close();
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'removes old entries once when two instances apply the retention at the same time',
    async () => {
      const fresh = await createTestContext();
      try {
        await fresh.db.execute(sql`
          insert into system_audit (created, event, method, path, status)
          select now() - interval '10 years', 'WRITE', 'POST', '/api/old', 201 from generate_series(1, 12000)`);
        const second = await import('../db/database').then(({ openDatabase }) =>
          openDatabase({ databaseUrl: currentDatabaseUrl(fresh), dataDir: 'memory://' }),
        );
        try {
          const cutoff = new Date(Date.now() - 5 * 365 * 86_400_000);
          const results = await Promise.all([
            pruneAuditEntries(fresh.db, cutoff),
            pruneAuditEntries(second.db, cutoff),
          ]);
          // One instance may skip its turn while the other holds the lock; what is left is removed next hour.
          const countOld = async () =>
            Number(
              (
                (await fresh.db.execute(
                  sql`select count(*)::int as n from system_audit where path = '/api/old'`,
                )) as unknown as { rows: Array<{ n: number }> }
              ).rows[0].n,
            );
          const left = await countOld();
          expect(results[0] + results[1] + left).toBe(12000);
          await pruneAuditEntries(fresh.db, cutoff);
          expect(await countOld()).toBe(0);
        } finally {
          await second.close();
        }
      } finally {
        await fresh.close();
      }
    },
  );
});

describe('absolute session lifetime (issue 9, point 8)', () => {
  it('ends a session SESSION_MAX_HOURS after login however active, and never extends it beyond', async () => {
    const user = await ctx.givenUser({ roles: [] });
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
    // Logged in 13 hours ago and active ever since (the idle expiry is in the future).
    await ctx.db
      .update(sessions)
      .set({ created: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(sessions.userId, user.id));
    await ctx.sessionsChanged();
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(401);

    const property = await setProperty(ctx, 'SESSION_MAX_HOURS', 24);
    expect(property.statusCode).toBe(200);
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);

    // With a long idle time-out, the expiry handed out still stops at the absolute end.
    expect((await setProperty(ctx, 'SESSION_MAX_HOURS', 1)).statusCode).toBe(200);
    const login = await ctx.login(user.userName);
    expect(login.statusCode).toBe(200);
    const expires = new Date(login.json().session.expires).getTime();
    const [row] = await ctx.db
      .select({ created: sessions.created })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(expires - row.created.getTime()).toBeLessThanOrEqual(3_600_000);
    await setProperty(ctx, 'SESSION_MAX_HOURS', 12);
  });
});

/** Sets a system property through the API (every setting exists from the start, with its default). */
async function setProperty(context: TestContext, name: string, value: number) {
  const [current] = (
    await context.call(context.admin, 'GET', `/api/system_option/property?name=${name}`)
  ).json();
  expect(current).toMatchObject({ name });
  return context.call(context.admin, 'PUT', `/api/system_option/property/${current.id}`, {
    version: current.version,
    value,
  });
}

function oldEntry(siteId: number) {
  return {
    created: new Date(),
    event: 'WRITE',
    siteId,
    authorId: null,
    author: 'someone',
    method: 'POST',
    path: '/api/visit/purpose',
    entity: 'visit/purpose',
    recordId: '1',
    changes: null,
    address: null,
    clientId: null,
    params: {},
    requestHeaders: {},
    requestBody: null,
    responseHeaders: null,
    status: 201,
  };
}

/** Rebuilds every chain over the entries as they are now (after the test moved some back in time). */
async function rehash(context: TestContext) {
  const { entryHash } = await import('./auditChain');
  const rows = await context.db.select().from(audits).orderBy(audits.id);
  const tails = new Map<number, string>();
  for (const row of rows) {
    const chain = row.siteId ?? 0;
    const prevHash = tails.get(chain) ?? '';
    const hash = entryHash(prevHash, row as never);
    await context.db.update(audits).set({ prevHash, hash }).where(eq(audits.id, row.id));
    tails.set(chain, hash);
  }
  for (const [chain, hash] of tails)
    await context.db.update(auditChains).set({ lastHash: hash }).where(eq(auditChains.chain, chain));
}

function currentDatabaseUrl(context: TestContext): string {
  const pool = (context.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
