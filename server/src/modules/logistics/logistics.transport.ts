import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  LOGISTICS_RAMP_SLOT_MINUTES,
  logisticsPlateSchema,
  logisticsRampOccupancy,
  type LogisticsEvent,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import type { CrudContext, CrudHooks, Row } from '../../platform/crud';
import { AppError, validationError } from '../../platform/errors';
import { logisticsStatuses, logisticsTransports as t } from './logistics.tables';

/** The topic of a transport's events on the site events bus (`GET /api/logistics/events`). */
export const TRANSPORT_TOPIC = 'transport';

/** A write of a transport: what its event tells the watchers (`changed` unless said). */
export type TransportContext = CrudContext & { event?: LogisticsEvent['kind'] };

/** Whether the transport's status is an archive one (the transport is finished). */
const archivedSql = (): SQL =>
  sql`coalesce((select s.archive from ${logisticsStatuses} s where s.id = ${t.statusId}), false)`;

/** A transport is closed: cancelled, or in an archive status. Nothing is executed on it. */
export const closedSql = (): SQL => sql`(${t.cancelled} is not null or ${archivedSql()})`;

/** 'Čeká na vjezd' (ENTRY: not entered yet) or 'Čeká na odjezd' (DEPARTURE: entered, not left) of an open transport. */
export const waitingSql = (): SQL =>
  sql`case when not ${closedSql()} then case when ${t.entry} is null then 'ENTRY'
    when ${t.leave} is null then 'DEPARTURE' end end`;

/** The status a new transport starts in: the active, non-archive status of the lowest position. */
async function initialStatus(tx: Db, siteId: number): Promise<number> {
  const [status] = await tx
    .select({ id: logisticsStatuses.id })
    .from(logisticsStatuses)
    .where(
      and(
        eq(logisticsStatuses.siteId, siteId),
        eq(logisticsStatuses.active, true),
        eq(logisticsStatuses.archive, false),
      ),
    )
    .orderBy(asc(logisticsStatuses.position), asc(logisticsStatuses.id))
    .limit(1);
  if (!status)
    throw new AppError('LOGISTICS_NO_INITIAL_STATUS', 'No active non-archive status to start a transport in');
  return status.id;
}

const isoOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/**
 * Planned or moved onto a ramp (a new transport with a ramp, or a change of its ramp or arrival): another open
 * transport of the site holding that ramp in an overlapping time (`logisticsRampOccupancy`) answers 409
 * LOGISTICS_RAMP_OCCUPIED, unless the body says `force: true` (the dispatcher confirmed it).
 */
async function checkRampFree(values: Row, input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
  if (input.force === true) return;
  const merged = { ...existing, ...values };
  const rampId = merged.rampId as number | null | undefined;
  if (!rampId || merged.cancelled) return;
  const moved =
    !existing ||
    (values.rampId !== undefined && values.rampId !== existing.rampId) ||
    (values.datetimeArrive !== undefined && isoOf(values.datetimeArrive) !== isoOf(existing.datetimeArrive));
  if (!moved) return;
  const { from, to } = logisticsRampOccupancy({
    datetimeArrive: isoOf(merged.datetimeArrive)!,
    entry: isoOf(merged.entry),
    leave: isoOf(merged.leave),
  });
  // The same rule in SQL: the other's start (entry, else arrival) before this end, its end (leave, else a
  // slot after its start) after this start.
  const start = sql`coalesce(${t.entry}, ${t.datetimeArrive})`;
  const [other] = await ctx.tx
    .select({ id: t.id, licencePlate: t.licencePlate })
    .from(t)
    .where(
      and(
        eq(t.siteId, ctx.siteId!),
        eq(t.rampId, rampId),
        isNull(t.cancelled),
        existing ? ne(t.id, existing.id as number) : undefined,
        sql`${start} < ${new Date(to).toISOString()}::timestamptz`,
        sql`coalesce(${t.leave}, ${start} + make_interval(mins => ${LOGISTICS_RAMP_SLOT_MINUTES})) > ${new Date(from).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(t.id))
    .limit(1);
  if (other)
    throw new AppError(
      'LOGISTICS_RAMP_OCCUPIED',
      `Transport ${other.licencePlate ?? `#${other.id}`} holds the ramp at that time; send force: true to plan it all the same`,
    );
}

/** Tells every instance's watchers of the site about a transport; heard when the transaction commits. */
const publish = (ctx: TransportContext, id: number, kind: LogisticsEvent['kind']) =>
  ctx.request.server.siteEvents.publish(ctx.tx, ctx.siteId!, TRANSPORT_TOPIC, { id, kind });

/**
 * A transport as it is stored: its licence plate a plate; a new one in the initial status. Every write and
 * deletion is published to the site's watchers.
 */
export const transportHooks: CrudHooks = {
  async beforeWrite(values, input, ctx, existing) {
    if (
      typeof values.licencePlate === 'string' &&
      !logisticsPlateSchema.safeParse(values.licencePlate).success
    )
      throw validationError('licencePlate', 'validation.plate');
    await checkRampFree(values, input, ctx, existing);
    if (!existing) values.statusId = await initialStatus(ctx.tx, ctx.siteId!);
    // Heard only when the transaction commits, so told before the update: the transport's row, which the
    // update locks (every dispatcher acting on it waits for it), is then held one round trip less.
    else await publish(ctx, existing.id as number, (ctx as TransportContext).event ?? 'changed');
  },
  afterWrite: (id, _input, ctx, existing) =>
    existing ? undefined : publish(ctx, id, (ctx as TransportContext).event ?? 'changed'),
  beforeDelete: (existing, ctx) => publish(ctx, existing.id as number, 'deleted'),
};
