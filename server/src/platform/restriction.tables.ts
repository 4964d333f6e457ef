import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SUBJECT_RESOURCES } from '@strazce/contract';
import { ts } from '../db/columns';
import { siteReference } from './platform.tables';

/**
 * Restricted records (GDPR art. 18, docs/privacy.md "Subject requests"): a record named here is kept but left
 * out of its entity's everyday lists (the CRUD lists and their counts, crudModel.ts); the privacy officer still
 * finds it through a subject request and lifts the restriction there. One row per record of a resource.
 */
export const privacyRestrictions = pgTable(
  'privacy_restriction',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    resource: text().notNull(),
    recordId: integer().notNull(),
    /** The subject request that restricted it (privacy_subject_request). */
    requestId: integer(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('privacy_restriction_record_uq').on(t.resource, t.recordId),
    index('privacy_restriction_site_idx').on(t.siteId),
  ],
);

const RESTRICTABLE: ReadonlySet<string> = new Set(SUBJECT_RESOURCES);

/**
 * The condition that leaves restricted records out of a list of `resource` (keyed by `id`), or undefined for a
 * resource that subject requests do not restrict.
 */
export function notRestricted(resource: string, id: PgColumn): SQL | undefined {
  if (!RESTRICTABLE.has(resource)) return undefined;
  return sql`not exists (select 1 from privacy_restriction pr where pr.resource = ${sql.raw(`'${resource.replace(/'/g, "''")}'`)} and pr.record_id = ${id})`;
}
