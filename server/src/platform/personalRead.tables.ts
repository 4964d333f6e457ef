import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { PersonalReadKind } from '@strazce/contract';
import { ts } from '../db/columns';
import { sites, users } from './platform.tables';

/**
 * Reads of personal data (issue 35 point 6, docs/privacy.md "Reads of personal data"): a download of a stored
 * file and a CSV export of a list with personal fields. Who, from which site, what (entity, record ids, field
 * names, row count) and when; never a value.
 */
export const personalReads = pgTable(
  'privacy_personal_read',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: ts().notNull(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userName: text(),
    /** `file` (a download), `export` (a CSV export) or `reveal` (a withheld document number shown). */
    kind: text().$type<PersonalReadKind>().notNull(),
    /** The resource read (`system_file`, `visit`). */
    entity: text().notNull(),
    /** The ids of the records read (an export: up to its limit). */
    recordIds: jsonb().$type<number[]>().notNull(),
    /** The personal field names read. */
    fields: jsonb().$type<string[]>().notNull(),
    rowCount: integer().notNull(),
  },
  (t) => [
    index('privacy_personal_read_time_idx').on(t.createdAt),
    index('privacy_personal_read_user_idx').on(t.userId, t.createdAt),
  ],
);
