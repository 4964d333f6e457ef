import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANG_PARAMETER_VALUES,
  STOCK_RECORD,
  idParamsSchema,
  stockCategory,
  stockItem,
  stockLevel,
  stockMovement,
  stockMovementByCodeExtension,
  stockPerson,
  stockReturnSchema,
  stockTaking,
  stockTakingLine,
  stockUnit,
  stockVarianceSchema,
  stockWarehouse,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudHooks } from '../../platform/crud';
import { csvLanguageOf, sendCsv } from '../../platform/csv';
import { validationError } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { registerCsvExport, type CsvExportRoute } from '../../platform/recordCsv';
import { registerRefTarget } from '../../platform/refs';
import { registerPersonPicker } from '../site/personPicker';
import { toItemCsv, toMovementCsv, toVarianceCsv } from './stock.csv';
import { refreshItemFlag, refreshLevelFlag } from './stock.levels';
import { lendingSql, movementHooks, overdueSql, returnLending, writeContext } from './stock.movement';
import { closeTaking, lineCountSql, takingHooks, takingLineHooks, takingVariance } from './stock.taking';
import {
  stockCategories,
  stockItems,
  stockLevels,
  stockMovements,
  stockTakingLines,
  stockTakings,
  stockUnits,
  stockWarehouses,
} from './stock.tables';
import { NO_BODY } from '../../platform/requestBody';

const byName = (t: { name: unknown }) => sql`${t.name}`;
/** An item as other records name it: its name and code. */
export const itemLabel = (t: typeof stockItems): SQL => sql`${t.name} || ' (' || ${t.code} || ')'`;

registerRefTarget('stock/category', { table: stockCategories, label: byName, scope: 'site' });
registerRefTarget('stock/mu', { table: stockUnits, label: (t) => sql`${t.abbreviation}`, scope: 'site' });
registerRefTarget('stock/warehouse', { table: stockWarehouses, label: byName, scope: 'site' });
registerRefTarget('stock/item', { table: stockItems, label: itemLabel, scope: 'site' });
registerRefTarget('stock/taking', { table: stockTakings, label: byName, scope: 'site' });
registerRefTarget('stock/item/movement', {
  table: stockMovements,
  label: (t) => sql`${t.id}::text`,
  scope: 'site',
});

const MODULE = 'MOD_STOCK' as const;
/** Largest CSV export of items, movements or lendings, in rows (with the list's filters and order). */
export const STOCK_EXPORT_LIMIT = 50_000;
/** Lists of up to millions of rows: counted exactly up to this many, estimated beyond. */
const COUNT_LIMIT = 10_000;

/** An item: its type stays while it has movements; its flag follows its minimum. */
const itemHooks: CrudHooks = {
  async beforeWrite(values, _input, ctx, existing) {
    if (!existing || values.type === undefined || values.type === existing.type) return;
    const [moved] = await ctx.tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.itemId, existing.id as number))
      .limit(1);
    if (moved) throw validationError('type', 'validation.invalid');
  },
  afterWrite: (id, _input, ctx) => refreshItemFlag(ctx.tx, id),
};

/** A level: only its minimum changes (its item and warehouse stay); its flag and its item's follow. */
const levelHooks: CrudHooks = {
  beforeWrite(values, _input, _ctx, existing) {
    if (!existing) return;
    for (const [field, column] of [
      ['item', 'itemId'],
      ['warehouse', 'warehouseId'],
    ] as const)
      if (values[column] !== undefined && values[column] !== existing[column])
        throw validationError(field, 'validation.invalid');
  },
  afterWrite: (id, _input, ctx) => refreshLevelFlag(ctx.tx, id),
};

/**
 * Stock (MOD_STOCK, docs/stock.md): the set-up (STOCK_ADMIN), items and their levels per warehouse, the
 * persons picker, movements (recorded by STOCK_USER and STOCK_ADMIN, changed and deleted by STOCK_ADMIN) with
 * lendings and their returns, stock takings with their lines, close and variance report; CSV exports of
 * items, movements and lendings.
 */
