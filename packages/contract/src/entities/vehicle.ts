import { z } from 'zod';
import {
  bool,
  date,
  datetime,
  defineEntity,
  email,
  enumOf,
  int,
  phone,
  plate,
  ref,
  text,
  textarea,
} from '../entity';
import { PLATE_MATCH_REASONS } from '../plateMatch';
import { PLATE_PATTERN, normalizePlate } from '../validation';
import { MOVEMENT_DIRECTIONS } from './site';
import { BLACKLIST_RESULTS, blacklistHitSchema } from '../blacklist';
import { blacklistAcknowledgementSchema, visitCompanionSchema, visitWriteOffSchema } from './visit';

/** Vehicle and trailer status (spec section 9). */
export const VEHICLE_STATUSES = ['LOADED', 'EMPTY'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

const VEHICLE_READ = ['VEHICLE_ADMIN', 'VEHICLE_USER', 'VEHICLE_VIEW'] as const;
const VEHICLE_ADMIN = ['VEHICLE_ADMIN'] as const;
const VEHICLE_WRITE = ['VEHICLE_ADMIN', 'VEHICLE_USER'] as const;

/** What every code list of the vehicles module (VehicleAdmin) shares: site scope, roles, sort by name. */
const codeList = {
  module: 'MOD_VEHICLE',
  scope: 'site',
  read: VEHICLE_READ,
  write: VEHICLE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
} as const;
const codeListName = () =>
  text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true });
const codeListValid = () => bool({ default: true, list: true, sort: true, filter: 'eq' });
/** A vehicle movement with this purpose or type must have a trailer plate. */
const requiresTrailer = () => bool({ list: true, sort: true, filter: 'eq' });

/** Forwarders (carriers) of vehicles (Vehicles → Forwarders). */
export const vehicleForwarder = defineEntity({
  ...codeList,
  resource: 'vehicle/forwarder',
  fields: { name: codeListName(), valid: codeListValid() },
});

/** Entry purposes of vehicles (Vehicles → Entry purposes); a purpose can require a trailer plate. */
export const vehiclePurpose = defineEntity({
  ...codeList,
  resource: 'vehicle/purpose',
  fields: { name: codeListName(), requiresTrailer: requiresTrailer(), valid: codeListValid() },
});

/** Materials a vehicle carries (Vehicles → Material). */
export const vehicleMaterial = defineEntity({
  ...codeList,
  resource: 'vehicle/material',
  fields: { name: codeListName(), valid: codeListValid() },
});

/** Vehicle types (Vehicles → Types); a type can require a trailer plate. */
export const vehicleType = defineEntity({
  ...codeList,
  resource: 'vehicle/type',
  fields: { name: codeListName(), requiresTrailer: requiresTrailer(), valid: codeListValid() },
});

/** Categories of vehicle advices (Vehicle advices → Categories, VEHICLE_ADVICE_ADMIN). */
export const vehicleAdviceCategory = defineEntity({
  resource: 'vehicle/advice/category',
  module: 'MOD_VEHICLE_ADVICE',
  scope: 'site',
  read: ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER', 'VEHICLE_ADVICE_VIEW'],
  write: ['VEHICLE_ADVICE_ADMIN'],
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: codeListName(),
    description: textarea({ max: 1000, list: true }),
    valid: codeListValid(),
  },
});

/** Vehicle movement fields that are personal data (the driver's): masked without VIEW_PERSONAL_INFO. */
export const VEHICLE_PERSONAL_FIELDS = [
  'driverFirstName',
  'driverLastName',
  'driverContact',
  'documentType',
  'documentNumber',
] as const;

/**
 * One movement of a vehicle at a gate, on the visits' machinery. An entry (`POST /api/vehicle/entry`) is an
 * IN row in the area, its trailer (if any) with it; a leave (`POST /api/vehicle/:id/leave`) adds an OUT row
 * and marks the entry departed, the trailer leaving with the tractor or staying in the area
 * (`trailerInArea`); a write-off (`POST /api/vehicle/writeoff`, the id in the body) takes a vehicle out of the
 * area without a departure; a trailer left behind is written off (`POST /api/vehicle/trailer/writeoff`) or removed
 * from the record (`DELETE /api/vehicle/trailer/:id`) on its own.
 */
