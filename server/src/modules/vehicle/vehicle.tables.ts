import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AnprProposal,
  AnprReadState,
  BlacklistResult,
  MovementDirection,
  PlateMatchReason,
  VehicleStatus,
} from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { siteReference, users } from '../../platform/platform.tables';
import { files } from '../files/files.tables';
import {
  blacklistHitColumns,
  companionColumns,
  districts,
  gates,
  identityDocuments,
} from '../site/site.tables';

/** Columns every code list of the vehicles module has: its site, a name unique per site and validity. */
const codeListColumns = () => ({
  ...entityColumns(),
  siteId: siteReference(),
  name: text().notNull(),
  valid: boolean().notNull().default(true),
});

export const vehicleForwarders = pgTable('vehicle_forwarder', codeListColumns(), (t) => [
  uniqueIndex('vehicle_forwarder_name_uq').on(t.siteId, t.name),
]);

export const vehiclePurposes = pgTable(
  'vehicle_purpose',
  { ...codeListColumns(), requiresTrailer: boolean().notNull().default(false) },
  (t) => [uniqueIndex('vehicle_purpose_name_uq').on(t.siteId, t.name)],
);

export const vehicleMaterials = pgTable('vehicle_material', codeListColumns(), (t) => [
  uniqueIndex('vehicle_material_name_uq').on(t.siteId, t.name),
]);

export const vehicleTypes = pgTable(
  'vehicle_type',
  { ...codeListColumns(), requiresTrailer: boolean().notNull().default(false) },
  (t) => [uniqueIndex('vehicle_type_name_uq').on(t.siteId, t.name)],
);

export const vehicleAdviceCategories = pgTable(
  'vehicle_advice_category',
  { ...codeListColumns(), description: text() },
  (t) => [uniqueIndex('vehicle_advice_category_name_uq').on(t.siteId, t.name)],
);

/**
 * One movement of a vehicle at a gate (the visit's shape: an entry IN row, its leave an OUT row naming it).
 * Indexes serve the default sort (time descending, id as tie-break), the in-area list (vehicle or trailer
 * inside), the in-area checks at entry (plate, trailer plate, driver names) and the plate and driver
 * searches (trigram indexes, `pg_trgm`).
 */
