import dayjs, { type Dayjs } from 'dayjs';
import { UI_DATE, UI_DATE_TIME, UI_TIME, WIRE_DATE, WIRE_TIME } from '@strazce/contract';

type DateInput = string | number | Date | Dayjs | null | undefined;

function parse(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** A date (wire `YYYY-MM-DD` or a date-time) as `DD.MM.YYYY`; empty for no value. */
export function formatDate(value: DateInput): string {
  return parse(value)?.format(UI_DATE) ?? '';
}

/** A time of day as `HH:mm:ss`: a wire time (`HH:mm:ss`) is kept, a date-time is shown in local time. */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return value.length === 5 ? `${value}:00` : value;
  }
  return parse(value)?.format(UI_TIME) ?? '';
}

/** A date-time (ISO 8601 on the wire) as `DD.MM.YYYY HH:mm:ss` in local time. */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.format(UI_DATE_TIME) ?? '';
}

/** A date for the wire (`YYYY-MM-DD`). */
export function toWireDate(value: DateInput): string | null {
  return parse(value)?.format(WIRE_DATE) ?? null;
}

/** A time for the wire (`HH:mm:ss`). */
export function toWireTime(value: DateInput): string | null {
  return parse(value)?.format(WIRE_TIME) ?? null;
}

/** A date-time for the wire: ISO 8601 with milliseconds and zone. */
export function toWireDateTime(value: DateInput): string | null {
  return parse(value)?.toISOString() ?? null;
}

/** Display formats for Ant Design's date and time pickers. */
export const PICKER_FORMATS = { date: UI_DATE, time: UI_TIME, dateTime: UI_DATE_TIME } as const;
