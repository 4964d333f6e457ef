import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import {
  DASHBOARD_WIDGETS,
  rolesAllow,
  type DashboardSummary,
  type DashboardSummaryPart,
  type DashboardWidget,
  type ModuleCode,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { localDate, siteTimeZone } from '../../platform/siteTime';
import { kboxContents, kboxKeyboxes } from '../kbox/kbox.tables';
import { keyLends } from '../keys/keys.tables';
import { vehicleInAreaSql } from '../vehicle/vehicle.service';
import { vehicleMovements } from '../vehicle/vehicle.tables';
import { visits } from '../visit/visit.tables';
import { dashboardLayouts } from './dashboard.tables';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Who asks: roles held and the current site with its enabled modules. */
export interface DashboardViewer {
  userId: number;
  siteId: number | null;
  roles: readonly string[];
  modules: readonly ModuleCode[];
}

/** The viewer may see a widget's figures: the site has its module and the viewer holds one of its roles. */
export function mayView(viewer: DashboardViewer, part: DashboardSummaryPart): boolean {
  const { module, roles } = DASHBOARD_WIDGETS[part];
  return (
    viewer.siteId !== null &&
    rolesAllow(roles, viewer.roles, true) &&
    (module === undefined || viewer.modules.includes(module))
  );
}

/** The moments the site's calendar day `day` begins and ends (the next day's start) in its time zone. */
export function dayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  const start = dayjs.tz(day, timeZone);
  return {
    start: start.toDate(),
    end: dayjs.tz(start.add(1, 'day').format('YYYY-MM-DD'), timeZone).toDate(),
  };
}

type Figures<P extends DashboardSummaryPart> = NonNullable<DashboardSummary[P]>;

/**
 * Visitors in the area and today's entries and departures. Each count is one range or partial-index scan:
 * the in-area rows through `visit_in_area_idx`, today's rows through `visit_site_time_idx`.
 */
async function visitorFigures(db: Db, siteId: number, start: Date, end: Date): Promise<Figures<'visitors'>> {
  const [[inArea], [today]] = await Promise.all([
    db
      .select({ count: count() })
      .from(visits)
      .where(and(eq(visits.siteId, siteId), eq(visits.inArea, true))),
    db
      .select({
        entries: sql<number>`count(*) filter (where ${visits.direction} = 'IN')`.mapWith(Number),
        exits: sql<number>`count(*) filter (where ${visits.direction} = 'OUT')`.mapWith(Number),
      })
      .from(visits)
      .where(and(eq(visits.siteId, siteId), gte(visits.movementTime, start), lt(visits.movementTime, end))),
  ]);
  return { inArea: inArea.count, entriesToday: today.entries, exitsToday: today.exits };
}

/**
 * Vehicles in the area, as the vehicle manager's in-area list counts them (`vehicleInAreaSql`: a trailer left
 * inside counts too; the in-area indexes), and today's entries and departures (by time).
 */
async function vehicleFigures(db: Db, siteId: number, start: Date, end: Date): Promise<Figures<'vehicles'>> {
  const [[inArea], [today]] = await Promise.all([
    db
      .select({ count: count() })
      .from(vehicleMovements)
      .where(and(eq(vehicleMovements.siteId, siteId), vehicleInAreaSql())),
    db
      .select({
        entries: sql<number>`count(*) filter (where ${vehicleMovements.direction} = 'IN')`.mapWith(Number),
        exits: sql<number>`count(*) filter (where ${vehicleMovements.direction} = 'OUT')`.mapWith(Number),
      })
      .from(vehicleMovements)
      .where(
        and(
          eq(vehicleMovements.siteId, siteId),
          gte(vehicleMovements.movementTime, start),
          lt(vehicleMovements.movementTime, end),
        ),
      ),
  ]);
  return { inArea: inArea.count, entriesToday: today.entries, exitsToday: today.exits };
}

/** Keys lent out now and those of them past their due time: one scan of the open lend-outs (`km_lend_open_idx`). */
async function keyFigures(db: Db, siteId: number, now: Date): Promise<Figures<'keys'>> {
  const [row] = await db
    .select({
      lent: count(),
      overdue: sql<number>`count(*) filter (where ${keyLends.due} < ${now.toISOString()})`.mapWith(Number),
    })
    .from(keyLends)
    .where(and(eq(keyLends.siteId, siteId), eq(keyLends.returned, false)));
  return { lent: row.lent, overdue: row.overdue };
}

/** Contents waiting in the site's keyboxes and the keyboxes not OK (by the site's index of the contents). */
async function keyboxFigures(db: Db, siteId: number): Promise<Figures<'keybox'>> {
  const [boxes] = await db
    .select({
      keyboxes: count(),
      notOk: sql<number>`count(*) filter (where ${kboxKeyboxes.status} <> 'OK')`.mapWith(Number),
    })
    .from(kboxKeyboxes)
    .where(eq(kboxKeyboxes.siteId, siteId));
  const [waiting] = await db
    .select({ waiting: count() })
    .from(kboxContents)
    .where(and(eq(kboxContents.siteId, siteId), eq(kboxContents.status, 'DEPOSITED')));
  return { waiting: waiting.waiting, notOk: boxes.notOk, keyboxes: boxes.keyboxes };
}

/**
 * The live figures of the viewer's current site, only the parts they may see. A part that fails is logged by
 * the caller and named in `failed`; the others are still answered.
 */
export async function dashboardSummary(
  db: Db,
  viewer: DashboardViewer,
  now: Date,
  onFailure: (part: DashboardSummaryPart, error: unknown) => void,
): Promise<DashboardSummary> {
  const siteId = viewer.siteId;
  if (siteId === null) return { today: null, failed: [] };
  const timeZone = await siteTimeZone(db, siteId);
  const today = localDate(now, timeZone);
  const { start, end } = dayBounds(today, timeZone);
  const summary: DashboardSummary = { today, failed: [] };
  const parts: { [P in DashboardSummaryPart]: () => Promise<Figures<P>> } = {
    visitors: () => visitorFigures(db, siteId, start, end),
    vehicles: () => vehicleFigures(db, siteId, start, end),
    keys: () => keyFigures(db, siteId, now),
    keybox: () => keyboxFigures(db, siteId),
  };
  await Promise.all(
    (Object.keys(parts) as DashboardSummaryPart[])
      .filter((part) => mayView(viewer, part))
      .map(async (part) => {
        try {
          Object.assign(summary, { [part]: await parts[part]() });
        } catch (error) {
          onFailure(part, error);
          summary.failed.push(part);
        }
      }),
  );
  summary.failed.sort();
  return summary;
}

/** The viewer's widgets on their current site; null before they save a layout. */
export async function readLayout(db: Db, userId: number, siteId: number): Promise<DashboardWidget[] | null> {
  const [row] = await db
    .select({ widgets: dashboardLayouts.widgets })
    .from(dashboardLayouts)
    .where(and(eq(dashboardLayouts.siteId, siteId), eq(dashboardLayouts.userId, userId)));
  return row?.widgets ?? null;
}

/** Replaces the viewer's widgets on their current site (validated by the contract's layout rules). */
export async function saveLayout(
  db: Db,
  userId: number,
  siteId: number,
  widgets: DashboardWidget[],
  now: Date,
): Promise<void> {
  await db.transaction((tx) =>
    tx
      .insert(dashboardLayouts)
      .values({ siteId, userId, widgets, updatedAt: now })
      .onConflictDoUpdate({
        target: [dashboardLayouts.siteId, dashboardLayouts.userId],
        set: { widgets, updatedAt: now },
      }),
  );
}