export const vehicle = defineEntity({
  resource: 'vehicle',
  module: 'MOD_VEHICLE',
  scope: 'site',
  read: VEHICLE_READ,
  write: VEHICLE_WRITE,
  // A movement at a gate is kept: the guard records it, only the vehicle administrator may delete one.
  delete: VEHICLE_ADMIN,
  defaultSort: { field: 'movementTime', direction: 'desc' },
  fields: {
    movementTime: datetime({ list: true, sort: true, filter: 'range' }),
    direction: enumOf(MOVEMENT_DIRECTIONS, { required: true, readOnly: true, list: true, filter: 'eq' }),
    /** The vehicle (tractor) is in the area. */
    inArea: bool({ readOnly: true, list: true, filter: 'eq' }),
    departed: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** When the vehicle left the area (its leave or write-off). */
    departureTime: datetime({ readOnly: true, list: true }),
    forwarder: ref('vehicle/forwarder', { list: true, filter: 'eq' }),
    plate: plate({ required: true, list: true, filter: 'contains' }),
    /** The card handed to the driver (a card of the site, as visits use). */
    card: text({ max: 50, list: true, filter: 'eq' }),
    // The driver's names are personal data, like a visitor's.
    driverFirstName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    driverLastName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    driverContact: phone({ list: true }),
    documentType: ref('system_site/identity_document', { list: true }),
    documentNumber: text({ max: 50, list: true, filter: 'eq' }),
    trailerPlate: plate({ list: true, filter: 'contains' }),
    /** The trailer is in the area (it may stay after its tractor left). */
    trailerInArea: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** When the trailer left the area (with its tractor, written off or removed). */
    trailerDepartureTime: datetime({ readOnly: true, list: true }),
    purpose: ref('vehicle/purpose', { required: true, list: true, filter: 'eq' }),
    trackingNumber: text({ max: 50, list: true, filter: 'contains' }),
    trailerTrackingNumber: text({ max: 50, list: true, filter: 'contains' }),
    containerNumber: text({ max: 50, list: true, filter: 'contains' }),
    status: enumOf(VEHICLE_STATUSES, { list: true, filter: 'eq' }),
    trailerStatus: enumOf(VEHICLE_STATUSES, { list: true, filter: 'eq' }),
    note: textarea({ max: 2000 }),
    gate: ref('system_site/district/gate', { required: true, list: true, filter: 'eq' }),
    trailerSeal: text({ max: 50, list: true }),
    material: ref('vehicle/material', { list: true, filter: 'eq' }),
    type: ref('vehicle/type', { list: true, filter: 'eq' }),
    // The blacklist result markers of the entry (spec section 9), as on visits: the driver is the person,
    // the vehicle markers cover the vehicle's plate and its trailer's.
    blacklistGovernmentPerson: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistGovernmentVehicle: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistInternalPerson: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistInternalVehicle: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
  },
});

/** Body keys of an entry beyond the vehicle's fields; an update also accepts the companions. */
export const vehicleInputExtension = {
  /** Who came with the driver (name and document, as a visit's companions). */
  companions: z.array(visitCompanionSchema).max(50).optional(),
  /** Continue despite the in-area warning (409 ALREADY_IN_AREA: vehicle, trailer or driver inside). */
  force: z.boolean().optional(),
  /** The blacklist hits confirmed by the guard (409 BLACKLIST_HIT until each hit's list is named). */
  blacklistAcknowledged: blacklistAcknowledgementSchema.optional(),
};

/**
 * Returned with every vehicle record: the driver's contact may come masked, so it is any string on the way
 * out; the companions (masked as the driver's data) and the blacklist hits found at the entry.
 */
export const vehicleRecordExtension = {
  driverContact: z.string().nullable(),
  companions: z.array(z.object({ id: z.number(), name: z.string(), document: z.string().nullable() })),
  blacklistHits: z.array(blacklistHitSchema.extend({ id: z.number() })),
};

/** A companion of a vehicle's driver, also reachable on its own at `/api/vehicle/accompaniment`. */
export const vehicleAccompaniment = defineEntity({
  resource: 'vehicle/accompaniment',
  module: 'MOD_VEHICLE',
  scope: 'site',
  read: VEHICLE_READ,
  write: VEHICLE_WRITE,
  delete: VEHICLE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    vehicle: ref('vehicle', { required: true, filter: 'eq' }),
    name: text({ required: true, max: 200, list: true, sort: true }),
    document: text({ max: 100, list: true }),
  },
});

/** Entry ('Zapsat vstup', `POST /api/vehicle/entry`): the vehicle's fields and the in-area confirmation. */
export const vehicleEntrySchema = (vehicle.schemas.create as unknown as z.ZodObject).extend(
  vehicleInputExtension,
);

