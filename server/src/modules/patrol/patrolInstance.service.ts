import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  PATROL_CLOCK_TOLERANCE_MS,
  PATROL_INCIDENT_OBJECT_CLASS,
  type PatrolSubmitResponse,
  type PatrolTerminalEvent,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, toAppError } from '../../platform/errors';
import { hashToken } from '../../platform/secrets';
import type { TerminalContext } from '../../platform/terminal';
import { notifyIncident } from '../incident/incident.service';
import { incidents, incidentTypes } from '../incident/incident.tables';
import { persons } from '../../platform/platform.tables';
import { queuePatrolIncidentNotice, queuePatrolReport } from './patrol.emails';
import {
  patrolCheckpoints,
  patrolGuards,
  patrolInstances,
  patrolRouteCheckpoints,
  patrolRouteIntervals,
  patrolRoutes,
  patrolScans,
  patrolSignIns,
  patrolTasksDone,
  patrolTerminalEvents,
  patrolTerminals,
} from './patrol.tables';
import { intervalKey, patrolIntegrity, type IntegrityResult } from './patrolIntegrity';

/**
 * Patrol instances: the terminal's events (start, scan, task, incident, finish) applied one by one, each
 * idempotent by the device's event id, and the finish that computes the patrol's integrity. See docs/patrol.md.
 */

export type PatrolInstanceRow = typeof patrolInstances.$inferSelect;
type Result = PatrolSubmitResponse['results'][number];

/** A device clock further from the server's than the tolerance: its difference (device minus server). */
export interface ClockSkew {
  seconds: number;
  time: Date;
}

export function clockSkewOf(sentAt: Date, now: Date): ClockSkew | null {
  const difference = sentAt.getTime() - now.getTime();
  return Math.abs(difference) > PATROL_CLOCK_TOLERANCE_MS
    ? { seconds: Math.round(difference / 1000), time: now }
    : null;
}

export interface SubmissionContext {
  /** The submission's transaction: each event runs in a savepoint of it. */
  tx: Db;
  terminal: TerminalContext;
  now: Date;
  skew: ClockSkew | null;
}

/** What an applied event made: the patrol and, for an incident, the incident. */
interface Outcome {
  instanceId: number;
  incidentId?: number;
  checkpointId?: number | null;
}

/**
 * Applies one event of a submission: a stored event id of this terminal is a duplicate answered as it was;
 * otherwise the event is applied in its own savepoint, so that a rejected one leaves nothing behind and does
 * not stop the others. The event id is claimed first (unique per terminal, `ON CONFLICT DO NOTHING`): a second
 * submission of the same events at the same time waits for the first and then finds them stored.
 */
export async function applyEvent(ctx: SubmissionContext, event: PatrolTerminalEvent): Promise<Result> {
  const stored = await storedEvent(ctx, event.id);
  if (stored) return stored;
  let claimed: boolean;
  let outcome: Outcome | null = null;
  try {
    claimed = await ctx.tx.transaction(async (tx) => {
      const [claim] = await tx
        .insert(patrolTerminalEvents)
        .values({
          siteId: ctx.terminal.siteId,
          clientId: ctx.terminal.clientId,
          eventId: event.id,
          type: event.type,
          receivedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: patrolTerminalEvents.id });
      if (!claim) return false;
      outcome = await apply(tx, ctx, event);
      await tx
        .update(patrolTerminalEvents)
        .set({
          instanceId: outcome.instanceId,
          incidentId: outcome.incidentId ?? null,
          checkpointId: outcome.checkpointId ?? null,
        })
        .where(eq(patrolTerminalEvents.id, claim.id));
      return true;
    });
  } catch (error) {
    const refusal = toAppError(error);
    if (refusal.status >= 500) throw error;
    return {
      id: event.id,
      status: 'rejected',
      code: refusal.code,
      message: `apiError_${refusal.code}`,
      instance: null,
      incident: null,
    };
  }
  if (!claimed) return (await storedEvent(ctx, event.id))!;
  const done = outcome as Outcome | null;
  return {
    id: event.id,
    status: 'accepted',
    code: null,
    message: null,
    instance: done?.instanceId ?? null,
    incident: done?.incidentId ?? null,
  };
}

