/**
 * The platform's tables: sites and their modules and properties, persons, users and their sites, terminals
 * (clients), sessions, login attempts, the audit and its chains, system properties and the jobs' runs. The
 * platform's code (platform/) reads only these; each module keeps its own tables in
 * `modules/<module>/<module>.tables.ts`, and drizzle-kit finds both (drizzle.config.ts).
 */
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
import { entityColumns, ts } from '../db/columns';

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

/** The site a record belongs to: required, and the record goes with its site. Every site-scoped table's `siteId`. */
export const siteReference = () =>
  integer()
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

export const siteModules = pgTable(
  'system_site_module',
  {
    siteId: siteReference(),
    module: text().$type<ModuleCode>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.module] })],
);

export const siteProperties = pgTable(
  'system_site_property',
  {
    ...entityColumns(),
    siteId: siteReference(),
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

/**
 * The audit trail, partitioned by month of `created` (migration 0032, `system_audit_partition`): retention drops
 * a whole month's partition instead of deleting its rows (auditChain.ts, `pruneAuditEntries`). A partitioned
 * table's primary key holds its partition key, and its id comes from a sequence (PostgreSQL 15 has no identity
 * on a partitioned table).
 */
export const audits = pgTable(
  'system_audit',
  {
    id: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('system_audit_entry_id_seq')`),
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
    primaryKey({ columns: [t.id, t.created] }),
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

export const users = pgTable(
  'access_user',
  {
    ...entityColumns(),
    userName: text().notNull(),
    authProvider: text().notNull().default('LOCAL'),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    passwordHash: text(),
    lastLogin: ts(),
    valid: boolean().notNull().default(true),
    forceTfa: boolean().notNull().default(false),
    tfa: boolean().notNull().default(false),
    tfaSecret: text(),
    tfaPendingSecret: text(),
    /** Last accepted TOTP time step; a code of this step or older is a replay. */
    tfaLastStep: bigint({ mode: 'number' }),
    /** The user must choose a new password before calling anything else (see the guard). */
    mustChangePassword: boolean().notNull().default(false),
    /** Site chosen last, restored at the next login. */
    lastSiteId: integer().references(() => sites.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('access_user_user_name_uq').on(sql`lower(${t.userName})`)],
);

export const userSites = pgTable(
  'access_user_site',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: siteReference(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('access_user_site_site_idx').on(t.siteId)],
);

export const sessions = pgTable(
  'access_session',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    created: ts().notNull().defaultNow(),
    timeoutMinutes: integer().notNull(),
    expires: ts().notNull(),
  },
  (t) => [
    uniqueIndex('access_session_token_uq').on(t.tokenHash),
    index('access_session_user_idx').on(t.userId),
  ],
);

/**
 * Failed login counters per address, per user name and per user name from one address, shared by every
 * server instance (see platform/loginLimiter.ts).
 */
export const loginAttempts = pgTable('access_login_attempt', {
  key: text().primaryKey(),
  /** First failure of the current series. */
  windowStart: ts().notNull().defaultNow(),
  failures: integer().notNull().default(0),
  /** Latest failure: the delay before the next attempt counts from it. */
  lastFailure: ts().notNull().defaultNow(),
});

/** The last period claimed of each job. */
export const jobRuns = pgTable('job_run', {
  job: text().primaryKey(),
  /** Start of the period last claimed (milliseconds since the epoch on the runner's clock). */
  period: bigint({ mode: 'number' }).notNull(),
  started: ts().notNull(),
  finished: ts(),
  /** Which instance ran it: host and process id. */
  instance: text().notNull(),
});
