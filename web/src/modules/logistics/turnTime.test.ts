import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { LogisticsTurnTime } from '@strazce/contract';
import { durationParts, formatMinutes, turnTimeChartRows } from './turnTime';

const t = ((key: string, options: { count: number }) =>
  key === 'logistics.duration.hours' ? `${options.count} h` : `${options.count} min`) as unknown as TFunction;

describe('turn-time figures', () => {
  it('split minutes into hours and minutes, rounded', () => {
    expect(durationParts(65.4)).toEqual({ hours: 1, minutes: 5 });
    expect(durationParts(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(durationParts(null)).toBeNull();
  });

  it('read as words of the language', () => {
    expect(formatMinutes(t, 45)).toBe('45 min');
    expect(formatMinutes(t, 0)).toBe('0 min');
    expect(formatMinutes(t, 125)).toBe('2 h 5 min');
    expect(formatMinutes(t, 120)).toBe('2 h');
    expect(formatMinutes(t, null)).toBe('—');
  });

  it('make the chart rows of a grouping, the group without a value named', () => {
    const report = {
      from: '2026-11-01',
      to: '2026-11-25',
      transports: [],
      overall: { count: 3, waitingMinutes: 10, rampMinutes: 20, totalMinutes: 30 },
      averages: {
        supplier: [
          {
            group: { id: 2, label: 'Alfa' },
            count: 2,
            waitingMinutes: 10.4,
            rampMinutes: 20.6,
            totalMinutes: 31,
          },
          { group: null, count: 1, waitingMinutes: null, rampMinutes: 5, totalMinutes: 5 },
        ],
        type: [],
        ramp: [],
      },
    } satisfies LogisticsTurnTime;
    expect(turnTimeChartRows(report, 'supplier', 'none')).toEqual([
      { key: '2', name: 'Alfa', count: 2, waitingMinutes: 10, rampMinutes: 21, totalMinutes: 31 },
      { key: 'none', name: 'none', count: 1, waitingMinutes: null, rampMinutes: 5, totalMinutes: 5 },
    ]);
  });
});
