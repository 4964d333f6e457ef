import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AuditVerification } from '@strazce/contract';
import type { Db } from '../db/database';
import { auditChains, audits } from '../modules/system/system.tables';

/** An audit entry as it is stored and hashed (everything but the id and the chain's own columns). */
export interface AuditEntry {
  created: Date;
  event: string;
  siteId: number | null;
  authorId: number | null;
  author: string | null;
  method: string;
  path: string;
  entity: string | null;
  recordId: string | null;
  changes: unknown;
  address: string | null;
  clientId: number | null;
  params: unknown;
  requestHeaders: unknown;
  requestBody: unknown;
  responseHeaders: unknown;
  status: number;
}

const HASHED_FIELDS: ReadonlyArray<keyof AuditEntry> = [
  'created',
  'event',
  'siteId',
  'authorId',
  'author',
  'method',
  'path',
  'entity',
  'recordId',
  'changes',
  'address',
  'clientId',
  'params',
  'requestHeaders',
  'requestBody',
  'responseHeaders',
  'status',
];

/**
 * JSON with object keys sorted at every level: the same text for an entry as written and as read back from
 * the database (jsonb keeps its own key order).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 over the previous entry's hash and this entry's content. */
export function entryHash(prevHash: string, entry: AuditEntry): string {
  const content = canonicalJson(Object.fromEntries(HASHED_FIELDS.map((field) => [field, entry[field]])));
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

/** The chain an entry belongs to: its site, or 0 for entries without a site (logins, global records). */
const chainOf = (siteId: number | null) => siteId ?? 0;

/**
 * Appends an entry to its site's chain inside the caller's transaction: the chain's tail row is locked until
 * the transaction ends, so entries of one chain are linked in the order they commit.
 */
export async function appendAuditEntry(tx: Db, entry: AuditEntry): Promise<void> {
  const chain = chainOf(entry.siteId);
  // One statement creates the chain's row when it is new, locks it and returns its tail.
  const [tail] = await tx
    .insert(auditChains)
    .values({ chain })
    .onConflictDoUpdate({ target: auditChains.chain, set: { chain } })
    .returning({ lastHash: auditChains.lastHash, headHash: auditChains.headHash });
  // Taken under the lock: `created` then follows the chain's order as well.
  const linked = { ...entry, created: new Date() };
  const prevHash = tail?.lastHash ?? tail?.headHash ?? '';
  const hash = entryHash(prevHash, linked);
  // The entry and the chain's new tail in one statement: the chain's row (every write of the site waits for
  // it) is held for one round trip less. Drizzle puts the embedded insert in parentheses, as WITH needs.
  const insert = tx
    .insert(audits)
    .values({ ...linked, prevHash, hash } as typeof audits.$inferInsert)
    .returning({ id: audits.id });
  await tx.execute(sql`with ${sql.identifier('entry')} as ${insert}
    update ${auditChains} set ${sql.identifier('last_id')} = (select ${sql.identifier('id')} from ${sql.identifier('entry')}),
      ${sql.identifier('last_hash')} = ${hash}
    where ${auditChains.chain} = ${chain}`);
}

type AuditRow = typeof audits.$inferSelect;

const VERIFY_BATCH = 2000;

/**
 * Walks every chain from its head (the first entry, or the last one removed by retention) to its tail: an
 * entry whose content no longer gives its hash was altered; one whose link does not point to the entry
 * before it follows a removed entry; a chain ending before its recorded tail was cut short.
 */
export async function verifyAuditChains(db: Db): Promise<AuditVerification> {
  const chains = await db.select().from(auditChains).orderBy(asc(auditChains.chain));
  const breaks: AuditVerification['breaks'] = [];
  let checked = 0;
  for (const chain of chains) {
    const site = chain.chain === 0 ? null : chain.chain;
    const inChain = site === null ? isNull(audits.siteId) : eq(audits.siteId, site);
    let expectedPrev = chain.headHash ?? '';
    let last: AuditRow | undefined;
    let problem: AuditVerification['breaks'][number] | undefined;
    for (let after = 0; !problem;) {
      const rows = await db
        .select()
        .from(audits)
        .where(and(inChain, gt(audits.id, after)))
        .orderBy(asc(audits.id))
        .limit(VERIFY_BATCH);
      for (const row of rows) {
        checked++;
        if ((row.prevHash ?? '') !== expectedPrev) {
          problem = { site, entryId: row.id, problem: 'MISSING' };
          break;
        }
        if (entryHash(expectedPrev, row as unknown as AuditEntry) !== row.hash) {
          problem = { site, entryId: row.id, problem: 'ALTERED' };
          break;
        }
        expectedPrev = row.hash;
        last = row;
      }
      if (rows.length < VERIFY_BATCH) break;
      after = rows[rows.length - 1].id;
    }
    // The walk must end at the recorded tail (which is the head itself when retention removed every entry).
    if (!problem && chain.lastHash !== null && expectedPrev !== chain.lastHash)
      problem = { site, entryId: last?.id ?? null, problem: 'TRUNCATED' };
    if (problem) breaks.push(problem);
  }
  return { checked, chains: chains.length, intact: breaks.length === 0, breaks };
}

/** Only one instance removes old entries at a time (`pg_try_advisory_xact_lock`). */
const PRUNE_LOCK = 7_379_456;
const PRUNE_BATCH = 5000;

/**
 * Removes entries created before `cutoff`, oldest first, in batches, each in its own transaction; every
 * chain's head then records the hash of its last removed entry, so the rest still verifies. Safe on two
 * instances: a batch runs only under the lock, and the other instance skips its turn.
 */
export async function pruneAuditEntries(db: Db, cutoff: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [{ locked }] = (
        (await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`)) as unknown as {
          rows: Array<{ locked: boolean }>;
        }
      ).rows;
      if (!locked) return 0;
      // Entries of a chain are created in chain order (`created` is taken under the chain's lock), so the
      // old ones are a prefix of each chain.
      const deleted = await tx
        .delete(audits)
        .where(
          inArray(
            audits.id,
            tx
              .select({ id: audits.id })
              .from(audits)
              .where(lt(audits.created, cutoff))
              .orderBy(asc(audits.id))
              .limit(PRUNE_BATCH),
          ),
        )
        .returning({ id: audits.id, siteId: audits.siteId, hash: audits.hash });
      const heads = new Map<number, { id: number; hash: string | null }>();
      for (const row of deleted) {
        const chain = chainOf(row.siteId);
        if ((heads.get(chain)?.id ?? 0) < row.id) heads.set(chain, { id: row.id, hash: row.hash });
      }
      for (const [chain, head] of heads)
        await tx.update(auditChains).set({ headHash: head.hash }).where(eq(auditChains.chain, chain));
      return deleted.length;
    });
    removed += batch;
    if (batch < PRUNE_BATCH) return removed;
  }
}