export const vehicleMovements = pgTable(
  'vehicle_movement',
  {
    ...entityColumns(),
    siteId: siteReference(),
    movementTime: ts().notNull().defaultNow(),
    direction: text().$type<MovementDirection>().notNull(),
    inArea: boolean().notNull().default(false),
    departed: boolean().notNull().default(false),
    departureTime: ts(),
    /** The entry an OUT row closes (leave); null for entries. */
    entryId: integer(),
    forwarderId: integer().references(() => vehicleForwarders.id, { onDelete: 'restrict' }),
    plate: text().notNull(),
    card: text(),
    driverFirstName: text(),
    driverLastName: text(),
    driverContact: text(),
    documentTypeId: integer().references(() => identityDocuments.id, { onDelete: 'set null' }),
    documentNumber: text(),
    trailerPlate: text(),
    trailerInArea: boolean().notNull().default(false),
    trailerDepartureTime: ts(),
    purposeId: integer()
      .notNull()
      .references(() => vehiclePurposes.id, { onDelete: 'restrict' }),
    trackingNumber: text(),
    trailerTrackingNumber: text(),
    containerNumber: text(),
    status: text().$type<VehicleStatus>(),
    trailerStatus: text().$type<VehicleStatus>(),
    note: text(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'restrict' }),
    trailerSeal: text(),
    materialId: integer().references(() => vehicleMaterials.id, { onDelete: 'restrict' }),
    typeId: integer().references(() => vehicleTypes.id, { onDelete: 'restrict' }),
    // Blacklist result markers of the entry (the driver; the vehicle and trailer plates), as on visits.
    blacklistGovernmentPerson: text().$type<BlacklistResult>(),
    blacklistGovernmentVehicle: text().$type<BlacklistResult>(),
    blacklistInternalPerson: text().$type<BlacklistResult>(),
    blacklistInternalVehicle: text().$type<BlacklistResult>(),
    /** Personal data removed by the retention job (modules/privacy); the gate, times and counts stay. */
    anonymized: boolean().notNull().default(false),
  },
  (t) => [
    // The retention job (modules/privacy): movements out of the area not yet anonymized, oldest first.
    index('vehicle_movement_retention_idx')
      .on(t.siteId, sql`coalesce(${t.departureTime}, ${t.movementTime})`, t.id)
      .where(sql`not ${t.anonymized} and not ${t.inArea} and not ${t.trailerInArea}`),
    index('vehicle_movement_site_time_idx').on(
      t.siteId,
      t.movementTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('vehicle_movement_in_area_idx')
      .on(t.siteId, t.movementTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.inArea} or ${t.trailerInArea}`),
    index('vehicle_movement_plate_idx').on(t.siteId, t.plate, t.movementTime.desc().nullsFirst()),
    index('vehicle_movement_trailer_plate_idx')
      .on(t.siteId, t.trailerPlate)
      .where(sql`${t.trailerInArea}`),
    index('vehicle_movement_card_idx').on(t.siteId, t.card, t.movementTime.desc().nullsFirst()),
    index('vehicle_movement_in_area_driver_idx')
      .on(t.siteId, sql`lower(${t.driverLastName})`, sql`lower(${t.driverFirstName})`)
      .where(sql`${t.inArea}`),
    index('vehicle_movement_plate_trgm_idx').using('gin', sql`${t.plate} gin_trgm_ops`),
    index('vehicle_movement_driver_last_name_trgm_idx').using('gin', sql`${t.driverLastName} gin_trgm_ops`),
  ],
);

/** Vehicles announced for a day (Vehicle advices → Manager); today's are matched to plate reads (ANPR). */
export const vehicleAdvices = pgTable(
  'vehicle_advice',
  {
    ...entityColumns(),
    siteId: siteReference(),
    date: date({ mode: 'string' }).notNull(),
    time: text(),
    categoryId: integer()
      .notNull()
      .references(() => vehicleAdviceCategories.id),
    forwarder: text(),
    supplier: text(),
    direction: text().$type<MovementDirection>().notNull(),
    notes: text(),
    destination: text(),
    districtId: integer().references(() => districts.id),
    gateId: integer().references(() => gates.id),
    vehiclePlate: text(),
    trailerPlate: text(),
    driverFirstName: text(),
    driverLastName: text(),
    phone: text(),
    email: text(),
    internalId: text(),
    supplierId: text(),
    /** The entry made from the advice (advice → entry, or a confirmed plate read): the advice is used. */
    vehicleId: integer().references(() => vehicleMovements.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('vehicle_advice_site_date_idx').on(t.siteId, t.date, t.time),
    index('vehicle_advice_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
  ],
);

/**
 * Plate reads of ANPR cameras (`POST /api/vehicle/anpr/read` by a terminal with the ANPR role), each with the
 * best matching advice of the day and why it matched (`matchReasons`, the contract's PlateMatchReason list).
 */
export const anprReads = pgTable(
  'anpr_read',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    time: ts().notNull(),
    plate: text().notNull(),
    camera: text(),
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    /** How sure the camera was, 0–100 %. */
    confidence: integer(),
    clientId: integer(),
    adviceId: integer().references(() => vehicleAdvices.id, { onDelete: 'set null' }),
    matchedPlate: text(),
    matchScore: integer(),
    matchReasons: jsonb().$type<PlateMatchReason[]>(),
    /** The best match among the vehicles and trailers in the area when the read arrived. */
    vehicleId: integer().references(() => vehicleMovements.id, { onDelete: 'set null' }),
    vehicleMatchedPlate: text(),
    vehicleMatchScore: integer(),
    vehicleMatchReasons: jsonb().$type<PlateMatchReason[]>(),
    /** What the read proposes: LEAVE when the best match is a vehicle inside, else ENTRY. */
    proposal: text().$type<AnprProposal>().notNull().default('ENTRY'),
    state: text().$type<AnprReadState>().notNull().default('NEW'),
    stateChanged: ts(),
    stateUserId: integer(),
    /** The movement a confirmation recorded: the entry, or the departure row of a leave. */
    movementId: integer().references(() => vehicleMovements.id, { onDelete: 'set null' }),
    /** The plates removed by the retention job (modules/privacy). */
    anonymized: boolean().notNull().default(false),
  },
  (t) => [
    index('anpr_read_retention_idx')
      .on(t.siteId, t.time, t.id)
      .where(sql`not ${t.anonymized}`),
    index('anpr_read_site_time_idx').on(t.siteId, t.time.desc(), t.id.desc()),
    // The guard's panel: the NEW reads, newest first (a few among a million handled ones).
    index('anpr_read_new_idx')
      .on(t.siteId, t.time.desc(), t.id.desc())
      .where(sql`${t.state} = 'NEW'`),
    // Whether a movement is referred to (its deletion: platform/usage.ts).
    index('anpr_read_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
    index('anpr_read_movement_idx')
      .on(t.movementId)
      .where(sql`${t.movementId} is not null`),
  ],
);

/**
 * Photos of a vehicle movement (`/api/vehicle/photo`): the content is a stored file (`system_file`, module
 * MOD_VEHICLE); the photo goes with its movement and with its file (deleted in Administration → Files).
 */
export const vehiclePhotos = pgTable(
  'vehicle_photo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    movementId: integer()
      .notNull()
      .references(() => vehicleMovements.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: ts().notNull().defaultNow(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('vehicle_photo_movement_idx').on(t.siteId, t.movementId, t.id),
    uniqueIndex('vehicle_photo_file_uq').on(t.fileId),
  ],
);

/** Who came with the driver of a vehicle entry (name and document), as a visit's companions. */
export const vehicleCompanions = pgTable(
  'vehicle_accompaniment',
  {
    ...companionColumns(),
    vehicleId: integer()
      .notNull()
      .references(() => vehicleMovements.id, { onDelete: 'cascade' }),
  },
  (t) => [index('vehicle_accompaniment_vehicle_idx').on(t.vehicleId)],
);

/**
 * The blacklist hits of a vehicle entry (`blacklistHitColumns`); what matched: the driver's names or document,
 * the vehicle or the trailer plate.
 */
export const vehicleBlacklistHits = pgTable(
  'vehicle_blacklist_hit',
  {
    ...blacklistHitColumns(),
    vehicleId: integer()
      .notNull()
      .references(() => vehicleMovements.id, { onDelete: 'cascade' }),
  },
  (t) => [index('vehicle_blacklist_hit_vehicle_idx').on(t.vehicleId)],
);
