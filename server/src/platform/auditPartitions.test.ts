import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { partitionSpan, windowSince } from '../db/partitionSpan';
import {
  ensureAuditPartitions,
  entryHash,
  pruneAuditEntries,
  verifyAuditChains,
  type AuditEntry,
} from './auditChain';
import { auditChains, audits } from './platform.tables';

/**
 * The audit partitioned by month (migration 0032, issue 37 point 2): a month's partition is made ahead (the
 * entries of that month waiting in the default partition move into it), retention drops whole months, and
 * the hash chains verify across partitions and after a drop; a list of the newest entries reads the newest
 * months alone while every entry lies within the partitions (db/partitionSpan.ts).
 */
let ctx: TestContext;
let site: number;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await ctx.createSite('Partitioned audit');
});
afterAll(() => ctx?.close());

const partitionOf = async (id: number) =>
  (
    (await ctx.db.execute(
      sql`select tableoid::regclass::text as name from system_audit where id = ${id}`,
    )) as unknown as { rows: Array<{ name: string }> }
  ).rows[0]?.name;

const partitions = async () =>
  (
    (await ctx.db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'system_audit'::regclass order by c.relname`)) as unknown as {
      rows: Array<{ name: string }>;
    }
  ).rows.map((row) => row.name);

/** A chain of the site written straight to the table (as appendAuditEntry would, at times long past). */
async function givenChain(times: string[]) {
  let prev = '';
  const ids: number[] = [];
  const hashes: string[] = [];
  for (const time of times) {
    const entry: AuditEntry = {
      created: new Date(time),
      event: 'WRITE',
      siteId: site,
      authorId: null,
      author: 'recepce',
      method: 'PUT',
      path: '/api/visit/1',
      entity: 'visit',
      recordId: '1',
      changes: null,
      address: null,
      clientId: null,
      params: null,
      requestHeaders: null,
      requestBody: null,
      responseHeaders: null,
      status: 200,
    };
    const hash = entryHash(prev, entry);
    const [row] = await ctx.db
      .insert(audits)
      .values({ ...entry, prevHash: prev === '' ? null : prev, hash })
      .returning({ id: audits.id });
    ids.push(row.id);
    hashes.push(hash);
    prev = hash;
  }
  await ctx.db
    .insert(auditChains)
    .values({ chain: site, lastId: ids.at(-1)!, lastHash: prev, headHash: null });
  return { ids, hashes };
}

describe('the audit partitioned by month', () => {
  it('has this month and the next two ready, and a new entry goes into this month', async () => {
    const names = await partitions();
    expect(names).toContain('system_audit_default');
    const now = new Date();
    const month = (ahead: number) => {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      return `system_audit_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(names).toEqual(expect.arrayContaining([month(0), month(1), month(2)]));
    const written = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'Audit',
      lastName: 'Trail',
    });
    expect(written.statusCode, written.body).toBe(201);
    const [last] = await ctx.db
      .select({ id: audits.id })
      .from(audits)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(await partitionOf(last.id)).toBe(month(0));
  });

  it('moves waiting entries into a month made later, drops whole months, and the chain still verifies', async () => {
    // 2019-06 has no partition (it stays in the default one); 2020-01 and 2020-02 get theirs; March is partial.
    const { ids, hashes } = await givenChain([
      '2019-06-01T10:00:00.000Z',
      '2020-01-10T10:00:00.000Z',
      '2020-02-10T10:00:00.000Z',
      '2020-03-10T10:00:00.000Z',
    ]);
    expect(await partitionOf(ids[1])).toBe('system_audit_default');
    await ensureAuditPartitions(ctx.db, new Date('2020-01-20T00:00:00Z'));
    expect(await partitionOf(ids[0])).toBe('system_audit_default');
    expect(await partitionOf(ids[1])).toBe('system_audit_p2020_01');
    expect(await partitionOf(ids[2])).toBe('system_audit_p2020_02');
    expect(await partitionOf(ids[3])).toBe('system_audit_p2020_03');
    expect((await verifyAuditChains(ctx.db)).intact).toBe(true);

    // Made again: nothing changes.
    await ensureAuditPartitions(ctx.db, new Date('2020-01-20T00:00:00Z'));
    expect(await partitionOf(ids[1])).toBe('system_audit_p2020_01');

    // Everything before 5 March goes: two whole months (and the older entry waiting in the default
    // partition), none of March.
    const removed = await pruneAuditEntries(ctx.db, new Date('2020-03-05T00:00:00Z'));
    expect(removed).toBe(3);
    const names = await partitions();
    expect(names).not.toContain('system_audit_p2020_01');
    expect(names).not.toContain('system_audit_p2020_02');
    expect(names).toContain('system_audit_p2020_03');
    const left = await ctx.db.select({ id: audits.id }).from(audits).where(eq(audits.siteId, site));
    expect(left.map((row) => row.id)).toEqual([ids[3]]);
    const [chain] = await ctx.db.select().from(auditChains).where(eq(auditChains.chain, site));
    expect(chain.headHash).toBe(hashes[2]);
    const verification = await verifyAuditChains(ctx.db);
    expect(verification.breaks).toEqual([]);
    expect(verification.intact).toBe(true);

    // The partial month goes row by row once the cutoff passes it; the chain is then empty and verifies.
    expect(await pruneAuditEntries(ctx.db, new Date('2020-03-20T00:00:00Z'))).toBe(1);
    expect((await verifyAuditChains(ctx.db)).intact).toBe(true);
  });

  it('keeps a list on the newest months while every entry is within the partitions, and reads all otherwise', async () => {
    const now = new Date();
    const monthAt = (ahead: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
    // This month and the two ahead stay, and three months back are made: the partitions meet without a gap, the
    // default one is empty.
    await pruneAuditEntries(ctx.db, monthAt(0));
    for (const back of [-3, -2, -1])
      await ctx.db.execute(sql`select system_audit_partition(${monthAt(back)}::timestamptz)`);
    const span = await partitionSpan(ctx.db, 'system_audit');
    expect(span).toEqual({ bounds: [-3, -2, -1, 0, 1, 2].map(monthAt), to: monthAt(3) });
    // A window from a month ago starts at the partition holding that day.
    const monthAgo = new Date(now.getTime() - 31 * 24 * 3600_000);
    const window = windowSince(span!, monthAgo);
    expect(window.to).toEqual(monthAt(3));
    expect(window.from.getTime()).toBeLessThanOrEqual(monthAgo.getTime());
    expect(window.from.getTime()).toBeGreaterThanOrEqual(monthAt(-2).getTime());

    // Within the window the planner leaves the default partition and the older months out and reads the months
    // newest first, stopping at the page's rows; without it, it starts every partition and merges them.
    const plan = async (where: SQL) =>
      (
        (await ctx.db.execute(
          sql`explain (costs off) select id from system_audit ${where} order by created desc, id desc limit 25`,
        )) as unknown as { rows: Array<Record<string, string>> }
      ).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    const name = (at: Date) =>
      `system_audit_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    const windowed = await plan(sql`where created >= ${window.from} and created < ${window.to}`);
    expect(windowed).toContain(name(monthAt(0)));
    expect(windowed).not.toContain(name(monthAt(-3)));
    expect(windowed).not.toContain('system_audit_default');
    expect(windowed).not.toContain('Merge Append');
    const whole = await plan(sql``);
    expect(whole).toContain('system_audit_default');
    expect(whole).toContain(name(monthAt(-3)));

    // The list answers the newest entries, as the table holds them: a page the newest months hold whole is read
    // there; a page they do not fill (its second page, or entries only of older months) over every partition.
    const entry = (created: Date, path: string) => ({
      created,
      event: 'WRITE',
      siteId: site,
      author: 'recepce',
      method: 'PUT',
      path,
      status: 200,
    });
    const old = new Date(monthAt(-3).getTime() + 24 * 3600_000);
    await ctx.db
      .insert(audits)
      .values([
        ...Array.from({ length: 12 }, (_, n) =>
          entry(new Date(now.getTime() - n * 60_000), `/api/visit/recent-${n}`),
        ),
        ...Array.from({ length: 3 }, (_, n) =>
          entry(new Date(old.getTime() + n * 60_000), `/api/visit/old-${n}`),
        ),
      ]);
    const list = async (query: string) => {
      const reply = await ctx.call(ctx.admin, 'GET', `/api/system_audit?size=10${query}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<Array<{ id: number; path: string }>>().map((row) => row.path);
    };
    const recent = Array.from({ length: 12 }, (_, n) => `/api/visit/recent-${n}`);
    expect(await list('&page=1&path=recent')).toEqual(recent.slice(0, 10));
    expect(await list('&page=2&path=recent')).toEqual(recent.slice(10));
    expect(await list('&page=1&path=old')).toEqual([
      '/api/visit/old-2',
      '/api/visit/old-1',
      '/api/visit/old-0',
    ]);
    const page = await list('&page=1');
    const newest = await ctx.db
      .select({ path: audits.path })
      .from(audits)
      .orderBy(desc(audits.created), desc(audits.id))
      .limit(10);
    expect(page.length).toBe(10);
    expect(page).toEqual(newest.map((row) => row.path));

    // The partition job's next run five months on (a long stop) makes the months between too: no gap.
    await ensureAuditPartitions(ctx.db, monthAt(5));
    expect(await partitionSpan(ctx.db, 'system_audit')).toEqual({
      bounds: [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7].map(monthAt),
      to: monthAt(8),
    });

    // An entry outside every month (a clock far off) waits in the default partition: there is no span then, and
    // the lists read every partition again once the kept span has expired (30 s).
    await ctx.db.insert(audits).values(entry(new Date('2018-03-01T10:00:00Z'), '/api/visit/far-back'));
    expect(await partitionSpan(ctx.db, 'system_audit')).toBeNull();
    await ctx.clock.advance(31_000);
    expect(await list('&page=1&path=far-back')).toEqual(['/api/visit/far-back']);
  });
});
