import { z } from 'zod';
import {
  DATE_PATTERN,
  bool,
  color,
  date,
  defineEntity,
  email,
  enumOf,
  multiRef,
  phone,
  plate,
  ref,
  text,
  textarea,
} from '../entity';
import type { ErrorDetail } from '../errors';
import type { ModuleCode } from '../modules';
import type { Role } from '../roles';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../wire';
import { PLATE_PATTERN } from '../validation';
import { LANG_PARAMETER_VALUES } from '../serverTexts';

/** Site administration (/site/...): SiteAdmin, always acting on the session's current site. */
const SITE_ADMIN = ['SITE_ADMIN'] as const;
/**
 * Districts, gates and identity documents are also picked by guards and receptionists (a guard chooses the
 * gate to log in to, a visit takes a document type): any logged-in user of the site may read them.
 */
const SITE_USERS = ['ROLE_ANYONE_LOGGED'] as const;

export const district = defineEntity({
  resource: 'system_site/district',
  scope: 'site',
  read: SITE_USERS,
  write: SITE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/** A gate of the site (entrance, vehicle gate), belonging to a district; visits and vehicles pass through gates. */
export const districtGate = defineEntity({
  resource: 'system_site/district/gate',
  scope: 'site',
  read: SITE_USERS,
  write: SITE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    district: ref('system_site/district', { required: true, list: true, sort: true, filter: 'eq' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    color: color({ list: true }),
  },
});

/** Kinds of identity documents accepted on the site (ID card, passport, driving licence). */
export const identityDocument = defineEntity({
  resource: 'system_site/identity_document',
  scope: 'site',
  read: SITE_USERS,
  write: SITE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

export const publicHoliday = defineEntity({
  resource: 'system_public_holiday',
  scope: 'site',
  read: SITE_ADMIN,
  write: SITE_ADMIN,
  defaultSort: { field: 'date', direction: 'asc' },
  fields: {
    date: date({ required: true, list: true, sort: true, filter: 'range', unique: true }),
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
  },
});

/**
 * The persons of the current site: the persons whose home site it is. A SiteAdmin creates them with the
 * current site as their home site and sees no person of another site; the administrator sees every person
 * under /admin/persons (`system_person`).
 */
export const sitePerson = defineEntity({
  resource: 'system_site/person',
  scope: 'site',
  read: SITE_ADMIN,
  write: SITE_ADMIN,
  defaultSort: { field: 'lastName', direction: 'asc' },
  fields: {
    firstName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    lastName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    email: email({ list: true, sort: true, filter: 'contains' }),
    phone: phone({ list: true }),
    corporateId: text({ max: 50, list: true, sort: true, filter: 'contains', unique: true }),
    note: textarea({ max: 2000 }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * The persons of the current site as a module's read-only picker (a patrol's guard, a key's or a stock item's
 * holder): `resource` under the module, read by the module's roles, so they need no site administration.
 */
export function sitePersonPicker<const R extends string>(
  resource: R,
  module: ModuleCode,
  read: readonly Role[],
) {
  return defineEntity({
    resource,
    module,
    scope: 'site',
    read,
    write: [],
    defaultSort: { field: 'lastName', direction: 'asc' },
    i18nKey: 'entity.system_site/person',
    fields: {
      firstName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
      lastName: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
      corporateId: text({ max: 50, list: true, sort: true, filter: 'contains' }),
      valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    },
  });
}

/** A team of site persons (notified together, allowed together). */
export const personGroup = defineEntity({
  resource: 'system_person_group',
  scope: 'site',
  read: SITE_ADMIN,
  write: SITE_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    members: multiRef('system_site/person', { list: true }),
  },
});

/**
 * `GET /api/system_person_group/memberships?person=&group=` (SiteAdmin): which site person is in which team of
 * the current site, by team then person (written as a team's `members`).
 */
export const personGroupMembershipQuerySchema = z.object({
  person: z.coerce.number().int().positive({ message: 'validation.ref' }).optional(),
  group: z.coerce.number().int().positive({ message: 'validation.ref' }).optional(),
});
export const personGroupMembershipSchema = z.object({
  group: z.object({ id: z.number().int(), label: z.string() }),
  person: z.object({ id: z.number().int(), label: z.string() }),
});
export type PersonGroupMembership = z.infer<typeof personGroupMembershipSchema>;

export const BLACKLIST_CATEGORIES = ['VEHICLE', 'PERSON'] as const;
export type BlacklistCategory = (typeof BLACKLIST_CATEGORIES)[number];

/** An entry of the site's internal blacklist: a person or a vehicle that must not enter. */
export const blacklist = defineEntity({
  resource: 'blacklist',
  scope: 'site',
  read: SITE_ADMIN,
  write: SITE_ADMIN,
  defaultSort: { field: 'lastName', direction: 'asc' },
  fields: {
    category: enumOf(BLACKLIST_CATEGORIES, { required: true, list: true, sort: true, filter: 'eq' }),
    reason: text({ required: true, max: 255, list: true, filter: 'contains' }),
    firstName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    lastName: text({ max: 100, list: true, sort: true, filter: 'contains' }),
    documentType: ref('system_site/identity_document', { list: 'optional', filter: 'eq' }),
    documentNumber: text({ max: 50, list: true, sort: true, filter: 'contains' }),
    licencePlate: plate({ max: 20, list: true, sort: true, filter: 'contains', unique: true }),
    note: textarea({ max: 2000 }),
  },
});

type BlacklistValues = {
  category?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  documentType?: unknown;
  documentNumber?: string | null;
  licencePlate?: string | null;
};

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The rules of a blacklist entry by category (licence plates are stored normalized, see `normalizePlate`): a vehicle is known by its licence plate (and carries no
 * person's document); a person by their last name or by a document number, and has no licence plate.
 * A document number needs its document type. Returns the problems as field details (empty when valid).
 */
export function checkBlacklistEntry(values: BlacklistValues): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (values.category === 'VEHICLE') {
    if (!filled(values.licencePlate)) problems.push({ path: 'licencePlate', message: 'validation.required' });
    else if (!PLATE_PATTERN.test(String(values.licencePlate).trim()))
      problems.push({ path: 'licencePlate', message: 'validation.plate' });
    if (filled(values.documentNumber))
      problems.push({ path: 'documentNumber', message: 'validation.notForVehicle' });
  }
  if (values.category === 'PERSON') {
    if (!filled(values.lastName) && !filled(values.documentNumber))
      problems.push({ path: 'lastName', message: 'validation.lastNameOrDocument' });
    if (filled(values.licencePlate))
      problems.push({ path: 'licencePlate', message: 'validation.notForPerson' });
  }
  if (filled(values.documentNumber) && !filled(values.documentType))
    problems.push({ path: 'documentType', message: 'validation.required' });
  return problems;
}

/** A passage through a gate, written by the visits and vehicles modules; the source of the gate-load report. */
export const MOVEMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];

/** Longest range of the gate-load report, in days. */
export const GATE_LOAD_MAX_DAYS = 366;

const gateLoadQueryShape = {
  from: z.string().regex(DATE_PATTERN, { message: 'validation.date' }),
  to: z.string().regex(DATE_PATTERN, { message: 'validation.date' }),
  /** IANA time zone the days and hours are counted in; default Europe/Prague. */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'validation.timeZone' })
    .default(DEFAULT_TIME_ZONE),
};

function checkGateLoadRange(query: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = Date.parse(`${query.from}T00:00:00Z`);
  const to = Date.parse(`${query.to}T00:00:00Z`);
  if (Number.isNaN(from)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.date' });
  else if (Number.isNaN(to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.date' });
  else if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
  else if ((to - from) / 86_400_000 + 1 > GATE_LOAD_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeTooLong' });
}

/** `GET /api/report/gate_load?from=YYYY-MM-DD&to=YYYY-MM-DD[&timeZone=]`: both days included. */
export const gateLoadQuerySchema = z.strictObject(gateLoadQueryShape).superRefine(checkGateLoadRange);
/**
 * `GET /api/report/gate_load.csv`: the same, plus the language of the file (headers; cs: `;` separated,
 * en: `,`); without it the server goes by Accept-Language.
 */
export const gateLoadCsvQuerySchema = z
  .strictObject({ ...gateLoadQueryShape, lang: z.enum(LANG_PARAMETER_VALUES).optional() })
  .superRefine(checkGateLoadRange);
export type GateLoadQuery = z.infer<typeof gateLoadQuerySchema>;

/** Entries and departures through one gate in one hour of the day (0–23), summed over the report's days. */
export const gateLoadRowSchema = z.object({
  gate: z.object({ id: z.number().int(), label: z.string() }),
  hour: z.number().int().min(0).max(23),
  entries: z.number().int(),
  departures: z.number().int(),
});
export type GateLoadRow = z.infer<typeof gateLoadRowSchema>;

export const gateLoadReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Only the hours with traffic; the web app fills the others with zeros. Sorted by gate name, then hour. */
  rows: z.array(gateLoadRowSchema),
});
export type GateLoadReport = z.infer<typeof gateLoadReportSchema>;
