import type { LogisticsBoard, RefValue } from '@strazce/contract';

/** A transport of the board (a transport record as the list gives it). */
export type BoardTransport = { id: number } & Record<string, unknown>;
export type BoardStatus = LogisticsBoard['statuses'][number];

export interface BoardColumn {
  status: BoardStatus;
  transports: BoardTransport[];
}

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);
/** Earliest first by a time field; a transport without it last. */
const byTime = (field: string) => (a: BoardTransport, b: BoardTransport) => {
  const first = time(a[field]);
  const second = time(b[field]);
  if (Number.isNaN(first) || Number.isNaN(second)) return Number.isNaN(first) ? 1 : -1;
  return first - second || a.id - b.id;
};

const statusId = (transport: BoardTransport) => (transport.status as RefValue | null | undefined)?.id;
const isCancelled = (transport: BoardTransport) =>
  transport.cancelled !== null && transport.cancelled !== undefined;

/**
 * The board's columns: its statuses in their order (by position, as the server gives them), each with the
 * transports in it, earliest arrival first. A cancelled transport is on no column.
 */
export function boardColumns(board: LogisticsBoard): BoardColumn[] {
  const transports = (board.transports as BoardTransport[]).filter((transport) => !isCancelled(transport));
  return board.statuses.map((status) => ({
    status,
    transports: transports
      .filter((transport) => statusId(transport) === status.id)
      .sort(byTime('datetimeArrive')),
  }));
}

/**
 * The two queues of the board: 'Čeká na vjezd' (not entered yet, by arrival) and 'Čeká na odjezd' (entered,
 * not left, by entry) — as the server marks them in `waiting`.
 */
export function boardQueues(board: LogisticsBoard): { entry: BoardTransport[]; departure: BoardTransport[] } {
  const transports = board.transports as BoardTransport[];
  return {
    entry: transports.filter((transport) => transport.waiting === 'ENTRY').sort(byTime('datetimeArrive')),
    departure: transports.filter((transport) => transport.waiting === 'DEPARTURE').sort(byTime('entry')),
  };
}

/** The transports of the board not seen before (none on the first load: nothing is new then). */
export function newTransports(seen: ReadonlySet<number> | null, board: LogisticsBoard): number[] {
  if (seen === null) return [];
  return (board.transports as BoardTransport[])
    .map((transport) => transport.id)
    .filter((id) => !seen.has(id));
}

/** A transport's time at a ramp on the timeline: left edge and width in per cent of the day, and its lane. */
export interface TimelineBar {
  transport: number;
  left: number;
  width: number;
  /** Overlapping stays at one ramp go one under the other. */
  lane: number;
  open: boolean;
  from: string;
  to: string;
}

export interface TimelineRow {
  ramp: RefValue;
  bars: TimelineBar[];
  lanes: number;
}

/** The narrowest bar, in per cent of the day (a stay of a few minutes still shows). */
export const MIN_BAR_WIDTH = 0.5;

/** A moment's place on the day from `start` to `end` (epoch milliseconds) in per cent, kept within the day. */
export function dayPosition(moment: number, start: number, end: number): number {
  const share = ((moment - start) / (end - start)) * 100;
  return Math.min(100, Math.max(0, share));
}

/**
 * The ramp timeline of the day: per ramp of the board, the stays of its occupancy within the day, each with
 * its position and a lane (a stay overlapping an earlier one in the same lane goes to the next lane).
 */
export function timelineRows(board: LogisticsBoard, start: number, end: number): TimelineRow[] {
  return board.ramps.map((ramp) => {
    const stays = board.occupancy
      .filter((stay) => stay.ramp === ramp.id && time(stay.to) > start && time(stay.from) < end)
      .sort((a, b) => time(a.from) - time(b.from));
    const laneEnds: number[] = [];
    const bars = stays.map((stay) => {
      const from = time(stay.from);
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
      if (lane === -1) lane = laneEnds.push(0) - 1;
      laneEnds[lane] = time(stay.to);
      const left = dayPosition(from, start, end);
      const right = dayPosition(time(stay.to), start, end);
      return {
        transport: stay.transport,
        left: Math.min(left, 100 - MIN_BAR_WIDTH),
        width: Math.max(MIN_BAR_WIDTH, right - left),
        lane,
        open: stay.open,
        from: stay.from,
        to: stay.to,
      };
    });
    return { ramp, bars, lanes: Math.max(1, laneEnds.length) };
  });
}

/** The hour marks of the timeline: every `step` hours of the day, with their place in per cent. */
export function hourMarks(start: number, end: number, step = 2): { hour: number; left: number }[] {
  const marks: { hour: number; left: number }[] = [];
  for (let hour = 0; start + hour * 3_600_000 < end; hour += step)
    marks.push({ hour, left: dayPosition(start + hour * 3_600_000, start, end) });
  return marks;
}
