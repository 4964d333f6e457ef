import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../db/columns';
import { clients, persons, sites } from '../system/system.tables';

/** Patrols (MOD_PATROL): the set-up of the rounds — checkpoints, guards, routes and patrol terminals. */

const siteColumn = () =>
  integer()
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

export const patrolCheckpoints = pgTable(
  'patrol_checkpoint',
  {
    ...entityColumns(),
    siteId: siteColumn(),
    name: text().notNull(),
    tagId: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('patrol_checkpoint_tag_uq').on(t.siteId, t.tagId),
    index('patrol_checkpoint_name_idx').on(t.siteId, t.name),
  ],
);

/** A guard: a site person with an argon2 hash of their PIN (never returned). */
export const patrolGuards = pgTable(
  'patrol_guard',
  {
    ...entityColumns(),
    siteId: siteColumn(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'restrict' }),
    pinHash: text(),
    pinSet: boolean().notNull().default(false),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('patrol_guard_person_uq').on(t.siteId, t.personId)],
);

export const patrolRoutes = pgTable(
  'patrol_route',
  {
    ...entityColumns(),
    siteId: siteColumn(),
    name: text().notNull(),
    ordered: boolean().notNull().default(false),
    notify: boolean().notNull().default(false),
    notificationEmails: text(),
    report: boolean().notNull().default(false),
    description: text(),
    /** The tasks' texts in order. */
    tasks: jsonb().$type<string[]>().notNull().default([]),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('patrol_route_name_uq').on(t.siteId, t.name)],
);

/** A route's checkpoints in the order they are passed (`position` from 0). */
export const patrolRouteCheckpoints = pgTable(
  'patrol_route_checkpoint',
  {
    routeId: integer()
      .notNull()
      .references(() => patrolRoutes.id, { onDelete: 'cascade' }),
    checkpointId: integer()
      .notNull()
      .references(() => patrolCheckpoints.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.checkpointId] }),
    index('patrol_route_checkpoint_checkpoint_idx').on(t.checkpointId),
  ],
);

/** A patrol terminal and the machine terminal (`system_client`, PATROL_TERMINAL) its token belongs to. */
export const patrolTerminals = pgTable(
  'patrol_terminal',
  {
    ...entityColumns(),
    siteId: siteColumn(),
    name: text().notNull(),
    uuid: text().notNull(),
    pinSet: boolean().notNull().default(true),
    description: text(),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('patrol_terminal_name_uq').on(t.siteId, t.name),
    uniqueIndex('patrol_terminal_uuid_uq').on(t.uuid),
    uniqueIndex('patrol_terminal_client_uq').on(t.clientId),
  ],
);
