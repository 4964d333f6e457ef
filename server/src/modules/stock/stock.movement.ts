import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  STOCK_LENDING_TYPES,
  isStockQuantity,
  type StockMovementType,
  type StockReturnInput,
} from '@strazce/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { CrudContext, CrudHooks, CrudRepository, Row } from '../../platform/crud';
import { auditRecord, changedFields } from '../../platform/audit';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { persons } from '../../platform/platform.tables';
import { prepareHandover, wantsHandover, type HandoverMovement } from './stock.handover';
import { lockItem, moveStock, type LockedItem } from './stock.levels';
import { stockMovements } from './stock.tables';
import { checkClientTimes } from '../../platform/clientTime';

const HOUR_MS = 3_600_000;
const LENDINGS: readonly StockMovementType[] = STOCK_LENDING_TYPES;
/** Issues: the stock leaves for good or on loan (negative units; their returns are positive). */
const ISSUES: readonly StockMovementType[] = ['PERMANENT', ...STOCK_LENDING_TYPES];

/** A lending itself (not its return): `stock/item/movement.lending`. */
export const lendingSql = (): SQL =>
  sql`(${stockMovements.type} in ('LONG_TERM', 'SHORT_TERM') and ${stockMovements.returnOfId} is null)`;
/** A lending past its due, not returned, at the request's time (the app's clock). */
export const overdueSql = (now: SQL): SQL =>
  sql`coalesce(${lendingSql()} and not ${stockMovements.returned} and ${stockMovements.due} <= ${now}, false)`;

/**
 * Keys of a movement's `input` that only the server sets (the create schema is strict: callers cannot):
 * the lending a return brings back, and a stock taking's own movement.
 */
interface InternalInput {
  returnOf?: number;
  byTaking?: boolean;
}

/** The movement as it is to be stored, from the input over the record being changed. */
interface MovementState {
  item: LockedItem;
  warehouseId: number;
  units: number;
  type: StockMovementType;
  serial: string | null;
  personId: number | null;
  movementTime: Date;
  due: Date | null;
  returnOfId: number | null;
}

const stateOfRow = (row: Row, item: LockedItem): MovementState => ({
  item,
  warehouseId: row.warehouseId as number,
  units: Number(row.units),
  type: row.type as StockMovementType,
  serial: (row.serial as string | null) ?? null,
  personId: (row.personId as number | null) ?? null,
  movementTime: row.movementTime as Date,
  due: (row.due as Date | null) ?? null,
  returnOfId: (row.returnOfId as number | null) ?? null,
});

/**
 * The stock a movement moved, moved back (its deletion, or the first half of its change). The item is locked
 * first (as every movement locks it), then the movement is read again locked: of two racing deletions the
 * second finds nothing (404) instead of moving the stock back twice.
 */
async function undo(ctx: CrudContext, existing: Row): Promise<LockedItem> {
  const item = await lockItem(ctx.tx, ctx.siteId!, { id: existing.itemId as number });
  const [current] = await ctx.tx
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.id, existing.id as number))
    .for('update');
  if (!current) throw notFound();
  if (current.itemId !== item.id) throw new AppError('CONFLICT', 'Record was modified by someone else');
  const old = stateOfRow(current, item);
  await moveStock(ctx.tx, {
    siteId: ctx.siteId!,
    item,
    warehouseId: old.warehouseId,
    units: -old.units,
    serial: old.serial,
  });
  return item;
}

/**
 * The rules of a movement (400 on the field): units not 0, at most three decimals; issues negative (their
 * returns positive); STOCK_TAKING only from a taking's close; a lending names a person of the site; a UNIQUE
 * item moves one unit of a named serial.
 */
async function checkMovement(ctx: CrudContext, state: MovementState, internal: InternalInput): Promise<void> {
  if (state.units === 0 || !isStockQuantity(state.units))
    throw validationError('units', 'validation.invalid');
  if (state.type === 'STOCK_TAKING' && !internal.byTaking)
    throw validationError('type', 'validation.invalid');
  if (ISSUES.includes(state.type) && (state.returnOfId === null ? state.units > 0 : state.units < 0))
    throw validationError('units', 'validation.invalid');
  if (state.item.type === 'UNIQUE' && !internal.byTaking) {
    if (!state.serial) throw validationError('serial', 'validation.required');
    if (Math.abs(state.units) !== 1) throw validationError('units', 'validation.invalid');
  }
  if (LENDINGS.includes(state.type) && state.returnOfId === null && state.personId === null)
    throw validationError('person', 'validation.required');
  if (state.personId !== null) {
    const [person] = await ctx.tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.id, state.personId), eq(persons.homeSiteId, ctx.siteId!)));
    if (!person) throw validationError('person', 'validation.ref');
  }
}

/** New movements (by their input) whose handover document is prepared once they have their id. */
const handovers = new WeakMap<Row, Omit<HandoverMovement, 'id'>>();

