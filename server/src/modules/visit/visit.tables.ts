import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdviceStatus, BlacklistResult, MovementDirection } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { siteReference, users } from '../../platform/platform.tables';
import { blacklistHitColumns, companionColumns, gates, identityDocuments } from '../site/site.tables';
import { signatureDocuments } from '../signature/signature.tables';

export const visitPurposes = pgTable(
  'visit_purpose',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    anonymize: boolean().notNull().default(false),
    entryDocumentId: integer().references(() => signatureDocuments.id),
    leaveDocumentId: integer().references(() => signatureDocuments.id),
    notificationEmails: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('visit_purpose_name_uq').on(t.siteId, t.name)],
);

export const visitedPersons = pgTable(
  'visit_visited',
  {
    ...entityColumns(),
    siteId: siteReference(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text(),
    email: text(),
    phone: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [index('visit_visited_name_idx').on(t.siteId, t.lastName, t.firstName)],
);

export const visitCards = pgTable(
  'visit_card',
  {
    ...entityColumns(),
    siteId: siteReference(),
    code: text().notNull(),
    name: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('visit_card_code_uq').on(t.siteId, t.code)],
);

/**
 * One movement of a visitor at a gate. Indexes serve the default sort (time descending, id as tie-break; with
 * the names, for a page filtered by them),
 * the in-area overview, the filters by purpose and gate, the in-area check at entry (names and document)
 * and the name, plate and autocomplete searches (trigram indexes, `pg_trgm`).
 */
export const visits = pgTable(
  'visit',
  {
    ...entityColumns(),
    siteId: siteReference(),
    movementTime: ts().notNull().defaultNow(),
    direction: text().$type<MovementDirection>().notNull(),
    inArea: boolean().notNull().default(false),
    departed: boolean().notNull().default(false),
    departureTime: ts(),
    /** The entry an OUT row closes (leave); null for entries and untraced departures. */
    entryId: integer(),
    tag: text(),
    purposeId: integer()
      .notNull()
      .references(() => visitPurposes.id, { onDelete: 'restrict' }),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'restrict' }),
    firstName: text(),
    lastName: text(),
    /**
     * The names in lower case, kept by PostgreSQL, for the name filters (CrudOptions.indexedFilters): `LIKE` on
     * them is what `ILIKE` on the names does, without lowering every row it tests.
     */
    firstNameLower: text().generatedAlwaysAs((): SQL => sql`lower(${visits.firstName})`),
    lastNameLower: text().generatedAlwaysAs((): SQL => sql`lower(${visits.lastName})`),
    company: text(),
    documentTypeId: integer().references(() => identityDocuments.id, { onDelete: 'set null' }),
    documentNumber: text(),
    visitedId: integer().references(() => visitedPersons.id, { onDelete: 'set null' }),
    visitedFirstName: text(),
    visitedLastName: text(),
    visitedCompany: text(),
    vehiclePlate: text(),
    parkingPlace: text(),
    note: text(),
    anonymized: boolean().notNull().default(false),
    blacklistGovernmentPerson: text().$type<BlacklistResult>(),
    blacklistGovernmentVehicle: text().$type<BlacklistResult>(),
    blacklistInternalPerson: text().$type<BlacklistResult>(),
    blacklistInternalVehicle: text().$type<BlacklistResult>(),
    adviceId: integer(),
  },
  (t) => [
    // The names after the order (the id already makes each key unique): a page filtered by a name walks this
    // index alone until it has the page's ids (CrudOptions.indexedFilters), not the rows on the table's pages.
    index('visit_site_time_idx').on(
      t.siteId,
      t.movementTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.lastNameLower,
      t.firstNameLower,
    ),
    index('visit_in_area_idx')
      .on(t.siteId, t.movementTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.inArea}`),
    index('visit_purpose_time_idx').on(t.siteId, t.purposeId, t.movementTime.desc().nullsFirst()),
    index('visit_gate_time_idx').on(t.siteId, t.gateId, t.movementTime.desc().nullsFirst()),
    index('visit_in_area_name_idx')
      .on(t.siteId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`)
      .where(sql`${t.inArea}`),
    index('visit_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('visit_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('visit_plate_trgm_idx').using('gin', sql`${t.vehiclePlate} gin_trgm_ops`),
    index('visit_tag_idx')
      .on(t.siteId, t.tag)
      .where(sql`${t.inArea}`),
    // The retention job (modules/privacy): movements out of the area not yet anonymized, oldest first.
    index('visit_retention_idx')
      .on(t.siteId, sql`coalesce(${t.departureTime}, ${t.movementTime})`, t.id)
      .where(sql`not ${t.anonymized} and not ${t.inArea}`),
  ],
);

export const visitCompanions = pgTable(
  'visit_accompaniment',
  {
    ...companionColumns(),
    visitId: integer()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
  },
  (t) => [index('visit_accompaniment_visit_idx').on(t.visitId)],
);

export const visitEquipment = pgTable(
  'visit_equipment',
  {
    ...entityColumns(),
    siteId: siteReference(),
    visitId: integer()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    object: text().notNull(),
    serialNumber: text(),
  },
  (t) => [index('visit_equipment_visit_idx').on(t.visitId)],
);

/** The blacklist hits of an entry (`blacklistHitColumns`). */
export const visitBlacklistHits = pgTable(
  'visit_blacklist_hit',
  {
    ...blacklistHitColumns(),
    visitId: integer()
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
  },
  (t) => [index('visit_blacklist_hit_visit_idx').on(t.visitId)],
);

export const adviceCategories = pgTable(
  'visit_advice_category',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('visit_advice_category_name_uq').on(t.siteId, t.name)],
);

export const advices = pgTable(
  'visit_advice',
  {
    ...entityColumns(),
    siteId: siteReference(),
    categoryId: integer()
      .notNull()
      .references(() => adviceCategories.id, { onDelete: 'restrict' }),
    oneTimeDate: date({ mode: 'string' }),
    oneTimeClosed: boolean().notNull().default(false),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    activeUntil: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text(),
    documentTypeId: integer().references(() => identityDocuments.id, { onDelete: 'set null' }),
    documentNumber: text(),
    email: text(),
    visitedFirstName: text(),
    visitedLastName: text(),
    visitedCompany: text(),
    allowVehicle: boolean().notNull().default(false),
    vehiclePlate: text(),
    vehicleReason: text(),
    status: text().$type<AdviceStatus>().notNull().default('PENDING'),
    requestUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    responseDate: ts(),
    responseUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    responseReason: text(),
  },
  (t) => [
    index('visit_advice_status_idx').on(t.siteId, t.status, t.activeUntil),
    index('visit_advice_active_idx').on(t.siteId, t.activeUntil),
    index('visit_advice_request_user_idx').on(t.siteId, t.requestUserId, t.activeUntil),
  ],
);

export const adviceEquipment = pgTable(
  'visit_advice_equipment',
  {
    ...entityColumns(),
    siteId: siteReference(),
    adviceId: integer()
      .notNull()
      .references(() => advices.id, { onDelete: 'cascade' }),
    object: text().notNull(),
    serialNumber: text(),
  },
  (t) => [index('visit_advice_equipment_advice_idx').on(t.adviceId)],
);
