import { z } from 'zod';
import { bool, datetime, defineEntity, int, json, ref, text } from '../entity';
import { INCIDENT_CONSEQUENCES } from './incident';

/**
 * Patrols in progress and in the archive (spec: instance with route, site, terminal, guard, started,
 * finished, incident count), the patrol terminal's submission of what happened on a round, and the
 * integrity of a finished patrol. See docs/patrol.md.
 */
const PATROL_READ = ['PATROL_ADMIN', 'PATROL_VIEW'] as const;

/** The list of patrols in progress refreshes itself this often (spec: unfinished patrols 60 s). */
export const PATROL_UNFINISHED_REFRESH_MS = 60_000;

/** A device clock further than this from the server's when it submits costs the patrol points. */
export const PATROL_CLOCK_TOLERANCE_MS = 60_000;

/**
 * How long a guard's sign-in at a terminal lasts when the terminal declares no shorter offline window, and the
 * longest window it may declare: the sign-in proof starts rounds until then, also from events queued offline.
 */
export const PATROL_OFFLINE_WINDOW_MAX_MINUTES = 12 * 60;

/**
 * Why a finished patrol lost points (each reason as often as it happened):
 * - MISSED: a checkpoint of the route was not scanned;
 * - OUT_OF_ORDER: on an ordered route, a checkpoint was scanned before one that comes earlier on the route;
 * - DUPLICATE: a checkpoint was scanned again on the same patrol;
 * - TOO_FAST: the interval from the previous checkpoint is shorter than the fastest interval between the
 *   same two checkpoints on earlier finished patrols of the route (an impossible walk);
 * - CLOCK_SKEW: a submission's device clock differed from the server's by more than a minute;
 * - TIME_BACKDATED: an event's device time (start, scan, finish) lies before the guard's sign-in or further
 *   before the server's receipt than the terminal's declared offline window (beyond the clock tolerance);
 * - TIME_FUTURE: an event's device time lies after the server's receipt (beyond the clock tolerance).
 */
export const PATROL_INTEGRITY_REASONS = [
  'MISSED',
  'OUT_OF_ORDER',
  'DUPLICATE',
  'TOO_FAST',
  'CLOCK_SKEW',
  'TIME_BACKDATED',
  'TIME_FUTURE',
] as const;
export type PatrolIntegrityReasonCode = (typeof PATROL_INTEGRITY_REASONS)[number];

/** Points each reason costs; a patrol starts at 100 and never goes below 0. */
export const PATROL_INTEGRITY_PENALTY: Record<PatrolIntegrityReasonCode, number> = {
  MISSED: 20,
  OUT_OF_ORDER: 10,
  DUPLICATE: 5,
  TOO_FAST: 15,
  CLOCK_SKEW: 10,
  TIME_BACKDATED: 15,
  TIME_FUTURE: 15,
};
export const PATROL_INTEGRITY_FULL_SCORE = 100;

const checkpointName = z.object({ id: z.number().int(), name: z.string() });

/** One reason for points lost, with what the page needs to say it in words. */
export const patrolIntegrityReasonSchema = z.object({
  reason: z.enum(PATROL_INTEGRITY_REASONS),
  points: z.number().int(),
  /** The checkpoint concerned (missed, out of order, scanned twice, reached too fast); null for CLOCK_SKEW. */
  checkpoint: checkpointName.nullable(),
  /** TOO_FAST: the checkpoint the guard came from. */
  previousCheckpoint: checkpointName.nullable(),
  /**
   * TOO_FAST: the interval taken; CLOCK_SKEW: the device's clock minus the server's (signed); TIME_BACKDATED,
   * TIME_FUTURE: how far the device's time lies before the earliest plausible moment or after the receipt.
   */
  seconds: z.number().int().nullable(),
  /** TOO_FAST: the fastest interval seen between the two checkpoints on earlier patrols of the route. */
  fastestSeconds: z.number().int().nullable(),
  /** OUT_OF_ORDER: the checkpoint's place on the route (1-based) and the place at which it was scanned. */
  expectedPosition: z.number().int().nullable(),
  position: z.number().int().nullable(),
  /** When it happened (the scan's time; CLOCK_SKEW: the submission's; TIME_*: the device's time). */
  time: z.iso.datetime({ offset: true }).nullable(),
});
export type PatrolIntegrityReason = z.infer<typeof patrolIntegrityReasonSchema>;

