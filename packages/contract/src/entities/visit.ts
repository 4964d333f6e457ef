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
import type { ErrorDetail } from '../errors';
import { EMAIL_PATTERN } from '../validation';
import { MOVEMENT_DIRECTIONS } from './site';
import { BLACKLIST_MARKERS, BLACKLIST_RESULTS, blacklistHitSchema } from '../blacklist';

/** Visit advice response status (spec section 4). */
export const ADVICE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AdviceStatus = (typeof ADVICE_STATUSES)[number];

/**
 * The hits the guard confirmed one by one in the entry warning. An entry with a blacklist hit is refused
 * (409 BLACKLIST_HIT) until every hit's list is named here; `force` confirms only the in-area warning.
 */
export const blacklistAcknowledgementSchema = z.array(z.enum(BLACKLIST_MARKERS)).max(4);

/** Visit fields that are personal data: masked for callers without VIEW_PERSONAL_INFO, removed by anonymization. */
export const VISIT_PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
  'vehiclePlate',
] as const;
/** What a masked personal value looks like on the wire. */
export const MASKED_VALUE = '***';

const VISIT_READ = ['VISIT_ADMIN', 'VISIT_USER', 'VISIT_VIEW'] as const;
const VISIT_WRITE = ['VISIT_ADMIN', 'VISIT_USER'] as const;
const VISIT_ADMIN = ['VISIT_ADMIN'] as const;

const EMAIL_BODY = EMAIL_PATTERN.source.replace(/^\^|\$$/g, '');
/** E-mail addresses separated by commas or semicolons. */
export const EMAIL_LIST_PATTERN = new RegExp(`^${EMAIL_BODY}(\\s*[,;]\\s*${EMAIL_BODY})*$`);

