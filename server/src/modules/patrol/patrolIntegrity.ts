import {
  PATROL_CLOCK_TOLERANCE_MS,
  PATROL_INTEGRITY_FULL_SCORE,
  PATROL_INTEGRITY_PENALTY,
  type PatrolIntegrityReason,
  type PatrolIntegrityReasonCode,
} from '@strazce/contract';
import type { PatrolPlanCheckpoint } from './patrol.tables';

/**
 * The integrity of a patrol (docs/patrol.md, "Integrity"): a pure function of what the patrol planned and what
 * the guard scanned, so that it is tested without a database and computed the same at every finish.
 */

/** A checkpoint of the patrol's plan (the route's checkpoints in order, as they were at the start). */
export type PlanCheckpoint = PatrolPlanCheckpoint;

export interface IntegrityScan {
  id: number;
  /** Null when the tag is no checkpoint of the site: such a scan counts for nothing. */
  checkpointId: number | null;
  time: Date;
  /** The server's time when the scan arrived. */
  receivedAt: Date;
}

/** An event's device time and the server's time of its receipt. */
export interface TimedEvent {
  time: Date;
  receivedAt: Date;
}

/** What a device time is judged against: the guard's sign-in (server time) and the terminal's offline window. */
export interface SignInWindow {
  signedInAt: Date;
  windowSeconds: number;
}

export interface IntegrityInput {
  plan: readonly PlanCheckpoint[];
  ordered: boolean;
  /** The patrol's scans; taken in the order of their time (then of `id`, the order received). */
  scans: readonly IntegrityScan[];
  /** Fastest seconds between two checkpoints on earlier finished patrols of the route (`intervalKey`). */
  fastest: ReadonlyMap<string, number>;
  /** The largest device clock difference beyond the tolerance (device minus server), if any. */
  clockSkew: { seconds: number; time: Date } | null;
  /** MISSED is counted only once the patrol is finished. */
  finished: boolean;
  /** The start and (when the terminal finished it) the finish, with their receipts. */
  start: TimedEvent;
  finish: TimedEvent | null;
  /** The sign-in that started the patrol; null for patrols started before sign-ins were kept. */
  signIn: SignInWindow | null;
}

export interface ScanFlags {
  routePosition: number | null;
  outOfOrder: boolean;
  duplicate: boolean;
  tooFast: boolean;
}

/** A walk between two different checkpoints of the plan. */
export interface Interval {
  from: number;
  to: number;
  seconds: number;
}

export interface IntegrityResult {
  reasons: PatrolIntegrityReason[];
  /** 100 minus the points of the reasons, never below 0. */
  score: number;
  flags: Map<number, ScanFlags>;
  /** The walks of this patrol that were not too fast: they may set a new fastest interval of the route. */
  intervals: Interval[];
}

export const intervalKey = (from: number, to: number): string => `${from}>${to}`;

/** Whole seconds from one moment to a later one. */
const secondsBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000);

/**
 * Reasons and score of a patrol, and the flags of each scan:
 * - DUPLICATE: every scan of a plan checkpoint scanned before on the patrol;
 * - OUT_OF_ORDER (ordered routes only): a first scan of a plan checkpoint whose place on the route is lower than
 *   the highest place scanned before it (A C B D: B; D A B C: A, B and C). `position` is the place at which it
 *   was scanned among the distinct plan checkpoints scanned;
 * - TOO_FAST: a scan of a plan checkpoint reached from the previous scanned plan checkpoint (a different one)
 *   in fewer seconds than the fastest walk between the two on earlier finished patrols (none known: no reason);
 * - MISSED (finished patrols): each plan checkpoint never scanned, in the plan's order;
 * - CLOCK_SKEW: once, with the largest difference;
 * - TIME_FUTURE / TIME_BACKDATED: the start, each scan of a plan checkpoint and the terminal's finish whose
 *   device time lies after its receipt, or before the guard's sign-in or further before its receipt than the
 *   terminal's offline window (each beyond the clock tolerance): see `implausibleTime`.
 * Scans of tags that are no checkpoint, or of checkpoints not on the plan, count for nothing.
 */
