import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { executeNamed, queryOf } from './drizzleStatements';

/** The rows of a raw statement's result (`db.execute`, a prepared statement): both drivers answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Prepared statements are named uniquely in the process: a connection keeps each name it has prepared. */
let preparedCount = 0;

export interface PreparedStatement {
  /**
   * Runs the statement on the handle (the pool, or the caller's transaction) with the placeholders' values:
   * its rows as the driver gives them (column names as selected, no mapping to the table's fields).
   */
  rows<T = Record<string, unknown>>(handle: Db, values?: Record<string, unknown>): Promise<T[]>;
}

/**
 * A statement built once, with `sql.placeholder`s for what changes from call to call, and run as a named
 * prepared statement (parsed once per connection) on whatever handle the caller holds: building a
 * statement through drizzle costs more CPU than many statements cost the database, so the statements of
 * hot paths (every write's audit entry, the CRUD machinery's reads and writes) are built once per shape.
 * Values are passed to the driver as they are: a caller encodes a column's value (`mapToDriverValue`)
 * where drizzle would (a bare placeholder as a builder's value is encoded by drizzle, but fails on null).
 */
export function preparedStatement(build: (handle: Db) => SQLWrapper): PreparedStatement {
  const name = `app_${++preparedCount}`;
  let query: Query | undefined;
  return {
    async rows<T>(handle: Db, values: Record<string, unknown> = {}) {
      query ??= queryOf(handle, build(handle).getSQL());
      return rowsOf<T>(await executeNamed(handle, query, name, values));
    },
  };
}

/**
 * Statements of one kind, built once per shape (the columns a write sets, the filters a list has): `key`
 * names the shape, `shape` is what `build` makes the statement of. The shapes of a kind are few; `max` only
 * guards against a runaway.
 */
export function preparedShapes<S>(
  build: (handle: Db, shape: S) => SQLWrapper,
  max = 200,
): (key: string, shape: S) => PreparedStatement {
  const statements = new Map<string, PreparedStatement>();
  return (key, shape) => {
    let statement = statements.get(key);
    if (!statement) {
      if (statements.size >= max) statements.clear();
      statement = preparedStatement((handle) => build(handle, shape));
      statements.set(key, statement);
    }
    return statement;
  };
}

const writeValueName = (key: string) => `v_${key}`;

/** The columns a write sets: the keys of `values` not undefined (an omitted column keeps its default). */
export const definedKeys = (values: Record<string, unknown>): string[] =>
  Object.keys(values).filter((key) => values[key] !== undefined);

/**
 * The values of a prepared insert or update of these columns (`keys` of the table): each a placeholder as SQL,
 * not a builder's value, which drizzle would encode (and fail on null); `columnValues` encodes them instead.
 */
export const columnPlaceholders = (keys: readonly string[]): Record<string, SQL> =>
  Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(writeValueName(key))}`]));

/** The placeholders' values of `columnPlaceholders`: each value encoded by its column, as drizzle would. */
export const columnValues = (
  table: unknown,
  keys: readonly string[],
  values: Record<string, unknown>,
): Record<string, unknown> => {
  const columns = table as Record<string, PgColumn>;
  return Object.fromEntries(
    keys.map((key) => {
      const value = values[key];
      return [
        writeValueName(key),
        value === null || value === undefined ? null : columns[key].mapToDriverValue(value),
      ];
    }),
  );
};

/**
 * An insert into `table` prepared per set of columns given (the keys of `values` not undefined; an omitted
 * column takes its default), with the values encoded by their columns: the new row's id.
 */
export function preparedInsert<T extends PgTable & { id: PgColumn }>(table: T) {
  const statement = preparedShapes((handle, keys: readonly string[]) =>
    handle
      .insert(table)
      .values(columnPlaceholders(keys) as T['$inferInsert'])
      .returning({ id: table.id }),
  );
  return async (handle: Db, values: Partial<T['$inferInsert']>): Promise<number> => {
    const row = values as Record<string, unknown>;
    const keys = definedKeys(row);
    const [created] = await statement(keys.join(','), keys).rows<{ id: number }>(
      handle,
      columnValues(table, keys, row),
    );
    return Number(created.id);
  };
}

/** A json value as a driver gives it: parsed already (node-postgres, PGlite), or as text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
