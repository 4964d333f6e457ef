import { and, asc, eq, sql } from 'drizzle-orm';
import {
  KNOWN_CONFIG_PROPERTIES,
  isCurrencyCode,
  stockLevelProblem,
  type StockItemType,
  type StockVariance,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord, changedFields } from '../../platform/audit';
import type { CrudContext, CrudHooks, CrudRepository } from '../../platform/crud';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { activeSiteProperty } from '../../platform/siteProperty';
import { quantityText } from './stock.levels';
import {
  stockItems,
  stockLevels,
  stockTakingLines,
  stockTakings,
  stockUnits,
  stockWarehouses,
} from './stock.tables';

const closedTaking = () => new AppError('STOCK_TAKING_CLOSED', 'The stock taking is closed');

/** The taking of the site, locked for the transaction: 404 for another site's, 409 when it is closed. */
async function openTaking(tx: Db, siteId: number, id: number) {
  const [taking] = await tx
    .select()
    .from(stockTakings)
    .where(and(eq(stockTakings.id, id), eq(stockTakings.siteId, siteId)))
    .for('update');
  if (!taking) throw notFound('Stock taking');
  if (taking.closed) throw closedTaking();
  return taking;
}

/** `lineCount`: the lines of the taking, counted by the list's own select. */
export const lineCountSql = () =>
  sql`(select count(*) from stock_taking_line l where l.taking_id = ${sql.raw('"stock_taking"."id"')})::int`;

/** A taking: created by the caller now; a closed one is never changed or deleted (409 STOCK_TAKING_CLOSED). */
export const takingHooks: CrudHooks = {
  beforeWrite(values, _input, ctx, existing) {
    if (existing?.closed) throw closedTaking();
    if (!existing) {
      values.userId = sessionOf(ctx.request).userId;
      values.created = new Date(ctx.request.server.clock.now());
    }
  },
  beforeDelete(existing) {
    if (existing.closed) throw closedTaking();
  },
};

/**
 * A counted line: its taking open (409 STOCK_TAKING_CLOSED, locked so a close waits), its warehouse the
 * taking's when the taking names one, its count a valid stock level of the item ('Item stock level must be
 * valid'). Neither a line of a closed taking nor the taking of a line changes.
 */
export const takingLineHooks: CrudHooks = {
  async beforeWrite(values, _input, ctx, existing) {
    if (existing) await openTaking(ctx.tx, ctx.siteId!, existing.takingId as number);
    const taking = await openTaking(ctx.tx, ctx.siteId!, (values.takingId ?? existing?.takingId) as number);
    const warehouseId = (values.warehouseId ?? existing?.warehouseId) as number;
    if (taking.warehouseId !== null && taking.warehouseId !== warehouseId)
      throw validationError('warehouse', 'validation.invalid');
    const [item] = await ctx.tx
      .select({ type: stockItems.type })
      .from(stockItems)
      .where(eq(stockItems.id, (values.itemId ?? existing?.itemId) as number));
    const counted = Number(values.counted ?? existing?.counted);
    if (stockLevelProblem(counted, item.type as StockItemType))
      throw validationError('counted', 'validation.stockLevel');
    if (values.counted !== undefined) values.counted = quantityText(counted);
  },
  async beforeDelete(existing, ctx) {
    await openTaking(ctx.tx, ctx.siteId!, existing.takingId as number);
  },
};

/**
 * Closes a taking (`POST /api/stock/taking/:id/close`): 409 STOCK_TAKING_CLOSED when it is closed, 409
 * STOCK_TAKING_EMPTY without lines; per line (by item and warehouse) the expected stock is read with the item
 * locked, a STOCK_TAKING movement writes the difference, and the line keeps both. Audited.
 */
