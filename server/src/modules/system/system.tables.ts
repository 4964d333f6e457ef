import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConfigValueType, InternalRole, ModuleCode } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const sites = pgTable(
  'system_site',
  {
    ...entityColumns(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('system_site_name_uq').on(t.name)],
);

export const siteModules = pgTable(
  'system_site_module',
  {
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    module: text().$type<ModuleCode>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.module] })],
);

export const siteProperties = pgTable(
  'system_site_property',
  {
    ...entityColumns(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<ConfigValueType>().notNull(),
    value: jsonb().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('system_site_property_name_uq').on(t.siteId, t.name)],
);

export const persons = pgTable(
  'system_person',
  {
    ...entityColumns(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    corporateId: text(),
    homeSiteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    note: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('system_person_corporate_id_uq').on(t.corporateId),
    index('system_person_last_name_idx').on(t.lastName, t.firstName),
    index('system_person_home_site_idx').on(t.homeSiteId, t.lastName, t.firstName),
  ],
);

export const clients = pgTable(
  'system_client',
  {
    ...entityColumns(),
    name: text().notNull(),
    tokenHash: text(),
    expires: ts(),
    authorized: boolean().notNull().default(false),
    lastAccess: ts(),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    valid: boolean().notNull().default(true),
    /** A machine terminal's internal role (ANPR camera, ...); null for a browser terminal. */
    internalRole: text().$type<InternalRole>(),
    /** The site a machine terminal works on. */
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('system_client_token_uq').on(t.tokenHash)],
);

/** The outbox of e-mails: written in the same transaction as the change that causes them, sent by a worker. */
export const emails = pgTable(
  'system_email',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    queued: ts().notNull().defaultNow(),
    sent: ts(),
    /** Whether the message has left: derived from `sent`, for the sent yes/no filter of the log. */
    delivered: boolean()
      .notNull()
      .generatedAlwaysAs(sql`sent is not null`),
    attempts: integer().notNull().default(0),
    nextAttempt: ts().notNull().defaultNow(),
    lastError: text(),
    /** Not sent: no transport configured (SMTP_URL, MAIL_DIR); kept until an administrator re-sends it. */
    held: boolean().notNull().default(false),
    /** Where the message stands (DELIVERY_STATES); 10 attempts is the worker's MAX_ATTEMPTS. */
    state: text()
      .notNull()
      .generatedAlwaysAs(
        sql`case when sent is not null then 'SENT' when held then 'NO_TRANSPORT' when attempts >= 10 then 'FAILED' else 'WAITING' end`,
      ),
    /** The credentials marked in subject and body, until sent or given up (messaging/secrets.ts). */
    secrets: jsonb().$type<string[]>(),
  },
  (t) => [
    index('system_email_pending_idx')
      .on(t.nextAttempt)
      .where(sql`${t.sent} is null`),
    index('system_email_queued_idx').on(t.queued),
  ],
);

export const audits = pgTable(
  'system_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    created: ts().notNull().defaultNow(),
    /** `AuditEvent` of the contract: WRITE, LOGIN, LOGIN_FAILED, DENIED, REFUSED, EXPORT. */
    event: text().notNull().default('WRITE'),
    siteId: integer(),
    authorId: integer(),
    author: text(),
    method: text().notNull(),
    path: text().notNull(),
    /** The business record written: entity resource, record id, changed fields (secrets masked). */
    entity: text(),
    recordId: text(),
    changes: jsonb(),
    /** The caller's address and the terminal (browser client) the session was opened on. */
    address: text(),
    clientId: integer(),
    params: jsonb(),
    requestHeaders: jsonb(),
    requestBody: jsonb(),
    responseHeaders: jsonb(),
    status: integer().notNull(),
    /** Hash chain per site (`audit.ts`): the previous entry's hash, and this entry's over it and its content. */
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    index('system_audit_created_id_idx').on(t.created, t.id),
    index('system_audit_site_created_idx').on(t.siteId, t.created),
    index('system_audit_event_created_idx').on(t.event, t.created),
    index('system_audit_entity_record_idx').on(t.entity, t.recordId),
    index('system_audit_author_idx').on(t.author, t.created),
    index('system_audit_author_trgm_idx').using('gin', sql`${t.author} gin_trgm_ops`),
    index('system_audit_path_trgm_idx').using('gin', sql`${t.path} gin_trgm_ops`),
    index('system_audit_method_created_idx').on(t.method, t.created),
    index('system_audit_status_idx').on(t.status, t.created),
  ],
);

/**
 * The tail of each audit hash chain (one per site; 0 for entries without a site), locked by every append so
 * that entries of one chain are linked in order; `headHash` is the last entry removed by retention.
 */
export const auditChains = pgTable('system_audit_chain', {
  chain: integer().primaryKey(),
  lastId: bigint({ mode: 'number' }),
  lastHash: text(),
  headHash: text(),
});

/** Settings of the whole installation (`SYSTEM_PROPERTIES` of the contract). */
export const systemProperties = pgTable(
  'system_property',
  {
    ...entityColumns(),
    name: text().notNull(),
    value: integer().notNull(),
  },
  (t) => [uniqueIndex('system_property_name_uq').on(t.name)],
);