export function patrolIntegrity(input: IntegrityInput): IntegrityResult {
  const placeOf = new Map(input.plan.map((checkpoint, index) => [checkpoint.id, index + 1]));
  const nameOf = new Map(input.plan.map((checkpoint) => [checkpoint.id, checkpoint]));
  const scans = [...input.scans].sort((a, b) => a.time.getTime() - b.time.getTime() || a.id - b.id);
  const reasons: PatrolIntegrityReason[] = [];
  const flags = new Map<number, ScanFlags>();
  const intervals: Interval[] = [];
  const scanned = new Set<number>();
  let highest = 0;
  let previous: IntegrityScan | null = null;

  const reason = (code: PatrolIntegrityReasonCode, fields: Partial<PatrolIntegrityReason>) =>
    reasons.push({
      reason: code,
      points: PATROL_INTEGRITY_PENALTY[code],
      checkpoint: null,
      previousCheckpoint: null,
      seconds: null,
      fastestSeconds: null,
      expectedPosition: null,
      position: null,
      time: null,
      ...fields,
    });

  const timing = (event: TimedEvent, checkpoint: PlanCheckpoint | null) => {
    const off = implausibleTime(event, input.signIn);
    if (off) reason(off.reason, { checkpoint, seconds: off.seconds, time: event.time.toISOString() });
  };
  timing(input.start, null);

  for (const scan of scans) {
    const place = scan.checkpointId === null ? undefined : placeOf.get(scan.checkpointId);
    const flag: ScanFlags = {
      routePosition: place ?? null,
      outOfOrder: false,
      duplicate: false,
      tooFast: false,
    };
    flags.set(scan.id, flag);
    if (place === undefined || scan.checkpointId === null) continue;
    const checkpoint = nameOf.get(scan.checkpointId)!;
    const time = scan.time.toISOString();
    timing(scan, checkpoint);

    if (previous && previous.checkpointId !== scan.checkpointId) {
      const from = previous.checkpointId!;
      const seconds = secondsBetween(previous.time, scan.time);
      const fastest = input.fastest.get(intervalKey(from, scan.checkpointId));
      if (fastest !== undefined && seconds < fastest) {
        flag.tooFast = true;
        reason('TOO_FAST', {
          checkpoint,
          previousCheckpoint: nameOf.get(from)!,
          seconds,
          fastestSeconds: fastest,
          time,
        });
      } else intervals.push({ from, to: scan.checkpointId, seconds });
    }
    previous = scan;

    if (scanned.has(scan.checkpointId)) {
      flag.duplicate = true;
      reason('DUPLICATE', { checkpoint, time });
      continue;
    }
    scanned.add(scan.checkpointId);
    if (input.ordered && place < highest) {
      flag.outOfOrder = true;
      reason('OUT_OF_ORDER', { checkpoint, expectedPosition: place, position: scanned.size, time });
    }
    highest = Math.max(highest, place);
  }

  if (input.finished)
    for (const checkpoint of input.plan)
      if (!scanned.has(checkpoint.id))
        reason('MISSED', { checkpoint: { id: checkpoint.id, name: checkpoint.name } });
  if (input.finish) timing(input.finish, null);
  if (input.clockSkew)
    reason('CLOCK_SKEW', { seconds: input.clockSkew.seconds, time: input.clockSkew.time.toISOString() });

  const lost = reasons.reduce((sum, item) => sum + item.points, 0);
  return { reasons, score: Math.max(0, PATROL_INTEGRITY_FULL_SCORE - lost), flags, intervals };
}

/**
 * Whether an event's device time is implausible, and by how many whole seconds beyond the clock tolerance:
 * TIME_FUTURE when it lies after the server's receipt; TIME_BACKDATED when it lies before the earliest moment the
 * event can have happened, the later of the guard's sign-in at the terminal and the receipt minus the terminal's
 * declared offline window (a terminal queues events offline at most that long). Without a sign-in (patrols started
 * before sign-ins were kept) only the future is judged.
 */
export function implausibleTime(
  event: TimedEvent,
  signIn: SignInWindow | null,
): { reason: 'TIME_FUTURE' | 'TIME_BACKDATED'; seconds: number } | null {
  const time = event.time.getTime();
  const received = event.receivedAt.getTime();
  if (time - received > PATROL_CLOCK_TOLERANCE_MS)
    return { reason: 'TIME_FUTURE', seconds: Math.floor((time - received) / 1000) };
  if (!signIn) return null;
  const earliest = Math.max(signIn.signedInAt.getTime(), received - signIn.windowSeconds * 1000);
  if (earliest - time > PATROL_CLOCK_TOLERANCE_MS)
    return { reason: 'TIME_BACKDATED', seconds: Math.floor((earliest - time) / 1000) };
  return null;
}
