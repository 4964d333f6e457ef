import { describe, expect, it } from 'vitest';
import { formatDay, formatSiteDateTime, localDate } from './siteTime';

describe('site time (the calendar day and the shown time in a time zone)', () => {
  it("takes the day in the site's zone, not in UTC or the server's", () => {
    const lateEvening = new Date('2026-03-09T23:30:00Z'); // 00:30 on 10 March in Prague
    expect(localDate(lateEvening, 'Europe/Prague')).toBe('2026-03-10');
    expect(localDate(lateEvening, 'UTC')).toBe('2026-03-09');
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-03-09');
    // Summer time: midnight in Prague is 22:00 UTC.
    expect(localDate(new Date('2026-07-01T21:59:59Z'), 'Europe/Prague')).toBe('2026-07-01');
    expect(localDate(new Date('2026-07-01T22:00:00Z'), 'Europe/Prague')).toBe('2026-07-02');
  });

  it('shows a moment as DD.MM.YYYY HH:mm:ss in the zone, across the change to summer time', () => {
    expect(formatSiteDateTime(new Date('2026-03-09T23:30:00Z'), 'Europe/Prague')).toBe('10.03.2026 00:30:00');
    expect(formatSiteDateTime(new Date('2026-03-29T00:59:59Z'), 'Europe/Prague')).toBe('29.03.2026 01:59:59');
    expect(formatSiteDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Prague')).toBe('29.03.2026 03:00:00');
    expect(formatSiteDateTime(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('01.01.2026 00:00:00');
    expect(formatSiteDateTime(new Date('2026-12-31T23:00:00.999Z'), 'Europe/Prague')).toBe(
      '01.01.2027 00:00:00',
    );
  });

  it('shows a day of the wire as DD.MM.YYYY', () => {
    expect(formatDay('2026-03-10')).toBe('10.03.2026');
  });
});