export async function closeTaking(movements: CrudRepository, ctx: CrudContext, id: number): Promise<void> {
  const siteId = ctx.siteId!;
  const taking = await openTaking(ctx.tx, siteId, id);
  const lines = await ctx.tx
    .select()
    .from(stockTakingLines)
    .where(eq(stockTakingLines.takingId, id))
    .orderBy(asc(stockTakingLines.itemId), asc(stockTakingLines.warehouseId));
  if (lines.length === 0)
    throw new AppError('STOCK_TAKING_EMPTY', 'Stock taking cannot be closed with no items');
  const now = new Date(ctx.request.server.clock.now());
  for (const line of lines) {
    // The item's row first (as every movement locks it), then its level: the expected stock holds.
    await ctx.tx
      .select({ id: stockItems.id })
      .from(stockItems)
      .where(eq(stockItems.id, line.itemId))
      .for('update');
    const [level] = await ctx.tx
      .select({ current: stockLevels.current })
      .from(stockLevels)
      .where(and(eq(stockLevels.itemId, line.itemId), eq(stockLevels.warehouseId, line.warehouseId)));
    const expected = Number(level?.current ?? 0);
    const difference = Number((Number(line.counted) - expected).toFixed(3));
    if (difference !== 0)
      await movements.insert(
        {
          item: line.itemId,
          warehouse: line.warehouseId,
          units: difference,
          type: 'STOCK_TAKING',
          movementTime: now.toISOString(),
          note: taking.name,
          byTaking: true,
        },
        ctx,
      );
    await ctx.tx
      .update(stockTakingLines)
      .set({ expected: quantityText(expected), difference: quantityText(difference) })
      .where(eq(stockTakingLines.id, line.id));
  }
  await ctx.tx
    .update(stockTakings)
    .set({ closed: now, version: taking.version + 1, updatedAt: now })
    .where(eq(stockTakings.id, id));
  auditRecord(ctx.request, {
    entity: 'stock/taking',
    recordId: id,
    siteId,
    changes: changedFields({ closed: null }, { closed: now, lines: lines.length }),
  });
}

/**
 * The variance report of a taking: per line (by item code and warehouse) the expected stock (kept at the
 * close, the current stock before it), the count, the difference and its value at the item's price, computed
 * by the database in exact decimals.
 */
/** The currency of the site's stock prices (STOCK_CURRENCY), its default while unset or not a currency code. */
export async function stockCurrency(db: Db, siteId: number): Promise<string> {
  const value = await activeSiteProperty(db, siteId, 'STOCK_CURRENCY');
  return isCurrencyCode(value) ? value : KNOWN_CONFIG_PROPERTIES.STOCK_CURRENCY.default;
}

export async function takingVariance(db: Db, siteId: number, id: number): Promise<StockVariance> {
  const [taking] = await db
    .select({ id: stockTakings.id, name: stockTakings.name, closed: stockTakings.closed })
    .from(stockTakings)
    .where(and(eq(stockTakings.id, id), eq(stockTakings.siteId, siteId)));
  if (!taking) throw notFound('Stock taking');
  const expected = sql`coalesce(${stockTakingLines.expected}, ${stockLevels.current}, 0)`;
  const difference = sql`(${stockTakingLines.counted} - ${expected})`;
  const rows = await db
    .select({
      itemId: stockItems.id,
      itemName: stockItems.name,
      code: stockItems.code,
      warehouseId: stockWarehouses.id,
      warehouse: stockWarehouses.name,
      unit: stockUnits.abbreviation,
      expected: sql<string>`${expected}::text`,
      counted: sql<string>`${stockTakingLines.counted}::text`,
      difference: sql<string>`${difference}::text`,
      value: sql<string | null>`(${difference} * ${stockItems.price})::text`,
    })
    .from(stockTakingLines)
    .innerJoin(stockItems, eq(stockItems.id, stockTakingLines.itemId))
    .innerJoin(stockUnits, eq(stockUnits.id, stockItems.unitId))
    .innerJoin(stockWarehouses, eq(stockWarehouses.id, stockTakingLines.warehouseId))
    .leftJoin(
      stockLevels,
      and(
        eq(stockLevels.itemId, stockTakingLines.itemId),
        eq(stockLevels.warehouseId, stockTakingLines.warehouseId),
      ),
    )
    .where(eq(stockTakingLines.takingId, id))
    .orderBy(asc(stockItems.code), asc(stockWarehouses.name), asc(stockTakingLines.id));
  const lines = rows.map((row) => ({
    item: { id: row.itemId, label: `${row.itemName} (${row.code})`, code: row.code },
    warehouse: { id: row.warehouseId, label: row.warehouse },
    unit: row.unit,
    expected: Number(row.expected),
    counted: Number(row.counted),
    difference: Number(row.difference),
    value: row.value === null ? null : Number(row.value),
  }));
  // Thousandths times prices: summed as integers of millionths, exact.
  const totalMillionths = rows.reduce(
    (sum, row) => (row.value === null ? sum : sum + Math.round(Number(row.value) * 1_000_000)),
    0,
  );
  return {
    taking: { id: taking.id, name: taking.name, closed: taking.closed?.toISOString() ?? null },
    lines,
    totalValue: totalMillionths / 1_000_000,
    currency: await stockCurrency(db, siteId),
  };
}
