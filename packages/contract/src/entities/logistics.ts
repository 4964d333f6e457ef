import { z } from 'zod';
import {
  bool,
  color,
  datetime,
  defineEntity,
  enumOf,
  int,
  multiEnum,
  multiRef,
  phone,
  plate,
  ref,
  text,
  textarea,
} from '../entity';
import { ROLE_TABS } from '../roles';
import { plateSchema } from '../validation';
import { sitePersonPicker } from './site';
import { EMAIL_LIST_PATTERN } from './visit';

/**
 * Logistics (MOD_LOGISTICS, spec: /logistics/... and `/logistics (ramp, supplier, type, status,
 * logisticsoperation, transport with operation and workflow, operation with roles and attributes)`): the
 * configuration of the dispatcher (statuses, ramps, transport types, suppliers, logistics operations and the
 * workflow operations that move a transport from one status to the next), transports with their operation log,
 * the dispatcher board and the turn-time report. See docs/logistics.md.
 */
export const LOGISTICS_ROLES = ROLE_TABS.logistics;
export type LogisticsRole = (typeof LOGISTICS_ROLES)[number];
const LOGISTICS_ADMIN = ['LOGISTICS_ADMIN'] as const;
/**
 * Who reads transports and their log (/logistics/transports, and the board's data): a user who may only cancel
 * reads the transports the cancel applies to.
 */
export const LOGISTICS_READ = [
  'LOGISTICS_ADMIN',
  'LOGISTICS_VIEW',
  'LOGISTICS_OPERATOR',
  'LOGISTICS_CREATE',
  'LOGISTICS_CANCEL',
] as const;
/** Who sees the dispatcher board (/logistics/manager) and the turn-time report. */
export const LOGISTICS_BOARD = ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE', 'LOGISTICS_VIEW'] as const;
/** Who creates a transport ('Vytvořit záznam'). */
export const LOGISTICS_CREATE = ['LOGISTICS_CREATE'] as const;
/** Who cancels a transport. */
export const LOGISTICS_CANCEL = ['LOGISTICS_CANCEL'] as const;
/** Who manages suppliers (/logistics/suppliers). */
export const LOGISTICS_SUPPLIERS = ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE'] as const;

/** The dispatcher board refreshes itself this often (spec: logistics dashboard 10 s), besides its push. */
export const LOGISTICS_BOARD_REFRESH_MS = 10_000;

/**
 * The configuration is written by LOGISTICS_ADMIN and read by whoever reads transports: their forms and the
 * operation editor pick suppliers, types, ramps, logistics operations and statuses (as vehicles' code lists).
 */
const config = {
  module: 'MOD_LOGISTICS',
  scope: 'site',
  read: LOGISTICS_READ,
  write: LOGISTICS_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
} as const;
const name = () =>
  text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true });
const active = () => bool({ default: true, list: true, sort: true, filter: 'eq' });
const notificationEmails = () =>
  text({ max: 1000, list: true, pattern: EMAIL_LIST_PATTERN, patternMessage: 'validation.emailList' });

/**
 * A status of a transport. `archive`: a transport in it is finished (off the board and the open lists).
 * `position` orders the board's columns; a new transport starts in the active, non-archive status of the
 * lowest position (409 LOGISTICS_NO_INITIAL_STATUS when there is none).
 */
export const logisticsStatus = defineEntity({
  ...config,
  resource: 'logistics/status',
  defaultSort: { field: 'position', direction: 'asc' },
  fields: {
    name: name(),
    position: int({ required: true, default: 0, min: 0, max: 9999, list: true, sort: true }),
    active: active(),
    archive: bool({ list: true, sort: true, filter: 'eq' }),
    color: color({ list: true }),
  },
});

/** A ramp (dock) of the site: a transport is loaded or unloaded at one. */
export const logisticsRamp = defineEntity({
  ...config,
  resource: 'logistics/ramp',
  fields: {
    name: name(),
    description: textarea({ max: 1000, list: true }),
    active: active(),
  },
});

/** A type of transport (delivery, pick-up, container). */
export const logisticsTransportType = defineEntity({
  ...config,
  resource: 'logistics/type',
  fields: {
    name: name(),
    active: active(),
  },
});

/** A supplier (managed by LOGISTICS_ADMIN or LOGISTICS_CREATE, who record transports). */
export const logisticsSupplier = defineEntity({
  ...config,
  resource: 'logistics/supplier',
  write: LOGISTICS_SUPPLIERS,
  fields: {
    name: name(),
    active: active(),
  },
});

