import { sql } from 'drizzle-orm';
import {
  serverText,
  type GateLoadQuery,
  type GateLoadReport,
  type GateLoadRow,
  type TextLanguage,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import { csvOptionsFor, toCsvText } from '../../platform/csv';

/** A gate's hour as the query reads it. */
interface GateHourRow {
  gate_id: number;
  gate_name: string;
  hour: number;
  entries: number;
  departures: number;
}

/**
 * Entries and departures per gate and hour of the day (in the report's time zone), summed over the days
 * `from`..`to` inclusive, from the movements the visits and vehicles modules record in `gate_movement`.
 */
export async function gateLoad(db: Db, siteId: number, query: GateLoadQuery): Promise<GateLoadReport> {
  const { from, to, timeZone } = query;
  const result = await db.execute(sql`
    select g.id as gate_id, g.name as gate_name,
      extract(hour from m.time at time zone ${timeZone})::int as hour,
      count(*) filter (where m.direction = 'IN')::int as entries,
      count(*) filter (where m.direction = 'OUT')::int as departures
    from gate_movement m
    join system_site_gate g on g.id = m.gate_id
    where m.site_id = ${siteId}
      and m.time >= (${from}::date)::timestamp at time zone ${timeZone}
      and m.time < (${to}::date + 1)::timestamp at time zone ${timeZone}
    group by g.id, g.name, hour
    order by g.name, g.id, hour`);
  const rows: GateLoadRow[] = rowsOf<GateHourRow>(result).map((row) => ({
    gate: { id: Number(row.gate_id), label: String(row.gate_name) },
    hour: Number(row.hour),
    entries: Number(row.entries),
    departures: Number(row.departures),
  }));
  return { from, to, timeZone, rows };
}

const CSV_HEADERS = [
  'reports.gateLoad.gate',
  'reports.gateLoad.hour',
  'reports.gateLoad.entries',
  'reports.gateLoad.departures',
] as const;

/**
 * The report as CSV for spreadsheets (platform/csv.ts: in the caller's language, with a byte-order mark):
 * every gate with traffic and every hour 0–23 (zeros included).
 */
export function gateLoadCsv(report: GateLoadReport, language: TextLanguage): string {
  const rows: Array<Array<string | number>> = [];
  const gates = new Map<number, { label: string; hours: Map<number, GateLoadRow> }>();
  for (const row of report.rows) {
    const gate = gates.get(row.gate.id) ?? { label: row.gate.label, hours: new Map() };
    gate.hours.set(row.hour, row);
    gates.set(row.gate.id, gate);
  }
  for (const gate of gates.values()) {
    for (let hour = 0; hour < 24; hour++) {
      const row = gate.hours.get(hour);
      const label = `${String(hour).padStart(2, '0')}:00`;
      rows.push([gate.label, label, row?.entries ?? 0, row?.departures ?? 0]);
    }
  }
  return toCsvText(
    CSV_HEADERS.map((key) => serverText(language, key)),
    rows,
    csvOptionsFor(language),
  );
}
