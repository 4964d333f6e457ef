import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { StockItemType, StockMovementType } from '@strazce/contract';
import type { Db } from '../../db/database';
import { persons, siteModules } from '../../platform/platform.tables';
import { lockItem, moveStock, quantityText } from './stock.levels';
import {
  stockCategories,
  stockItems,
  stockMovements,
  stockTakingLines,
  stockTakings,
  stockUnits,
  stockWarehouses,
} from './stock.tables';

const HOUR_MS = 3_600_000;

/** The demo items: code, name, category and unit (by index), type, minimum and price. */
const ITEMS: Array<{
  code: string;
  name: string;
  category: number;
  unit: number;
  type: StockItemType;
  minimum?: number;
  price?: number;
}> = [
  { code: 'SK-001', name: 'Baterie AA', category: 0, unit: 0, type: 'BATCH', minimum: 40, price: 12.5 },
  { code: 'SK-002', name: 'Reflexní vesta', category: 0, unit: 0, type: 'BATCH', minimum: 5, price: 89 },
  { code: 'SK-003', name: 'Ruční svítilna', category: 1, unit: 0, type: 'UNIQUE', price: 650 },
  { code: 'SK-004', name: 'Vysílačka', category: 2, unit: 0, type: 'UNIQUE', price: 4200 },
  { code: 'SK-005', name: 'Výstražná páska', category: 0, unit: 1, type: 'BATCH', minimum: 100, price: 1.2 },
];

/** The demo movements: item, warehouse (by index), units, type, serial, hours ago, to the first person. */
const MOVEMENTS: Array<{
  item: number;
  warehouse: number;
  units: number;
  type?: StockMovementType;
  serial?: string;
  hoursAgo: number;
  lent?: boolean;
}> = [
  { item: 0, warehouse: 0, units: 60, hoursAgo: 240 },
  { item: 0, warehouse: 1, units: 12, hoursAgo: 200 },
  { item: 0, warehouse: 0, units: -36, hoursAgo: 30 },
  { item: 1, warehouse: 0, units: 8, hoursAgo: 220 },
  { item: 1, warehouse: 0, units: -2, type: 'PERMANENT', hoursAgo: 50 },
  { item: 2, warehouse: 0, units: 1, serial: 'SV-1001', hoursAgo: 230 },
  { item: 2, warehouse: 0, units: 1, serial: 'SV-1002', hoursAgo: 230 },
  { item: 2, warehouse: 1, units: 1, serial: 'SV-1003', hoursAgo: 230 },
  { item: 3, warehouse: 0, units: 1, serial: 'RD-2001', hoursAgo: 230 },
  { item: 3, warehouse: 0, units: 1, serial: 'RD-2002', hoursAgo: 230 },
  { item: 4, warehouse: 1, units: 120.5, hoursAgo: 100 },
  { item: 4, warehouse: 1, units: -35.25, hoursAgo: 20 },
  // One lending still within its due, one overdue.
  { item: 2, warehouse: 0, units: -1, serial: 'SV-1001', type: 'SHORT_TERM', hoursAgo: 2, lent: true },
  { item: 3, warehouse: 0, units: -1, serial: 'RD-2001', type: 'LONG_TERM', hoursAgo: 200, lent: true },
];

/**
 * Demo data of stock on the demo sites with MOD_STOCK: three categories (one lent for 8 hours, one for a
 * week), two units, two warehouses, items SK-001…SK-005 (BATCH and UNIQUE with serials, two below their
 * minimum), their movements — through the stock rules, so every stock is the sum of its movements —, an open
 * lending and an overdue one, and an open stock taking with two counted lines.
 */
export async function seedStockDemo(tx: Db, siteIds: number[], now = new Date()): Promise<void> {
  for (const siteId of siteIds) {
    const [enabled] = await tx
      .select({ module: siteModules.module })
      .from(siteModules)
      .where(and(eq(siteModules.siteId, siteId), eq(siteModules.module, 'MOD_STOCK')));
    if (!enabled) continue;
    const [borrower] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.homeSiteId, siteId), isNotNull(persons.email)))
      .orderBy(asc(persons.id))
      .limit(1);

    const ids = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);
    const categoryIds = await ids(
      tx
        .insert(stockCategories)
        .values([
          { siteId, name: 'Spotřební materiál', note: 'Vydává se natrvalo' },
          { siteId, name: 'Svítilny', maxLendingHours: 8, issueDocument: true },
          { siteId, name: 'Radiostanice', maxLendingHours: 168, issueDocument: true, returnDocument: true },
        ])
        .returning({ id: stockCategories.id }),
    );
    const unitIds = await ids(
      tx
        .insert(stockUnits)
        .values([
          { siteId, name: 'Kusy', abbreviation: 'ks' },
          { siteId, name: 'Metry', abbreviation: 'm' },
        ])
        .returning({ id: stockUnits.id }),
    );
    const warehouseIds = await ids(
      tx
        .insert(stockWarehouses)
        .values([
          { siteId, name: 'Hlavní sklad', description: 'Budova A, suterén' },
          { siteId, name: 'Sklad vrátnice', description: 'Příruční sklad u hlavní vrátnice' },
        ])
        .returning({ id: stockWarehouses.id }),
    );
    const itemIds = await ids(
      tx
        .insert(stockItems)
        .values(
          ITEMS.map((item) => ({
            siteId,
            code: item.code,
            name: item.name,
            categoryId: categoryIds[item.category],
            unitId: unitIds[item.unit],
            type: item.type,
            minimum: item.minimum === undefined ? null : quantityText(item.minimum),
            price: item.price === undefined ? null : quantityText(item.price),
          })),
        )
        .returning({ id: stockItems.id }),
    );
    for (const movement of MOVEMENTS) {
      if (movement.lent && !borrower) continue;
      const item = await lockItem(tx, siteId, { id: itemIds[movement.item] });
      const warehouseId = warehouseIds[movement.warehouse];
      await moveStock(tx, {
        siteId,
        item,
        warehouseId,
        units: movement.units,
        serial: movement.serial ?? null,
      });
      const time = new Date(now.getTime() - movement.hoursAgo * HOUR_MS);
      await tx.insert(stockMovements).values({
        siteId,
        itemId: item.id,
        warehouseId,
        units: quantityText(movement.units),
        type: movement.type ?? 'STOCK_OPERATION',
        serial: movement.serial ?? null,
        movementTime: time,
        personId: movement.lent ? borrower!.id : null,
        due:
          movement.lent && item.maxLendingHours !== null
            ? new Date(time.getTime() + item.maxLendingHours * HOUR_MS)
            : null,
      });
    }
    const [taking] = await tx
      .insert(stockTakings)
      .values({ siteId, name: 'Čtvrtletní inventura', warehouseId: warehouseIds[0], created: now })
      .returning({ id: stockTakings.id });
    await tx.insert(stockTakingLines).values([
      { siteId, takingId: taking.id, itemId: itemIds[0], warehouseId: warehouseIds[0], counted: '22.000' },
      { siteId, takingId: taking.id, itemId: itemIds[1], warehouseId: warehouseIds[0], counted: '6.000' },
    ]);
  }
}
