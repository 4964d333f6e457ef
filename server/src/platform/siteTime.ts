import { DEFAULT_TIME_ZONE, isTimeZone } from '@strazce/contract';
import type { Db } from '../db/database';
import { activeSiteProperty } from './siteProperty';

/**
 * The site's time zone, the one home of business dates and times (ARCHITECTURE.md, principle 9): its
 * active SITE_TIME_ZONE property, or Europe/Prague when it is missing or names no time zone.
 */
export async function siteTimeZone(db: Db, siteId: number): Promise<string> {
  const value = await activeSiteProperty(db, siteId, 'SITE_TIME_ZONE');
  if (typeof value !== 'string') return DEFAULT_TIME_ZONE;
  return formatters.has(value) || isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** One formatter per time zone: making one costs more than the rest of a plate read's own work. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const parts = (date: Date, timeZone: string): Record<string, string> =>
  Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );

/** The calendar day (YYYY-MM-DD) in this time zone at the moment `now`. */
export function localDate(now: Date, timeZone: string): string {
  const { year, month, day } = parts(now, timeZone);
  return `${year}-${month}-${day}`;
}

/** The site's today (YYYY-MM-DD) at the moment `now`: an advice's day is a calendar day of its site. */
export async function siteToday(db: Db, siteId: number, now: Date): Promise<string> {
  return localDate(now, await siteTimeZone(db, siteId));
}

/**
 * A moment as the UI shows it (`DD.MM.YYYY HH:mm:ss`, the same in Czech and English) in the site's zone:
 * for texts that leave the app, such as e-mails.
 */
export function formatSiteDateTime(date: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = parts(date, timeZone);
  return `${day}.${month}.${year} ${hour}:${minute}:${second}`;
}

/** A calendar day (YYYY-MM-DD, a date of the wire) as the UI shows it: DD.MM.YYYY. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
