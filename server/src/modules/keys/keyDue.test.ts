import { describe, expect, it } from 'vitest';
import { dueTime, holidayHorizon, isWorkingDay } from './keyDue';

const PRAGUE = 'Europe/Prague';
const none = new Set<string>();

describe('dueTime: when a lent key is due', () => {
  it('is none without max lending hours', () => {
    expect(
      dueTime(new Date('2026-03-02T08:00:00Z'), {
        hours: null,
        workingTime: true,
        timeZone: PRAGUE,
        holidays: none,
      }),
    ).toBeNull();
  });

  it('counts plain hours over a weekend without working time', () => {
    // Friday 18:00 in Prague (CET, UTC+1) + 8 h = Saturday 02:00.
    expect(
      dueTime(new Date('2026-03-06T17:00:00Z'), {
        hours: 8,
        workingTime: false,
        timeZone: PRAGUE,
        holidays: none,
      }),
    ).toEqual(new Date('2026-03-07T01:00:00Z'));
  });

  it('skips the weekend in working time (the site’s midnight, not UTC’s)', () => {
    // Friday 20:00 Prague: 4 h until Friday’s midnight, the other 4 h from Monday 00:00 Prague.
    expect(
      dueTime(new Date('2026-03-06T19:00:00Z'), {
        hours: 8,
        workingTime: true,
        timeZone: PRAGUE,
        holidays: none,
      }),
    ).toEqual(new Date('2026-03-09T03:00:00Z'));
  });

  it('skips a public holiday of the site and the weekend after it', () => {
    // Thursday 2026-04-02 22:00 Prague (CEST, UTC+2); Friday 04-03 is a holiday: 2 h on Thursday, then
    // Monday 04-06 is a holiday too, so the other 22 h fall on Tuesday 04-07.
    const holidays = new Set(['2026-04-03', '2026-04-06']);
    expect(
      dueTime(new Date('2026-04-02T20:00:00Z'), { hours: 24, workingTime: true, timeZone: PRAGUE, holidays }),
    ).toEqual(new Date('2026-04-07T20:00:00Z'));
  });

  it('starts counting at the next working day’s midnight when lent on a weekend', () => {
    // Saturday noon Prague, 3 h: Monday 03:00 Prague.
    expect(
      dueTime(new Date('2026-03-07T11:00:00Z'), {
        hours: 3,
        workingTime: true,
        timeZone: PRAGUE,
        holidays: none,
      }),
    ).toEqual(new Date('2026-03-09T02:00:00Z'));
  });

  it('counts the real hours of a day that changes its clocks', () => {
    // Sunday 2026-03-29 is 23 h long in Prague; a working key lent Friday 23:00 for 2 h: 1 h on Friday, then
    // Monday 01:00 CEST (UTC+2).
    expect(
      dueTime(new Date('2026-03-27T22:00:00Z'), {
        hours: 2,
        workingTime: true,
        timeZone: PRAGUE,
        holidays: none,
      }),
    ).toEqual(new Date('2026-03-29T23:00:00Z'));
  });

  it('knows working days and a horizon of holidays wide enough', () => {
    expect(isWorkingDay('2026-03-06', none)).toBe(true);
    expect(isWorkingDay('2026-03-07', none)).toBe(false);
    expect(isWorkingDay('2026-03-08', none)).toBe(false);
    expect(isWorkingDay('2026-04-03', new Set(['2026-04-03']))).toBe(false);
    expect(holidayHorizon('2026-03-06', 24)).toBe('2026-04-08');
  });
});
