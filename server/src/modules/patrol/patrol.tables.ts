import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PatrolIntegrityReason } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { clients, persons, siteReference, users } from '../../platform/platform.tables';
import { incidentAttachments, incidents } from '../incident/incident.tables';

/** Patrols (MOD_PATROL): the set-up of the rounds — checkpoints, guards, routes and patrol terminals. */

export const patrolCheckpoints = pgTable(
  'patrol_checkpoint',
  {
    ...entityColumns(),
    siteId: siteReference(),
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
    siteId: siteReference(),
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
    siteId: siteReference(),
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
    siteId: siteReference(),
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

/** A checkpoint of a route as a patrol copied it at its start. */
export interface PatrolPlanCheckpoint {
  id: number;
  name: string;
}

/**
 * A patrol (one round of a route by a guard with a terminal). The route's checkpoints (`plan`), tasks, name and
 * `ordered` are copied at the start, so the archive keeps them as they were. `clientPatrolId` is the device's
 * UUID of the patrol, by which its later events name it.
 */
export const patrolInstances = pgTable(
  'patrol_instance',
  {
    ...entityColumns(),
    siteId: siteReference(),
    clientPatrolId: uuid().notNull(),
    routeId: integer()
      .notNull()
      .references(() => patrolRoutes.id, { onDelete: 'restrict' }),
    guardId: integer()
      .notNull()
      .references(() => patrolGuards.id, { onDelete: 'restrict' }),
    terminalId: integer().references(() => patrolTerminals.id, { onDelete: 'restrict' }),
    /** The machine terminal (client) that started it. */
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    started: ts().notNull(),
    finished: ts(),
    inProgress: boolean().notNull().default(true),
    /** The administrator who finished it; null when the terminal did (or while in progress). */
    finishedById: integer().references(() => users.id, { onDelete: 'set null' }),
    routeName: text().notNull(),
    ordered: boolean().notNull(),
    plan: jsonb().$type<PatrolPlanCheckpoint[]>().notNull().default([]),
    tasks: jsonb().$type<string[]>().notNull().default([]),
    checkpointCount: integer().notNull().default(0),
    scannedCount: integer().notNull().default(0),
    incidentCount: integer().notNull().default(0),
    score: integer(),
    integrity: jsonb().$type<PatrolIntegrityReason[]>().notNull().default([]),
    /** The largest device clock difference (device minus server, seconds) beyond the tolerance, and when. */
    clockSkewSeconds: integer(),
    clockSkewAt: ts(),
    /**
     * The guard's sign-in that started it (server time) and the terminal's offline window then (seconds): the
     * device times of its events are judged against them (TIME_BACKDATED). Null on patrols started before.
     */
    signedInAt: ts(),
    offlineWindowSeconds: integer(),
  },
  (t) => [
    uniqueIndex('patrol_instance_client_uq').on(t.siteId, t.clientPatrolId),
    index('patrol_instance_progress_idx').on(t.siteId, t.inProgress, t.started.desc()),
    index('patrol_instance_started_idx').on(t.siteId, t.started.desc()),
    index('patrol_instance_finished_idx').on(t.siteId, t.finished.desc()),
    index('patrol_instance_route_idx').on(t.routeId, t.started.desc()),
    index('patrol_instance_guard_idx').on(t.guardId, t.started.desc()),
    index('patrol_instance_terminal_idx').on(t.terminalId),
  ],
);

/** A scan of a tag on a patrol; `checkpointId` null when the tag is no checkpoint's of the site. */
export const patrolScans = pgTable(
  'patrol_scan',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    instanceId: integer()
      .notNull()
      .references(() => patrolInstances.id, { onDelete: 'cascade' }),
    checkpointId: integer().references(() => patrolCheckpoints.id, { onDelete: 'restrict' }),
    tagId: text().notNull(),
    method: text().$type<'QR' | 'NFC' | 'TYPED'>().notNull(),
    /** The device's time of the scan. */
    time: ts().notNull(),
    receivedAt: ts().notNull(),
    /** 1-based place of the checkpoint in the patrol's plan; null when it is not on it. */
    routePosition: integer(),
    outOfOrder: boolean().notNull().default(false),
    duplicate: boolean().notNull().default(false),
    tooFast: boolean().notNull().default(false),
  },
  (t) => [
    index('patrol_scan_instance_idx').on(t.instanceId, t.time, t.id),
    index('patrol_scan_checkpoint_idx').on(t.checkpointId),
  ],
);

/** A task of the patrol's plan the guard confirmed (the first confirmation counts). */
export const patrolTasksDone = pgTable(
  'patrol_task_done',
  {
    siteId: siteReference(),
    instanceId: integer()
      .notNull()
      .references(() => patrolInstances.id, { onDelete: 'cascade' }),
    /** 0-based index in the patrol's `tasks`. */
    index: integer().notNull(),
    time: ts().notNull(),
    receivedAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.index] })],
);

/**
 * Every event a patrol terminal's submission stored, by the device's event id: the same id again is a
 * duplicate answered with what it made (its patrol, its incident). Rejected events are not stored.
 */
export const patrolTerminalEvents = pgTable(
  'patrol_terminal_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    type: text().$type<'start' | 'scan' | 'task' | 'incident' | 'finish'>().notNull(),
    /** Set in the transaction that stores the event (null only until then). */
    instanceId: integer().references(() => patrolInstances.id, { onDelete: 'cascade' }),
    incidentId: integer().references(() => incidents.id, { onDelete: 'set null' }),
    /** An incident event: the checkpoint the guard was at. */
    checkpointId: integer().references(() => patrolCheckpoints.id, { onDelete: 'set null' }),
    /** An incident event: its photo, once uploaded (`/api/patrol/terminal/attachment`). */
    attachmentId: integer().references(() => incidentAttachments.id, { onDelete: 'set null' }),
    receivedAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex('patrol_terminal_event_uq').on(t.clientId, t.eventId),
    index('patrol_terminal_event_instance_idx').on(t.instanceId),
    index('patrol_terminal_event_incident_idx')
      .on(t.incidentId)
      .where(sql`${t.incidentId} is not null`),
  ],
);

/**
 * The fastest walk between two checkpoints of a route seen on its finished patrols (TOO_FAST): updated at each
 * finish with that patrol's intervals that were not too fast themselves.
 */
export const patrolRouteIntervals = pgTable(
  'patrol_route_interval',
  {
    siteId: siteReference(),
    routeId: integer()
      .notNull()
      .references(() => patrolRoutes.id, { onDelete: 'cascade' }),
    fromCheckpointId: integer()
      .notNull()
      .references(() => patrolCheckpoints.id, { onDelete: 'cascade' }),
    toCheckpointId: integer()
      .notNull()
      .references(() => patrolCheckpoints.id, { onDelete: 'cascade' }),
    fastestSeconds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.fromCheckpointId, t.toCheckpointId] })],
);

/**
 * A guard's sign-in at a patrol terminal (`POST /api/patrol/terminal/signin`): the proof the terminal carries in
 * the start of a round (only its SHA-256 is kept), bound to the guard, the terminal's client and the site, valid
 * from `issuedAt` until `expiresAt` (the terminal's declared offline window, at most 12 h).
 */
export const patrolSignIns = pgTable(
  'patrol_sign_in',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    guardId: integer()
      .notNull()
      .references(() => patrolGuards.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    issuedAt: ts().notNull(),
    expiresAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex('patrol_sign_in_token_uq').on(t.tokenHash),
    index('patrol_sign_in_client_idx').on(t.clientId, t.expiresAt),
  ],
);
