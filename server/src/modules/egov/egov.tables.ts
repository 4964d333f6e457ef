import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { siteReference, users } from '../../platform/platform.tables';

/**
 * Who started a reading session at the eID provider (`POST /api/egov/init`): only that user on that site may
 * read its result (anyone else gets 404, as for an unknown reading). Kept in the database, so that any app
 * instance answers the result; rows an hour past their expiry are removed at the next init.
 */
export const egovReadings = pgTable(
  'egov_reading',
  {
    /** The provider's id of the reading session. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: siteReference(),
    expires: ts().notNull(),
  },
  (t) => [index('egov_reading_expires_idx').on(t.expires)],
);
