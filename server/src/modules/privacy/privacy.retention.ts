import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLASSIFICATION,
  KEPT_BY_ANONYMIZATION,
  MASKED_VALUE,
  RETENTION_RULES,
  type EntityClassification,
  type RetentionKey,
  type RetentionPreview,
  type RetentionSettings,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import type { Job } from '../../platform/jobs';
import { siteToday } from '../../platform/siteTime';
import type { FileUploads } from '../files/files.routes';
import { incidentAttachments, incidents } from '../incident/incident.tables';
import { kboxContents } from '../kbox/kbox.tables';
import { siteProperties, sites } from '../../platform/platform.tables';
import {
  anprReads,
  vehicleBlacklistHits,
  vehicleCompanions,
  vehicleMovements,
  vehiclePhotos,
} from '../vehicle/vehicle.tables';
import { visitBlacklistHits, visitCompanions, visits } from '../visit/visit.tables';

const DAY_MS = 86_400_000;
/** Records anonymized per transaction: each batch locks its own rows only, for a few milliseconds. */
export const RETENTION_BATCH = 500;

type Rows<T> = { rows: T[] };
type RetainedTable = PgTable & { id: PgColumn; siteId: PgColumn; anonymized: PgColumn };

/** How a retention rule finds its expired records and what it removes besides their personal columns. */
export interface RetentionTarget {
  key: RetentionKey;
  table: RetainedTable;
  classification: EntityClassification;
  /** The moment the retention counts from. */
  from: SQL;
  /** The records the rule looks at (the predicate of its partial index: not anonymized, out of the area). */
  candidates: SQL;
  /** Expired: `cutoff(key)` is now minus the days of a rule. `limit` is the latest cutoff among them. */
  expired(cutoff: (key: RetentionKey) => Date): { condition: SQL; limit: Date };
  /** Kept by a legal hold active on the site's `today`. */
  held(today: string): SQL;
  /** Removes the records' rows beside theirs (companions, blacklist values, files); answers the files' keys. */
  children?(tx: Db, ids: number[], files: FileUploads): Promise<string[]>;
}

/** A hold on the site of `table`'s row active on `today`, matching `match` (over `h`, the hold). */
const holdExists = (siteId: PgColumn, today: string, match: SQL) =>
  sql`exists (select 1 from privacy_hold h where h.site_id = ${siteId} and h.until >= ${today}::date and (${match}))`;

const personHold = (firstName: PgColumn, lastName: PgColumn) =>
  sql`h.subject = 'PERSON' and lower(h.first_name) = lower(${firstName}) and lower(h.last_name) = lower(${lastName})`;

/**
 * The columns anonymization sets, from the contract's classification: every personal field but the kept
 * categories (the trail), its column (a reference `x` is the column `xId`) emptied, or masked when the column
 * may not be empty (a plate, an incident's report).
 */
export function anonymizedValues(
  table: PgTable,
  classification: EntityClassification,
): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const values: Record<string, unknown> = {};
  for (const [field, category] of Object.entries(classification.fields)) {
    if (category === null || KEPT_BY_ANONYMIZATION.includes(category)) continue;
    const key = field in columns ? field : `${field}Id`;
    const column = columns[key];
    if (!column) throw new Error(`${classification.resource}.${field} has no column to anonymize`);
    values[key] = column.notNull ? MASKED_VALUE : null;
  }
  return values;
}

async function deleteFiles(tx: Db, files: FileUploads, fileIds: number[]): Promise<string[]> {
  const keys: string[] = [];
  for (const fileId of fileIds) {
    const key = await files.deleteRow(tx, fileId);
    if (key) keys.push(key);
  }
  return keys;
}

const departure = (table: typeof visits | typeof vehicleMovements) =>
  sql`coalesce(${table.departureTime}, ${table.movementTime})`;

const byDays =
  (key: RetentionKey, from: SQL) =>
  (cutoff: (key: RetentionKey) => Date): { condition: SQL; limit: Date } => ({
    condition: sql`${from} < ${cutoff(key)}`,
    limit: cutoff(key),
  });

