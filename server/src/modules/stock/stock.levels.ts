import { and, eq, sql } from 'drizzle-orm';
import type { StockItemType } from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../platform/errors';
import { stockCategories, stockItems, stockSerials } from './stock.tables';
import { preparedShapes, rowsOf } from '../../db/prepared';

/**
 * The stock rules (docs/stock.md): an item's stock per warehouse (`stock_level`) and in total
 * (`stock_item.current`) is the sum of its movements. Every movement written, changed or deleted moves them in
 * the same transaction by conditional updates (`… SET current = current + $units WHERE … AND current + $units
 * >= 0`), so the stock never goes negative however many movements race: the row lock of the first update
 * orders them, and each later one sees the stock its predecessor left. The item's row is locked first (by
 * `lockItem`), then its level: one order for every writer, no deadlock.
 */

/** An item as a movement needs it, locked for the transaction. */
export interface LockedItem {
  id: number;
  code: string;
  type: StockItemType;
  maxLendingHours: number | null;
  /** Its category's handover document, and whether an issue and a return of it are to be signed. */
  handover: { documentId: number | null; onIssue: boolean; onReturn: boolean };
}

/** A quantity as the database takes it: exactly three decimals (the API's numbers have at most three). */
export const quantityText = (units: number) => units.toFixed(3);

const negative = () => new AppError('STOCK_NEGATIVE', 'Stock cannot go negative');

/**
 * The item of the site by id or by code, its row locked until the transaction ends. An unknown code is 404
 * STOCK_UNKNOWN ('There is no stock item with this code'), an unknown id a validation error on `item`.
 */
export async function lockItem(
  tx: Db,
  siteId: number,
  by: { id?: number; code?: string },
): Promise<LockedItem> {
  const byCode = by.code !== undefined;
  const [item] = await lockItemStatement(byCode ? 'code' : 'id', byCode).rows<{
    id: number;
    code: string;
    type: StockItemType;
    max_lending_hours: number | null;
    handover_document_id: number | null;
    issue_document: boolean;
    return_document: boolean;
  }>(tx, { siteId, key: byCode ? by.code : (by.id ?? 0) });
  if (item)
    return {
      id: item.id,
      code: item.code,
      type: item.type,
      maxLendingHours: item.max_lending_hours,
      handover: {
        documentId: item.handover_document_id,
        onIssue: item.issue_document,
        onReturn: item.return_document,
      },
    };
  if (byCode) throw new AppError('STOCK_UNKNOWN', 'There is no stock item with this code');
  throw validationError('item', 'validation.ref');
}

const lockItemStatement = preparedShapes((handle, byCode: boolean) =>
  handle
    .select({
      id: stockItems.id,
      code: stockItems.code,
      type: stockItems.type,
      max_lending_hours: stockCategories.maxLendingHours,
      handover_document_id: stockCategories.handoverDocumentId,
      issue_document: stockCategories.issueDocument,
      return_document: stockCategories.returnDocument,
    })
    .from(stockItems)
    .innerJoin(stockCategories, eq(stockCategories.id, stockItems.categoryId))
    .where(
      and(
        eq(stockItems.siteId, sql.placeholder('siteId')),
        byCode ? eq(stockItems.code, sql.placeholder('key')) : eq(stockItems.id, sql.placeholder('key')),
      ),
    )
    .for('update', { of: stockItems }),
);

/** A change of stock: `units` of a (locked) item in a warehouse, with the serial of a UNIQUE item. */
export interface StockChange {
  siteId: number;
  item: LockedItem;
  warehouseId: number;
  units: number;
  serial: string | null;
}

/** The item's flag: under its minimum in total, or any of its levels under its own. */
const ITEM_BELOW_MINIMUM =
  sql.raw(`(stock_item.minimum is not null and stock_item.current < stock_item.minimum)
  or exists (select 1 from stock_level l where l.item_id = stock_item.id and l.below_minimum)`);

/**
 * Moves the stock of one item in one warehouse by `units` (in the caller's transaction, the item locked):
 * the level (created by its first receipt), the item's total and its below-minimum flag; a UNIQUE item's
 * serial enters or leaves the stock. 409 STOCK_NEGATIVE when the warehouse (or the total) would go below
 * zero or the serial is not in that warehouse; 409 STOCK_SERIAL_IN_STOCK when a received serial is in stock.
 */