async function storedEvent(ctx: SubmissionContext, eventId: string): Promise<Result | null> {
  const [row] = await ctx.tx
    .select({ instanceId: patrolTerminalEvents.instanceId, incidentId: patrolTerminalEvents.incidentId })
    .from(patrolTerminalEvents)
    .where(
      and(
        eq(patrolTerminalEvents.clientId, ctx.terminal.clientId),
        eq(patrolTerminalEvents.eventId, eventId),
      ),
    );
  if (!row) return null;
  return {
    id: eventId,
    status: 'duplicate',
    code: null,
    message: null,
    instance: row.instanceId,
    incident: row.incidentId,
  };
}

async function apply(tx: Db, ctx: SubmissionContext, event: PatrolTerminalEvent): Promise<Outcome> {
  if (event.type === 'start') return start(tx, ctx, event);
  const instance = await patrolInProgress(tx, ctx.terminal.siteId, event.patrol);
  await noteClockSkew(tx, instance, ctx.skew);
  switch (event.type) {
    case 'scan':
      return scan(tx, ctx, instance, event);
    case 'task':
      if (event.index >= instance.tasks.length) throw new AppError('PATROL_TASK_INVALID', 'No such task');
      await tx
        .insert(patrolTasksDone)
        .values({
          siteId: instance.siteId,
          instanceId: instance.id,
          index: event.index,
          time: new Date(event.time),
          receivedAt: ctx.now,
        })
        .onConflictDoNothing();
      return { instanceId: instance.id };
    case 'incident':
      return raiseIncident(tx, instance, event);
    case 'finish':
      await finishPatrol(tx, instance, {
        finished: new Date(event.time),
        finishedById: null,
        now: ctx.now,
        byTerminal: true,
      });
      return { instanceId: instance.id };
  }
}

/** The site's patrol of this device id, locked, in progress; else PATROL_UNKNOWN / PATROL_FINISHED. */
async function patrolInProgress(tx: Db, siteId: number, clientPatrolId: string): Promise<PatrolInstanceRow> {
  const [instance] = await tx
    .select()
    .from(patrolInstances)
    .where(and(eq(patrolInstances.siteId, siteId), eq(patrolInstances.clientPatrolId, clientPatrolId)))
    .for('update');
  if (!instance) throw new AppError('PATROL_UNKNOWN', 'No patrol with this id was started');
  if (!instance.inProgress) throw new AppError('PATROL_FINISHED', 'The patrol is finished');
  return instance;
}

/** Keeps the largest clock difference of the submissions that touched the patrol. */
async function noteClockSkew(tx: Db, instance: PatrolInstanceRow, skew: ClockSkew | null): Promise<void> {
  if (!skew) return;
  if (instance.clockSkewSeconds !== null && Math.abs(instance.clockSkewSeconds) >= Math.abs(skew.seconds))
    return;
  await tx
    .update(patrolInstances)
    .set({ clockSkewSeconds: skew.seconds, clockSkewAt: skew.time })
    .where(eq(patrolInstances.id, instance.id));
  instance.clockSkewSeconds = skew.seconds;
  instance.clockSkewAt = skew.time;
}

