import { STOCK_LENDING_TYPES, type StockMovementType } from '@strazce/contract';

/** The types a user records (STOCK_TAKING movements are written only by the close of a stock taking). */
export const RECORDED_TYPES = [
  'STOCK_OPERATION',
  'PERMANENT',
  'LONG_TERM',
  'SHORT_TERM',
] as const satisfies readonly StockMovementType[];
export type RecordedType = (typeof RECORDED_TYPES)[number];

/** Into the warehouse (a receipt) or out of it (an issue). */
export type Direction = 'in' | 'out';

const HOUR = 3_600_000;

/** Whether a movement type is a lending to a person (LONG_TERM, SHORT_TERM), due back. */
export function isLendingType(type: unknown): boolean {
  return (STOCK_LENDING_TYPES as readonly unknown[]).includes(type);
}

/**
 * The direction of a movement of the type: only a stock operation goes either way (a receipt or an issue); a
 * hand-over for good and a lending take the item out.
 */
export function fixedDirection(type: RecordedType): Direction | null {
  return type === 'STOCK_OPERATION' ? null : 'out';
}

/** The signed units of the wire (positive in, negative out); a UNIQUE item moves one unit. */
export function signedUnits(direction: Direction, units: number, unique: boolean): number {
  const amount = unique ? 1 : Math.abs(units);
  return direction === 'out' ? -amount : amount;
}

/** The due time of a lending made at `from` (ms) by the category's max lending hours; null without them. */
export function computedDue(from: number, maxLendingHours: number | null | undefined): Date | null {
  if (typeof maxLendingHours !== 'number' || maxLendingHours <= 0) return null;
  return new Date(from + maxLendingHours * HOUR);
}

/** What the dialog holds when it records a movement. */
export interface MovementValues {
  code: string;
  warehouse: number | null;
  type: RecordedType;
  direction: Direction;
  units: number | null;
  unique: boolean;
  serial: string;
  person: number | null;
  /** Wire date-time of a due time chosen by hand; null: the server's, from the category. */
  due: string | null;
  note: string;
}

/** The body of `POST /api/stock/item/movement` (the item by its scanned code; empty fields left out). */
export function movementBody(values: MovementValues): Record<string, unknown> {
  const direction = fixedDirection(values.type) ?? values.direction;
  const lending = isLendingType(values.type);
  return {
    code: values.code.trim(),
    warehouse: values.warehouse,
    type: values.type,
    units: signedUnits(direction, values.units ?? 0, values.unique),
    ...(values.unique && values.serial.trim() ? { serial: values.serial.trim() } : {}),
    ...(lending && values.person !== null ? { person: values.person } : {}),
    ...(lending && values.due ? { due: values.due } : {}),
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  };
}

/** What is missing before a movement can be sent (the submit waits for it). */
export function movementComplete(values: MovementValues): boolean {
  if (!values.code.trim() || values.warehouse === null) return false;
  if (values.unique ? !values.serial.trim() : !(values.units && values.units > 0)) return false;
  return !isLendingType(values.type) || values.person !== null;
}

/** A movement row as the lending checks read it. */
export interface LendingRow {
  type?: unknown;
  units?: unknown;
  returned?: unknown;
  overdue?: unknown;
  due?: unknown;
  returnOf?: unknown;
  [field: string]: unknown;
}

/** A lending still out: an issue of a lending type, not returned (a return itself is not one). */
export function isOpenLending(row: LendingRow): boolean {
  return (
    isLendingType(row.type) &&
    row.returned !== true &&
    (row.returnOf === null || row.returnOf === undefined) &&
    typeof row.units === 'number' &&
    row.units < 0
  );
}

/** A lending still out past its due time (the server's `overdue`, or its due passed since the list loaded). */
export function isOverdueLending(row: LendingRow, now: number): boolean {
  if (!isOpenLending(row)) return false;
  if (row.overdue === true) return true;
  const due = typeof row.due === 'string' ? Date.parse(row.due) : NaN;
  return !Number.isNaN(due) && due < now;
}
