import { z } from 'zod';
import { bool, datetime, defineEntity, enumOf, int, json, ref, text, textarea } from '../entity';
import { MODULES } from '../modules';
import { DELIVERY_STATES } from '../configReport';

/** Logs and stores of the system administration (/admin/emails, /admin/audits, …): Administrator only. */
const ADMIN = ['ADMINISTRATOR'] as const;
/** Written by the server only: nobody may create, edit or delete a log entry through the API. */
const NOBODY = [] as const;

/** The e-mail outbox and log: queued by the product, delivered by the background worker. */
export const emailLog = defineEntity({
  resource: 'system_email',
  scope: 'global',
  read: ADMIN,
  write: NOBODY,
  defaultSort: { field: 'queued', direction: 'desc' },
  fields: {
    recipient: text({ required: true, max: 254, readOnly: true, list: true, sort: true, filter: 'contains' }),
    subject: text({ required: true, max: 998, readOnly: true, list: true, sort: true, filter: 'contains' }),
    body: textarea({ required: true, max: 1_000_000, readOnly: true }),
    site: ref('system_site', { readOnly: true, list: true, filter: 'eq' }),
    queued: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    sent: datetime({ readOnly: true, list: 'optional', sort: true }),
    /** Whether the message has left (sent is set); filter for sent yes/no. */
    delivered: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** Waiting, sent, kept for want of a transport (re-sent by an administrator once one is set) or given up. */
    state: enumOf(DELIVERY_STATES, { required: true, readOnly: true, list: true, filter: 'eq' }),
    attempts: int({ required: true, readOnly: true, list: 'optional', sort: true }),
    nextAttempt: datetime({ readOnly: true }),
    lastError: textarea({ readOnly: true, list: true }),
  },
});

const jsonValue = z.unknown();

/** What an audit entry records: a committed write, a login, a refused login, a denial, a refused write, an export. */
export const AUDIT_EVENTS = ['WRITE', 'LOGIN', 'LOGIN_FAILED', 'DENIED', 'REFUSED', 'EXPORT'] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/**
 * The audit trail, written by the server: every write (in the write's own transaction, with the entity,
 * record, site and changed fields), login, failed login, denial and export. Entries are hash-chained per site.
 */
export const audit = defineEntity({
  resource: 'system_audit',
  scope: 'global',
  read: ADMIN,
  write: NOBODY,
  defaultSort: { field: 'created', direction: 'desc' },
  fields: {
    created: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    event: enumOf(AUDIT_EVENTS, { required: true, readOnly: true, list: true, filter: 'eq' }),
    author: text({ readOnly: true, list: true, sort: true, filter: 'contains' }),
    site: ref('system_site', { readOnly: true, list: 'optional', filter: 'eq' }),
    method: text({ required: true, max: 10, readOnly: true, list: true, sort: true, filter: 'eq' }),
    path: text({ required: true, max: 2000, readOnly: true, list: true, filter: 'contains' }),
    entity: text({ readOnly: true, list: true, filter: 'eq' }),
    recordId: text({ readOnly: true, list: true, filter: 'eq' }),
    status: int({ required: true, readOnly: true, list: 'optional', sort: true, filter: 'eq' }),
    address: text({ readOnly: true }),
    client: ref('system_client', { readOnly: true }),
    changes: json(jsonValue, { readOnly: true }),
    params: json(jsonValue, { readOnly: true }),
    requestHeaders: json(jsonValue, { readOnly: true }),
    requestBody: json(jsonValue, { readOnly: true }),
    responseHeaders: json(jsonValue, { readOnly: true }),
  },
});

/** The answer of the audit trail's integrity check (`POST /api/system_audit/verify`). */
export const auditVerificationSchema = z.object({
  /** Entries checked, over all chains. */
  checked: z.number().int(),
  /** One chain per site, plus one for entries without a site. */
  chains: z.number().int(),
  /** Whether every chain is whole: no entry altered, removed from the middle or from the end. */
  intact: z.boolean(),
  /** The first break of each broken chain. */
  breaks: z.array(
    z.object({
      site: z.number().int().nullable(),
      entryId: z.number().int().nullable(),
      problem: z.enum(['ALTERED', 'MISSING', 'TRUNCATED']),
    }),
  ),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/**
 * A stored file (attachments, templates, uploads of /admin/files). The content lives outside the database;
 * it is uploaded with `POST /api/system_file` (multipart, field `file`) and downloaded from
 * `GET /api/system_file/:id/data`. Only the name and the module can be edited.
 */
export const storedFile = defineEntity({
  resource: 'system_file',
  scope: 'global',
  read: ADMIN,
  write: ADMIN,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  fields: {
    name: text({ required: true, max: 255, list: true, sort: true, filter: 'contains' }),
    type: text({ required: true, max: 255, readOnly: true, list: true, sort: true, filter: 'contains' }),
    size: int({ required: true, readOnly: true, list: true, sort: true }),
    site: ref('system_site', { readOnly: true, list: true, filter: 'eq' }),
    module: enumOf(MODULES, { list: true, sort: true, filter: 'eq' }),
    createdAt: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
  },
});

/** Query of an upload: the module the file belongs to (optional). */
export const fileUploadQuerySchema = z.strictObject({ module: z.enum(MODULES).optional() });

/** The SMS outbox and log: queued by the product, delivered through the SMS provider by the worker. */
export const smsLog = defineEntity({
  resource: 'system_sms',
  scope: 'global',
  read: ADMIN,
  write: NOBODY,
  defaultSort: { field: 'created', direction: 'desc' },
  fields: {
    recipient: text({ required: true, max: 30, readOnly: true, list: true, sort: true, filter: 'contains' }),
    text: textarea({ required: true, max: 2000, readOnly: true, list: true }),
    site: ref('system_site', { readOnly: true, list: 'optional', filter: 'eq' }),
    created: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    /** Delivery attempts made so far. */
    sentRetry: int({ required: true, readOnly: true, list: true, sort: true }),
    sentSuccessFull: bool({ readOnly: true, list: true, filter: 'eq' }),
    /** Waiting, sent, kept for want of a transport (re-sent by an administrator once one is set) or given up. */
    state: enumOf(DELIVERY_STATES, { required: true, readOnly: true, list: true, filter: 'eq' }),
    sent: datetime({ readOnly: true, list: 'optional', sort: true }),
    nextAttempt: datetime({ readOnly: true }),
    lastError: textarea({ readOnly: true, list: true }),
  },
});
