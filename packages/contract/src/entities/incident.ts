import { z } from 'zod';
import {
  bool,
  datetime,
  defineEntity,
  enumOf,
  ref,
  text,
  textarea,
  type Entity,
  type Fields,
} from '../entity';
import type { Role } from '../roles';
import { EMAIL_LIST_PATTERN } from './visit';

/**
 * Incidents: one mechanism for patrols, key management and stock (spec sections 2 and 3). The same routes
 * (`/api/incident`, `/api/incident/type`, `/api/incident/attachment`) serve each module, chosen by the query
 * parameter `module` (on create also the body's `module`); every call sees only its module's records and is
 * guarded by that module's roles and by the module being enabled on the current site.
 */
export const INCIDENT_MODULES = ['MOD_PATROL', 'MOD_KM', 'MOD_STOCK'] as const;
export type IncidentModule = (typeof INCIDENT_MODULES)[number];

/** Consequence of an incident (spec section 4); CRITICAL ones are marked in red. */
export const INCIDENT_CONSEQUENCES = ['LOW', 'NORMAL', 'CRITICAL'] as const;
export type IncidentConsequence = (typeof INCIDENT_CONSEQUENCES)[number];

/** Who reads and who writes the incidents (and incident types) of each module. */
export const INCIDENT_ACCESS: Record<IncidentModule, { read: readonly Role[]; write: readonly Role[] }> = {
  MOD_PATROL: { read: ['PATROL_ADMIN', 'PATROL_VIEW'], write: ['PATROL_ADMIN'] },
  MOD_KM: { read: ['KM_ADMIN'], write: ['KM_ADMIN'] },
  MOD_STOCK: { read: ['STOCK_ADMIN'], write: ['STOCK_ADMIN'] },
};

const union = (kind: 'read' | 'write') => [
  ...new Set(INCIDENT_MODULES.flatMap((module) => INCIDENT_ACCESS[module][kind])),
];
const ANY_READ = union('read');
const ANY_WRITE = union('write');

const moduleField = () => enumOf(INCIDENT_MODULES, { required: true, readOnly: true, filter: 'eq' });

/** Kinds of incidents of a module; a type with `notify` sends every new incident of it to its addresses. */
export const incidentType = defineEntity({
  resource: 'incident/type',
  scope: 'site',
  read: ANY_READ,
  write: ANY_WRITE,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    /** New incidents of this type are e-mailed to `notificationEmails` (through the outbox). */
    notify: bool({ list: true, sort: true, filter: 'eq' }),
    notificationEmails: text({
      max: 1000,
      list: true,
      pattern: EMAIL_LIST_PATTERN,
      patternMessage: 'validation.emailList',
    }),
    description: textarea({ max: 1000 }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    module: moduleField(),
  },
});

/**
 * An incident of a module's object (a patrol's checkpoint, a key, a stock item: `objectClass` and
 * `objectId`). Created by and when are set by the server; `resolved`, `resolvedAt` and `resolvedBy` by
 * `POST /api/incident/:id/resolve` and cleared by `POST /api/incident/:id/reopen`.
 */
export const incident = defineEntity({
  resource: 'incident',
  scope: 'site',
  read: ANY_READ,
  write: ANY_WRITE,
  defaultSort: { field: 'createdDate', direction: 'desc' },
  fields: {
    createdDate: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    type: ref('incident/type', { required: true, list: true, filter: 'eq' }),
    consequence: enumOf(INCIDENT_CONSEQUENCES, {
      required: true,
      default: 'NORMAL',
      list: true,
      sort: true,
      filter: 'eq',
    }),
    report: text({ required: true, max: 200, list: true, sort: true, filter: 'contains' }),
    description: textarea({ max: 4000 }),
    /** This incident is e-mailed to its type's addresses even when the type does not notify. */
    notify: bool({ list: true, filter: 'eq' }),
    objectClass: text({ max: 100, list: 'optional', filter: 'eq' }),
    objectId: text({ max: 100, list: 'optional', filter: 'eq' }),
    createdBy: ref('system_person', { readOnly: true, list: true }),
    resolved: bool({ readOnly: true, list: true, filter: 'eq' }),
    resolvedAt: datetime({ readOnly: true, list: 'optional', sort: true }),
    resolvedBy: ref('access_user', { readOnly: true, list: 'optional' }),
    module: moduleField(),
  },
});

/**
 * The entity as one module's page and guard see it: its roles and module. The records and routes are the
 * same; the calls carry `module` (`incidentModuleQuery`).
 */
export function incidentEntityOf<F extends Fields>(entity: Entity<F>, module: IncidentModule): Entity<F> {
  const { read, write } = INCIDENT_ACCESS[module];
  return { ...entity, module, read, write, delete: write };
}

/** The query every incident call carries: which module's incidents it works on. */
export const incidentModuleQuerySchema = z.object({ module: z.enum(INCIDENT_MODULES) });

/** Files a user attaches to an incident (photos and scans): images a browser shows and PDF. */
export const INCIDENT_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;

/** `?incident=<id>&module=…` of the attachment list and the upload. */
export const incidentAttachmentQuerySchema = z.strictObject({
  module: z.enum(INCIDENT_MODULES),
  incident: z.coerce.number().int().positive(),
});

/** An attachment of an incident: the stored file's name, type and size, who added it and when. */
export const incidentAttachmentSchema = z.object({
  id: z.number().int(),
  incident: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.number().int(), label: z.string() }).nullable(),
});
export type IncidentAttachment = z.infer<typeof incidentAttachmentSchema>;
