import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  SubjectAction,
  SubjectActionResult,
  SubjectMatch,
  SubjectSearchKind,
  SubjectSearchResult,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { sites, userSites } from '../../platform/platform.tables';
import { privacyRestrictions } from '../../platform/restriction.tables';
import { siteToday } from '../../platform/siteTime';
import type { FileUploads } from '../files/files.routes';
import { anonymizeRecords, anonymizedValues, heldRecordIds } from './privacy.retention';
import { privacySubjectRequests } from './subjectRequest.tables';
import {
  SUBJECT_TARGETS,
  matchCondition,
  normalizedValue,
  onSites,
  type SubjectTarget,
} from './subjectRequest.targets';

/** Found records per resource (only resources with a match), each with its site. */
export type Found = Map<SubjectTarget, Array<{ id: number; siteId: number }>>;

/** The sites the user may administer (the sites they belong to). */
export async function administeredSites(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ siteId: userSites.siteId })
    .from(userSites)
    .where(eq(userSites.userId, userId));
  return rows.map((row) => row.siteId);
}

/**
 * Every record of the sites matching the value, per resource: by the record's own columns, then the records
 * that point at one found (`SubjectTarget.references`).
 */
export async function findSubject(
  db: Db,
  siteIds: number[],
  kind: SubjectSearchKind,
  value: string,
): Promise<Found> {
  const found: Found = new Map();
  if (siteIds.length === 0) return found;
  for (const target of SUBJECT_TARGETS) {
    const match = matchCondition(target, kind, value);
    if (!match) continue;
    const records = await recordsWhere(db, target, and(onSites(target, siteIds), match)!);
    if (records.length > 0) found.set(target, records);
  }
  for (const target of SUBJECT_TARGETS) {
    const links = (target.references ?? []).flatMap(({ column, resource }) => {
      const ids = (found.get(targetOf(resource)) ?? []).map((record) => record.id);
      return ids.length > 0 ? [inArray(column, ids)] : [];
    });
    if (links.length === 0) continue;
    const own = found.get(target) ?? [];
    const known = own.map((record) => record.id);
    const records = await recordsWhere(
      db,
      target,
      and(
        onSites(target, siteIds),
        or(...links),
        known.length > 0 ? notInArray(target.table.id, known) : undefined,
      )!,
    );
    if (records.length > 0) found.set(target, [...own, ...records]);
  }
  // In the targets' order, as the modules are listed.
  return new Map(
    SUBJECT_TARGETS.filter((target) => found.has(target)).map((target) => [target, found.get(target)!]),
  );
}

/** A target's records under `condition` (at most 1,000), with their site. */
async function recordsWhere(db: Db, target: SubjectTarget, condition: SQL) {
  const rows = await db
    .select({ id: target.table.id, siteId: target.siteColumn })
    .from(target.table)
    .where(condition)
    .orderBy(target.table.id)
    .limit(1000);
  return rows.map((row) => ({ id: Number(row.id), siteId: Number(row.siteId) }));
}

const targetOf = (resource: string): SubjectTarget =>
  SUBJECT_TARGETS.find((target) => target.resource === resource)!;

/** A write of its own transaction (the audit refuses bare writes; the request's entry is told once). */
const inTransaction = <T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (transaction) => write(transaction));

const byId = (ids: number[]) => [...new Set(ids)];

/** The held ids of a target's found records: retention's hold rule, else a person hold on the record's name. */
async function heldIds(
  db: Db,
  target: SubjectTarget,
  records: Array<{ id: number; siteId: number }>,
  at: Date,
) {
  const held: number[] = [];
  for (const siteId of byId(records.map((record) => record.siteId))) {
    const ids = records.filter((record) => record.siteId === siteId).map((record) => record.id);
    const today = await siteToday(db, siteId, at);
    if (target.retention) {
      held.push(...(await heldRecordIds(db, target.retention, ids, today)));
      continue;
    }
    const columns = getTableColumns(target.table) as Record<string, PgColumn>;
    if (!columns.firstName || !columns.lastName) continue;
    const rows = await db
      .select({ id: target.table.id })
      .from(target.table)
      .where(
        and(
          inArray(target.table.id, ids),
          sql`exists (select 1 from privacy_hold h where h.site_id = ${siteId} and h.until >= ${today}::date
            and h.subject = 'PERSON' and lower(h.first_name) = lower(${columns.firstName})
            and lower(h.last_name) = lower(${columns.lastName}))`,
        ),
      );
    held.push(...rows.map((row) => Number(row.id)));
  }
  return new Set(held);
}