/**
 * A logistics operation (what is done with the goods: unloading, loading, inspection), chosen on a transport
 * (`logisticsOperations`); a new transport with it is e-mailed to its `notificationEmails`.
 */
export const logisticsOperation = defineEntity({
  ...config,
  resource: 'logistics/logisticsoperation',
  fields: {
    name: name(),
    notificationEmails: notificationEmails(),
    active: active(),
    color: color({ list: true }),
  },
});

/**
 * The attributes of a transport a workflow operation's editor can show: each may be compulsory (must be filled
 * to execute), locked (shown, cannot be changed) or automatic (set by the server: the time of the execution).
 */
export const LOGISTICS_TRANSPORT_ATTRIBUTES = [
  'datetimeArrive',
  'entry',
  'leave',
  'licencePlate',
  'spedition',
  'supplier',
  'type',
  'driverFirstName',
  'driverLastName',
  'phone',
  'documentType',
  'documentNumber',
  'cardNumber',
  'ramp',
  'logisticsOperations',
  'note',
] as const;
export type LogisticsTransportAttribute = (typeof LOGISTICS_TRANSPORT_ATTRIBUTES)[number];
/** The attributes the server can set itself (automatic): times, set to the moment of the execution. */
export const LOGISTICS_AUTOMATIC_ATTRIBUTES = [
  'datetimeArrive',
  'entry',
  'leave',
] as const satisfies readonly LogisticsTransportAttribute[];