/**
 * The movement's hooks (in the write's transaction): a new movement moves the stock; a change moves the old
 * one back and the new one in; a deletion moves it back — each refused with 409 STOCK_NEGATIVE when the stock
 * would go below zero. The item may be named by `code` (404 STOCK_UNKNOWN); the user and the time are the
 * caller and now unless given; a lending's due is its time plus its category's max lending hours unless given.
 * A new issue or return of an item whose category asks for it gets its handover document (stock.handover.ts).
 */
export const movementHooks: CrudHooks = {
  async beforeWrite(values, input, ctx, existing) {
    const internal = input as InternalInput;
    await checkClientTimes(
      ctx.tx,
      ctx.request,
      ctx.siteId!,
      {
        movementTime: input.movementTime as string | null | undefined,
      },
      existing,
    );
    let item: LockedItem;
    if (existing) {
      const before = await undo(ctx, existing);
      item =
        values.itemId === undefined || values.itemId === before.id
          ? before
          : await lockItem(ctx.tx, ctx.siteId!, { id: values.itemId as number });
    } else {
      if (input.code !== undefined && input.item !== undefined)
        throw validationError('code', 'validation.invalid');
      if (input.code === undefined && input.item === undefined)
        throw validationError('item', 'validation.required');
      item = await lockItem(
        ctx.tx,
        ctx.siteId!,
        input.code !== undefined ? { code: input.code as string } : { id: input.item as number },
      );
      values.itemId = item.id;
      values.userId = sessionOf(ctx.request).userId;
      values.movementTime ??= new Date(ctx.request.server.clock.now());
      if (internal.returnOf !== undefined) values.returnOfId = internal.returnOf;
    }
    const state = stateOfRow({ ...existing, ...values }, item);
    await checkMovement(ctx, state, internal);
    const lending = LENDINGS.includes(state.type) && state.returnOfId === null;
    if (!lending) values.due = null;
    else if (
      input.due === undefined &&
      (!existing || values.movementTime !== undefined || values.type !== undefined)
    )
      values.due =
        item.maxLendingHours === null
          ? null
          : new Date(state.movementTime.getTime() + item.maxLendingHours * HOUR_MS);
    if (values.units !== undefined) values.units = String(values.units);
    await moveStock(ctx.tx, {
      siteId: ctx.siteId!,
      item,
      warehouseId: state.warehouseId,
      units: state.units,
      serial: item.type === 'UNIQUE' ? state.serial : null,
    });
    if (existing) return;
    const handover = { ...state, issue: ISSUES.includes(state.type) };
    if (wantsHandover(handover)) handovers.set(input, handover);
  },

  async afterWrite(id, input, ctx, existing) {
    const handover = existing ? undefined : handovers.get(input);
    if (!handover) return;
    handovers.delete(input);
    await prepareHandover(ctx.tx, ctx.siteId!, { ...handover, id }, new Date(ctx.request.server.clock.now()));
  },

  async beforeDelete(existing, ctx) {
    await undo(ctx, existing);
    // The lending of a deleted return is out again.
    if (existing.returnOfId !== null)
      await ctx.tx
        .update(stockMovements)
        .set({ returned: false, returnedAt: null })
        .where(eq(stockMovements.id, existing.returnOfId as number));
  },
};

/**
 * A lending comes back (`POST /api/stock/item/movement/:id/return`): a movement of the same item, type,
 * serial and person with the units back, into the lending's warehouse unless another is named, and the lending
 * marked returned. 404 for another site's movement or one that is not a lending, 409 STOCK_RETURNED when it
 * is back already. Audited as the movement's creation and the lending's change.
 */
export async function returnLending(
  movements: CrudRepository,
  ctx: CrudContext,
  id: number,
  input: StockReturnInput,
): Promise<number> {
  const [lending] = await ctx.tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.id, id), eq(stockMovements.siteId, ctx.siteId!), lendingSql()))
    .for('update');
  if (!lending) throw notFound('Lending');
  if (lending.returned) throw new AppError('STOCK_RETURNED', 'The lending has already been returned');
  const time = input.movementTime ? new Date(input.movementTime) : new Date(ctx.request.server.clock.now());
  if (time < lending.movementTime) throw validationError('movementTime', 'validation.invalid');
  const returnId = await movements.insert(
    {
      item: lending.itemId,
      warehouse: input.warehouse ?? lending.warehouseId,
      units: -Number(lending.units),
      type: lending.type,
      serial: lending.serial,
      person: lending.personId,
      movementTime: time.toISOString(),
      note: input.note ?? null,
      returnOf: lending.id,
    } satisfies Row & InternalInput,
    ctx,
  );
  const change = { returned: true, returnedAt: time };
  await ctx.tx
    .update(stockMovements)
    .set({ ...change, version: lending.version + 1, updatedAt: time })
    .where(eq(stockMovements.id, lending.id));
  auditRecord(ctx.request, {
    entity: 'stock/item/movement',
    recordId: lending.id,
    siteId: ctx.siteId,
    changes: changedFields({ returned: false, returnedAt: null }, change),
  });
  return returnId;
}

/** The caller's request as a write context of the movements (the return route, a taking's close). */
export const writeContext = (request: FastifyRequest, tx: Db, siteId: number): CrudContext => ({
  request,
  tx,
  siteId,
});
