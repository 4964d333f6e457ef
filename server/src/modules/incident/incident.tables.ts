import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IncidentConsequence, IncidentModule } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { persons, siteReference, users } from '../../platform/platform.tables';
import { files } from '../files/files.tables';

/** Incident types of a site and module (patrols, key management, stock each have their own). */
export const incidentTypes = pgTable(
  'incident_type',
  {
    ...entityColumns(),
    siteId: siteReference(),
    module: text().$type<IncidentModule>().notNull(),
    name: text().notNull(),
    notify: boolean().notNull().default(false),
    notificationEmails: text(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('incident_type_name_uq').on(t.siteId, t.module, t.name)],
);

/** Incidents of a site and module; the lists read them unresolved first, newest first. */
export const incidents = pgTable(
  'incident',
  {
    ...entityColumns(),
    siteId: siteReference(),
    module: text().$type<IncidentModule>().notNull(),
    typeId: integer()
      .notNull()
      .references(() => incidentTypes.id),
    consequence: text().$type<IncidentConsequence>().notNull().default('NORMAL'),
    report: text().notNull(),
    description: text(),
    notify: boolean().notNull().default(false),
    objectClass: text(),
    objectId: text(),
    createdDate: ts().notNull().defaultNow(),
    createdById: integer().references(() => persons.id, { onDelete: 'set null' }),
    resolved: boolean().notNull().default(false),
    resolvedAt: ts(),
    resolvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Report, description, people and attachments removed by the retention job (modules/privacy). */
    anonymized: boolean().notNull().default(false),
  },
  (t) => [
    index('incident_retention_idx')
      .on(t.siteId, t.createdDate, t.id)
      .where(sql`not ${t.anonymized}`),
    index('incident_list_idx').on(t.siteId, t.module, t.resolved, t.createdDate),
    index('incident_type_idx').on(t.typeId),
  ],
);

/** Files attached to an incident (stored through the files machinery: `system_file`). */
export const incidentAttachments = pgTable(
  'incident_attachment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    incidentId: integer()
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('incident_attachment_incident_idx').on(t.incidentId),
    uniqueIndex('incident_attachment_file_uq').on(t.fileId),
  ],
);
