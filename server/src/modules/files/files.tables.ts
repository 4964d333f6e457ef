import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ModuleCode } from '@strazce/contract';
import { entityColumns } from '../../db/columns';
import { sites } from '../../platform/platform.tables';

/** Stored files: the row describes the file, the content is on the file system under `storageKey`. */
export const files = pgTable(
  'system_file',
  {
    ...entityColumns(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    module: text().$type<ModuleCode>(),
    name: text().notNull(),
    /** Content type as sniffed from the content (or declared, for plain text formats). */
    type: text().notNull(),
    size: integer().notNull(),
    /** Path of the content relative to the files directory; never shown to clients. */
    storageKey: text().notNull(),
  },
  (t) => [
    uniqueIndex('system_file_storage_key_uq').on(t.storageKey),
    index('system_file_created_idx').on(t.createdAt),
    index('system_file_site_idx').on(t.siteId, t.createdAt),
  ],
);
