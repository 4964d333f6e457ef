import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  LOGISTICS_TURN_TIME_GROUPS,
  serverText,
  type LogisticsBoard,
  type LogisticsTurnTime,
  type ServerTextKey,
  type TextLanguage,
} from '@strazce/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import type { CrudRepository } from '../../platform/crud';
import { csvOptionsFor, toCsvText } from '../../platform/csv';
import { formatSiteDateTime } from '../../platform/siteTime';
import {
  logisticsRamps,
  logisticsStatuses,
  logisticsSuppliers,
  logisticsTransports as t,
  logisticsTypes,
} from './logistics.tables';
import { closedSql } from './logistics.transport';

/** The moment a calendar day (YYYY-MM-DD) of the zone begins. */
const dayStart = (day: string, timeZone: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`;
const nextDayStart = (day: string, timeZone: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** Most transports a board shows (a day of a large site, and the open ones from before). */
const BOARD_LIMIT = 1000;

/**
 * The dispatcher board of a day: the active statuses (its columns) and ramps, the transports that arrived
 * that day or are still open from before, and each ramp's occupancy (entry, or arrival, to leave or now).
 */
export async function boardOf(
  db: Db,
  transports: CrudRepository,
  siteId: number,
  day: string,
  timeZone: string,
  now: Date,
): Promise<LogisticsBoard> {
  const [statuses, ramps, page] = await Promise.all([
    db
      .select({
        id: logisticsStatuses.id,
        label: logisticsStatuses.name,
        color: logisticsStatuses.color,
        archive: logisticsStatuses.archive,
      })
      .from(logisticsStatuses)
      .where(and(eq(logisticsStatuses.siteId, siteId), eq(logisticsStatuses.active, true)))
      .orderBy(asc(logisticsStatuses.position), asc(logisticsStatuses.name)),
    db
      .select({ id: logisticsRamps.id, label: logisticsRamps.name })
      .from(logisticsRamps)
      .where(and(eq(logisticsRamps.siteId, siteId), eq(logisticsRamps.active, true)))
      .orderBy(asc(logisticsRamps.name)),
    transports.list(
      {
        page: 1,
        size: BOARD_LIMIT,
        sort: { field: 'datetimeArrive', direction: 'asc' },
        filters: {},
      },
      siteId,
      sql`((${t.datetimeArrive} >= ${dayStart(day, timeZone)} and ${t.datetimeArrive} < ${nextDayStart(day, timeZone)})
        or (${t.cancelled} is null and ${t.datetimeArrive} < ${dayStart(day, timeZone)} and not ${closedSql()}))`,
    ),
  ]);
  const occupancy: LogisticsBoard['occupancy'] = [];
  for (const transport of page.rows) {
    const ramp = transport.ramp as { id: number } | null;
    if (!ramp || transport.cancelled) continue;
    const leave = transport.leave as string | null;
    const open = leave === null && transport.waiting !== null;
    if (leave === null && !open) continue;
    occupancy.push({
      ramp: ramp.id,
      transport: transport.id as number,
      from: (transport.entry ?? transport.datetimeArrive) as string,
      to: leave ?? now.toISOString(),
      open,
    });
  }
  return { date: day, statuses, ramps, transports: page.rows, occupancy };
}

type Figures = Pick<LogisticsTurnTime['overall'], 'waitingMinutes' | 'rampMinutes' | 'totalMinutes'>;
const FIGURES = ['waitingMinutes', 'rampMinutes', 'totalMinutes'] as const;

const minutes = (from: Date | null, to: Date | null) =>
  from && to ? Math.round((to.getTime() - from.getTime()) / 6000) / 10 : null;

/** The averages of figures (each over the transports that have it), rounded to a tenth of a minute. */
function averageOf(rows: Figures[]): Figures {
  const result = {} as Figures;
  for (const figure of FIGURES) {
    const values = rows.map((row) => row[figure]).filter((value): value is number => value !== null);
    result[figure] =
      values.length === 0
        ? null
        : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
  }
  return result;
}

/**
 * The turn-time figures of the transports that arrived in the days `from`…`to` (the site's zone) and left:
 * waiting before entry, time at the ramp and total turn time in minutes, with averages per supplier, type and
 * ramp and overall.
 */
export async function turnTimeOf(
  db: Db,
  siteId: number,
  from: string,
  to: string,
  timeZone: string,
): Promise<LogisticsTurnTime> {
  const ref = (
    table: typeof logisticsSuppliers | typeof logisticsTypes | typeof logisticsRamps,
    column: PgColumn,
  ) =>
    sql<{ id: number; label: string } | null>`(select json_build_object('id', r.id, 'label', r.name)
      from ${table} r where r.id = ${column})`;
  const rows = await db
    .select({
      id: t.id,
      licencePlate: t.licencePlate,
      supplier: ref(logisticsSuppliers, t.supplierId),
      type: ref(logisticsTypes, t.typeId),
      ramp: ref(logisticsRamps, t.rampId),
      datetimeArrive: t.datetimeArrive,
      entry: t.entry,
      leave: t.leave,
    })
    .from(t)
    .where(
      and(
        eq(t.siteId, siteId),
        gte(t.datetimeArrive, dayStart(from, timeZone)),
        lt(t.datetimeArrive, nextDayStart(to, timeZone)),
        isNotNull(t.leave),
        sql`${t.cancelled} is null`,
      ),
    )
    .orderBy(asc(t.datetimeArrive), asc(t.id));
  const transports = rows.map((row) => ({
    ...row,
    datetimeArrive: row.datetimeArrive.toISOString(),
    entry: row.entry?.toISOString() ?? null,
    leave: row.leave?.toISOString() ?? null,
    waitingMinutes: minutes(row.datetimeArrive, row.entry),
    rampMinutes: minutes(row.entry, row.leave),
    totalMinutes: minutes(row.datetimeArrive, row.leave),
  }));
  const averages = {} as LogisticsTurnTime['averages'];
  for (const group of LOGISTICS_TURN_TIME_GROUPS) {
    const groups = new Map<number | null, typeof transports>();
    for (const transport of transports) {
      const key = transport[group]?.id ?? null;
      groups.set(key, [...(groups.get(key) ?? []), transport]);
    }
    averages[group] = [...groups.values()]
      .map((members) => ({ group: members[0][group], count: members.length, ...averageOf(members) }))
      .sort((a, b) => (a.group?.label ?? '').localeCompare(b.group?.label ?? '', 'cs'));
  }
  return { from, to, transports, averages, overall: { count: transports.length, ...averageOf(transports) } };
}

/** The turn-time report's columns, labelled as the web app labels them. */
const TURN_TIME_HEADERS: readonly ServerTextKey[] = [
  'logistics.turnTime.licencePlate',
  'logistics.turnTime.supplier',
  'logistics.turnTime.type',
  'logistics.turnTime.ramp',
  'logistics.turnTime.datetimeArrive',
  'logistics.turnTime.entry',
  'logistics.turnTime.leave',
  'logistics.turnTime.waitingMinutes',
  'logistics.turnTime.rampMinutes',
  'logistics.turnTime.totalMinutes',
];

/** The turn-time report as CSV: one row per transport, times in the site's zone. */
export function toTurnTimeCsv(report: LogisticsTurnTime, language: TextLanguage, timeZone: string): string {
  const time = (value: string | null) => (value ? formatSiteDateTime(new Date(value), timeZone) : null);
  return toCsvText(
    TURN_TIME_HEADERS.map((key) => serverText(language, key)),
    report.transports.map((row) => [
      row.licencePlate,
      row.supplier?.label,
      row.type?.label,
      row.ramp?.label,
      time(row.datetimeArrive),
      time(row.entry),
      time(row.leave),
      row.waitingMinutes,
      row.rampMinutes,
      row.totalMinutes,
    ]),
    csvOptionsFor(language),
  );
}
