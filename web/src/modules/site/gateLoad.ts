import type { GateLoadRow, RefValue } from '@strazce/contract';

/** Entries and departures of one hour of the day (0–23), over the chosen gates. */
export interface HourLoad {
  hour: number;
  /** `08:00` */
  label: string;
  entries: number;
  departures: number;
}

export interface GateLoadSummary {
  entries: number;
  departures: number;
  /** The hour with the most passages (entries + departures); null without traffic. */
  busiestHour: HourLoad | null;
  /** Gates with any traffic in the report. */
  gates: number;
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** `08:00–09:00` */
export const hourRange = (hour: number) =>
  `${hourLabel(hour)}–${hour === 23 ? '24:00' : hourLabel(hour + 1)}`;

/** The gates that appear in the report, by name. */
export function reportGates(rows: readonly GateLoadRow[]): RefValue[] {
  const byId = new Map<number, RefValue>();
  for (const row of rows) byId.set(row.gate.id, row.gate);
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The rows of one gate, or of all gates when `gateId` is null. */
export function rowsOfGate(rows: readonly GateLoadRow[], gateId: number | null): GateLoadRow[] {
  return gateId === null ? [...rows] : rows.filter((row) => row.gate.id === gateId);
}

/** Every hour of the day, summed over the given rows; hours without traffic are zero (the server omits them). */
export function hourlyLoad(rows: readonly GateLoadRow[]): HourLoad[] {
  const hours: HourLoad[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    label: hourLabel(hour),
    entries: 0,
    departures: 0,
  }));
  for (const row of rows) {
    hours[row.hour].entries += row.entries;
    hours[row.hour].departures += row.departures;
  }
  return hours;
}

export function summarize(rows: readonly GateLoadRow[]): GateLoadSummary {
  const hours = hourlyLoad(rows);
  let busiestHour: HourLoad | null = null;
  for (const hour of hours) {
    const total = hour.entries + hour.departures;
    if (total > 0 && (!busiestHour || total > busiestHour.entries + busiestHour.departures))
      busiestHour = hour;
  }
  return {
    entries: hours.reduce((sum, hour) => sum + hour.entries, 0),
    departures: hours.reduce((sum, hour) => sum + hour.departures, 0),
    busiestHour,
    gates: reportGates(rows).length,
  };
}
