import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { SubjectAction, SubjectSearchKind } from '@strazce/contract';
import { ts } from '../../db/columns';
import { sites, users } from '../../platform/platform.tables';

/**
 * The record of subject requests (docs/privacy.md "Subject requests"): who, when, the kind of search, what was
 * found (record ids per resource) and what was done. The searched value itself is not kept: only its keyed hash
 * (`valueHash`), enough to tell that two requests searched the same value.
 */
export const privacySubjectRequests = pgTable(
  'privacy_subject_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: ts().notNull(),
    /** The site the officer worked from; the found records carry their own sites. */
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userName: text().notNull(),
    kind: text().$type<SubjectSearchKind>().notNull(),
    valueHash: text().notNull(),
    action: text().$type<'search' | SubjectAction>().notNull(),
    /** Resource → ids of the records found. */
    found: jsonb().$type<Record<string, number[]>>().notNull(),
    /** Resource → ids changed by the action. */
    done: jsonb().$type<Record<string, number[]>>().notNull(),
    /** Resource → ids skipped (legal hold). */
    skipped: jsonb().$type<Record<string, number[]>>().notNull(),
    /** The sites of the records found. */
    siteIds: jsonb().$type<number[]>().notNull(),
  },
  (t) => [index('privacy_subject_request_time_idx').on(t.createdAt)],
);
