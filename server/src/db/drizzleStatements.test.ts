import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import type { Db } from './database';
import { executeNamed, queryOf } from './drizzleStatements';
import { preparedStatement, rowsOf } from './prepared';

/** The drizzle internals the prepared statements rely on (drizzleStatements.ts): a drizzle upgrade fails here. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('drizzle statements', () => {
  it('writes a statement with its placeholders as SQL text and parameters', () => {
    const query = queryOf(ctx.db, sql`select ${sql.placeholder('a')}::int + ${1}::int as sum`);
    expect(query.sql).toBe('select $1::int + $2::int as sum');
    expect(query.params).toHaveLength(2);
  });

  it('runs it by name on the pool and in a transaction, with the values of its placeholders', async () => {
    const query = queryOf(ctx.db, sql`select ${sql.placeholder('a')}::int * 2 as twice`);
    expect(rowsOf(await executeNamed(ctx.db, query, 'drizzle_statements_test', { a: 21 }))).toEqual([
      { twice: 42 },
    ]);
    const inTransaction = await ctx.db.transaction(async (tx) =>
      rowsOf(await executeNamed(tx, query, 'drizzle_statements_test', { a: 5 })),
    );
    expect(inTransaction).toEqual([{ twice: 10 }]);
  });

  it('runs one statement kept for the pool with the values of each of many calls at once', async () => {
    const query = queryOf(ctx.db, sql`select ${sql.placeholder('a')}::int + 1 as next`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, a) => executeNamed(ctx.db, query, 'drizzle_statements_many', { a })),
    );
    expect(answers.map((answer) => rowsOf<{ next: number }>(answer)[0].next)).toEqual(
      Array.from({ length: 20 }, (_, a) => a + 1),
    );
  });

  it('carries a prepared statement built once through many runs', async () => {
    const statement = preparedStatement(() => sql`select ${sql.placeholder('word')}::text as word`);
    for (const word of ['one', 'two']) expect(await statement.rows(ctx.db, { word })).toEqual([{ word }]);
  });

  it('says which internals are missing on a handle that lacks them', () => {
    expect(() => queryOf({} as Db, sql`select 1`)).toThrow(/drizzle internals changed/);
  });
});