/** The persons and teams of the site notified by a workflow operation (read-only pickers). */
export const logisticsPerson = sitePersonPicker('logistics/person', 'MOD_LOGISTICS', LOGISTICS_ADMIN);
export const logisticsTeam = defineEntity({
  ...config,
  resource: 'logistics/team',
  read: LOGISTICS_ADMIN,
  write: [],
  i18nKey: 'entity.system_person_group',
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * A workflow operation (transition, `/api/logistics/operation`): moves a transport from `startStatus` to
 * `endStatus`, offered to users with one of its `roles`. Its editor shows the transport's attributes; those in
 * `compulsoryAttributes` must be filled, those in `lockedAttributes` cannot be changed, those in
 * `automaticAttributes` are set by the server. `withoutEditor`: executed at once, no editor (so no compulsory or
 * locked attributes: see `workflowOperationProblems`). `requireConfirmation`: the web app asks 'Opravdu si
 * přejete provést tuto operaci?'. Executing it is e-mailed to `notificationEmails`, `persons` and the members of
 * `teams` (through the outbox). A second operation with the same name and start status warns 409
 * LOGISTICS_DUPLICATE ('Duplicitní záznam') unless the body says `force: true`.
 */
export const logisticsWorkflowOperation = defineEntity({
  ...config,
  resource: 'logistics/operation',
  read: LOGISTICS_ADMIN,
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    startStatus: ref('logistics/status', { required: true, list: true, sort: true, filter: 'eq' }),
    endStatus: ref('logistics/status', { required: true, list: true, sort: true, filter: 'eq' }),
    roles: multiEnum(LOGISTICS_ROLES, { list: true }),
    compulsoryAttributes: multiEnum(LOGISTICS_TRANSPORT_ATTRIBUTES, { list: 'optional' }),
    lockedAttributes: multiEnum(LOGISTICS_TRANSPORT_ATTRIBUTES, { list: 'optional' }),
    automaticAttributes: multiEnum(LOGISTICS_AUTOMATIC_ATTRIBUTES, { list: 'optional' }),
    requireConfirmation: bool({ list: 'optional', filter: 'eq' }),
    withoutEditor: bool({ list: 'optional', filter: 'eq' }),
    notificationEmails: { ...notificationEmails(), list: 'optional' as const },
    persons: multiRef('logistics/person'),
    teams: multiRef('logistics/team'),
    active: active(),
    color: color({ list: true }),
  },
});

/**
 * `GET /api/logistics/transport/:id/workflow` (LOGISTICS_READ): the workflow operations offered on the
 * transport to the caller ('Provést operaci'): active, starting in the transport's status, with a role of the
 * caller; none for a closed transport (cancelled, or in an archive status). By name.
 */
export const logisticsWorkflowSchema = z.array(logisticsWorkflowOperation.schemas.record);

/**
 * `GET /api/logistics/workflow` (whoever reads transports or the board): what the workflow lets the caller do on
 * the current site, so that the web app offers an action only to whom the server would allow it. `startStatuses`:
 * the statuses an active operation with a role of the caller starts in ('Provést operaci' on an open transport
 * in one of them); `operations`: the operations with a role of the caller ('Upravit operaci' on a transport whose
 * last operation is one of them). The same conditions as executing and correcting (`offeredSql`).
 */
export const logisticsCallerWorkflowSchema = z.object({
  startStatuses: z.array(z.number().int()),
  operations: z.array(z.number().int()),
});
export type LogisticsCallerWorkflow = z.infer<typeof logisticsCallerWorkflowSchema>;

/** Body keys of a workflow operation beyond its fields: continue despite the duplicate warning. */
export const logisticsWorkflowOperationInputExtension = {
  force: z.boolean().optional(),
};

type WorkflowOperationRuleValues = {
  withoutEditor?: boolean | null;
  compulsoryAttributes?: readonly string[] | null;
  lockedAttributes?: readonly string[] | null;
  automaticAttributes?: readonly string[] | null;
};

/**
 * The rules of a workflow operation, per field (the same on the server and in the form):
 * - 'Transition without editor' cannot be on while locked or compulsory attributes are set
 *   (`withoutEditor`: 'Uzamčené atributy nastaveny, nelze změnit "Přechod bez editoru"',
 *   'Povinné atributy nastaveny, nelze změnit "Přechod bez editoru"'), and the reverse (the attribute fields:
 *   'Přechod bez editoru nastaven, nelze nastavit uzamčené / povinné atributy');
 * - an attribute has one mode only (compulsory, locked or automatic).
 */
export function workflowOperationProblems(values: WorkflowOperationRuleValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const compulsory = values.compulsoryAttributes ?? [];
  const locked = values.lockedAttributes ?? [];
  const automatic = values.automaticAttributes ?? [];
  if (values.withoutEditor) {
    if (locked.length > 0) {
      problems.withoutEditor = 'validation.logisticsLockedSet';
      problems.lockedAttributes = 'validation.logisticsWithoutEditorSet';
    }
    if (compulsory.length > 0) {
      problems.withoutEditor ??= 'validation.logisticsCompulsorySet';
      problems.compulsoryAttributes = 'validation.logisticsWithoutEditorSet';
    }
  }
  const seen = new Set<string>();
  for (const [field, list] of [
    ['compulsoryAttributes', compulsory],
    ['lockedAttributes', locked],
    ['automaticAttributes', automatic],
  ] as const) {
    for (const attribute of list) {
      if (seen.has(attribute)) problems[field] ??= 'validation.logisticsAttributeModes';
      seen.add(attribute);
    }
  }
  return problems;
}

/**
 * A transport (`/api/logistics/transport`, newest arrival first). Created ('Vytvořit záznam') by
 * LOGISTICS_CREATE in the initial status; moved only by workflow operations
 * (`POST /api/logistics/transport/:id/operation`), so `status` and `operation` (the last one executed) are
 * read-only; corrected by LOGISTICS_ADMIN (PUT); cancelled by LOGISTICS_CANCEL
 * (`POST /api/logistics/transport/:id/cancel`). `waiting`: 'Čeká na vjezd' (not entered yet) and 'Čeká na
 * odjezd' (entered, not left) — neither for a cancelled transport or one in an archive status.
 */
export const logisticsTransport = defineEntity({
  resource: 'logistics/transport',
  module: 'MOD_LOGISTICS',
  scope: 'site',
  read: LOGISTICS_READ,
  write: LOGISTICS_ADMIN,
  delete: LOGISTICS_ADMIN,
  defaultSort: { field: 'datetimeArrive', direction: 'desc' },
  fields: {
    datetimeArrive: datetime({ required: true, list: true, sort: true, filter: 'range' }),
    entry: datetime({ list: 'optional', sort: true, filter: 'range' }),
    leave: datetime({ list: 'optional', sort: true, filter: 'range' }),
    licencePlate: plate({ max: 20, list: true, sort: true, filter: 'contains' }),
    spedition: text({ max: 200, list: 'optional', sort: true, filter: 'contains' }),
    supplier: ref('logistics/supplier', { required: true, list: true, sort: true, filter: 'eq' }),
    type: ref('logistics/type', { list: 'optional', sort: true, filter: 'eq' }),
    driverFirstName: text({ max: 100, list: 'optional', filter: 'contains' }),
    driverLastName: text({ max: 100, list: 'optional', sort: true, filter: 'contains' }),
    phone: phone({ max: 30, list: 'optional' }),
    documentType: ref('system_site/identity_document', { list: 'optional' }),
    documentNumber: text({ max: 50, list: 'optional', filter: 'contains' }),
    cardNumber: text({ max: 50, list: 'optional', filter: 'contains' }),
    ramp: ref('logistics/ramp', { list: true, sort: true, filter: 'eq' }),
    logisticsOperations: multiRef('logistics/logisticsoperation', { list: 'optional' }),
    operation: ref('logistics/operation', { readOnly: true, list: 'optional' }),
    status: ref('logistics/status', { readOnly: true, list: true, sort: true, filter: 'eq' }),
    /** 'Čeká na vjezd' / 'Čeká na odjezd' (filterable: the board's two queues). */
    waiting: enumOf(['ENTRY', 'DEPARTURE'], { readOnly: true, list: true, filter: 'eq' }),
    cancelled: datetime({ readOnly: true, list: 'optional', sort: true }),
    note: textarea({ max: 2000, list: 'optional' }),
  },
});

/**
 * How long a transport holds its ramp (docs/logistics.md, 'Ramp occupancy'): from its entry, or its planned
 * arrival before it entered, to its leave; one that has not left is taken to hold it for this many minutes.
 * Two transports overlap when one starts before the other ends (touching times do not overlap).
 */
export const LOGISTICS_RAMP_SLOT_MINUTES = 60;

/** The time a transport holds its ramp, epoch milliseconds, `to` exclusive. */
export function logisticsRampOccupancy(transport: {
  datetimeArrive: string;
  entry?: string | null;
  leave?: string | null;
}): { from: number; to: number } {
  const from = Date.parse(transport.entry ?? transport.datetimeArrive);
  return {
    from,
    to: transport.leave ? Date.parse(transport.leave) : from + LOGISTICS_RAMP_SLOT_MINUTES * 60_000,
  };
}

/** Body keys of a transport's create, update and operation beyond its fields: plan on an occupied ramp anyway. */
export const logisticsRampForceExtension = {
  force: z.boolean().optional(),
};

/** The licence plate of a transport, when given, is a plate. */
export const logisticsPlateSchema = plateSchema;

/**
 * An entry of a transport's operation log (`/api/logistics/transport/operation?transport=`, read-only, oldest
 * first): who executed which operation when, from which status to which; `edit`: a correction of the last
 * operation's values ('Upravit operaci'), its start and end status the same. A cancellation is an entry without
 * operation.
 */
export const logisticsTransportLog = defineEntity({
  resource: 'logistics/transport/operation',
  module: 'MOD_LOGISTICS',
  scope: 'site',
  read: LOGISTICS_READ,
  write: [],
  defaultSort: { field: 'time', direction: 'asc' },
  fields: {
    transport: ref('logistics/transport', { required: true, list: true, filter: 'eq' }),
    time: datetime({ required: true, list: true, sort: true, filter: 'range' }),
    user: ref('access_user', { list: true }),
    operation: ref('logistics/operation', { list: true, filter: 'eq' }),
    startStatus: ref('logistics/status', { list: true }),
    endStatus: ref('logistics/status', { list: true }),
    edit: bool({ list: true }),
    note: textarea({ max: 2000, list: true }),
  },
});

const isoDatetime = z.iso.datetime({ offset: true, message: 'validation.datetime' });

/**
 * `POST /api/logistics/transport/:id/operation` ('Provést operaci'): executes `operation` on the transport as
 * it was at `version` (one transaction; a transport changed meanwhile answers 409 LOGISTICS_CONFLICT, 'Operaci
 * nelze provést, záznam byl upraven, obnovte stránku a zkuste to znovu'). An operation not offered for the
 * transport's status or the caller's roles answers 409 LOGISTICS_OPERATION_NOT_ALLOWED. `values` are the
 * attributes of its editor: compulsory ones must be filled (400 `validation.required` on the attribute), locked
 * ones cannot differ from the transport's (400 `validation.logisticsLocked`), automatic ones are ignored and set
 * by the server. `PUT /api/logistics/transport/:id/operation/:logId` ('Upravit operaci') corrects the values of
 * the transport's last operation under the same rules (its automatic attributes keep their times), without
 * changing its status. Each answers the transport's record.
 */
export const logisticsExecuteSchema = z.strictObject({
  operation: z.number().int().positive({ message: 'validation.ref' }),
  version: z.number().int().min(0),
  values: z.partialRecord(z.enum(LOGISTICS_TRANSPORT_ATTRIBUTES), z.unknown()).default({}),
  note: z.string().trim().max(2000, { message: 'validation.maxLength' }).nullable().optional(),
  ...logisticsRampForceExtension,
});
export type LogisticsExecuteInput = z.input<typeof logisticsExecuteSchema>;
export const logisticsEditOperationSchema = logisticsExecuteSchema.omit({ operation: true });

/**
 * `POST /api/logistics/transport/:id/cancel` (LOGISTICS_CANCEL): the transport as it was at `version`
 * (409 LOGISTICS_CONFLICT when changed meanwhile); answers its record.
 */
export const logisticsCancelSchema = z.strictObject({
  version: z.number().int().min(0),
  note: z.string().trim().max(2000, { message: 'validation.maxLength' }).nullable().optional(),
});

const refValue = z.object({ id: z.number().int(), label: z.string() });
const coloredRef = refValue.extend({ color: z.string().nullable() });

/**
 * `GET /api/logistics/board?date=YYYY-MM-DD` (LOGISTICS_BOARD; the site's today by default): the day's
 * transports (arrived that day, or still open from before: not cancelled, not in an archive status) with the
 * board's columns (the active statuses by position) and its ramps; `occupancy` is each ramp's timeline of the
 * day (from entry, or the arrival when not entered yet, to leave or now). `GET /api/logistics/events` streams
 * `text/event-stream` events `transport` (`{ id, kind }`) of the session's site as they happen, on every app
 * instance.
 */
export const logisticsBoardSchema = z.object({
  date: z.iso.date(),
  statuses: z.array(coloredRef.extend({ archive: z.boolean() })),
  ramps: z.array(refValue),
  transports: z.array(z.record(z.string(), z.unknown())),
  occupancy: z.array(
    z.object({
      ramp: z.number().int(),
      transport: z.number().int(),
      from: isoDatetime,
      to: isoDatetime,
      /** Still at the ramp (`to` is now). */
      open: z.boolean(),
    }),
  ),
});
export type LogisticsBoard = z.infer<typeof logisticsBoardSchema>;

export const LOGISTICS_EVENT_KINDS = ['created', 'changed', 'cancelled', 'deleted'] as const;
export const logisticsEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOGISTICS_EVENT_KINDS),
});
export type LogisticsEvent = z.infer<typeof logisticsEventSchema>;

