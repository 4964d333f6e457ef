import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from './displayZone';
import {
  displayTimeZone,
  formatDate,
  formatDateTime,
  formatShortDate,
  formatShortTime,
  formatTime,
  toDisplayMoment,
  toWireDate,
  toWireDateTime,
} from './format';

describe('times in the site time zone', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
  });
  afterEach(() => {
    setDisplayTimeZone(null);
    vi.useRealTimers();
  });

  it("shows a moment in the site's zone, whatever the browser's is", () => {
    setDisplayTimeZone('Europe/Prague');
    // 23:30 UTC is already the next day in Prague (UTC+1 in winter).
    expect(formatDateTime('2026-11-23T23:30:00.000Z')).toBe('24.11.2026 00:30:00');
    expect(formatDate('2026-11-23T23:30:00.000Z')).toBe('24.11.2026');
    expect(formatTime('2026-07-01T10:15:00.000Z')).toBe('12:15:00');
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime('2026-11-23T23:30:00.000Z')).toBe('23.11.2026 18:30:00');
    expect(displayTimeZone()).toBe('America/New_York');
  });

  it('keeps a calendar day and a time of day as they are', () => {
    setDisplayTimeZone('Pacific/Auckland');
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(formatTime('07:05')).toBe('07:05:00');
  });

  it('shows the year of a list date only when it is not the current one', () => {
    setDisplayTimeZone('Europe/Prague');
    expect(formatShortDate('2026-03-01T08:00:00.000Z')).toBe('01.03.');
    expect(formatShortDate('2025-12-31T08:00:00.000Z')).toBe('31.12.2025');
    // New Year's Eve 23:30 UTC is already next year in Prague: the year of the site's clock decides.
    vi.setSystemTime(new Date('2026-12-31T23:30:00.000Z'));
    expect(formatShortDate('2026-12-31T23:30:00.000Z')).toBe('01.01.');
    expect(formatShortTime('2026-12-31T23:30:00.000Z')).toBe('00:30');
  });

  it('a picked moment goes back to the wire as the same instant', () => {
    setDisplayTimeZone('Europe/Prague');
    const moment = toDisplayMoment('2026-11-23T23:30:00.000Z');
    expect(moment?.format('HH:mm')).toBe('00:30');
    expect(toWireDateTime(moment)).toBe('2026-11-23T23:30:00.000Z');
    expect(toWireDateTime(moment!.hour(9).minute(0))).toBe('2026-11-24T08:00:00.000Z');
  });

  it("a time picked in an empty picker is the site's wall-clock time, whatever the browser's zone", () => {
    setDisplayTimeZone('Europe/Prague');
    // An empty picker starts from the browser's now (here in another zone); the guard picks 09:00 of 24.11.
    const picked = dayjs.tz('2026-11-24T09:00:00', 'America/New_York');
    expect(toWireDateTime(picked)).toBe('2026-11-24T08:00:00.000Z');
    // A picked day is that calendar day, even where the browser is already in another one.
    expect(toWireDate(dayjs.tz('2026-11-24T00:00:00', 'Pacific/Auckland'))).toBe('2026-11-24');
    expect(toWireDate(new Date('2026-11-23T23:30:00.000Z'))).toBe('2026-11-24');
    // Instants stay instants.
    expect(toWireDateTime(new Date('2026-11-24T08:00:00.000Z'))).toBe('2026-11-24T08:00:00.000Z');
  });
});
