import { z } from 'zod';
import { bool, datetime, defineEntity, enumOf, int, multiRef, ref, text, textarea } from '../entity';
import { sitePersonPicker } from './site';
import { EMAIL_LIST_PATTERN } from './visit';

/**
 * Key management (MOD_KM, spec: /keys/... and `/keymanagement (frame, door, doorgroup, keytype, key,
 * keygroup, memberships, keydoor, role, lend, keylend)`): the set-up written by the key administrator, the
 * privileges saying who may hold which key, and the lend-outs of keys at the gates. See docs/keys.md.
 */
const KM_ADMIN = ['KM_ADMIN'] as const;
/** Who reads the open lend-outs (/keys/lendouts). */
const KM_LEND_READ = ['KM_ADMIN', 'KM_USER', 'KM_VIEW'] as const;
/** Who lends and takes back keys. */
export const KM_LEND_WRITE = ['KM_ADMIN', 'KM_USER'] as const;
/** Who reads the history of every lend-out (/keys/lendoutshistory). */
export const KM_HISTORY_READ = ['KM_ADMIN', 'KM_VIEW'] as const;

export const KEY_RULES = ['ALLOW', 'DENY'] as const;
export type KeyRule = (typeof KEY_RULES)[number];

/** DEFAULT: keys lent to persons; VEHICLE: keys lent also to a driver of a vehicle in the area. */
export const KEY_WORKFLOWS = ['DEFAULT', 'VEHICLE'] as const;
export type KeyWorkflow = (typeof KEY_WORKFLOWS)[number];

/** The longest lending a key or key type may allow (a year). */
export const KEY_MAX_LENDING_HOURS = 8760;

const setUp = {
  module: 'MOD_KM',
  scope: 'site',
  read: KM_ADMIN,
  write: KM_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
} as const;
const name = () =>
  text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true });
const description = () => textarea({ max: 1000, list: true });
const valid = () => bool({ default: true, list: true, sort: true, filter: 'eq' });
const lendingHours = () => int({ min: 1, max: KEY_MAX_LENDING_HOURS, list: true, sort: true });

/** A key cabinet (frame) where keys hang. */
export const keyFrame = defineEntity({
  ...setUp,
  resource: 'keymanagement/frame',
  fields: { name: name(), description: description(), valid: valid() },
});

/** A group of doors (a floor, a building). */
export const doorGroup = defineEntity({
  ...setUp,
  resource: 'keymanagement/doorgroup',
  fields: { name: name(), description: description(), valid: valid() },
});

/** A door; its door groups are memberships (`/api/keymanagement/memberships` view of the link). */
export const door = defineEntity({
  ...setUp,
  resource: 'keymanagement/door',
  fields: {
    name: name(),
    description: description(),
    groups: multiRef('keymanagement/doorgroup', { list: true }),
    valid: valid(),
  },
});

/**
 * A kind of key: how long it may be lent (`maxLendingHours`) and whether those hours are working time
 * (`workingTime`: only working days count — weekends and the site's public holidays are skipped), and its
 * workflow.
 */
export const keyType = defineEntity({
  ...setUp,
  resource: 'keymanagement/keytype',
  fields: {
    name: name(),
    maxLendingHours: lendingHours(),
    workingTime: bool({ list: 'optional', sort: true, filter: 'eq' }),
    workflow: enumOf(KEY_WORKFLOWS, {
      required: true,
      default: 'DEFAULT',
      list: true,
      sort: true,
      filter: 'eq',
    }),
    /** The handover protocol the holder signs at each lend-out of a key of this type (docs/signatures.md). */
    handoverDocument: ref('keymanagement/signature_document', { list: true }),
    description: { ...description(), list: 'optional' as const },
    valid: valid(),
  },
});

/** A group of keys (privileges can be given to a whole group). */
export const keyGroup = defineEntity({
  ...setUp,
  resource: 'keymanagement/keygroup',
  fields: { name: name(), description: description(), valid: valid() },
});

/**
 * A key: known at the gate by its `code` (scanned or typed), of a type, hanging in a frame, opening doors
 * (`doors`: the key–door link, `/api/keymanagement/keydoor`), member of key groups. `defaultRule` decides
 * for persons no privilege names; `maxLendingHours` overrides its type's. With `notification` set, the key
 * becoming overdue is e-mailed to `notificationEmails`. `lent`: out now (read-only).
 */
export const key = defineEntity({
  ...setUp,
  resource: 'keymanagement/key',
  fields: {
    code: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    description: description(),
    type: ref('keymanagement/keytype', { required: true, list: true, sort: true, filter: 'eq' }),
    frame: ref('keymanagement/frame', { list: 'optional', filter: 'eq' }),
    defaultGate: ref('system_site/district/gate', { list: true, filter: 'eq' }),
    defaultRule: enumOf(KEY_RULES, {
      required: true,
      default: 'ALLOW',
      list: 'optional',
      sort: true,
      filter: 'eq',
    }),
    maxLendingHours: { ...lendingHours(), list: 'optional' as const },
    notification: bool({ list: 'optional', filter: 'eq' }),
    notificationEmails: text({
      max: 1000,
      pattern: EMAIL_LIST_PATTERN,
      patternMessage: 'validation.emailList',
    }),
    groups: multiRef('keymanagement/keygroup', { list: 'optional' }),
    doors: multiRef('keymanagement/door', { list: 'optional' }),
    lent: bool({ readOnly: true, list: true, filter: 'eq' }),
    valid: valid(),
  },
});