export function registerStockRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stock'];

  crudRoutes(app, db, { entity: stockCategory, table: stockCategories });
  crudRoutes(app, db, { entity: stockUnit, table: stockUnits });
  crudRoutes(app, db, { entity: stockWarehouse, table: stockWarehouses });
  const items = crudRoutes(app, db, {
    entity: stockItem,
    table: stockItems,
    hooks: itemHooks,
    countLimit: COUNT_LIMIT,
  });
  crudRoutes(app, db, { entity: stockLevel, table: stockLevels, hooks: levelHooks, omit: ['delete'] });
  // The movement's hooks check that a person named is of the site.
  registerPersonPicker(app, db, stockPerson);
  const movements = crudRoutes(app, db, {
    entity: stockMovement,
    table: stockMovements,
    hooks: movementHooks,
    computed: { lending: lendingSql, overdue: overdueSql },
    countLimit: COUNT_LIMIT,
    // Recorded by STOCK_USER too: the route below.
    omit: ['create'],
  });
  const takings = crudRoutes(app, db, {
    entity: stockTaking,
    table: stockTakings,
    hooks: takingHooks,
    computed: { lineCount: lineCountSql },
  });
  crudRoutes(app, db, { entity: stockTakingLine, table: stockTakingLines, hooks: takingLineHooks });

  const movementRecord = stockMovement.schemas.record as unknown as z.ZodType;
  typed.post(
    '/api/stock/item/movement',
    {
      config: { access: { roles: STOCK_RECORD, module: MODULE } },
      schema: {
        tags,
        description:
          'Records a movement (STOCK_USER, STOCK_ADMIN): the item by `item` or by its scanned `code` (404 ' +
          'STOCK_UNKNOWN), units positive in and negative out, never below zero (409 STOCK_NEGATIVE); a ' +
          'lending’s due from its category’s max lending hours unless given.',
        body: (stockMovement.schemas.create as unknown as z.ZodObject).extend({
          item: z.number().int().positive({ message: 'validation.ref' }).optional(),
          ...stockMovementByCodeExtension,
        }),
        response: { 201: movementRecord },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const id = await db.transaction((tx) =>
        movements.insert(request.body, writeContext(request, tx, siteId)),
      );
      return reply.status(201).send(await movements.get(id, siteId, undefined, request));
    },
  );

  typed.post(
    '/api/stock/item/movement/:id/return',
    {
      config: { access: { roles: STOCK_RECORD, module: MODULE } },
      schema: {
        tags,
        description:
          'A lending comes back: a movement of its units back (into its warehouse unless another is named) ' +
          'and the lending marked returned; 409 STOCK_RETURNED when it is back already. Answers the return.',
        params: idParamsSchema,
        body: stockReturnSchema,
        response: { 201: movementRecord },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const id = await db.transaction((tx) =>
        returnLending(movements, writeContext(request, tx, siteId), request.params.id, request.body),
      );
      return reply.status(201).send(await movements.get(id, siteId, undefined, request));
    },
  );

  const takingRecord = stockTaking.schemas.record as unknown as z.ZodType;
  typed.post(
    '/api/stock/taking/:id/close',
    {
      config: { access: { roles: stockTaking.write, module: MODULE } },
      schema: {
        body: NO_BODY,
        tags,
        description:
          'Closes a stock taking: STOCK_TAKING movements for the differences, expected and difference kept on ' +
          'its lines; 409 STOCK_TAKING_EMPTY without lines, 409 STOCK_TAKING_CLOSED when closed already.',
        params: idParamsSchema,
        response: { 200: takingRecord },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      await db.transaction((tx) =>
        closeTaking(movements, writeContext(request, tx, siteId), request.params.id),
      );
      return takings.get(request.params.id, siteId, undefined, request);
    },
  );

  typed.get(
    '/api/stock/taking/:id/variance',
    {
      config: { access: { roles: stockTaking.read, module: MODULE } },
      schema: {
        tags,
        description:
          'The variance report of a taking: per line the expected and counted quantities, the difference and ' +
          'its value at the item’s price; before the close the expected is the current stock.',
        params: idParamsSchema,
        response: { 200: stockVarianceSchema },
      },
    },
    async (request) => takingVariance(db, currentSiteId(request), request.params.id),
  );

  typed.get(
    '/api/stock/taking/:id/variance/export',
    {
      config: { access: { roles: stockTaking.read, module: MODULE }, auditEvent: 'EXPORT' },
      schema: {
        tags,
        description: 'The variance report of a taking as CSV, in the caller’s language.',
        params: idParamsSchema,
        querystring: z.strictObject({ lang: z.enum(LANG_PARAMETER_VALUES).optional() }),
      },
    },
    async (request, reply) => {
      const variance = await takingVariance(db, currentSiteId(request), request.params.id);
      const language = csvLanguageOf(request, request.query.lang);
      const name =
        language === 'cs' ? `inventura-${variance.taking.id}.csv` : `stock-taking-${variance.taking.id}.csv`;
      return sendCsv(reply, name, toVarianceCsv(variance, language));
    },
  );

  const exports: Array<Omit<CsvExportRoute, 'module' | 'tags' | 'limit'>> = [
    {
      path: '/api/stock/item/export',
      entity: stockItem,
      repository: items,
      roles: stockItem.read,
      description: 'The items as CSV (filters and order as the list).',
      toCsv: toItemCsv,
      fileName: (language) => (language === 'cs' ? 'skladove-polozky.csv' : 'stock-items.csv'),
    },
    {
      path: '/api/stock/item/movement/export',
      entity: stockMovement,
      repository: movements,
      roles: stockMovement.read,
      description: 'The movements as CSV (filters and order as the list).',
      toCsv: toMovementCsv,
      fileName: (language) => (language === 'cs' ? 'skladove-pohyby.csv' : 'stock-movements.csv'),
    },
    {
      path: '/api/stock/item/lending/export',
      entity: stockMovement,
      repository: {
        ...movements,
        list: (query, siteId, _extraWhere, request) => movements.list(query, siteId, lendingSql(), request),
      },
      roles: stockMovement.read,
      description:
        'The lendings as CSV (the movements’ filters and order; only lendings, not their returns).',
      toCsv: toMovementCsv,
      fileName: (language) => (language === 'cs' ? 'vypujcky.csv' : 'stock-lendings.csv'),
    },
  ];
  for (const route of exports)
    registerCsvExport(app, db, { ...route, module: MODULE, tags, limit: STOCK_EXPORT_LIMIT });
}