/**
 * A patrol: one round of a route by a guard with a terminal. In progress until the terminal submits its
 * finish or an administrator finishes it (`POST /api/patrol/instance/:id/finish`); then `score` and
 * `integrity` are set. Read-only through the CRUD list (`inProgress=true` lists the patrols in progress,
 * `inProgress=false` the archive).
 */
export const patrolInstance = defineEntity({
  resource: 'patrol/instance',
  module: 'MOD_PATROL',
  scope: 'site',
  read: PATROL_READ,
  write: [],
  delete: [],
  defaultSort: { field: 'started', direction: 'desc' },
  fields: {
    route: ref('patrol/route', { required: true, readOnly: true, list: true, sort: true, filter: 'eq' }),
    guard: ref('patrol/guard', { required: true, readOnly: true, list: true, sort: true, filter: 'eq' }),
    terminal: ref('patrol/terminal', { readOnly: true, list: true, sort: true, filter: 'eq' }),
    started: datetime({ required: true, readOnly: true, list: true, sort: true, filter: 'range' }),
    finished: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    inProgress: bool({ readOnly: true, filter: 'eq' }),
    /** Who finished it: null when the terminal did. */
    finishedBy: ref('access_user', { readOnly: true, list: true }),
    /** Checkpoints of the route (as it was at the start) and how many of them were scanned. */
    checkpointCount: int({ readOnly: true, list: true }),
    scannedCount: int({ readOnly: true, list: true }),
    incidentCount: int({ readOnly: true, list: true, sort: true }),
    /** 0–100 once finished; null in progress. */
    score: int({ readOnly: true, list: true, sort: true, filter: 'range' }),
    integrity: json(z.array(patrolIntegrityReasonSchema), { readOnly: true }),
    /** The route's name and `ordered` as they were when the patrol started. */
    routeName: text({ readOnly: true, max: 100 }),
    ordered: bool({ readOnly: true }),
  },
});

/** A scan of a checkpoint on a patrol: `GET /api/patrol/instance/:id/checkpoint`, in the order scanned. */
export const patrolScanSchema = z.object({
  id: z.number().int(),
  checkpoint: checkpointName.nullable(),
  /** The tag as read (also when it names no checkpoint of the site). */
  tagId: z.string(),
  method: z.enum(['QR', 'NFC', 'TYPED']),
  /** The device's time of the scan, as the device recorded it (offline scans keep it). */
  time: z.iso.datetime({ offset: true }),
  receivedAt: z.iso.datetime({ offset: true }),
  /** 1-based place of the checkpoint on the route; null when it is not on the route. */
  routePosition: z.number().int().nullable(),
  /** Set on the scans that cost points (`integrity` names them too). */
  outOfOrder: z.boolean(),
  duplicate: z.boolean(),
  tooFast: z.boolean(),
});
export type PatrolScan = z.infer<typeof patrolScanSchema>;

/** A task confirmed on a patrol: `GET /api/patrol/instance/:id/task` (every task of the route, done or not). */
export const patrolTaskDoneSchema = z.object({
  /** 0-based index of the task on the route as it was at the start. */
  index: z.number().int(),
  text: z.string(),
  /** When the guard confirmed it; null when not done. */
  time: z.iso.datetime({ offset: true }).nullable(),
});
export type PatrolTaskDone = z.infer<typeof patrolTaskDoneSchema>;

/**
 * The incidents raised on a patrol are the shared incidents of MOD_PATROL with `objectClass`
 * `PATROL_INCIDENT_OBJECT_CLASS` and `objectId` the instance's id (`GET /api/patrol/instance/:id/incident`
 * lists them as `/api/incident?module=MOD_PATROL` records).
 */
