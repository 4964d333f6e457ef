import { describe, expect, it } from 'vitest';
import type { GateLoadRow } from '@strazce/contract';
import { hourRange, hourlyLoad, reportGates, rowsOfGate, summarize } from './gateLoad';

const main = { id: 1, label: 'Main gate' };
const back = { id: 2, label: 'Back gate' };
const rows: GateLoadRow[] = [
  { gate: main, hour: 8, entries: 5, departures: 1 },
  { gate: main, hour: 16, entries: 0, departures: 4 },
  { gate: back, hour: 8, entries: 2, departures: 0 },
];

describe('gate-load report in the web app', () => {
  it('fills all 24 hours and sums the gates', () => {
    const hours = hourlyLoad(rows);
    expect(hours).toHaveLength(24);
    expect(hours[8]).toEqual({ hour: 8, label: '08:00', entries: 7, departures: 1 });
    expect(hours[16]).toMatchObject({ entries: 0, departures: 4 });
    expect(hours[0]).toMatchObject({ entries: 0, departures: 0 });
  });

  it('lists the gates by name and narrows to one', () => {
    expect(reportGates(rows)).toEqual([back, main]);
    expect(rowsOfGate(rows, 2)).toEqual([rows[2]]);
    expect(rowsOfGate(rows, null)).toHaveLength(3);
  });

  it('summarizes totals and the busiest hour', () => {
    expect(summarize(rows)).toEqual({
      entries: 7,
      departures: 5,
      busiestHour: { hour: 8, label: '08:00', entries: 7, departures: 1 },
      gates: 2,
    });
    expect(summarize([])).toEqual({ entries: 0, departures: 0, busiestHour: null, gates: 0 });
  });

  it('names hour ranges up to midnight', () => {
    expect(hourRange(8)).toBe('08:00–09:00');
    expect(hourRange(23)).toBe('23:00–24:00');
  });
});
