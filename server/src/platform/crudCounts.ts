import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedShapes } from '../db/prepared';
import { inline, type CrudModel, type LazySql, type Target, type WriteSignal } from './crudModel';

/*
 * The CRUD machinery's counts: a list's total, exact or (with `countLimit`) estimated beyond the limit, kept
 * for the same filters (docs/performance.md).
 */

/** The counts of an entity (`crudModel`) on `db`; `writes` tells when a kept exact total is stale. */
export function crudCounts(model: CrudModel, db: Db, writes?: WriteSignal) {
  const { options, clock, table, whereOf, bound } = model;

  /**
   * Exact count, or with `countLimit`: an exact count of at most limit + 1 rows, and beyond the limit the
   * planner's estimate (never below limit + 1), each kept for the same filters (see `totals`).
   */
  async function countRows(target: Target): Promise<number> {
    const limit = options.countLimit;
    if (target.extraWhere) {
      // A row filter is SQL of the module's own: built anew, never kept.
      const where = whereOf(target, inline, [])();
      const [{ total }] = await countOf(db, where);
      return limit && Number(total) > limit ? estimatedCount(where, limit) : Number(total);
    }
    const { where, values, shape } = bound(target);
    const key = shape.join('&');
    const counted = async () =>
      Number((await countStatement(key, where).rows<{ total: unknown }>(db, values))[0].total);
    if (!limit) return counted();
    const keptKey = `${key} ${JSON.stringify(values)}`;
    const kept = totals.get(keptKey);
    if (kept && kept.until > clock.now() && (kept.written === null || writes?.isCurrent(kept.written)))
      return kept.total;
    const keep = (total: number, written: number | null, ms: number) => {
      if (totals.size >= MAX_KEPT_TOTALS) totals.clear();
      totals.set(keptKey, { total, written, until: clock.now() + ms });
    };
    const startedAt = writes?.generation();
    const total = await counted();
    if (total <= limit) {
      if (startedAt !== undefined) keep(total, startedAt, EXACT_KEPT_MS);
      return total;
    }
    const estimate = await estimatedCount(whereOf(target, inline, [])(), limit);
    keep(estimate, null, ESTIMATE_KEPT_MS);
    return estimate;
  }
  const matching = (handle: Db, where: SQL | undefined) =>
    handle
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  /** The count of the matching rows; with `countLimit`, of at most limit + 1 of them. */
  const countOf = (handle: Db, where: SQL | undefined) => {
    const total = { total: sql`count(*)`.as('total') };
    const limit = options.countLimit;
    return limit
      ? handle.select(total).from(
          matching(handle, where)
            .limit(limit + 1)
            .as('bounded'),
        )
      : handle.select(total).from(table).where(where);
  };
  const countStatement = preparedShapes((handle, where: LazySql) => countOf(handle, where()));
  /** The planner's estimate of the matching rows, never below limit + 1 (the exact count found more). */
  const estimatedCount = async (where: SQL | undefined, limit: number) =>
    Math.max(limit + 1, planRows(await db.execute(sql`explain (format json) ${matching(db, where)}`)));
  /**
   * Totals of a large table by filter values: an estimate for `ESTIMATE_KEPT_MS`; an exact count until
   * the next write call (`written`: the write generation it was counted in), at most `EXACT_KEPT_MS`.
   */
  const totals = new Map<string, { total: number; written: number | null; until: number }>();

  return { countRows };
}

/**
 * How long a total beyond the count limit is reused for the same filters: it is the planner's estimate
 * anyway, and a list that large does not change noticeably in that time, while its pages save statements.
 */
const ESTIMATE_KEPT_MS = 30_000;
/**
 * An exact total is reused until anything is written through the API; this long at most, for a change made
 * in the database by hand (as the session cache).
 */
const EXACT_KEPT_MS = 10_000;
const MAX_KEPT_TOTALS = 1000;

/** The planner's row estimate from `explain (format json)` (node-postgres and PGlite shapes). */
function planRows(result: unknown): number {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  let plan = rows[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const estimate = Number((plan as Array<{ Plan?: { 'Plan Rows'?: number } }>)?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(estimate) ? Math.round(estimate) : 0;
}