/** Grouping of the turn-time averages. */
export const LOGISTICS_TURN_TIME_GROUPS = ['supplier', 'type', 'ramp'] as const;

/**
 * `GET /api/logistics/turntime?from=YYYY-MM-DD&to=YYYY-MM-DD` (LOGISTICS_BOARD; arrival dates in the site's
 * zone, at most 366 days), and `…/turntime/export` as CSV: per transport that left, its waiting time before
 * entry (entry − arrival), time at the ramp (leave − entry) and total turn time (leave − arrival), in minutes,
 * and the averages per supplier, type and ramp.
 */
const turnTimeFigures = z.object({
  waitingMinutes: z.number().nullable(),
  rampMinutes: z.number().nullable(),
  totalMinutes: z.number().nullable(),
});
const turnTimeAverage = turnTimeFigures.extend({ group: refValue.nullable(), count: z.number().int() });
export const logisticsTurnTimeSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  transports: z.array(
    turnTimeFigures.extend({
      id: z.number().int(),
      licencePlate: z.string().nullable(),
      supplier: refValue.nullable(),
      type: refValue.nullable(),
      ramp: refValue.nullable(),
      datetimeArrive: isoDatetime,
      entry: isoDatetime.nullable(),
      leave: isoDatetime.nullable(),
    }),
  ),
  averages: z.object({
    supplier: z.array(turnTimeAverage),
    type: z.array(turnTimeAverage),
    ramp: z.array(turnTimeAverage),
  }),
  overall: turnTimeFigures.extend({ count: z.number().int() }),
});
export type LogisticsTurnTime = z.infer<typeof logisticsTurnTimeSchema>;
export const LOGISTICS_TURN_TIME_MAX_DAYS = 366;
