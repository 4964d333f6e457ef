import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { HoldSubject } from '@strazce/contract';
import { entityColumns } from '../../db/columns';
import { siteReference } from '../../platform/platform.tables';

/**
 * Legal holds (`privacy/hold`, docs/privacy.md): a record or a person the retention job and erasure leave as
 * they are until the end of `until` (the site's day).
 */
export const privacyHolds = pgTable(
  'privacy_hold',
  {
    ...entityColumns(),
    siteId: siteReference(),
    subject: text().$type<HoldSubject>().notNull(),
    recordId: integer(),
    firstName: text(),
    lastName: text(),
    reason: text().notNull(),
    until: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('privacy_hold_site_idx').on(t.siteId, t.subject, t.until)],
);
