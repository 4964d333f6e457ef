import { z } from 'zod';
import { bool, datetime, decimal, defineEntity, enumOf, int, money, ref, text, textarea } from '../entity';
import { sitePersonPicker } from './site';

/**
 * Stock (MOD_STOCK, spec: /stock/... and `/stock (category, mu, warehouse, item, taking)`): the set-up of the
 * stock administrator, items with their stock kept per warehouse and in total (always the sum of their
 * movements), movements including lendings to persons, and stock takings with their variance report. See
 * docs/stock.md.
 */
const STOCK_ADMIN = ['STOCK_ADMIN'] as const;
/** Who reads items, movements and warehouses (/stock/items, /stock/movements, /stock/warehouses). */
export const STOCK_READ = ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW'] as const;
/** Who records a movement (issues, receipts, lendings and their returns). */
export const STOCK_RECORD = ['STOCK_ADMIN', 'STOCK_USER'] as const;

/** BATCH: counted in units; UNIQUE: each unit has its serial number, at most one unit per serial in stock. */
export const STOCK_ITEM_TYPES = ['BATCH', 'UNIQUE'] as const;
export type StockItemType = (typeof STOCK_ITEM_TYPES)[number];

/**
 * Kinds of movements (spec): STOCK_TAKING (a stock taking's difference, written by its close), STOCK_OPERATION
 * (a receipt or an issue), PERMANENT (handed over for good), LONG_TERM and SHORT_TERM (lent to a person with a
 * due time from the category's max lending hours, returned later).
 */
export const STOCK_MOVEMENT_TYPES = [
  'STOCK_TAKING',
  'STOCK_OPERATION',
  'PERMANENT',
  'LONG_TERM',
  'SHORT_TERM',
] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];
/** The movement types that are lendings: an issue to a person, due back. */
export const STOCK_LENDING_TYPES = [
  'LONG_TERM',
  'SHORT_TERM',
] as const satisfies readonly StockMovementType[];

/** The largest quantity of one movement or count (and the smallest step: three decimals). */
export const STOCK_MAX_UNITS = 1_000_000_000;

const setUp = {
  module: 'MOD_STOCK',
  scope: 'site',
  read: STOCK_ADMIN,
  write: STOCK_ADMIN,
  defaultSort: { field: 'name', direction: 'asc' },
} as const;
const name = () =>
  text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true });
const valid = () => bool({ default: true, list: true, sort: true, filter: 'eq' });

/**
 * A category of items: a note, whether a handover document goes with an issue (`issueDocument`) and with a
 * return (`returnDocument`), which signature document that is (`handoverDocument`: prepared for the person to
 * sign, docs/stock.md), and how long its items may be lent (`maxLendingHours`: the due time of a LONG_TERM or
 * SHORT_TERM lending).
 */
export const stockCategory = defineEntity({
  ...setUp,
  resource: 'stock/category',
  fields: {
    name: name(),
    note: textarea({ max: 1000, list: true }),
    issueDocument: bool({ list: true, filter: 'eq' }),
    returnDocument: bool({ list: true, filter: 'eq' }),
    handoverDocument: ref('stock/signature_document', { list: 'optional' }),
    maxLendingHours: int({ min: 1, max: 8760, list: true, sort: true }),
    valid: valid(),
  },
});

/** A measuring unit (pieces, metres, litres). */
export const stockUnit = defineEntity({
  ...setUp,
  resource: 'stock/mu',
  fields: {
    name: name(),
    abbreviation: text({ required: true, max: 20, list: true, sort: true }),
    valid: valid(),
  },
});

/** A warehouse of the site; items are kept per warehouse. */
export const stockWarehouse = defineEntity({
  ...setUp,
  resource: 'stock/warehouse',
  read: STOCK_READ,
  fields: {
    name: name(),
    description: textarea({ max: 1000, list: true }),
    valid: valid(),
  },
});

/**
 * An item: found by its `code` (scanned or typed: 'There is no stock item with this code'), of a category and
 * unit. `current` is its stock in all warehouses — the sum of its movements, kept by the server —, and
 * `belowMinimum` says it is under `minimum` in total or under a warehouse's own minimum (`stock/item/level`).
 * `price` (per unit) gives the variance report its value where known.
 */