/** Leave ('Zapsat odchod', `POST /api/vehicle/:id/leave`): the trailer leaves too unless `withTrailer` is false. */
export const vehicleLeaveSchema = z.strictObject({
  gate: z.number().int().positive({ message: 'validation.ref' }),
  movementTime: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
  note: z.string().trim().max(2000, { message: 'validation.maxLength' }).nullable().optional(),
  /** False: the tractor leaves alone, its trailer stays in the area. */
  withTrailer: z.boolean().optional(),
});
export type VehicleLeave = z.infer<typeof vehicleLeaveSchema>;

/**
 * Write-off ('Odepsat bez odchodu') of a vehicle (`POST /api/vehicle/writeoff`) or of a trailer in the area
 * (`POST /api/vehicle/trailer/writeoff`): the visit's write-off body.
 */
export const vehicleWriteOffSchema = visitWriteOffSchema;

/** A row of `GET /api/vehicle/inarea`: a vehicle or trailer inside, how long, and whether over the site's limit. */
export const vehicleInAreaExtension = {
  /** Minutes since the entry. */
  dwellMinutes: z.number().int().nonnegative(),
  /** Longer in the area than the site property VEHICLE_DWELL_LIMIT_HOURS. */
  overLimit: z.boolean(),
};

/** A time of day as advices carry it: `HH:mm` or `HH:mm:ss` (WIRE_TIME). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/**
 * A vehicle advice (Vehicle advices → Manager): a vehicle announced for a day, matched by plate recognition
 * (ANPR) when it arrives. Vehicle and trailer plates cannot be equal (`checkPlates`, checked by the server).
 */
export const vehicleAdvice = defineEntity({
  resource: 'vehicle/advice',
  module: 'MOD_VEHICLE_ADVICE',
  scope: 'site',
  read: ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER', 'VEHICLE_ADVICE_VIEW'],
  write: ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER'],
  defaultSort: { field: 'date', direction: 'asc' },
  fields: {
    /**
     * The day the vehicle comes, in the future (`notPast`: not before the site's today when new or changed).
     * An advice is used by the day (entry from advice and plate reads take the advices of today whatever their
     * time), so today is accepted at any hour and `time`, the expected arrival, is not checked against now.
     */
    date: date({ required: true, list: true, sort: true, filter: 'range', notPast: true }),
    time: text({
      max: 8,
      list: true,
      sort: true,
      pattern: TIME_OF_DAY_PATTERN,
      patternMessage: 'validation.timeOfDay',
    }),
    category: ref('vehicle/advice/category', { required: true, list: true, filter: 'eq' }),
    forwarder: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    supplier: text({ max: 100, list: 'optional', sort: true, filter: 'contains' }),
    direction: enumOf(MOVEMENT_DIRECTIONS, { required: true, list: true, filter: 'eq' }),
    notes: textarea({ max: 2000 }),
    destination: text({ max: 100, list: 'optional', filter: 'contains' }),
    district: ref('system_site/district', { list: 'optional', filter: 'eq' }),
    gate: ref('system_site/district/gate', { list: true, filter: 'eq' }),
    vehiclePlate: plate({ list: true, filter: 'contains' }),
    trailerPlate: plate({ list: 'optional', filter: 'contains' }),
    driverFirstName: text({ max: 100, list: 'optional', sort: true, filter: 'contains' }),
    driverLastName: text({ max: 100, list: 'optional', sort: true, filter: 'contains' }),
    phone: phone({ list: 'optional' }),
    email: email({ list: 'optional' }),
    internalId: text({ max: 50, list: 'optional', filter: 'eq' }),
    supplierId: text({ max: 50, list: 'optional', filter: 'eq' }),
    /** The entry made from the advice ('Entry from advice', or a confirmed plate read): the advice is used. */
    vehicle: ref('vehicle', { readOnly: true, list: 'optional' }),
  },
});

/** `YYYY-MM-DD` moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** The default filter of the advice manager (spec section 9): one day before to one day after the site's today. */
export function vehicleAdviceDefaultFilter(today: string): { dateFrom: string; dateTo: string } {
  return { dateFrom: shiftDay(today, -1), dateTo: shiftDay(today, 1) };
}

// ---------------------------------------------------------------------------------------------------------
// Plate recognition (ANPR)

/** A plate read is NEW until the guard confirms it (as an entry or leave) or dismisses it. */
export const ANPR_READ_STATES = ['NEW', 'CONFIRMED', 'DISMISSED'] as const;
export type AnprReadState = (typeof ANPR_READ_STATES)[number];

/** What a read proposes: LEAVE when its best match is a vehicle in the area, else ENTRY. */
export const ANPR_PROPOSALS = ['ENTRY', 'LEAVE'] as const;
export type AnprProposal = (typeof ANPR_PROPOSALS)[number];

