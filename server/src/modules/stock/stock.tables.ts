import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { StockItemType, StockMovementType } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { persons, siteReference, users } from '../../platform/platform.tables';
import { signatureDocuments, signatureSigned } from '../signature/signature.tables';

/**
 * Stock (MOD_STOCK, docs/stock.md): the set-up (categories, measuring units, warehouses), items with their
 * stock per warehouse (`stock_level`) and in total, movements (lendings among them), the serials of UNIQUE
 * items in stock, and stock takings with their lines. Every table carries `site_id`. Quantities are
 * numeric with three decimals: exact sums, never floats.
 */

/** A quantity of one movement, count or minimum. */
const quantity = () => numeric({ precision: 15, scale: 3 });
/** A stock: the sum of many movements. */
const stockSum = () => numeric({ precision: 18, scale: 3 }).notNull().default('0');

/** A named set-up record (category, measuring unit, warehouse): names unique on the site. */
const setUpColumns = () => ({
  ...entityColumns(),
  siteId: siteReference(),
  name: text().notNull(),
  valid: boolean().notNull().default(true),
});

export const stockCategories = pgTable(
  'stock_category',
  {
    ...setUpColumns(),
    note: text(),
    issueDocument: boolean().notNull().default(false),
    returnDocument: boolean().notNull().default(false),
    /** The signature document prepared with an issue or a return the flags above ask a document for. */
    handoverDocumentId: integer().references(() => signatureDocuments.id),
    maxLendingHours: integer(),
  },
  (t) => [uniqueIndex('stock_category_name_uq').on(t.siteId, t.name)],
);

export const stockUnits = pgTable('stock_mu', { ...setUpColumns(), abbreviation: text().notNull() }, (t) => [
  uniqueIndex('stock_mu_name_uq').on(t.siteId, t.name),
]);

export const stockWarehouses = pgTable('stock_warehouse', { ...setUpColumns(), description: text() }, (t) => [
  uniqueIndex('stock_warehouse_name_uq').on(t.siteId, t.name),
]);

/**
 * An item. `current` (the sum of its movements) and `below_minimum` (under `minimum` in total, or a level under
 * its own minimum) are written only by the movements' conditional updates (stock.stock.ts).
 */
export const stockItems = pgTable(
  'stock_item',
  {
    ...entityColumns(),
    siteId: siteReference(),
    code: text().notNull(),
    name: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => stockCategories.id, { onDelete: 'restrict' }),
    unitId: integer()
      .notNull()
      .references(() => stockUnits.id, { onDelete: 'restrict' }),
    type: text().$type<StockItemType>().notNull().default('BATCH'),
    minimum: quantity(),
    current: stockSum(),
    belowMinimum: boolean().notNull().default(false),
    price: quantity(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('stock_item_code_uq').on(t.siteId, t.code),
    index('stock_item_name_idx').on(t.siteId, t.name),
    // The below-minimum filter is a bound value of a prepared list: a full index, not a partial one.
    index('stock_item_below_minimum_idx').on(t.siteId, t.belowMinimum, t.code),
    index('stock_item_category_idx').on(t.categoryId),
    index('stock_item_unit_idx').on(t.unitId),
    check('stock_item_current_not_negative', sql`${t.current} >= 0`),
  ],
);

/** The item a row is of: a level or a serial goes with its item, a movement or a count keeps it. */
const itemColumn = (onDelete: 'cascade' | 'restrict') =>
  integer()
    .notNull()
    .references(() => stockItems.id, { onDelete });
/** The warehouse a row is in: kept while anything is in it. */
const warehouseColumn = () =>
  integer()
    .notNull()
    .references(() => stockWarehouses.id, { onDelete: 'restrict' });

