import { hash } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AuditVerification } from '@strazce/contract';
import type { Db } from '../db/database';
import { preparedStatement, rowsOf } from '../db/prepared';
import { SESSION_CHANGE_CHANNEL, WRITE_NOTICE } from './sessionCache';
import { auditChains, audits } from './platform.tables';

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
  return hash('sha256', `${prevHash}\n${content}`, 'hex');
}

/** The chain an entry belongs to: its site, or 0 for entries without a site (logins, global records). */
const chainOf = (siteId: number | null) => siteId ?? 0;

/** Fields of the content before and after `created` (sorted), which the database takes under the chain's lock. */
const CONTENT_FIELDS = HASHED_FIELDS.filter((field) => field !== 'created').sort();
const FIELDS_BEFORE_CREATED = CONTENT_FIELDS.filter((field) => field < 'created');
const FIELDS_AFTER_CREATED = CONTENT_FIELDS.filter((field) => field > 'created');

/**
 * The entry's content (`canonicalJson` of its hashed fields) around its `created`: the database writes the
 * time in between, as `JSON.stringify(created.toISOString())` would.
 */
export function contentAroundCreated(entry: Omit<AuditEntry, 'created'>): { before: string; after: string } {
  const pairs = (fields: ReadonlyArray<keyof AuditEntry>) =>
    fields
      .filter((field) => entry[field as Exclude<keyof AuditEntry, 'created'>] !== undefined)
      .map(
        (field) =>
          `${JSON.stringify(field)}:${canonicalJson(entry[field as Exclude<keyof AuditEntry, 'created'>])}`,
      );
  const before = pairs(FIELDS_BEFORE_CREATED);
  const after = pairs(FIELDS_AFTER_CREATED);
  return {
    before: `{${[...before, '"created":'].join(',')}`,
    after: `${after.map((pair) => `,${pair}`).join('')}}`,
  };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const jsonValue = (name: string) => sql`${sql.placeholder(name)}::jsonb`;

/**
 * A write's entry also tells the other app instances, at the commit, that something was written (what they
 * keep of lists is out of date: sessionCache.ts); it returns whether the transaction changed what a session
 * is made of (the session sources' triggers set that flag). A CTE that only selects runs when referenced:
 * the statement returns its count so that the notice is sent.
 */
const signal = sql`, signalled as (select pg_notify(${SESSION_CHANGE_CHANNEL}, ${WRITE_NOTICE})
      where ${sql.placeholder('signal')}::boolean)`;

/**
 * One round trip appends an entry: it locks the chain's tail row, takes the time (after the lock, so that
 * `created` follows the chain's order), inserts the entry with its hash over the tail's hash and its content
 * (SHA-256 in the database, as `entryHash` computes it) and moves the tail to it. Every write of a site waits
 * for that row, so it is held for this one statement and the commit.
 */
const appendStatement = preparedStatement(
  () =>
    sql`with tail as (
      select coalesce(last_hash, head_hash, '') as prev from ${auditChains}
      where ${auditChains.chain} = ${sql.placeholder('chain')} for update),
    stamped as (select tail.prev, date_trunc('milliseconds', clock_timestamp()) as created from tail),
    entry as (
      insert into ${audits} (created, event, site_id, author_id, author, method, path, entity, record_id,
        changes, address, client_id, params, request_headers, request_body, response_headers, status,
        prev_hash, hash)
      select created, ${sql.placeholder('event')}, ${sql.placeholder('siteId')}::int,
        ${sql.placeholder('authorId')}::int, ${sql.placeholder('author')}, ${sql.placeholder('method')},
        ${sql.placeholder('path')}, ${sql.placeholder('entity')}, ${sql.placeholder('recordId')},
        ${jsonValue('changes')}, ${sql.placeholder('address')}, ${sql.placeholder('clientId')}::int,
        ${jsonValue('params')}, ${jsonValue('requestHeaders')}, ${jsonValue('requestBody')},
        ${jsonValue('responseHeaders')}, ${sql.placeholder('status')}::int, prev,
        encode(sha256(convert_to(prev || E'\\n' || ${sql.placeholder('before')}::text
          || to_json(to_char(created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
          || ${sql.placeholder('after')}::text, 'UTF8')), 'hex')
      from stamped
      returning id, hash)
    ${signal}
    update ${auditChains} set last_id = entry.id, last_hash = entry.hash from entry
    where ${auditChains.chain} = ${sql.placeholder('chain')}
    returning entry.id, coalesce(current_setting('strazce.session_changed', true) = 'on', false)
      as sessions_changed, (select count(*) from signalled) as signalled`,
);

const createChain = preparedStatement(
  () => sql`insert into ${auditChains} (chain) values (${sql.placeholder('chain')}) on conflict do nothing`,
);

/**
 * Appends an entry to its site's chain inside the caller's transaction: the chain's tail row is locked until
 * the transaction ends, so entries of one chain are linked in the order they commit. The entry's `created` is
 * the database's time when the chain's lock is taken.
 */
export async function appendAuditEntry(
  tx: Db,
  entry: AuditEntry,
  options: { signal?: boolean } = {},
): Promise<{ sessionsChanged: boolean }> {
  const chain = chainOf(entry.siteId);
  const { before, after } = contentAroundCreated(entry);
  const values = {
    chain,
    event: entry.event,
    siteId: entry.siteId,
    authorId: entry.authorId,
    author: entry.author,
    method: entry.method,
    path: entry.path,
    entity: entry.entity,
    recordId: entry.recordId,
    changes: json(entry.changes),
    address: entry.address,
    clientId: entry.clientId,
    params: json(entry.params),
    requestHeaders: json(entry.requestHeaders),
    requestBody: json(entry.requestBody),
    responseHeaders: json(entry.responseHeaders),
    status: entry.status,
    before,
    after,
    signal: options.signal ?? false,
  };
  type Appended = { sessions_changed: boolean };
  let [appended] = await appendStatement.rows<Appended>(tx, values);
  if (!appended) {
    // The chain's first entry: its row is made (by this or a concurrent append), then the entry appended.
    await createChain.rows(tx, { chain });
    [appended] = await appendStatement.rows<Appended>(tx, values);
    if (!appended) throw new Error(`audit chain ${chain} is missing`);
  }
  return { sessionsChanged: appended.sessions_changed === true };
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

/** Takes the prune lock for the transaction, unless another instance holds it. */
async function takePruneLock(tx: Db): Promise<boolean> {
  const [{ locked }] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`),
  );
  return locked;
}

/**
 * Makes the month partitions of the audit (migration 0032) of `at`'s month and the next two, when missing, and
 * after a long stop those of the months since the newest one: partitions without a gap keep a list's first page
 * on the newest months (db/partitionSpan.ts). Entries of those months that waited in the default partition move
 * into them.
 */
export async function ensureAuditPartitions(db: Db, at: Date): Promise<void> {
  const thisMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  const lastMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 2, 1);
  const newestEnd = (await auditPartitions(db)).at(-1)?.end.getTime();
  let month = new Date(newestEnd !== undefined && newestEnd < thisMonth ? newestEnd : thisMonth);
  while (month.getTime() <= lastMonth) {
    const start = month;
    await db.transaction((tx) => tx.execute(sql`select system_audit_partition(${start}::timestamptz)`));
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  }
}

/** The month partitions of the audit, oldest first, with the end of their month. */
async function auditPartitions(db: Db): Promise<Array<{ name: string; end: Date }>> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'system_audit'::regclass and c.relname ~ '^system_audit_p[0-9]{4}_[0-9]{2}$'
      order by c.relname`),
  );
  return rows.map(({ name }) => {
    const [year, month] = name.slice('system_audit_p'.length).split('_').map(Number);
    return { name, end: new Date(Date.UTC(year, month, 1)) };
  });
}

