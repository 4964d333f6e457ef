import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { UI_DATE, UI_DATE_TIME, UI_TIME, WIRE_DATE, WIRE_TIME } from '@strazce/contract';
import { siteDisplayZone } from './displayZone';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateInput = string | number | Date | Dayjs | null | undefined;

/** The zone times are shown in now: the site's (lib/displayZone.ts), else the browser's. */
export function displayTimeZone(): string {
  return siteDisplayZone() ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

const WIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A moment in the display zone; a wire date (`YYYY-MM-DD`) is a calendar day, in no zone. */
function parse(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && WIRE_DATE_PATTERN.test(value)) {
    const day = dayjs(value, WIRE_DATE);
    return day.isValid() ? day : null;
  }
  const parsed = dayjs(value);
  if (!parsed.isValid()) return null;
  const zone = siteDisplayZone();
  return zone ? parsed.tz(zone) : parsed;
}

/** Now in the display zone (for "today" and default ranges). */
export function now(): Dayjs {
  const zone = siteDisplayZone();
  return zone ? dayjs().tz(zone) : dayjs();
}

/** A moment (ISO 8601 on the wire) in the display zone, for a picker; null for no value. */
export function toDisplayMoment(value: DateInput): Dayjs | null {
  return parse(value);
}

/** A date (wire `YYYY-MM-DD` or a date-time) as `DD.MM.YYYY`; empty for no value. */
export function formatDate(value: DateInput): string {
  return parse(value)?.format(UI_DATE) ?? '';
}

/** A time of day as `HH:mm:ss`: a wire time (`HH:mm:ss`) is kept, a date-time is shown in the site's time. */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return value.length === 5 ? `${value}:00` : value;
  }
  return parse(value)?.format(UI_TIME) ?? '';
}

/** A date-time (ISO 8601 on the wire) as `DD.MM.YYYY HH:mm:ss` in the site's time. */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.format(UI_DATE_TIME) ?? '';
}

/** A time in a list: hours and minutes in the site's time. */
export function formatShortTime(value: DateInput): string {
  return parse(value)?.format('HH:mm') ?? '';
}

/** A day in a list: day and month, with the year only when it is not the current one. */
export function formatShortDate(value: DateInput): string {
  const day = parse(value);
  if (!day) return '';
  return day.format(day.year() === now().year() ? 'DD.MM.' : 'DD.MM.YYYY');
}

/** A date for the wire (`YYYY-MM-DD`): a picker's value is the calendar day picked; an instant, the site's day. */
export function toWireDate(value: DateInput): string | null {
  if (dayjs.isDayjs(value)) return value.isValid() ? value.format(WIRE_DATE) : null;
  return parse(value)?.format(WIRE_DATE) ?? null;
}

/** A time for the wire (`HH:mm:ss`). */
export function toWireTime(value: DateInput): string | null {
  return parse(value)?.format(WIRE_TIME) ?? null;
}

/**
 * A date-time for the wire: ISO 8601 with milliseconds and zone. A picker's value (a Dayjs) is the wall-clock
 * time the user chose in the site's zone, also when the picker made it in the browser's (an empty picker
 * starts from the browser's now); other values are instants.
 */
export function toWireDateTime(value: DateInput): string | null {
  const zone = siteDisplayZone();
  if (zone && dayjs.isDayjs(value)) {
    if (!value.isValid()) return null;
    return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss.SSS'), zone).toISOString();
  }
  return parse(value)?.toISOString() ?? null;
}

/** Display formats for Ant Design's date and time pickers. */
export const PICKER_FORMATS = { date: UI_DATE, time: UI_TIME, dateTime: UI_DATE_TIME } as const;

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number formatter of the language, made once per language and options: making one costs far more than
 * formatting, and a list formats a number in every row.
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}