/** An item's stock in one warehouse, with a minimum of its own. */
export const stockLevels = pgTable(
  'stock_level',
  {
    ...entityColumns(),
    siteId: siteReference(),
    itemId: itemColumn('cascade'),
    warehouseId: warehouseColumn(),
    current: stockSum(),
    minimum: quantity(),
    belowMinimum: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('stock_level_item_warehouse_uq').on(t.itemId, t.warehouseId),
    index('stock_level_warehouse_idx').on(t.warehouseId),
    index('stock_level_below_minimum_idx')
      .on(t.itemId)
      .where(sql`${t.belowMinimum}`),
    index('stock_level_site_idx').on(t.siteId),
    check('stock_level_current_not_negative', sql`${t.current} >= 0`),
  ],
);

/** A movement; lendings (LONG_TERM, SHORT_TERM without `return_of_id`) are returned by a movement back. */
export const stockMovements = pgTable(
  'stock_movement',
  {
    ...entityColumns(),
    siteId: siteReference(),
    movementTime: ts().notNull(),
    itemId: itemColumn('restrict'),
    warehouseId: warehouseColumn(),
    units: quantity().notNull(),
    type: text().$type<StockMovementType>().notNull().default('STOCK_OPERATION'),
    serial: text(),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    due: ts(),
    returned: boolean().notNull().default(false),
    returnedAt: ts(),
    returnOfId: integer().references((): AnyPgColumn => stockMovements.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    /** When the overdue reminder of the lending was queued (once per lending). */
    overdueNotifiedAt: ts(),
    /** The handover document prepared with this issue or return (its category's), to be signed. */
    documentId: integer().references(() => signatureSigned.id),
    /** The category asked for a handover document and none could be prepared. */
    documentMissing: boolean().notNull().default(false),
  },
  (t) => [
    check('stock_movement_units_not_zero', sql`${t.units} <> 0`),
    index('stock_movement_site_time_idx').on(
      t.siteId,
      t.movementTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('stock_movement_item_time_idx').on(
      t.siteId,
      t.itemId,
      t.movementTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('stock_movement_open_lending_idx')
      .on(t.siteId, t.due)
      .where(sql`${t.type} in ('LONG_TERM', 'SHORT_TERM') and ${t.returnOfId} is null and not ${t.returned}`),
    index('stock_movement_return_of_idx')
      .on(t.returnOfId)
      .where(sql`${t.returnOfId} is not null`),
    index('stock_movement_warehouse_idx').on(t.warehouseId),
    index('stock_movement_person_idx')
      .on(t.personId)
      .where(sql`${t.personId} is not null`),
  ],
);

/**
 * The serials of UNIQUE items in stock, each in its warehouse: the primary key keeps a serial in stock at
 * most once, a receipt inserts it, an issue deletes it.
 */
export const stockSerials = pgTable(
  'stock_serial',
  {
    siteId: siteReference(),
    itemId: itemColumn('cascade'),
    serial: text().notNull(),
    warehouseId: warehouseColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.serial] }),
    index('stock_serial_warehouse_idx').on(t.warehouseId),
    index('stock_serial_site_idx').on(t.siteId),
  ],
);

export const stockTakings = pgTable(
  'stock_taking',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    note: text(),
    warehouseId: integer().references(() => stockWarehouses.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    created: ts().notNull(),
    closed: ts(),
  },
  (t) => [
    index('stock_taking_site_created_idx').on(
      t.siteId,
      t.created.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('stock_taking_warehouse_idx').on(t.warehouseId),
  ],
);

/** A counted line of a taking; `expected` and `difference` are kept at the close. */
export const stockTakingLines = pgTable(
  'stock_taking_line',
  {
    ...entityColumns(),
    siteId: siteReference(),
    takingId: integer()
      .notNull()
      .references(() => stockTakings.id, { onDelete: 'cascade' }),
    itemId: itemColumn('restrict'),
    warehouseId: warehouseColumn(),
    counted: quantity().notNull(),
    expected: numeric({ precision: 18, scale: 3 }),
    difference: numeric({ precision: 18, scale: 3 }),
  },
  (t) => [
    uniqueIndex('stock_taking_line_uq').on(t.takingId, t.itemId, t.warehouseId),
    index('stock_taking_line_item_idx').on(t.itemId),
    index('stock_taking_line_warehouse_idx').on(t.warehouseId),
    index('stock_taking_line_site_idx').on(t.siteId),
  ],
);