export const stockItem = defineEntity({
  ...setUp,
  resource: 'stock/item',
  read: STOCK_READ,
  defaultSort: { field: 'code', direction: 'asc' },
  fields: {
    code: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    name: text({ required: true, max: 200, list: true, sort: true, filter: 'contains' }),
    category: ref('stock/category', { required: true, list: 'optional', sort: true, filter: 'eq' }),
    unit: ref('stock/mu', { required: true, list: true }),
    type: enumOf(STOCK_ITEM_TYPES, {
      required: true,
      default: 'BATCH',
      list: 'optional',
      sort: true,
      filter: 'eq',
    }),
    minimum: decimal({ min: 0, max: STOCK_MAX_UNITS, list: true, sort: true }),
    current: decimal({ readOnly: true, list: true, sort: true }),
    belowMinimum: bool({ readOnly: true, list: true, sort: true, filter: 'eq' }),
    /** Per unit, in the site's STOCK_CURRENCY (currency rule: at most two decimals, `money`). */
    price: money({ min: 0, max: STOCK_MAX_UNITS, list: 'optional' }),
    description: textarea({ max: 1000 }),
    valid: { ...valid(), list: 'optional' as const },
  },
});

/**
 * An item's stock in one warehouse (`/api/stock/item/level`): `current` kept by the server, a `minimum` of its
 * own set by the stock administrator (only `minimum` is written; a level exists once the item had a movement
 * there, or is created with its minimum).
 */
export const stockLevel = defineEntity({
  resource: 'stock/item/level',
  module: 'MOD_STOCK',
  scope: 'site',
  read: STOCK_READ,
  write: STOCK_ADMIN,
  defaultSort: { field: 'item', direction: 'asc' },
  fields: {
    item: ref('stock/item', { required: true, list: true, sort: true, filter: 'eq' }),
    warehouse: ref('stock/warehouse', { required: true, list: true, sort: true, filter: 'eq' }),
    current: decimal({ readOnly: true, list: true, sort: true }),
    minimum: decimal({ min: 0, max: STOCK_MAX_UNITS, list: true, sort: true }),
    belowMinimum: bool({ readOnly: true, list: true, sort: true, filter: 'eq' }),
  },
});

/** The persons of the site items are lent to (read-only, for the picker). */
export const stockPerson = sitePersonPicker('stock/person', 'MOD_STOCK', STOCK_READ);

/**
 * A movement of an item in a warehouse (`/api/stock/item/movement`; newest first): `units` positive in,
 * negative out. Recording one needs STOCK_USER or STOCK_ADMIN; changing or deleting a recorded one
 * STOCK_ADMIN (the stock is recomputed in the same transaction). The item may be named by `code` on create
 * (a scanner). A UNIQUE item's movement names its `serial` and moves one unit. Stock never goes negative, in
 * a warehouse or in total (409 STOCK_NEGATIVE), also under concurrent movements. A lending (LONG_TERM,
 * SHORT_TERM) is an issue to a `person` with `due` (from the category's max lending hours unless given);
 * `POST /api/stock/item/movement/:id/return` records its return (a movement of the same type and units back,
 * `returnOf` naming the lending) and marks it `returned`. `overdue`: a lending past its due, not returned.
 * Issues (PERMANENT and lendings) are negative; STOCK_TAKING movements are written only by a taking's close;
 * `units` is never 0 and has at most three decimals.
 */
export const stockMovement = defineEntity({
  resource: 'stock/item/movement',
  module: 'MOD_STOCK',
  scope: 'site',
  read: STOCK_READ,
  write: STOCK_ADMIN,
  delete: STOCK_ADMIN,
  defaultSort: { field: 'movementTime', direction: 'desc' },
  fields: {
    movementTime: datetime({ list: true, sort: true, filter: 'range' }),
    item: ref('stock/item', { required: true, list: true, sort: true, filter: 'eq' }),
    warehouse: ref('stock/warehouse', { required: true, list: true, sort: true, filter: 'eq' }),
    units: decimal({ required: true, min: -STOCK_MAX_UNITS, max: STOCK_MAX_UNITS, list: true, sort: true }),
    type: enumOf(STOCK_MOVEMENT_TYPES, {
      required: true,
      default: 'STOCK_OPERATION',
      list: true,
      sort: true,
      filter: 'eq',
    }),
    serial: text({ max: 100, list: 'optional', filter: 'contains' }),
    person: ref('stock/person', { list: true, sort: true, filter: 'eq' }),
    due: datetime({ list: true, sort: true, filter: 'range' }),
    returned: bool({ readOnly: true, list: true, filter: 'eq' }),
    returnedAt: datetime({ readOnly: true, list: true }),
    returnOf: ref('stock/item/movement', { readOnly: true }),
    /** A lending itself (LONG_TERM or SHORT_TERM, not its return): the lendings list is `?lending=true`. */
    lending: bool({ readOnly: true, list: true, filter: 'eq' }),
    overdue: bool({ readOnly: true, list: true, filter: 'eq' }),
    user: ref('access_user', { readOnly: true, list: 'optional' }),
    note: textarea({ max: 1000, list: 'optional' }),
    /**
     * The handover document prepared to be signed with an issue or a return of an item whose category asks for
     * one (`issueDocument`, `returnDocument`): the signed copy (`/api/signature/signed/:id`), named by its
     * document.
     */
    document: ref('signature/signed', { readOnly: true, list: 'optional' }),
    /**
     * The category asked for a handover document and none could be prepared: signatures are off on the site, or
     * the category names no valid signature document with a template.
     */
    documentMissing: bool({ readOnly: true, list: 'optional' }),
  },
});