async function start(
  tx: Db,
  ctx: SubmissionContext,
  event: Extract<PatrolTerminalEvent, { type: 'start' }>,
): Promise<Outcome> {
  const siteId = ctx.terminal.siteId;
  const signIn = await signInOf(tx, ctx, event);
  const [existing] = await tx
    .select({ id: patrolInstances.id })
    .from(patrolInstances)
    .where(and(eq(patrolInstances.siteId, siteId), eq(patrolInstances.clientPatrolId, event.patrol)));
  if (existing) throw new AppError('PATROL_EXISTS', 'This patrol was started already');
  const [route] = await tx
    .select()
    .from(patrolRoutes)
    .where(
      and(eq(patrolRoutes.id, event.route), eq(patrolRoutes.siteId, siteId), eq(patrolRoutes.valid, true)),
    );
  if (!route) throw new AppError('PATROL_ROUTE_INVALID', 'Not a valid route of the site');
  const [guard] = await tx
    .select({ id: patrolGuards.id })
    .from(patrolGuards)
    .innerJoin(persons, eq(persons.id, patrolGuards.personId))
    .where(
      and(
        eq(patrolGuards.id, event.guard),
        eq(patrolGuards.siteId, siteId),
        eq(patrolGuards.valid, true),
        eq(persons.valid, true),
      ),
    );
  if (!guard) throw new AppError('PATROL_GUARD_INVALID', 'Not a valid guard of the site');
  // The plan: the route's valid checkpoints in order, as the sign-in offered them.
  const plan = await tx
    .select({ id: patrolCheckpoints.id, name: patrolCheckpoints.name })
    .from(patrolRouteCheckpoints)
    .innerJoin(patrolCheckpoints, eq(patrolCheckpoints.id, patrolRouteCheckpoints.checkpointId))
    .where(and(eq(patrolRouteCheckpoints.routeId, route.id), eq(patrolCheckpoints.valid, true)))
    .orderBy(asc(patrolRouteCheckpoints.position));
  const [terminal] = await tx
    .select({ id: patrolTerminals.id })
    .from(patrolTerminals)
    .where(and(eq(patrolTerminals.clientId, ctx.terminal.clientId), eq(patrolTerminals.siteId, siteId)));
  const [created] = await tx
    .insert(patrolInstances)
    .values({
      siteId,
      clientPatrolId: event.patrol,
      routeId: route.id,
      guardId: guard.id,
      terminalId: terminal?.id ?? null,
      clientId: ctx.terminal.clientId,
      started: new Date(event.time),
      routeName: route.name,
      ordered: route.ordered,
      plan,
      tasks: route.tasks ?? [],
      checkpointCount: plan.length,
      clockSkewSeconds: ctx.skew?.seconds ?? null,
      clockSkewAt: ctx.skew?.time ?? null,
      signedInAt: signIn.issuedAt,
      offlineWindowSeconds: Math.round((signIn.expiresAt.getTime() - signIn.issuedAt.getTime()) / 1000),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: patrolInstances.id });
  return { instanceId: created.id };
}

/**
 * The sign-in the start carries: a proof issued to this terminal (client) on its site for the start's guard,
 * not yet expired when the submission arrives (a terminal signs in online and may send its queue later within
 * its declared offline window). Otherwise 401 PATROL_SIGNIN_REQUIRED: a terminal token alone starts no round.
 */
async function signInOf(
  tx: Db,
  ctx: SubmissionContext,
  event: Extract<PatrolTerminalEvent, { type: 'start' }>,
): Promise<{ issuedAt: Date; expiresAt: Date }> {
  const [signIn] = event.signIn
    ? await tx
        .select({ issuedAt: patrolSignIns.issuedAt, expiresAt: patrolSignIns.expiresAt })
        .from(patrolSignIns)
        .where(
          and(
            eq(patrolSignIns.tokenHash, hashToken(event.signIn)),
            eq(patrolSignIns.clientId, ctx.terminal.clientId),
            eq(patrolSignIns.siteId, ctx.terminal.siteId),
            eq(patrolSignIns.guardId, event.guard),
            gt(patrolSignIns.expiresAt, ctx.now),
          ),
        )
    : [];
  if (!signIn)
    throw new AppError(
      'PATROL_SIGNIN_REQUIRED',
      'The start needs the guard’s valid sign-in on this terminal',
    );
  return signIn;
}

