import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns, ts } from '../../db/columns';
import { bytea, clients, persons, sites } from '../system/system.tables';

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

export const userAvatars = pgTable('access_user_avatar', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: ts().notNull().defaultNow(),
});

export const groups = pgTable(
  'access_group',
  {
    ...entityColumns(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('access_group_name_uq').on(t.name)],
);

export const userRoles = pgTable(
  'access_user_role',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const groupRoles = pgTable(
  'access_group_role',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.role] })],
);

export const userGroups = pgTable(
  'access_user_group',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('access_user_group_group_idx').on(t.groupId)],
);

export const userSites = pgTable(
  'access_user_site',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
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

export const passwordResets = pgTable(
  'access_password_reset',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: ts().notNull().defaultNow(),
    expires: ts().notNull(),
    used: ts(),
  },
  (t) => [uniqueIndex('access_password_reset_token_uq').on(t.tokenHash)],
);