export async function moveStock(tx: Db, change: StockChange): Promise<void> {
  const { siteId, item, warehouseId } = change;
  if (item.type === 'UNIQUE' && change.serial !== null) await moveSerial(tx, change);
  const [moved] = await moveStatement(change.units > 0 ? 'receipt' : 'issue', change.units > 0).rows<{
    levels: number;
    totals: number;
  }>(tx, { siteId, itemId: item.id, warehouseId, units: quantityText(change.units) });
  if (Number(moved.levels) === 0 || Number(moved.totals) === 0) throw negative();
}

/**
 * The level and the total in one statement (the item stays locked one round trip less). Its parts see the
 * rows as they were before it: the item's flag takes the level's new flag from the level's part. A receipt
 * creates the level; an issue only moves an existing one, and never below zero.
 */
const moveStatement = preparedShapes((_handle, receipt: boolean) => {
  const siteId = sql.placeholder('siteId');
  const itemId = sql`${sql.placeholder('itemId')}::int`;
  const warehouseId = sql`${sql.placeholder('warehouseId')}::int`;
  const units = sql`${sql.placeholder('units')}::numeric`;
  const level = receipt
    ? sql`insert into stock_level as l (site_id, item_id, warehouse_id, current)
          values (${siteId}, ${itemId}, ${warehouseId}, ${units})
          on conflict (item_id, warehouse_id) do update
            set current = l.current + excluded.current,
                below_minimum = l.minimum is not null and l.current + excluded.current < l.minimum
          returning l.below_minimum`
    : sql`update stock_level
          set current = current + ${units},
              below_minimum = minimum is not null and current + ${units} < minimum
          where item_id = ${itemId} and warehouse_id = ${warehouseId}
            and current + ${units} >= 0
          returning below_minimum`;
  return sql`with level as (${level}),
    total as (update stock_item
      set current = current + ${units},
          below_minimum = (minimum is not null and current + ${units} < minimum)
            or coalesce((select below_minimum from level), false)
            or exists (select 1 from stock_level l
              where l.item_id = stock_item.id and l.warehouse_id <> ${warehouseId} and l.below_minimum)
      where id = ${itemId} and current + ${units} >= 0 and exists (select 1 from level)
      returning id)
    select (select count(*) from level)::int as levels, (select count(*) from total)::int as totals`;
});

/** A UNIQUE item's serial: received into the warehouse (at most once in stock), or issued from it. */
async function moveSerial(tx: Db, change: StockChange): Promise<void> {
  const serial = change.serial!;
  if (change.units > 0) {
    const [entered] = await tx
      .insert(stockSerials)
      .values({ siteId: change.siteId, itemId: change.item.id, serial, warehouseId: change.warehouseId })
      .onConflictDoNothing()
      .returning({ serial: stockSerials.serial });
    if (!entered) throw new AppError('STOCK_SERIAL_IN_STOCK', 'This serial number is already in stock');
    return;
  }
  const [left] = await tx
    .delete(stockSerials)
    .where(
      and(
        eq(stockSerials.itemId, change.item.id),
        eq(stockSerials.serial, serial),
        eq(stockSerials.warehouseId, change.warehouseId),
      ),
    )
    .returning({ serial: stockSerials.serial });
  if (!left) throw negative();
}

/** The item's below-minimum flag again (after its minimum, a level's minimum or its stock changed). */
export async function refreshItemFlag(tx: Db, itemId: number): Promise<void> {
  await tx.execute(sql`update stock_item set below_minimum = ${ITEM_BELOW_MINIMUM} where id = ${itemId}`);
}

/** A level's below-minimum flag again (after its minimum changed), then its item's. */
export async function refreshLevelFlag(tx: Db, levelId: number): Promise<void> {
  const [level] = rowsOf(
    await tx.execute(sql`update stock_level
      set below_minimum = minimum is not null and current < minimum
      where id = ${levelId} returning item_id`),
  );
  if (level) await refreshItemFlag(tx, Number(level.item_id));
}
