import { sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * The span of a table partitioned by range (the audit trail, by month), for lists that read its newest rows first.
 *
 * A page of the newest rows over every partition costs PostgreSQL an index scan started in each one, merged (a
 * Merge Append), and a plan over all of them at every run: at ten years of months, about 17 ms. The same page
 * within the newest partitions alone (`created` from the start of the newest ones) is planned over those few and
 * read one after another, stopping at the page's last row (an ordered Append): well under a millisecond. Such a
 * window gives the right page when it holds the whole page, every row outside it is then older, and the window
 * leaves the default partition out, which PostgreSQL does only when the window lies within partitions that meet.
 * So there is a span only while the default partition is empty and the partitions meet without a gap; then no row
 * lies outside their bounds. Otherwise (null) the lists read every partition.
 */
export interface PartitionSpan {
  /** The lower bound of each partition, oldest first. */
  bounds: Date[];
  /** The upper bound of the newest partition. */
  to: Date;
}

/**
 * The newest partitions of a span that hold the rows since `since`: from the lower bound of the partition holding
 * `since` (or the oldest) to the end.
 */
export function windowSince(span: PartitionSpan, since: Date): { from: Date; to: Date } {
  let from = span.bounds[0];
  for (const bound of span.bounds) if (bound.getTime() <= since.getTime()) from = bound;
  return { from, to: span.to };
}

interface PartitionRow {
  name: string;
  isDefault: boolean;
  lower: Date | string | null;
  upper: Date | string | null;
}

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** The span of `table`'s partitions, or null when a row may lie outside it (see `PartitionSpan`). */
export async function partitionSpan(db: Db, table: string): Promise<PartitionSpan | null> {
  // A bound reads `FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')` in the session's
  // time zone, which the cast back to timestamptz reads alike; MINVALUE and MAXVALUE have no quotes (null).
  const result = await db.execute(sql`
    select child.relname as "name",
      child.relpartbound is not null and pg_get_expr(child.relpartbound, child.oid) = 'DEFAULT' as "isDefault",
      substring(pg_get_expr(child.relpartbound, child.oid) from 'FROM \\(''([^'']+)''\\)')::timestamptz as "lower",
      substring(pg_get_expr(child.relpartbound, child.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz as "upper"
    from pg_inherits link join pg_class child on child.oid = link.inhrelid
    where link.inhparent = to_regclass(${table}::text)`);
  const rows = (result as unknown as { rows: PartitionRow[] }).rows;
  const ranges = rows
    .filter((row) => !row.isDefault)
    .map((row) => ({ lower: asDate(row.lower), upper: asDate(row.upper) }));
  const bounded = ranges.filter(
    (range): range is { lower: Date; upper: Date } => range.lower !== null && range.upper !== null,
  );
  if (ranges.length === 0 || bounded.length !== ranges.length) return null;
  const sorted = bounded.sort((a, b) => a.lower.getTime() - b.lower.getTime());
  for (let index = 1; index < sorted.length; index++)
    if (sorted[index].lower.getTime() !== sorted[index - 1].upper.getTime()) return null;
  const fallback = rows.find((row) => row.isDefault);
  if (fallback) {
    const held = await db.execute(
      sql`select exists (select 1 from ${sql.identifier(fallback.name)}) as "held"`,
    );
    if ((held as unknown as { rows: Array<{ held: boolean }> }).rows[0].held) return null;
  }
  return { bounds: sorted.map((range) => range.lower), to: sorted[sorted.length - 1].upper };
}

/**
 * `partitionSpan` kept for `keepMs`: a row that lands outside the span meanwhile (only a clock far off does that;
 * the months ahead are made in advance) is missing from the lists for at most that long.
 */
export function keptPartitionSpan(
  db: Db,
  table: string,
  now: () => number,
  keepMs = 30_000,
): () => Promise<PartitionSpan | null> {
  let kept: { span: Promise<PartitionSpan | null>; until: number } | null = null;
  return () => {
    if (!kept || kept.until <= now()) {
      const span = partitionSpan(db, table);
      kept = { span, until: now() + keepMs };
      // A failed read is not kept.
      span.catch(() => (kept = null));
    }
    return kept.span;
  };
}