export const RETENTION_TARGETS: readonly RetentionTarget[] = [
  {
    key: 'visits',
    table: visits,
    classification: CLASSIFICATION.visit!,
    from: departure(visits),
    candidates: sql`not ${visits.anonymized} and not ${visits.inArea}`,
    expired: byDays('visits', departure(visits)),
    held: (today) =>
      holdExists(
        visits.siteId,
        today,
        sql`(h.subject = 'VISIT' and h.record_id in (${visits.id}, ${visits.entryId})) or ${personHold(visits.firstName, visits.lastName)}`,
      ),
    async children(tx, ids) {
      await tx.delete(visitCompanions).where(inArray(visitCompanions.visitId, ids));
      await tx
        .update(visitBlacklistHits)
        .set({ value: null, note: null })
        .where(inArray(visitBlacklistHits.visitId, ids));
      return [];
    },
  },
  {
    key: 'vehicles',
    table: vehicleMovements,
    classification: CLASSIFICATION.vehicle!,
    from: departure(vehicleMovements),
    candidates: sql`not ${vehicleMovements.anonymized} and not ${vehicleMovements.inArea} and not ${vehicleMovements.trailerInArea}`,
    expired: byDays('vehicles', departure(vehicleMovements)),
    held: (today) =>
      holdExists(
        vehicleMovements.siteId,
        today,
        sql`(h.subject = 'VEHICLE_MOVEMENT' and h.record_id in (${vehicleMovements.id}, ${vehicleMovements.entryId})) or ${personHold(vehicleMovements.driverFirstName, vehicleMovements.driverLastName)}`,
      ),
    async children(tx, ids, files) {
      await tx.delete(vehicleCompanions).where(inArray(vehicleCompanions.vehicleId, ids));
      await tx
        .update(vehicleBlacklistHits)
        .set({ value: null, note: null })
        .where(inArray(vehicleBlacklistHits.vehicleId, ids));
      const photos = await tx
        .select({ fileId: vehiclePhotos.fileId })
        .from(vehiclePhotos)
        .where(inArray(vehiclePhotos.movementId, ids));
      // The photo rows go with their files (cascade).
      return deleteFiles(
        tx,
        files,
        photos.map((photo) => photo.fileId),
      );
    },
  },
  {
    key: 'anpr',
    table: anprReads as unknown as RetainedTable,
    classification: CLASSIFICATION['vehicle/anpr/read']!,
    from: sql`${anprReads.time}`,
    candidates: sql`not ${anprReads.anonymized}`,
    // Reads that matched nothing after the ANPR days; every read after the vehicle movements' days at the latest.
    expired: (cutoff) => {
      const unmatched = cutoff('anpr');
      const any = cutoff('vehicles');
      return {
        condition: sql`(${anprReads.time} < ${any} or (${anprReads.time} < ${unmatched} and ${anprReads.adviceId} is null and ${anprReads.vehicleId} is null and ${anprReads.movementId} is null))`,
        limit: unmatched > any ? unmatched : any,
      };
    },
    held: (today) =>
      holdExists(
        anprReads.siteId,
        today,
        sql`h.subject = 'VEHICLE_MOVEMENT' and h.record_id in (${anprReads.vehicleId}, ${anprReads.movementId})`,
      ),
  },
  {
    key: 'kbox',
    table: kboxContents,
    classification: CLASSIFICATION['kbox/content']!,
    from: sql`${kboxContents.pickedUpAt}`,
    candidates: sql`not ${kboxContents.anonymized} and ${kboxContents.pickedUpAt} is not null`,
    expired: byDays('kbox', sql`${kboxContents.pickedUpAt}`),
    held: (today) =>
      holdExists(
        kboxContents.siteId,
        today,
        sql`h.subject = 'PERSON' and lower(h.first_name || ' ' || h.last_name) in (lower(${kboxContents.senderName}), lower(${kboxContents.recipientName}))`,
      ),
  },
  {
    key: 'incidents',
    table: incidents,
    classification: CLASSIFICATION.incident!,
    from: sql`${incidents.createdDate}`,
    candidates: sql`not ${incidents.anonymized}`,
    expired: byDays('incidents', sql`${incidents.createdDate}`),
    held: (today) =>
      holdExists(incidents.siteId, today, sql`h.subject = 'INCIDENT' and h.record_id = ${incidents.id}`),
    async children(tx, ids, files) {
      const attachments = await tx
        .select({ fileId: incidentAttachments.fileId })
        .from(incidentAttachments)
        .where(inArray(incidentAttachments.incidentId, ids));
      return deleteFiles(
        tx,
        files,
        attachments.map((attachment) => attachment.fileId),
      );
    },
  },
];

/** The site's days of every rule: its RETENTION_* property when set and active, else the rule's default. */
export async function retentionSettings(db: Db, siteId: number): Promise<RetentionSettings> {
  const rows = await db
    .select({ name: siteProperties.name, value: siteProperties.value })
    .from(siteProperties)
    .where(
      and(
        eq(siteProperties.siteId, siteId),
        eq(siteProperties.active, true),
        inArray(
          siteProperties.name,
          RETENTION_RULES.map((rule) => rule.property),
        ),
      ),
    );
  const set = new Map(rows.map((row) => [row.name, row.value]));
  return Object.fromEntries(
    RETENTION_RULES.map((rule) => {
      const value = set.get(rule.property);
      return [rule.key, typeof value === 'number' && value >= 1 ? value : rule.defaultDays];
    }),
  ) as RetentionSettings;
}

const cutoffOf = (settings: RetentionSettings, at: Date) => (key: RetentionKey) =>
  new Date(at.getTime() - settings[key] * DAY_MS);