/** Splits a stored e-mail list into addresses. */
export function splitEmails(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

export const visitPurpose = defineEntity({
  resource: 'visit/purpose',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    /** Personal data of the visit is removed when the visitor departs (leave, untraced departure, write-off). */
    anonymize: bool({ list: true, sort: true, filter: 'eq' }),
    /**
     * The signature document the visitor signs at entry (MOD_SIGNATURE, docs/signatures.md): each entry with
     * this purpose prepares a copy of it, signed on the reception tablet (/signatures/signing).
     */
    entryDocument: ref('visit/signature_document', { list: true }),
    /** The signature document the visitor signs at departure (prepared by the leave or untraced departure). */
    leaveDocument: ref('visit/signature_document', { list: true }),
    /** Addresses told about every entry with this purpose (through the e-mail outbox). */
    notificationEmails: text({
      max: 1000,
      list: true,
      pattern: EMAIL_LIST_PATTERN,
      patternMessage: 'validation.emailList',
    }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/** A person who can be visited (the form copies names and company from here). */
export const visitedPerson = defineEntity({
  resource: 'visit/visited',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_ADMIN,
  defaultSort: { field: 'lastName', direction: 'asc' },
  fields: {
    firstName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    lastName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    company: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    email: email({ list: true }),
    phone: phone({ list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

export const visitCard = defineEntity({
  resource: 'visit/card',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_ADMIN,
  defaultSort: { field: 'code', direction: 'asc' },
  fields: {
    code: text({ required: true, max: 50, list: true, sort: true, filter: 'contains', unique: true }),
    name: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

export const visitCompanionSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(200, { message: 'validation.maxLength' }),
  document: z.string().trim().max(100, { message: 'validation.maxLength' }).nullable().optional(),
});
export const visitEquipmentSchema = z.strictObject({
  object: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(200, { message: 'validation.maxLength' }),
  serialNumber: z.string().trim().max(100, { message: 'validation.maxLength' }).nullable().optional(),
});
export type VisitCompanion = z.infer<typeof visitCompanionSchema>;
export type VisitEquipment = z.infer<typeof visitEquipmentSchema>;

/**
 * One movement at a gate. An entry ('Zapsat vstup', `POST /api/visit`) is an IN row that is in the area;
 * a leave ('Zapsat odchod', `POST /api/visit/:id/leave`) adds an OUT row and marks the entry departed; an
 * untraced departure (`POST /api/visit/departure`) is an OUT row without an entry; a write-off
 * (`POST /api/visit/writeoff`) takes an entry out of the area without a departure.
 */
export const visit = defineEntity({
  resource: 'visit',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_WRITE,
  // A movement at a gate is kept: the receptionist records it, only the visit administrator may delete one.
  delete: VISIT_ADMIN,
  defaultSort: { field: 'movementTime', direction: 'desc' },
  fields: {
    movementTime: datetime({ list: true, sort: true, filter: 'range' }),
    direction: enumOf(MOVEMENT_DIRECTIONS, { required: true, readOnly: true, list: true, filter: 'eq' }),
    inArea: bool({ readOnly: true, list: true, filter: 'eq' }),
    departed: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** When an entry left the area (its leave or write-off). */
    departureTime: datetime({ readOnly: true, list: true }),
    tag: text({ max: 50, list: true, filter: 'eq' }),
    purpose: ref('visit/purpose', { required: true, list: true, filter: 'eq' }),
    gate: ref('system_site/district/gate', { required: true, list: true, filter: 'eq' }),
    // Visitor names are required at entry (checked by the server); anonymization clears them.
    firstName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    lastName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    company: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    documentType: ref('system_site/identity_document', { list: true }),
    documentNumber: text({ max: 50, list: true, filter: 'eq' }),
    visited: ref('visit/visited', { filter: 'eq' }),
    visitedFirstName: text({ max: 100, list: true }),
    visitedLastName: text({ max: 100, list: true, filter: 'contains' }),
    visitedCompany: text({ max: 100, list: true }),
    vehiclePlate: plate({ list: true, filter: 'contains' }),
    parkingPlace: text({ max: 50, list: true }),
    note: textarea({ max: 2000 }),
    anonymized: bool({ readOnly: true, list: true, filter: 'eq' }),
    blacklistGovernmentPerson: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistGovernmentVehicle: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistInternalPerson: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    blacklistInternalVehicle: enumOf(BLACKLIST_RESULTS, { readOnly: true, list: true }),
    /** The approved advice this entry was made from. */
    adviceId: int({ readOnly: true }),
  },
});

/** Body keys of an entry beyond the visit's fields; also accepted by an update (companions, equipment). */
export const visitInputExtension = {
  companions: z.array(visitCompanionSchema).max(50).optional(),
  equipment: z.array(visitEquipmentSchema).max(100).optional(),
  /** Continue despite the in-area warning (409 ALREADY_IN_AREA). */
  force: z.boolean().optional(),
  /** The blacklist hits confirmed by the guard (409 BLACKLIST_HIT until each hit's list is named). */
  blacklistAcknowledged: blacklistAcknowledgementSchema.optional(),
};
/** Returned with every visit record (the plate may come masked, so it is any string on the way out). */
export const visitRecordExtension = {
  vehiclePlate: z.string().nullable(),
  companions: z.array(z.object({ id: z.number(), name: z.string(), document: z.string().nullable() })),
  equipment: z.array(z.object({ id: z.number(), object: z.string(), serialNumber: z.string().nullable() })),
  /** The blacklist hits found at the entry, with the list's reason and note as they were then. */
  blacklistHits: z.array(blacklistHitSchema.extend({ id: z.number() })),
};

/** Leave ('Zapsat odchod') of an entry. */
export const visitLeaveSchema = z.strictObject({
  gate: z.number().int().positive({ message: 'validation.ref' }),
  movementTime: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
  note: z.string().trim().max(2000, { message: 'validation.maxLength' }).nullable().optional(),
});
/** Write-off ('Odepsat bez odchodu') of an entry still in the area. */
export const visitWriteOffSchema = z.strictObject({
  id: z.number().int().positive(),
  note: z.string().trim().max(2000, { message: 'validation.maxLength' }).nullable().optional(),
});

/** A companion of a visit, also reachable on its own at `/api/visit/accompaniment`. */
export const visitAccompaniment = defineEntity({
  resource: 'visit/accompaniment',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_WRITE,
  delete: VISIT_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    visit: ref('visit', { required: true, filter: 'eq' }),
    name: text({ required: true, max: 200, list: true, sort: true }),
    document: text({ max: 100, list: true }),
  },
});

/** Equipment brought in by a visitor, also reachable on its own at `/api/visit/equipment`. */
export const visitEquipment = defineEntity({
  resource: 'visit/equipment',
  module: 'MOD_VISIT',
  scope: 'site',
  read: VISIT_READ,
  write: VISIT_WRITE,
  delete: VISIT_ADMIN,
  defaultSort: { field: 'object', direction: 'asc' },
  fields: {
    visit: ref('visit', { required: true, filter: 'eq' }),
    object: text({ required: true, max: 200, list: true, sort: true }),
    serialNumber: text({ max: 100, list: true, filter: 'contains' }),
  },
});

/** A visitor name offered by the autocomplete (`GET /api/visit/whisperer?name=`). */
export const visitWhisperSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Visit advices

const ADVICE_READ = [
  'VISIT_ADVICE_ADMIN',
  'VISIT_ADVICE_REQUEST',
  'VISIT_ADVICE_RESPONSE',
  'VISIT_ADVICE_VIEW',
] as const;

export const visitAdviceCategory = defineEntity({
  resource: 'visit/advice/category',
  module: 'MOD_VISIT_ADVICE',
  scope: 'site',
  read: ADVICE_READ,
  write: ['VISIT_ADVICE_ADMIN'],
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

const adviceFields = {
  category: ref('visit/advice/category', { required: true, list: true, filter: 'eq' }),
  /**
   * A one-time advice is for this day only; exactly one of it and the multiple-entry range is given. Dates of
   * an advice must be in the future (`notPast`): not before the site's today when new or changed; today is
   * accepted (a same-day advice, used at the gate that day).
   */
  oneTimeDate: date({ list: true, sort: true, filter: 'range', notPast: true }),
  /** A one-time advice is closed once it has been turned into a visit. */
  oneTimeClosed: bool({ readOnly: true, list: true, filter: 'eq' }),
  validFrom: date({ list: true, sort: true, filter: 'range', notPast: true }),
  validTo: date({ list: true, sort: true, filter: 'range', notPast: true }),
  /** Last day the advice can be used (one-time date or end of range): `activeUntilFrom=<today>` = from now. */
  activeUntil: date({ readOnly: true, sort: true, filter: 'range' }),
  reason: textarea({ required: true, max: 1000, list: true }),
  firstName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
  lastName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
  company: text({ max: 100, list: true, sort: true, filter: 'contains' }),
  documentType: ref('system_site/identity_document'),
  documentNumber: text({ max: 50 }),
  email: email(),
  visitedFirstName: text({ max: 100, list: true }),
  visitedLastName: text({ max: 100, list: true, filter: 'contains' }),
  visitedCompany: text({ max: 100, list: true }),
  allowVehicle: bool({ list: true, filter: 'eq' }),
  vehiclePlate: plate({ list: true }),
  vehicleReason: text({ max: 255 }),
  status: enumOf(ADVICE_STATUSES, { required: true, readOnly: true, list: true, sort: true, filter: 'eq' }),
  requestUser: ref('access_user', { readOnly: true, list: true, filter: 'eq' }),
  responseDate: datetime({ readOnly: true, list: true, sort: true }),
  responseUser: ref('access_user', { readOnly: true, list: true }),
  responseReason: text({ readOnly: true, max: 1000, list: true }),
};

/** All advices of the site (manager): read by every advice role, edited by the advice administrator. */
export const visitAdvice = defineEntity({
  resource: 'visit/advice',
  module: 'MOD_VISIT_ADVICE',
  scope: 'site',
  read: ADVICE_READ,
  write: ['VISIT_ADVICE_ADMIN'],
  defaultSort: { field: 'activeUntil', direction: 'asc' },
  fields: adviceFields,
});

/** The requester's own advices: created PENDING, changed or withdrawn while still PENDING. */
export const visitAdviceRequest = defineEntity({
  resource: 'visit/advice/request',
  module: 'MOD_VISIT_ADVICE',
  scope: 'site',
  read: ['VISIT_ADVICE_REQUEST'],
  write: ['VISIT_ADVICE_REQUEST'],
  defaultSort: { field: 'activeUntil', direction: 'desc' },
  i18nKey: 'entity.visit/advice',
  fields: adviceFields,
});

export const adviceEquipmentExtension = {
  equipment: z.array(visitEquipmentSchema).max(100).optional(),
};
export const adviceRecordExtension = {
  equipment: z.array(z.object({ id: z.number(), object: z.string(), serialNumber: z.string().nullable() })),
};

/** The default filter of advice lists (spec section 9): approved, usable from today on. */
export function adviceDefaultFilter(today: string): Record<string, string> {
  return { status: 'APPROVED', activeUntilFrom: today };
}

/**
 * `GET /api/visit/advice/response/pending`: the advices waiting for this responder's answer (status PENDING)
 * on every site the user is a member of and that has visit advices enabled (`total`, `sites`), and on the
 * current site (`current`: counted by the advice list itself, so the menu's badge and the list's total of
 * `GET /api/visit/advice?status=PENDING` are one figure).
 */
export const advicePendingSchema = z.object({
  current: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int().positive() })),
});
export type AdvicePending = z.infer<typeof advicePendingSchema>;

/** A response (`POST /api/visit/advice/response`): approve, or reject with a reason. */
export const adviceResponseSchema = z
  .strictObject({
    id: z.number().int().positive(),
    status: z.enum(['APPROVED', 'REJECTED'], { message: 'validation.enum' }),
    reason: z.string().trim().max(1000, { message: 'validation.maxLength' }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'REJECTED' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.rejectReasonRequired' });
  });

/** Turning an approved advice into a visit at the gate (`POST /api/visit/advice/:id/visit`). */
export const adviceToVisitSchema = z.strictObject({
  gate: z.number().int().positive({ message: 'validation.ref' }),
  purpose: z.number().int().positive({ message: 'validation.ref' }),
  tag: z.string().trim().max(50).nullable().optional(),
  parkingPlace: z.string().trim().max(50).nullable().optional(),
  force: z.boolean().optional(),
  blacklistAcknowledged: blacklistAcknowledgementSchema.optional(),
});

interface AdviceDates {
  oneTimeDate?: string | null;
  validFrom?: string | null;
  validTo?: string | null;
  allowVehicle?: boolean | null;
  vehiclePlate?: string | null;
}

/**
 * Spec section 5: either a one-time date or a multiple-entry from and to, not both, with a message per
 * case; a vehicle allowed in needs its plate. Days already past are the fields' own rule (`notPast`,
 * `pastDateProblems`).
 */
export function checkAdvice(advice: AdviceDates): ErrorDetail[] {
  const { oneTimeDate, validFrom, validTo } = advice;
  const errors: ErrorDetail[] = [];
  const hasRange = !!validFrom || !!validTo;
  if (!oneTimeDate && !hasRange) {
    errors.push({ path: 'oneTimeDate', message: 'validation.adviceDateRequired' });
  } else if (oneTimeDate && hasRange) {
    errors.push({ path: 'oneTimeDate', message: 'validation.adviceDateAndRange' });
  } else if (hasRange) {
    if (!validFrom) errors.push({ path: 'validFrom', message: 'validation.adviceRangeFromRequired' });
    if (!validTo) errors.push({ path: 'validTo', message: 'validation.adviceRangeToRequired' });
    if (validFrom && validTo && validFrom > validTo)
      errors.push({ path: 'validTo', message: 'validation.adviceRangeOrder' });
  }
  if (advice.allowVehicle && !advice.vehiclePlate)
    errors.push({ path: 'vehiclePlate', message: 'validation.required' });
  return errors;
}