/** `POST /api/stock/item/movement` also takes the item by its code (scanned), instead of `item`. */
export const stockMovementByCodeExtension = {
  code: z.string().trim().min(1, { message: 'validation.required' }).max(100).optional(),
};

/** `POST /api/stock/item/movement/:id/return` (STOCK_ADMIN, STOCK_USER): a lending comes back. */
export const stockReturnSchema = z.strictObject({
  warehouse: z.number().int().positive({ message: 'validation.ref' }).optional(),
  movementTime: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
  note: z.string().trim().max(1000, { message: 'validation.maxLength' }).nullable().optional(),
});
export type StockReturnInput = z.infer<typeof stockReturnSchema>;

/**
 * A stock taking (`/api/stock/taking`, STOCK_ADMIN): its counted lines (`/api/stock/taking/line`), closed by
 * `POST /api/stock/taking/:id/close`, which writes the STOCK_TAKING movements of the differences and keeps the
 * variance report. A taking without lines cannot be closed (409 STOCK_TAKING_EMPTY, 'Stock taking cannot be
 * closed with no items'); a closed one refuses every change of it and its lines (409 STOCK_TAKING_CLOSED).
 */
export const stockTaking = defineEntity({
  ...setUp,
  resource: 'stock/taking',
  defaultSort: { field: 'created', direction: 'desc' },
  fields: {
    name: text({ required: true, max: 200, list: true, sort: true, filter: 'contains' }),
    note: textarea({ max: 1000, list: 'optional' }),
    warehouse: ref('stock/warehouse', { list: true, filter: 'eq' }),
    user: ref('access_user', { readOnly: true, list: true }),
    created: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    closed: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    lineCount: int({ readOnly: true, list: true }),
  },
});

/**
 * A counted line of a stock taking: the quantity of an item found in a warehouse. `counted` must be a valid
 * stock level (not negative; a whole number, 0 or 1 per serial, for UNIQUE items): 'Item stock level must be
 * valid' (`validation.stockLevel`). `expected` and `difference` are set at the close.
 */
export const stockTakingLine = defineEntity({
  resource: 'stock/taking/line',
  module: 'MOD_STOCK',
  scope: 'site',
  read: STOCK_ADMIN,
  write: STOCK_ADMIN,
  defaultSort: { field: 'item', direction: 'asc' },
  fields: {
    taking: ref('stock/taking', { required: true, list: true, filter: 'eq' }),
    item: ref('stock/item', { required: true, list: true, sort: true, filter: 'eq' }),
    warehouse: ref('stock/warehouse', { required: true, list: true, sort: true, filter: 'eq' }),
    counted: decimal({ required: true, list: true, sort: true }),
    expected: decimal({ readOnly: true, list: true }),
    difference: decimal({ readOnly: true, list: true, sort: true }),
  },
});

/** The steps of a quantity: thousandths. */
export const STOCK_UNIT_STEP = 0.001;

/** Whether a quantity has at most three decimals (what the database keeps exactly). */
export function isStockQuantity(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
}

/**
 * 'Item stock level must be valid' (`validation.stockLevel`) for a counted quantity that cannot be: negative,
 * more than three decimals, or not a whole number for a UNIQUE item. Null when it can be.
 */
export function stockLevelProblem(counted: number, type: StockItemType): 'validation.stockLevel' | null {
  if (counted < 0 || !isStockQuantity(counted)) return 'validation.stockLevel';
  if (type === 'UNIQUE' && !Number.isInteger(counted)) return 'validation.stockLevel';
  return null;
}

/**
 * The variance report of a stock taking (`GET /api/stock/taking/:id/variance`, and `…/variance/export` as CSV):
 * per line the expected and counted quantities, the difference and its value where the item has a price. Before
 * the close `expected` is the current stock.
 */
export const stockVarianceSchema = z.object({
  taking: z.object({
    id: z.number().int(),
    name: z.string(),
    closed: z.iso.datetime({ offset: true }).nullable(),
  }),
  lines: z.array(
    z.object({
      item: z.object({ id: z.number().int(), label: z.string(), code: z.string() }),
      warehouse: z.object({ id: z.number().int(), label: z.string() }),
      unit: z.string(),
      expected: z.number(),
      counted: z.number(),
      difference: z.number(),
      /** difference × the item's price; null without a price. */
      value: z.number().nullable(),
    }),
  ),
  /** The sum of the known values. */
  totalValue: z.number(),
  /** The currency of the values: the site property STOCK_CURRENCY (prices are in it). */
  currency: z.string(),
});
export type StockVariance = z.infer<typeof stockVarianceSchema>;