async function scan(
  tx: Db,
  ctx: SubmissionContext,
  instance: PatrolInstanceRow,
  event: Extract<PatrolTerminalEvent, { type: 'scan' }>,
): Promise<Outcome> {
  const [checkpoint] = await tx
    .select({ id: patrolCheckpoints.id })
    .from(patrolCheckpoints)
    .where(and(eq(patrolCheckpoints.siteId, instance.siteId), eq(patrolCheckpoints.tagId, event.tagId)));
  const place = checkpoint ? instance.plan.findIndex((item) => item.id === checkpoint.id) + 1 : 0;
  await tx.insert(patrolScans).values({
    siteId: instance.siteId,
    instanceId: instance.id,
    checkpointId: checkpoint?.id ?? null,
    tagId: event.tagId,
    method: event.method,
    time: new Date(event.time),
    receivedAt: ctx.now,
    routePosition: place > 0 ? place : null,
  });
  // The flags of the scans (out of order, again, too fast) show while the patrol is in progress.
  const result = await evaluate(tx, instance, false);
  await tx
    .update(patrolInstances)
    .set({
      scannedCount: scannedOf(result),
      version: sql`${patrolInstances.version} + 1`,
      updatedAt: ctx.now,
    })
    .where(eq(patrolInstances.id, instance.id));
  return { instanceId: instance.id };
}

const scannedOf = (result: IntegrityResult) =>
  new Set(
    [...result.flags.values()]
      .filter((flag) => flag.routePosition !== null)
      .map((flag) => flag.routePosition),
  ).size;

async function raiseIncident(
  tx: Db,
  instance: PatrolInstanceRow,
  event: Extract<PatrolTerminalEvent, { type: 'incident' }>,
): Promise<Outcome> {
  const [type] = await tx
    .select({ id: incidentTypes.id })
    .from(incidentTypes)
    .where(
      and(
        eq(incidentTypes.id, event.incidentType),
        eq(incidentTypes.siteId, instance.siteId),
        eq(incidentTypes.module, 'MOD_PATROL'),
        eq(incidentTypes.valid, true),
      ),
    );
  if (!type)
    throw new AppError('PATROL_INCIDENT_TYPE_INVALID', 'Not a valid patrol incident type of the site');
  let checkpoint: { id: number; name: string } | undefined;
  if (event.checkpoint !== undefined && event.checkpoint !== null) {
    [checkpoint] = await tx
      .select({ id: patrolCheckpoints.id, name: patrolCheckpoints.name })
      .from(patrolCheckpoints)
      .where(and(eq(patrolCheckpoints.id, event.checkpoint), eq(patrolCheckpoints.siteId, instance.siteId)));
    if (!checkpoint) throw new AppError('PATROL_CHECKPOINT_INVALID', 'Not a checkpoint of the site');
  }
  const [guard] = await tx
    .select({ personId: patrolGuards.personId })
    .from(patrolGuards)
    .where(eq(patrolGuards.id, instance.guardId));
  const [incident] = await tx
    .insert(incidents)
    .values({
      siteId: instance.siteId,
      module: 'MOD_PATROL',
      typeId: type.id,
      consequence: event.consequence,
      report: event.report,
      description: event.description ?? null,
      objectClass: PATROL_INCIDENT_OBJECT_CLASS,
      objectId: String(instance.id),
      createdDate: new Date(event.time),
      createdById: guard?.personId ?? null,
    })
    .returning({ id: incidents.id });
  await tx
    .update(patrolInstances)
    .set({
      incidentCount: sql`${patrolInstances.incidentCount} + 1`,
      version: sql`${patrolInstances.version} + 1`,
    })
    .where(eq(patrolInstances.id, instance.id));
  await notifyIncident(tx, incident.id);
  await queuePatrolIncidentNotice(tx, instance.id, incident.id, checkpoint?.name ?? null);
  return { instanceId: instance.id, incidentId: incident.id, checkpointId: checkpoint?.id ?? null };
}

/**
 * The integrity of the patrol from its scans and the route's fastest walks; writes the scans' flags that
 * changed. With `finished`, MISSED counts too.
 */
