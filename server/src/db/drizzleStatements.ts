import { is, type Query, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * The one place that reaches into drizzle's internals: how a handle (the database, or a transaction) turns a
 * statement into SQL text and runs it as a named prepared statement. drizzle has no public API for running an
 * already built query under a name; after a drizzle upgrade this module's test (drizzleStatements.test.ts)
 * fails here first, and nothing else needs to change.
 */
interface HandleInternals {
  dialect?: { sqlToQuery?(sql: SQL): Query };
  session?: {
    prepareQuery?(
      query: Query,
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

function internalsOf(handle: Db): Required<HandleInternals> {
  const internals = handle as unknown as HandleInternals;
  if (
    typeof internals.dialect?.sqlToQuery !== 'function' ||
    typeof internals.session?.prepareQuery !== 'function'
  )
    throw new Error(
      'drizzle internals changed: dialect.sqlToQuery / session.prepareQuery missing (db/drizzleStatements.ts)',
    );
  return internals as Required<HandleInternals>;
}

/** The SQL text and parameters of a statement, as the handle's dialect writes them. */
export function queryOf(handle: Db, statement: SQL): Query {
  return internalsOf(handle).dialect.sqlToQuery!(statement);
}

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * drizzle's prepared query of each statement on the database handle (not on a transaction's, which lives for
 * one transaction): made once, as making it allocates its configuration every call.
 */
const preparedOnDatabase = new WeakMap<object, Map<string, Executable>>();
const MAX_PREPARED = 2000;

const prepareOn = (handle: Db, query: Query, name: string): Executable =>
  internalsOf(handle).session.prepareQuery!(query, undefined, name, false);

/** Runs a query as the named prepared statement `name` on the handle, with the placeholders' values. */
export function executeNamed(
  handle: Db,
  query: Query,
  name: string,
  values: Record<string, unknown>,
): Promise<unknown> {
  let prepared = preparedOnDatabase.get(handle);
  if (!prepared) {
    if (is(handle, PgTransaction)) return prepareOn(handle, query, name).execute(values);
    preparedOnDatabase.set(handle, (prepared = new Map()));
  }
  let statement = prepared.get(name);
  if (!statement) {
    if (prepared.size >= MAX_PREPARED) prepared.clear();
    statement = prepareOn(handle, query, name);
    prepared.set(name, statement);
  }
  return statement.execute(values);
}
