import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR_MS = 3_600_000;

export interface DueRule {
  /** The key's max lending hours, else its type's; null: no due time. */
  hours: number | null;
  /** Count only working days: Monday to Friday, not a public holiday of the site. */
  workingTime: boolean;
  /** The site's time zone: where its days begin and end. */
  timeZone: string;
  /** The site's public holidays (YYYY-MM-DD) from the lend day on. */
  holidays: ReadonlySet<string>;
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export const dayIn = (moment: Date, timeZone: string): string =>
  dayjs(moment).tz(timeZone).format('YYYY-MM-DD');

/** The moment a calendar day begins in a time zone. */
const startOfDay = (day: string, timeZone: string): Date => dayjs.tz(day, timeZone).toDate();

/** The day after a calendar day (calendar arithmetic, no time zone involved). */
const nextDay = (day: string): string => dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');

export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = dayjs.utc(day).day();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * When a key lent at `lendTime` is due: `hours` later; in working time, only the hours that fall on working
 * days of the site (its calendar days, in its time zone) count, so a lend-out on Friday evening runs on from
 * Monday's midnight. Pure: the holidays are given.
 */
export function dueTime(lendTime: Date, rule: DueRule): Date | null {
  if (rule.hours === null || rule.hours <= 0) return null;
  let remaining = rule.hours * HOUR_MS;
  if (!rule.workingTime) return new Date(lendTime.getTime() + remaining);
  let cursor = lendTime.getTime();
  let day = dayIn(lendTime, rule.timeZone);
  // A year of hours spans at most a few years of days, however many holidays there are.
  for (let guard = 0; guard < 5000; guard++) {
    const following = nextDay(day);
    const dayEnd = startOfDay(following, rule.timeZone).getTime();
    if (isWorkingDay(day, rule.holidays)) {
      if (remaining <= dayEnd - cursor) return new Date(cursor + remaining);
      remaining -= dayEnd - cursor;
    }
    cursor = dayEnd;
    day = following;
  }
  throw new Error('No due time found: no working days');
}

/** The last calendar day whose holidays can matter for a lend-out of so many hours (generously). */
export function holidayHorizon(lendDay: string, hours: number): string {
  const days = Math.ceil(hours / 24);
  return dayjs
    .utc(lendDay)
    .add(days * 2 + 31, 'day')
    .format('YYYY-MM-DD');
}
