import type { FastifyRequest } from 'fastify';
import { KNOWN_CONFIG_PROPERTIES } from '@strazce/contract';
import type { Db } from '../db/database';
import { validationError } from './errors';
import type { CrudContext, Row } from './crud';
import { activeSiteProperty } from './siteProperty';

const MINUTE_MS = 60_000;

/** Minutes of a site's LONG property, or its default when unset or not a non-negative whole number. */
async function minutesOf(
  db: Db,
  siteId: number,
  name: 'CLIENT_TIME_PAST_MINUTES' | 'CLIENT_TIME_FUTURE_MINUTES',
): Promise<number> {
  const value = await activeSiteProperty(db, siteId, name);
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : KNOWN_CONFIG_PROPERTIES[name].default;
}

/** The times a client may give for a record on a site: from `past` minutes before now to `future` after. */
export async function clientTimeWindow(
  db: Db,
  siteId: number,
  now: Date,
): Promise<{ earliest: Date; latest: Date }> {
  const [past, future] = await Promise.all([
    minutesOf(db, siteId, 'CLIENT_TIME_PAST_MINUTES'),
    minutesOf(db, siteId, 'CLIENT_TIME_FUTURE_MINUTES'),
  ]);
  return {
    earliest: new Date(now.getTime() - past * MINUTE_MS),
    latest: new Date(now.getTime() + future * MINUTE_MS),
  };
}

/**
 * Refuses a business time a client sends for a record (a plate read's, a key lent or returned, a stock
 * movement's) that lies outside the site's window around the app's clock (`CLIENT_TIME_PAST_MINUTES` before,
 * `CLIENT_TIME_FUTURE_MINUTES` after): 400 VALIDATION with `validation.timeWindow` on the field. Times not
 * given (null, undefined), and on an update the times the record holds already (`stored`: an old record's
 * other fields may still be corrected), are not checked, and then cost no query.
 */
export async function checkClientTimes(
  db: Db,
  request: FastifyRequest,
  siteId: number,
  times: Record<string, string | Date | null | undefined>,
  stored?: Record<string, unknown>,
): Promise<void> {
  const millis = (value: unknown) =>
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  const given = Object.entries(times).filter(
    (entry): entry is [string, string | Date] =>
      entry[1] !== null && entry[1] !== undefined && millis(entry[1]) !== millis(stored?.[entry[0]]),
  );
  if (given.length === 0) return;
  const { earliest, latest } = await clientTimeWindow(db, siteId, new Date(request.server.clock.now()));
  for (const [field, value] of given) {
    const time = value instanceof Date ? value.getTime() : Date.parse(value);
    if (!(time >= earliest.getTime() && time <= latest.getTime()))
      throw validationError(field, 'validation.timeWindow');
  }
}

/**
 * A gate movement's `movementTime` as a CRUD hook writes it (a visit's, a vehicle's): a wire text becomes a Date,
 * null leaves the column to its default (now), and a time given is checked against the site's window (an
 * unchanged one on an update is not).
 */
export async function takeMovementTime(values: Row, ctx: CrudContext, existing?: Row): Promise<void> {
  if (typeof values.movementTime === 'string') values.movementTime = new Date(values.movementTime);
  if (values.movementTime === null) delete values.movementTime;
  await checkClientTimes(
    ctx.tx,
    ctx.request,
    ctx.siteId!,
    { movementTime: values.movementTime as Date | undefined },
    existing,
  );
}
