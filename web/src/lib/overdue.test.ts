import { describe, expect, it } from 'vitest';
import { isOverdue, overdueParts } from './overdue';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const before = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('isOverdue', () => {
  it('is a key still out past its due time', () => {
    expect(isOverdue({ due: before(5), returned: false }, NOW)).toBe(true);
    expect(isOverdue({ due: before(-5), returned: false }, NOW)).toBe(false);
  });

  it('believes the server’s afterDue and ignores lend-outs without a due time', () => {
    expect(isOverdue({ due: before(-5), afterDue: true }, NOW)).toBe(true);
    expect(isOverdue({ due: null }, NOW)).toBe(false);
    expect(isOverdue({ due: 'not a time' }, NOW)).toBe(false);
  });

  it('is never a returned key', () => {
    expect(isOverdue({ due: before(60), afterDue: true, returned: true }, NOW)).toBe(false);
  });
});

describe('overdueParts', () => {
  it('tells the time past due in at most two units, largest first', () => {
    expect(overdueParts({ due: before(12) }, NOW)).toEqual([['minutes', 12]]);
    expect(overdueParts({ due: before(3 * 60 + 20) }, NOW)).toEqual([
      ['hours', 3],
      ['minutes', 20],
    ]);
    expect(overdueParts({ due: before(28 * 60 + 5) }, NOW)).toEqual([
      ['days', 1],
      ['hours', 4],
    ]);
  });

  it('drops a zero second unit and counts a fresh overdue as one minute', () => {
    expect(overdueParts({ due: before(2 * 24 * 60 + 30) }, NOW)).toEqual([['days', 2]]);
    expect(overdueParts({ due: before(60) }, NOW)).toEqual([['hours', 1]]);
    expect(overdueParts({ due: new Date(NOW - 10_000).toISOString() }, NOW)).toEqual([['minutes', 1]]);
  });

  it('is null before the due time or without one', () => {
    expect(overdueParts({ due: before(-1) }, NOW)).toBeNull();
    expect(overdueParts({ due: null }, NOW)).toBeNull();
  });
});
