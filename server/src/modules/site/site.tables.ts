import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  BlacklistCategory,
  BlacklistMarker,
  BlacklistMatch,
  MovementDirection,
} from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { persons, siteReference } from '../../platform/platform.tables';

/** The owning site of a site-scoped row; every site-scoped table leads its indexes with it. */
export const districts = pgTable(
  'system_site_district',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('system_site_district_name_uq').on(t.siteId, t.name)],
);

export const gates = pgTable(
  'system_site_gate',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    districtId: integer()
      .notNull()
      .references(() => districts.id, { onDelete: 'no action' }),
    valid: boolean().notNull().default(true),
    color: text(),
  },
  (t) => [
    uniqueIndex('system_site_gate_name_uq').on(t.siteId, t.name),
    index('system_site_gate_district_idx').on(t.districtId),
  ],
);

export const identityDocuments = pgTable(
  'system_site_identity_document',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('system_site_identity_document_name_uq').on(t.siteId, t.name)],
);

export const publicHolidays = pgTable(
  'system_public_holiday',
  {
    ...entityColumns(),
    siteId: siteReference(),
    date: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('system_public_holiday_date_uq').on(t.siteId, t.date)],
);

export const personGroups = pgTable(
  'system_person_group',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('system_person_group_name_uq').on(t.siteId, t.name)],
);

export const personGroupMembers = pgTable(
  'system_person_group_member',
  {
    groupId: integer()
      .notNull()
      .references(() => personGroups.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.personId] }),
    index('system_person_group_member_person_idx').on(t.personId),
  ],
);

export const blacklistEntries = pgTable(
  'blacklist',
  {
    ...entityColumns(),
    siteId: siteReference(),
    category: text().$type<BlacklistCategory>().notNull(),
    reason: text().notNull(),
    firstName: text(),
    lastName: text(),
    documentTypeId: integer().references(() => identityDocuments.id, { onDelete: 'set null' }),
    documentNumber: text(),
    licencePlate: text(),
    note: text(),
  },
  (t) => [
    uniqueIndex('blacklist_licence_plate_uq').on(t.siteId, t.licencePlate),
    uniqueIndex('blacklist_document_uq')
      .on(t.siteId, t.documentTypeId, t.documentNumber)
      .where(sql`${t.documentNumber} is not null`),
    index('blacklist_last_name_idx').on(t.siteId, t.lastName, t.firstName),
    index('blacklist_category_idx').on(t.siteId, t.category),
  ],
);

/**
 * Every passage through a gate (entries IN, departures OUT). The visits and vehicles modules write a row for
 * each movement they record; the gate-load report reads them.
 */
export const gateMovements = pgTable(
  'gate_movement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    // A gate with recorded movements is retired (valid = false), not deleted: its history stays.
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'no action' }),
    direction: text().$type<MovementDirection>().notNull(),
    time: ts().notNull(),
  },
  (t) => [
    index('gate_movement_site_time_idx').on(t.siteId, t.time),
    index('gate_movement_gate_idx').on(t.gateId),
  ],
);

/**
 * The columns of who came along with a movement (a visit, a vehicle entry): a name and a document. The table
 * adds its reference to the movement.
 */
export const companionColumns = () => ({
  ...entityColumns(),
  siteId: siteReference(),
  name: text().notNull(),
  document: text(),
});

/**
 * The columns of a blacklist hit of a movement, as the guard saw and confirmed it: the list (marker), what
 * matched and its value, and the internal entry's reason and note copied at the entry (the entry may change or
 * go later). The table adds its reference to the movement.
 */
export const blacklistHitColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  siteId: siteReference(),
  list: text().$type<BlacklistMarker>().notNull(),
  matchedBy: text().$type<BlacklistMatch>(),
  value: text(),
  /** The internal blacklist entry that matched (null for the government register, or once deleted). */
  blacklistId: integer().references(() => blacklistEntries.id, { onDelete: 'set null' }),
  reason: text(),
  note: text(),
});