async function evaluate(
  tx: Db,
  instance: PatrolInstanceRow,
  finished: boolean,
  finish: { time: Date; receivedAt: Date } | null = null,
): Promise<IntegrityResult> {
  const scans = await tx
    .select({
      id: patrolScans.id,
      checkpointId: patrolScans.checkpointId,
      time: patrolScans.time,
      receivedAt: patrolScans.receivedAt,
      outOfOrder: patrolScans.outOfOrder,
      duplicate: patrolScans.duplicate,
      tooFast: patrolScans.tooFast,
    })
    .from(patrolScans)
    .where(eq(patrolScans.instanceId, instance.id))
    .orderBy(asc(patrolScans.time), asc(patrolScans.id));
  const fastest = await tx
    .select()
    .from(patrolRouteIntervals)
    .where(eq(patrolRouteIntervals.routeId, instance.routeId));
  const result = patrolIntegrity({
    plan: instance.plan,
    ordered: instance.ordered,
    scans,
    fastest: new Map(
      fastest.map((row) => [intervalKey(row.fromCheckpointId, row.toCheckpointId), row.fastestSeconds]),
    ),
    clockSkew:
      instance.clockSkewSeconds !== null && instance.clockSkewAt
        ? { seconds: instance.clockSkewSeconds, time: instance.clockSkewAt }
        : null,
    finished,
    start: { time: instance.started, receivedAt: instance.createdAt },
    finish,
    signIn:
      instance.signedInAt && instance.offlineWindowSeconds !== null
        ? { signedInAt: instance.signedInAt, windowSeconds: instance.offlineWindowSeconds }
        : null,
  });
  for (const scan of scans) {
    const flag = result.flags.get(scan.id)!;
    if (
      flag.outOfOrder === scan.outOfOrder &&
      flag.duplicate === scan.duplicate &&
      flag.tooFast === scan.tooFast
    )
      continue;
    await tx
      .update(patrolScans)
      .set({ outOfOrder: flag.outOfOrder, duplicate: flag.duplicate, tooFast: flag.tooFast })
      .where(eq(patrolScans.id, scan.id));
  }
  return result;
}

/**
 * Finishes a patrol in progress (locked by the caller): its integrity and score, the route's fastest walks
 * updated with this patrol's walks that were not too fast, and the report e-mail of a route with `report`.
 */
export async function finishPatrol(
  tx: Db,
  instance: PatrolInstanceRow,
  how: { finished: Date; finishedById: number | null; now: Date; byTerminal?: boolean },
): Promise<IntegrityResult> {
  // The terminal's finish carries the device's time, judged like the other events' times.
  const result = await evaluate(
    tx,
    instance,
    true,
    how.byTerminal ? { time: how.finished, receivedAt: how.now } : null,
  );
  await tx
    .update(patrolInstances)
    .set({
      finished: how.finished,
      inProgress: false,
      finishedById: how.finishedById,
      score: result.score,
      integrity: result.reasons,
      scannedCount: scannedOf(result),
      version: sql`${patrolInstances.version} + 1`,
      updatedAt: how.now,
    })
    .where(eq(patrolInstances.id, instance.id));
  const fastest = new Map<string, { from: number; to: number; seconds: number }>();
  for (const interval of result.intervals) {
    const key = intervalKey(interval.from, interval.to);
    const known = fastest.get(key);
    if (!known || interval.seconds < known.seconds) fastest.set(key, interval);
  }
  for (const interval of fastest.values())
    await tx
      .insert(patrolRouteIntervals)
      .values({
        siteId: instance.siteId,
        routeId: instance.routeId,
        fromCheckpointId: interval.from,
        toCheckpointId: interval.to,
        fastestSeconds: interval.seconds,
      })
      .onConflictDoUpdate({
        target: [
          patrolRouteIntervals.routeId,
          patrolRouteIntervals.fromCheckpointId,
          patrolRouteIntervals.toCheckpointId,
        ],
        set: { fastestSeconds: sql`least(${patrolRouteIntervals.fastestSeconds}, excluded.fastest_seconds)` },
      });
  await queuePatrolReport(tx, instance.id);
  return result;
}
