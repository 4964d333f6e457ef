import { describe, expect, it } from 'vitest';
import type { LogisticsBoard } from '@strazce/contract';
import { boardColumns, boardQueues, hourMarks, newTransports, timelineRows } from './boardModel';

const START = Date.parse('2026-11-25T00:00:00.000+01:00');
const END = Date.parse('2026-11-26T00:00:00.000+01:00');
const at = (clock: string) => `2026-11-25T${clock}:00.000+01:00`;

function board(): LogisticsBoard {
  return {
    date: '2026-11-25',
    statuses: [
      { id: 1, label: 'Ohlášeno', color: '#1677ff', archive: false },
      { id: 2, label: 'U rampy', color: '#fa8c16', archive: false },
      { id: 3, label: 'Odjelo', color: null, archive: true },
    ],
    ramps: [
      { id: 10, label: 'R1' },
      { id: 11, label: 'R2' },
    ],
    transports: [
      { id: 5, status: { id: 1, label: 'Ohlášeno' }, datetimeArrive: at('09:00'), waiting: 'ENTRY' },
      { id: 6, status: { id: 1, label: 'Ohlášeno' }, datetimeArrive: at('07:30'), waiting: 'ENTRY' },
      {
        id: 7,
        status: { id: 2, label: 'U rampy' },
        datetimeArrive: at('06:00'),
        entry: at('08:00'),
        waiting: 'DEPARTURE',
      },
      {
        id: 8,
        status: { id: 2, label: 'U rampy' },
        datetimeArrive: at('05:00'),
        entry: at('06:10'),
        waiting: 'DEPARTURE',
      },
      {
        id: 9,
        status: { id: 1, label: 'Ohlášeno' },
        datetimeArrive: at('08:00'),
        cancelled: at('08:30'),
        waiting: null,
      },
      { id: 4, status: { id: 3, label: 'Odjelo' }, datetimeArrive: at('04:00'), waiting: null },
    ],
    occupancy: [
      { ramp: 10, transport: 7, from: at('08:00'), to: at('10:00'), open: true },
      { ramp: 10, transport: 8, from: at('06:10'), to: at('09:00'), open: false },
      { ramp: 10, transport: 4, from: '2026-11-24T22:00:00.000+01:00', to: at('03:00'), open: false },
      { ramp: 11, transport: 5, from: at('23:58'), to: at('23:59'), open: true },
    ],
  };
}

describe('the board', () => {
  it('has a column per status in the given order, its transports by arrival, none cancelled', () => {
    const columns = boardColumns(board());
    expect(columns.map((column) => column.status.id)).toEqual([1, 2, 3]);
    expect(columns.map((column) => column.transports.map((transport) => transport.id))).toEqual([
      [6, 5],
      [8, 7],
      [4],
    ]);
  });

  it('queues the transports waiting for entry by arrival and those waiting for departure by entry', () => {
    const queues = boardQueues(board());
    expect(queues.entry.map((transport) => transport.id)).toEqual([6, 5]);
    expect(queues.departure.map((transport) => transport.id)).toEqual([8, 7]);
  });

  it('finds the transports new since the last load (none on the first)', () => {
    expect(newTransports(null, board())).toEqual([]);
    expect(newTransports(new Set([4, 5, 6, 7, 8]), board())).toEqual([9]);
  });
});

describe('the ramp timeline', () => {
  it('places the stays of each ramp on the day, overlapping ones in lanes, cut to the day', () => {
    const [first, second] = timelineRows(board(), START, END);
    expect(first.ramp.label).toBe('R1');
    expect(first.lanes).toBe(2);
    const bars = Object.fromEntries(first.bars.map((bar) => [bar.transport, bar]));
    // From the day before: starts at midnight.
    expect(bars[4]).toMatchObject({ left: 0, lane: 0 });
    expect(bars[4].width).toBeCloseTo(12.5);
    expect(bars[8].left).toBeCloseTo((6 * 60 + 10) / 14.4);
    expect(bars[8].lane).toBe(0);
    // 08:00–10:00 overlaps 06:10–09:00: the next lane.
    expect(bars[7]).toMatchObject({ lane: 1, open: true });
    expect(bars[7].width).toBeCloseTo((2 / 24) * 100);
    // Two minutes are still visible, and stay within the day.
    expect(second.bars[0].width).toBeGreaterThanOrEqual(0.5);
    expect(second.bars[0].left + second.bars[0].width).toBeLessThanOrEqual(100.01);
  });

  it('has hour marks every two hours', () => {
    const marks = hourMarks(START, END);
    expect(marks.map((mark) => mark.hour)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    expect(marks[6].left).toBe(50);
  });
});