/** Why a read matched an advice: the contract's `PlateMatchReason` (the web app translates each code). */
export const plateMatchReasonSchema = z.object({
  code: z.enum(PLATE_MATCH_REASONS),
  position: z.number().int().optional(),
  expected: z.string().optional(),
  read: z.string().optional(),
});

/**
 * The plate reads of the site's cameras, newest first, each with its best matching vehicle advice of the
 * day (`advice`, `matchedPlate`, `matchScore`: 0 exact, more is looser) and why (`matchReasons`). Written
 * only by cameras (`POST /api/vehicle/anpr/read`, terminal role ANPR); the guard dismisses a read.
 */
export const vehicleAnprRead = defineEntity({
  resource: 'vehicle/anpr/read',
  module: 'MOD_VEHICLE',
  scope: 'site',
  read: ['VEHICLE_ADMIN', 'VEHICLE_USER'],
  write: [],
  defaultSort: { field: 'time', direction: 'desc' },
  fields: {
    time: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    plate: text({ readOnly: true, max: 20, list: true, filter: 'contains', normalize: normalizePlate }),
    camera: text({ readOnly: true, max: 100, list: true, filter: 'eq' }),
    gate: ref('system_site/district/gate', { readOnly: true, list: true, filter: 'eq' }),
    confidence: int({ readOnly: true, min: 0, max: 100, list: true }),
    advice: ref('vehicle/advice', { readOnly: true, list: true, filter: 'eq' }),
    matchedPlate: text({ readOnly: true, max: 20, list: true }),
    matchScore: int({ readOnly: true, list: true }),
    // The best match among the vehicles and trailers in the area (look-alike aware, as the advice's).
    vehicle: ref('vehicle', { readOnly: true, list: true, filter: 'eq' }),
    vehicleMatchedPlate: text({ readOnly: true, max: 20, list: true }),
    vehicleMatchScore: int({ readOnly: true, list: true }),
    proposal: enumOf(ANPR_PROPOSALS, { readOnly: true, required: true, list: true, filter: 'eq' }),
    state: enumOf(ANPR_READ_STATES, { readOnly: true, required: true, list: true, filter: 'eq' }),
    stateChanged: datetime({ readOnly: true, list: true }),
    /** The movement its confirmation recorded: the entry, or the departure row of a leave. */
    movement: ref('vehicle', { readOnly: true, list: true }),
  },
});

/** Returned with every read: the reasons of its matches (empty when nothing matched). */
export const anprReadRecordExtension = {
  matchReasons: z.array(plateMatchReasonSchema),
  vehicleMatchReasons: z.array(plateMatchReasonSchema),
};

/**
 * Confirming a read as a leave (`POST /api/vehicle/anpr/read/:id/leave`) of its matched vehicle in the area:
 * the leave's body, the gate defaulting to the read's.
 */
export const anprLeaveSchema = vehicleLeaveSchema.extend({
  gate: z.number().int().positive({ message: 'validation.ref' }).optional(),
});

/**
 * What an entry dialog starts with for an advice (`GET /api/vehicle/advice/:id/entry`) or a plate read
 * (`GET /api/vehicle/anpr/read/:id/entry`): the advice's plates, driver, forwarder (the site's forwarder of
 * that name) and gate, or the read's plate and gate.
 */
export const vehicleEntryPrefillSchema = z.object({
  plate: z.string().nullable(),
  trailerPlate: z.string().nullable(),
  driverFirstName: z.string().nullable(),
  driverLastName: z.string().nullable(),
  driverContact: z.string().nullable(),
  forwarder: z.object({ id: z.number(), label: z.string() }).nullable(),
  gate: z.object({ id: z.number(), label: z.string() }).nullable(),
  note: z.string().nullable(),
  /** The advice the entry comes from (an unused advice of today), if any. */
  advice: z.number().nullable(),
});
export type VehicleEntryPrefill = z.infer<typeof vehicleEntryPrefillSchema>;

/** What a camera posts (`POST /api/vehicle/anpr/read`); `time` defaults to when the server got it. */
export const anprReadRequestSchema = z.strictObject({
  plate: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(20, { message: 'validation.maxLength' })
    .regex(PLATE_PATTERN, { message: 'validation.plate' }),
  time: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
  camera: z.string().trim().max(100, { message: 'validation.maxLength' }).nullable().optional(),
  gate: z.number().int().positive({ message: 'validation.ref' }).nullable().optional(),
  confidence: z
    .number()
    .int()
    .min(0, { message: 'validation.min' })
    .max(100, { message: 'validation.max' })
    .nullable()
    .optional(),
});
export type AnprReadRequest = z.infer<typeof anprReadRequestSchema>;