/** The persons of the site a key can be lent to and privileges given to (read-only, for the pickers). */
export const keyPerson = sitePersonPicker('keymanagement/person', 'MOD_KM', KM_LEND_READ);

/** The teams of the site privileges can be given to (read-only, for the picker). */
export const keyTeam = defineEntity({
  resource: 'keymanagement/team',
  module: 'MOD_KM',
  scope: 'site',
  read: KM_ADMIN,
  write: [],
  defaultSort: { field: 'name', direction: 'asc' },
  i18nKey: 'entity.system_person_group',
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * A privilege (`/api/keymanagement/role`): a person or a team (exactly one) may (ALLOW) or may not (DENY)
 * hold a key or the keys of a key group (exactly one). Precedence, most specific first — the first level
 * with a privilege decides, and within a level DENY wins over ALLOW:
 *   1. the person on the key, 2. the person on a group of the key, 3. a team of the person on the key,
 *   4. a team of the person on a group of the key, 5. the key's `defaultRule`.
 * (`keyDecision` in the server; docs/keys.md.)
 */
export const keyPrivilege = defineEntity({
  resource: 'keymanagement/role',
  module: 'MOD_KM',
  scope: 'site',
  read: KM_ADMIN,
  write: KM_ADMIN,
  defaultSort: { field: 'key', direction: 'asc' },
  fields: {
    key: ref('keymanagement/key', { list: true, sort: true, filter: 'eq' }),
    keyGroup: ref('keymanagement/keygroup', { list: true, sort: true, filter: 'eq' }),
    person: ref('keymanagement/person', { list: true, sort: true, filter: 'eq' }),
    team: ref('keymanagement/team', { list: true, sort: true, filter: 'eq' }),
    rule: enumOf(KEY_RULES, { required: true, default: 'ALLOW', list: true, sort: true, filter: 'eq' }),
    note: textarea({ max: 1000, list: true }),
  },
});

/** The precedence levels of `keyPrivilege`, in order; `DEFAULT` is the key's own rule. */
export const KEY_DECISION_LEVELS = [
  'PERSON_KEY',
  'PERSON_GROUP',
  'TEAM_KEY',
  'TEAM_GROUP',
  'DEFAULT',
] as const;
export type KeyDecisionLevel = (typeof KEY_DECISION_LEVELS)[number];

/**
 * A lend-out of a key (`/api/keymanagement/keylend`, read-only list; written by the lend and return calls).
 * The holder is a site person, a visitor in the area (`visit`) or, for a key of the VEHICLE workflow, the
 * driver of a vehicle in the area (`vehicle`); `holder` is the name as it was at the lend-out. `afterDue`:
 * returned after its due time, or still out past it (the list shows these first).
 */
export const keyLend = defineEntity({
  resource: 'keymanagement/keylend',
  module: 'MOD_KM',
  scope: 'site',
  read: KM_LEND_READ,
  write: [],
  delete: [],
  defaultSort: { field: 'lendDateTime', direction: 'desc' },
  fields: {
    lendDateTime: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    key: ref('keymanagement/key', { required: true, readOnly: true, list: true, sort: true, filter: 'eq' }),
    afterDue: bool({ readOnly: true, list: 'optional', sort: true, filter: 'eq' }),
    due: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    holder: text({ readOnly: true, max: 200, list: true, sort: true, filter: 'contains' }),
    person: ref('keymanagement/person', { readOnly: true, filter: 'eq' }),
    visit: ref('visit', { readOnly: true, filter: 'eq' }),
    vehicle: ref('vehicle', { readOnly: true, filter: 'eq' }),
    gate: ref('system_site/district/gate', { required: true, readOnly: true, list: true, filter: 'eq' }),
    notes: textarea({ readOnly: true, max: 1000, list: 'optional' }),
    returned: bool({ readOnly: true, list: 'optional', filter: 'eq' }),
    returnDateTime: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    returnGate: ref('system_site/district/gate', { readOnly: true, list: 'optional' }),
    /** Who brought the key back (anyone: a name as told at the gate, or a site person). */
    returnPerson: text({ readOnly: true, max: 200, list: 'optional' }),
    returnNotes: textarea({ readOnly: true, max: 1000, list: 'optional' }),
    lentBy: ref('access_user', { readOnly: true }),
    returnedBy: ref('access_user', { readOnly: true }),
  },
});

/**
 * `POST /api/keymanagement/lend` (KM_ADMIN, KM_USER): lend a key at a gate. The key by `code` (scanned or
 * typed: 'There is no key with this code', 404 KEY_UNKNOWN) or `key` (id); the holder: exactly one of
 * `person` (a site person), `visit` (a visitor in the area) or `vehicle` (the driver of a vehicle in the
 * area; VEHICLE workflow keys only). A holder without privilege: 409 KEY_NOT_PERMITTED ('This person does not
 * have privileges to this key'; not 403, which the web app takes for a refusal of the session); a key already
 * out: 409 KEY_LENT; an invalid key: 409 KEY_INVALID; a visitor or vehicle no longer in the area: 409
 * NOT_IN_AREA; a vehicle's driver and a key not of the VEHICLE workflow: 409 KEY_NOT_FOR_VEHICLE. `time`
 * defaults to now; due = time + the key's (else its type's) max lending hours, counted in working time when
 * the type says so; no max: no due.
 */
export const keyLendSchema = z
  .strictObject({
    code: z.string().trim().min(1, { message: 'validation.required' }).max(100).optional(),
    key: z.number().int().positive().optional(),
    gate: z.number().int().positive({ message: 'validation.ref' }),
    person: z.number().int().positive().optional(),
    visit: z.number().int().positive().optional(),
    vehicle: z.number().int().positive().optional(),
    notes: z.string().trim().max(1000, { message: 'validation.maxLength' }).nullable().optional(),
    time: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.key === undefined), {
    message: 'validation.required',
    path: ['code'],
  })
  .refine((body) => [body.person, body.visit, body.vehicle].filter((v) => v !== undefined).length === 1, {
    message: 'validation.required',
    path: ['person'],
  });
export type KeyLendInput = z.infer<typeof keyLendSchema>;

/**
 * `POST /api/keymanagement/lend/:id/return` (KM_ADMIN, KM_USER): the key comes back at any gate, brought by
 * anyone (`person`: a name; default the holder), with notes; `time` defaults to now. 409 KEY_RETURNED when it
 * is back already.
 */
export const keyReturnSchema = z.strictObject({
  gate: z.number().int().positive({ message: 'validation.ref' }),
  person: z.string().trim().max(200, { message: 'validation.maxLength' }).nullable().optional(),
  notes: z.string().trim().max(1000, { message: 'validation.maxLength' }).nullable().optional(),
  time: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
});
export type KeyReturnInput = z.infer<typeof keyReturnSchema>;

/**
 * `GET /api/keymanagement/lend/check?code=…|key=…&person=…|visit=…|vehicle=…` (KM_ADMIN, KM_USER): what a
 * lend would do, before the guard confirms: the key, whether the holder may hold it and by which level of the
 * precedence, and the due time.
 */
export const keyLendCheckSchema = z.object({
  key: z.object({ id: z.number().int(), label: z.string(), code: z.string(), lent: z.boolean() }),
  allowed: z.boolean(),
  level: z.enum(KEY_DECISION_LEVELS),
  due: z.iso.datetime({ offset: true }).nullable(),
});
export type KeyLendCheck = z.infer<typeof keyLendCheckSchema>;

/** A key still out with a visitor: the visit departure dialog names it (`GET /api/visit/:id/keys`). */
export const visitKeySchema = z.object({
  lend: z.number().int(),
  key: z.object({ id: z.number().int(), label: z.string(), code: z.string() }),
  lendDateTime: z.iso.datetime({ offset: true }),
  due: z.iso.datetime({ offset: true }).nullable(),
  returned: z.boolean(),
});
export type VisitKey = z.infer<typeof visitKeySchema>;

const refValue = z.object({ id: z.number().int(), label: z.string() });
const optionalId = z.coerce.number().int().positive().optional();

/**
 * `GET /api/keymanagement/memberships?door=…&doorGroup=…&key=…&keyGroup=…&kind=DOOR|KEY` (KM_ADMIN): the
 * memberships of doors in door groups (`kind` DOOR) and of keys in key groups (`kind` KEY), read-only (they
 * are written as a door's or key's `groups`), ordered by group, then member.
 */
export const KEY_MEMBERSHIP_KINDS = ['DOOR', 'KEY'] as const;
export const keyMembershipQuerySchema = z.object({
  kind: z.enum(KEY_MEMBERSHIP_KINDS).optional(),
  door: optionalId,
  doorGroup: optionalId,
  key: optionalId,
  keyGroup: optionalId,
});
export const keyMembershipSchema = z.object({
  kind: z.enum(KEY_MEMBERSHIP_KINDS),
  member: refValue,
  group: refValue,
});
export type KeyMembership = z.infer<typeof keyMembershipSchema>;

/**
 * `GET /api/keymanagement/keydoor?key=…&door=…` (KM_ADMIN): which key opens which door (written as a key's
 * `doors`), ordered by key, then door.
 */
export const keyDoorQuerySchema = z.object({ key: optionalId, door: optionalId });
export const keyDoorSchema = z.object({
  key: z.object({ id: z.number().int(), label: z.string(), code: z.string() }),
  door: refValue,
});
export type KeyDoor = z.infer<typeof keyDoorSchema>;

/** The query of `GET /api/keymanagement/lend/check`: the key by `code` or `key`, the holder if known yet. */
export const keyLendCheckQuerySchema = z.object({
  code: z.string().trim().min(1).max(100).optional(),
  key: optionalId,
  person: optionalId,
  visit: optionalId,
  vehicle: optionalId,
});