export const PATROL_INCIDENT_OBJECT_CLASS = 'patrol/instance';

/** How the terminal read a checkpoint's tag. */
export const PATROL_SCAN_METHODS = ['QR', 'NFC', 'TYPED'] as const;

const eventBase = {
  /** The device's own id of the event (a UUID): submitting it again changes nothing. */
  id: z.uuid(),
  /** The device's id of the patrol (a UUID made at its start): later events name their patrol by it. */
  patrol: z.uuid(),
  /** The device's time of the event (kept when it was queued offline). */
  time: z.iso.datetime({ offset: true }),
};

/**
 * What happened on a round, as the terminal records it: start (a guard signed in with the PIN and a route),
 * scan, task, incident, finish. Events are queued on the device and sent in order; any number at once.
 */
export const patrolTerminalEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...eventBase,
    type: z.literal('start'),
    route: z.number().int(),
    guard: z.number().int(),
    /**
     * The guard's sign-in proof (`signIn.token` of the sign-in's answer on this terminal). Without a valid one
     * the start is rejected (PATROL_SIGNIN_REQUIRED); optional in the schema so that such a start is rejected on
     * its own, not the whole submission.
     */
    signIn: z.string().max(200).optional(),
  }),
  z.strictObject({
    ...eventBase,
    type: z.literal('scan'),
    tagId: z.string().trim().min(1, { message: 'validation.required' }).max(100),
    method: z.enum(PATROL_SCAN_METHODS),
  }),
  z.strictObject({ ...eventBase, type: z.literal('task'), index: z.number().int().min(0) }),
  z.strictObject({
    ...eventBase,
    type: z.literal('incident'),
    incidentType: z.number().int(),
    consequence: z.enum(INCIDENT_CONSEQUENCES),
    report: z.string().trim().min(1, { message: 'validation.required' }).max(200),
    description: z.string().trim().max(4000).nullable().optional(),
    /** The checkpoint the guard is at, if any. */
    checkpoint: z.number().int().nullable().optional(),
  }),
  z.strictObject({ ...eventBase, type: z.literal('finish') }),
]);
export type PatrolTerminalEvent = z.infer<typeof patrolTerminalEventSchema>;

/** `POST /api/patrol/terminal/submit` (terminal token only). */
export const patrolSubmitSchema = z.strictObject({
  /** The device's clock when it sent this (compared with the server's: CLOCK_SKEW). */
  sentAt: z.iso.datetime({ offset: true }),
  events: z.array(patrolTerminalEventSchema).min(1).max(500),
});
export type PatrolSubmit = z.infer<typeof patrolSubmitSchema>;

/**
 * The answer: each event's outcome. `accepted` (stored now) and `duplicate` (stored before) may be dropped
 * from the device's queue; `rejected` ones too (they will never be accepted), with the error's code and
 * translation key. Events are applied in the order sent, each on its own: one rejected event does not stop
 * the others.
 */
export const patrolSubmitResponseSchema = z.object({
  results: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(['accepted', 'duplicate', 'rejected']),
      code: z.string().nullable(),
      message: z.string().nullable(),
      /** The server's id of the patrol the event belongs to (once started). */
      instance: z.number().int().nullable(),
      /** An incident event: the incident's id (its photo is uploaded to /api/patrol/terminal/attachment). */
      incident: z.number().int().nullable(),
    }),
  ),
});
export type PatrolSubmitResponse = z.infer<typeof patrolSubmitResponseSchema>;

/**
 * `POST /api/patrol/terminal/attachment?event=<incident event id>` (terminal token only, multipart part
 * `file`, an image): the photo of an incident the terminal raised; files machinery (type sniffing, the site's
 * size limit). Sending the same photo again for the same event is answered with the stored one (no
 * duplicate).
 */
export const patrolAttachmentQuerySchema = z.strictObject({ event: z.uuid() });

/** The incident types the terminal offers: `GET /api/patrol/terminal/incidenttype` (terminal token only). */
export const patrolTerminalIncidentTypesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string() }),
);