/** The search's answer: per module the matches with their site, label, hold and restriction. */
export async function describeFound(db: Db, found: Found, at: Date): Promise<SubjectSearchResult> {
  const siteNames = new Map(
    (await db.select({ id: sites.id, name: sites.name }).from(sites)).map((site) => [site.id, site.name]),
  );
  const modules: SubjectSearchResult['modules'] = [];
  let total = 0;
  for (const [target, records] of found) {
    const ids = records.map((record) => record.id);
    const held = await heldIds(db, target, records, at);
    const restricted = new Set(
      (
        await db
          .select({ id: privacyRestrictions.recordId })
          .from(privacyRestrictions)
          .where(
            and(
              eq(privacyRestrictions.resource, target.resource),
              inArray(privacyRestrictions.recordId, ids),
            ),
          )
      ).map((row) => row.id),
    );
    const times = new Map(
      (
        await db
          .select({ id: target.table.id, at: target.timeColumn })
          .from(target.table)
          .where(inArray(target.table.id, ids))
      ).map((row) => [Number(row.id), new Date(row.at as string).toISOString()]),
    );
    const matches: SubjectMatch[] = records.map((record) => ({
      id: record.id,
      siteId: record.siteId,
      siteName: siteNames.get(record.siteId) ?? '',
      label: times.get(record.id) ?? '',
      held: held.has(record.id),
      restricted: restricted.has(record.id),
    }));
    total += matches.length;
    modules.push({ resource: target.resource, count: matches.length, matches });
  }
  return { total, modules };
}

/**
 * Erases the found records now: anonymized as retention does (its anonymizer, `anonymizeRecords`), a record
 * that is only one person's data (a companion) deleted, others' personal columns emptied the same way. Held
 * records are skipped and answered.
 */
export async function eraseFound(db: Db, files: FileUploads, found: Found, at: Date) {
  const done: Record<string, number[]> = {};
  const skipped: Record<string, number[]> = {};
  for (const [target, records] of found) {
    const held = await heldIds(db, target, records, at);
    const ids = records.map((record) => record.id).filter((id) => !held.has(id));
    if (held.size > 0) skipped[target.resource] = [...held];
    if (ids.length === 0) continue;
    if (target.retention) {
      done[target.resource] = await anonymizeRecords(db, files, target.retention, ids, at);
    } else if (target.deleteOnErase) {
      const deleted = await inTransaction(db, (tx) =>
        tx.delete(target.table).where(inArray(target.table.id, ids)).returning({ id: target.table.id }),
      );
      done[target.resource] = deleted.map((row) => Number(row.id));
    } else {
      const values = anonymizedValues(target.table, target.classification);
      const columns = getTableColumns(target.table) as Record<string, PgColumn>;
      values.version = sql`${columns.version} + 1`;
      values.updatedAt = at;
      const changed = await inTransaction(db, (tx) =>
        tx
          .update(target.table)
          .set(values)
          .where(inArray(target.table.id, ids))
          .returning({ id: target.table.id }),
      );
      done[target.resource] = changed.map((row) => Number(row.id));
    }
  }
  return { done, skipped };
}

/** Restricts the found records (kept, left out of everyday lists), or lifts their restriction. */
export async function restrictFound(db: Db, found: Found, lift: boolean, requestId: number) {
  const done: Record<string, number[]> = {};
  for (const [target, records] of found) {
    const ids = records.map((record) => record.id);
    if (lift) {
      const removed = await inTransaction(db, (tx) =>
        tx
          .delete(privacyRestrictions)
          .where(
            and(
              eq(privacyRestrictions.resource, target.resource),
              inArray(privacyRestrictions.recordId, ids),
            ),
          )
          .returning({ id: privacyRestrictions.recordId }),
      );
      done[target.resource] = removed.map((row) => row.id);
    } else {
      const added = await inTransaction(db, (tx) =>
        tx
          .insert(privacyRestrictions)
          .values(
            records.map((record) => ({
              siteId: record.siteId,
              recordId: record.id,
              resource: target.resource,
              requestId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: privacyRestrictions.recordId }),
      );
      done[target.resource] = added.map((row) => row.id);
    }
  }
  return { done, skipped: {} };
}

/** A keyed-free hash of the searched value (folded): tells two requests for the same value apart, not the value. */
export const valueHash = (kind: SubjectSearchKind, value: string) =>
  createHash('sha256')
    .update(`${kind}\u0000${normalizedValue(kind, value)}`)
    .digest('hex');

/** Records a subject request; answers its id. */
export async function recordRequest(
  db: Db,
  entry: {
    at: Date;
    siteId: number | null;
    userId: number;
    userName: string;
    kind: SubjectSearchKind;
    value: string;
    action: 'search' | SubjectAction;
    found: Found;
  },
): Promise<number> {
  const found = Object.fromEntries(
    [...entry.found].map(([target, records]) => [target.resource, records.map((record) => record.id)]),
  );
  const siteIds = byId([...entry.found.values()].flat().map((record) => record.siteId));
  const [row] = await db
    .insert(privacySubjectRequests)
    .values({
      createdAt: entry.at,
      siteId: entry.siteId,
      userId: entry.userId,
      userName: entry.userName,
      kind: entry.kind,
      valueHash: valueHash(entry.kind, entry.value),
      action: entry.action,
      found,
      done: {},
      skipped: {},
      siteIds,
    })
    .returning({ id: privacySubjectRequests.id });
  return row!.id;
}

/** Stores what the request did. */
export async function recordOutcome(
  db: Db,
  id: number,
  outcome: Omit<SubjectActionResult, 'requestId' | 'action'>,
) {
  await inTransaction(db, (tx) =>
    tx
      .update(privacySubjectRequests)
      .set({ done: outcome.done, skipped: outcome.skipped })
      .where(eq(privacySubjectRequests.id, id)),
  );
}