/**
 * Sets each chain's head to the hash of its newest entry among `removed` (a prefix of every chain is removed,
 * so the rest still verifies from there).
 */
async function moveChainHeads(
  tx: Db,
  removed: Array<{ id: number; siteId: number | null; hash: string | null }>,
): Promise<void> {
  const heads = new Map<number, { id: number; hash: string | null }>();
  for (const row of removed) {
    const chain = chainOf(row.siteId);
    if ((heads.get(chain)?.id ?? 0) < row.id) heads.set(chain, { id: row.id, hash: row.hash });
  }
  for (const [chain, head] of heads)
    await tx.update(auditChains).set({ headHash: head.hash }).where(eq(auditChains.chain, chain));
}

/**
 * Drops the oldest month partition when its whole month lies before `cutoff`, with the default partition's
 * entries older than its end (one transaction, under the lock): the number of entries removed, or null when
 * there is no such partition or another instance holds the lock.
 */
async function dropOldestPartition(db: Db, cutoff: Date): Promise<number | null> {
  const [oldest] = await auditPartitions(db);
  if (!oldest || oldest.end > cutoff) return null;
  return db.transaction(async (tx) => {
    if (!(await takePruneLock(tx)) || (await auditPartitions(tx))[0]?.name !== oldest.name) return null;
    const partition = sql.identifier(oldest.name);
    // Each chain's newest entry in the month is enough for its head; the count says what goes.
    const lastOfChains = rowsOf<{ id: number; siteId: number | null; hash: string | null }>(
      await tx.execute(sql`
        select distinct on (coalesce(site_id, 0)) id, site_id as "siteId", hash from ${partition}
        order by coalesce(site_id, 0), id desc`),
    );
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::int as count from ${partition}`),
    );
    const older = await tx
      .delete(audits)
      .where(and(sql`tableoid = 'system_audit_default'::regclass`, lt(audits.created, oldest.end)))
      .returning({ id: audits.id, siteId: audits.siteId, hash: audits.hash });
    await moveChainHeads(tx, [...lastOfChains.map((row) => ({ ...row, id: Number(row.id) })), ...older]);
    await tx.execute(sql`drop table ${partition}`);
    return count + older.length;
  });
}

/**
 * Removes entries created before `cutoff`, oldest first: whole month partitions while their month lies
 * before it, then the rest in batches, each in its own transaction. Every chain's head then records the hash
 * of its last removed entry, so the rest still verifies. Safe on two instances: a step runs only under the
 * lock, and the other instance skips its turn.
 */
export async function pruneAuditEntries(db: Db, cutoff: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const dropped = await dropOldestPartition(db, cutoff);
    if (dropped === null) break;
    removed += dropped;
  }
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await takePruneLock(tx))) return 0;
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
      await moveChainHeads(tx, deleted);
      return deleted.length;
    });
    removed += batch;
    if (batch < PRUNE_BATCH) return removed;
  }
}