/** The condition of a target's expired, not held records of a site. */
function expiredRecords(
  target: RetentionTarget,
  siteId: number,
  settings: RetentionSettings,
  at: Date,
  today: string,
) {
  const { condition, limit } = target.expired(cutoffOf(settings, at));
  return sql`${target.table.siteId} = ${siteId} and ${target.candidates} and ${target.from} < ${limit}
    and ${condition} and not ${target.held(today)}`;
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/**
 * What the next run would anonymize on the site (`settings`: the saved days, or days the administrator is
 * trying): per rule, how many records and the oldest and newest moment they count from.
 */
export async function retentionPreview(
  db: Db,
  siteId: number,
  at: Date,
  settings: RetentionSettings,
): Promise<RetentionPreview[]> {
  const today = await siteToday(db, siteId, at);
  const previews: RetentionPreview[] = [];
  for (const target of RETENTION_TARGETS) {
    const result = (await db.execute(sql`
      select count(*)::int as count, min(${target.from}) as oldest, max(${target.from}) as newest
      from ${target.table} where ${expiredRecords(target, siteId, settings, at, today)}`)) as unknown as Rows<{
      count: number;
      oldest: unknown;
      newest: unknown;
    }>;
    const row = result.rows[0]!;
    previews.push({
      key: target.key,
      days: settings[target.key],
      count: Number(row.count),
      oldest: iso(row.oldest),
      newest: iso(row.newest),
    });
  }
  return previews;
}

/**
 * Anonymizes the records `ids` of a target now, in a transaction of their own: empties their personal columns
 * (from the classification), marks them anonymized and removes what hangs on them; their files' contents go
 * after the commit. Answers the ids it anonymized (not those anonymized before). Retention and erasure (subject
 * requests) both anonymize through it.
 */
export async function anonymizeRecords(
  db: Db,
  files: FileUploads,
  target: RetentionTarget,
  ids: number[],
  at: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const values = anonymizedValues(target.table, target.classification);
  const columns = getTableColumns(target.table) as Record<string, PgColumn>;
  if ('version' in columns) values.version = sql`${columns.version} + 1`;
  if ('updatedAt' in columns) values.updatedAt = at;
  values.anonymized = true;
  const { anonymizedIds, removed } = await db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const changed = await tx
      .update(target.table)
      .set(values)
      .where(and(inArray(target.table.id, ids), eq(target.table.anonymized, false)))
      .returning({ id: target.table.id });
    const anonymizedIds = changed.map((row) => Number(row.id));
    const removed =
      anonymizedIds.length > 0 && target.children ? await target.children(tx, anonymizedIds, files) : [];
    return { anonymizedIds, removed };
  });
  for (const key of removed) await files.removeContent(key);
  return anonymizedIds;
}

/** The ids among `ids` of a target's records that a legal hold active on `today` keeps. */
export async function heldRecordIds(
  db: Db,
  target: RetentionTarget,
  ids: number[],
  today: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: target.table.id })
    .from(target.table)
    .where(and(inArray(target.table.id, ids), target.held(today)));
  return rows.map((row) => Number(row.id));
}

/**
 * Anonymizes the site's records past their retention, rule by rule, in batches of `batch` records: each batch
 * reads the next expired records (oldest first, after the last one seen: the index is read once), then in a
 * transaction of its own empties their personal columns (from the classification), marks them anonymized and
 * removes what hangs on them; their files' contents go after the commit. Held records are skipped.
 */
export async function applyRetention(
  db: Db,
  files: FileUploads,
  siteId: number,
  at: Date,
  options: { batch?: number; settings?: RetentionSettings } = {},
): Promise<Record<RetentionKey, number>> {
  const batch = options.batch ?? RETENTION_BATCH;
  const settings = options.settings ?? (await retentionSettings(db, siteId));
  const today = await siteToday(db, siteId, at);
  const done = {} as Record<RetentionKey, number>;
  for (const target of RETENTION_TARGETS) {
    let after: { from: unknown; id: number } | null = null;
    let count = 0;
    for (;;) {
      const keyset: SQL = after
        ? sql`and (${target.from}, ${target.table.id}) > (${after.from}::timestamptz, ${after.id})`
        : sql``;
      const found = (await db.execute(sql`
        select ${target.table.id} as id, ${target.from} as "from" from ${target.table}
        where ${expiredRecords(target, siteId, settings, at, today)} ${keyset}
        order by ${target.from}, ${target.table.id} limit ${batch}`)) as unknown as Rows<{
        id: number | string;
        from: unknown;
      }>;
      if (found.rows.length === 0) break;
      const last = found.rows[found.rows.length - 1]!;
      after = { from: iso(last.from), id: Number(last.id) };
      const ids = found.rows.map((row) => Number(row.id));
      count += (await anonymizeRecords(db, files, target, ids, at)).length;
      if (found.rows.length < batch) break;
    }
    done[target.key] = count;
  }
  return done;
}

/** The daily retention job (platform/jobs.ts: once across the instances): every site's expired records. */
export function privacyRetentionJob(options: { db: Db; files: FileUploads; log: FastifyBaseLogger }): Job {
  return {
    name: 'privacy-retention',
    everyMs: DAY_MS,
    async run(at) {
      const siteRows = await options.db.select({ id: sites.id }).from(sites);
      for (const site of siteRows) {
        const done = await applyRetention(options.db, options.files, site.id, at);
        // Counts only: never which records or whose.
        if (Object.values(done).some((count) => count > 0))
          options.log.info({ siteId: site.id, anonymized: done }, 'retention applied');
      }
    },
  };
}
