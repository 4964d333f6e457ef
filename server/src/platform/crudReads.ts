import { asc, desc, getTableColumns, inArray, is, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@strazce/contract';
import type { Db } from '../db/database';
import { preparedShapes } from '../db/prepared';
import { notFound } from './errors';
import { childSelections } from './crudChildren';
import {
  qualified,
  type CrudContext,
  type CrudModel,
  type LazySql,
  type RecordMask,
  type Row,
  type Target,
} from './crudModel';

/*
 * The CRUD machinery's reads: a page or a record as the JSON text the database writes, and a raw row by id
 * for the writes (see "How the CRUD machinery reads" in docs/development.md).
 */

/** The reads of an entity (`crudModel`) on `db`. */
export function crudReads(model: CrudModel, db: Db) {
  const { entity, options, clock, table, fieldEntries, selection, refJoins, sortExpressions, hasComputed } =
    model;
  const { byId, bound, scopeOf, setsIndexedFilter } = model;
  const hooks = options.hooks ?? {};
  // Beside the fields: link fields and child lists (crudChildren.ts), then the module's own `columns`.
  const selectionOf = (mask?: RecordMask): Record<string, PgColumn | SQL> => {
    const record = { ...selection, ...childSelections(options, table, mask?.children), ...options.columns };
    const row: Record<string, SQL> = Object.fromEntries(
      Object.entries(record).map(([key, value]) => [
        key,
        is(value, PgColumn) ? qualified(value) : (value as SQL),
      ]),
    );
    for (const [key, masked] of Object.entries(mask?.fields ?? {})) {
      if (!(key in row)) throw new Error(`${entity.resource} masks ${key}, which its records do not have`);
      record[key] = masked(row[key]!, row);
    }
    return record;
  };
  // The database writes each record as JSON (one text per row), as the API returns it: building it there
  // costs less than parsing the columns, mapping them and serializing the record again.
  const decimalKeys = new Set(
    fieldEntries.filter(([, field]) => field.kind === 'decimal').map(([name]) => name),
  );
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  /**
   * The record JSON of the main list and of each scope (the entity's fields and the scope's own), each without a
   * mask and with each mask: all built at once, so a mask naming a field the records lack fails at the start.
   */
  const jsonKey = (scope: string | undefined, maskName: string | undefined) =>
    `${scope ?? ''}/${maskName ?? ''}`;
  const recordJsons = new Map<string, SQL<string>>();
  for (const scope of [undefined, ...Object.keys(options.scopes ?? {})]) {
    const scopeFields = scope === undefined ? {} : (scopeOf(scope).fields ?? {});
    const computed = Object.fromEntries(
      Object.entries(scopeFields).map(([field, compute]) => [field, compute(now)]),
    );
    for (const maskName of [undefined, ...Object.keys(options.masks?.masks ?? {})]) {
      const mask = maskName === undefined ? undefined : options.masks!.masks[maskName];
      recordJsons.set(
        jsonKey(scope, maskName),
        recordJsonOf({ ...selectionOf(mask), ...computed }, decimalKeys),
      );
    }
  }

  // Selects are built once per shape (which filters are set, the sort, a page or one record) with
  // placeholders, prepared, and run with each request's values: building a select of this size costs more
  // CPU than the cheap queries of a page. A row filter (arbitrary SQL of the module) is built every time.
  const selectStatement = preparedShapes((handle, build: (handle: Db) => SQLWrapper) => build(handle));

  /** The JSON of each record of a page or of one record, decorated for the caller where that changes it. */
  async function recordTexts(target: Target, query?: ListQuery, request?: FastifyRequest): Promise<string[]> {
    const { where, values, shape } = bound(target);
    const sort = query && (query.sort ?? entity.defaultSort ?? { field: 'id', direction: 'desc' as const });
    const order =
      query && !query.sort && options.defaultOrder ? options.defaultOrder : sort ? [sort] : undefined;
    if (query && order) {
      values.limit = query.size;
      values.offset = (query.page - 1) * query.size;
      shape.push(`sort:${order.map((by) => `${by.field}:${by.direction}`).join(':')}`);
    }
    const scopeFields = target.scope !== undefined && scopeOf(target.scope).fields;
    if (hasComputed || scopeFields) values.now = table.createdAt.mapToDriverValue(new Date(clock.now()));
    const maskName = options.masks?.of(request);
    if (maskName !== undefined) shape.push(`mask:${maskName}`);
    const json = recordJsons.get(jsonKey(target.scope, maskName));
    if (!json) throw new Error(`${entity.resource} has no mask ${maskName}`);
    const idsFirst = order !== undefined && setsIndexedFilter(target.filters);
    if (idsFirst) shape.push('idsFirst');
    const build = (handle: Db) => {
      const ordered = (statement: PgSelect): PgSelect => {
        for (const by of order ?? []) {
          const join = refJoins[by.field];
          if (join) statement = statement.leftJoin(join.table, join.on);
        }
        return statement;
      };
      const orderBy = () => [
        ...(order ?? []).map((by) =>
          by.direction === 'asc' ? asc(sortExpressions[by.field]) : desc(sortExpressions[by.field]),
        ),
        desc(table.id),
      ];
      const page = (statement: PgSelect) =>
        statement
          .orderBy(...orderBy())
          .limit(sql.placeholder('limit') as unknown as number)
          .offset(sql.placeholder('offset') as unknown as number);
      const recordSelect = () =>
        ordered(
          handle
            .select({ json: json.as('json') })
            .from(table)
            .$dynamic(),
        );
      if (idsFirst) {
        // The page's ids (the same table, named alike: the inner select's columns refer to its own rows).
        const ids = page(ordered(handle.select({ id: table.id }).from(table).$dynamic()).where(where()));
        return recordSelect()
          .where(inArray(table.id, ids))
          .orderBy(...orderBy());
      }
      const statement = recordSelect().where(where());
      return order ? page(statement) : statement;
    };
    const rows = target.extraWhere
      ? ((await build(db).execute(values)) as Array<{ json: string }>)
      : await selectStatement(shape.join('&'), build).rows<{ json: string }>(db, values);
    const texts = rows.map((row) => row.json);
    if (!hooks.decorate || texts.length === 0 || hooks.decorates?.(request) === false) return texts;
    const records = texts.map((text) => JSON.parse(text) as Row);
    await hooks.decorate(records, db, request);
    return records.map((record) => JSON.stringify(record));
  }

  // The writes' own statements are prepared too, per shape: the record by id (`find`), an insert or an update
  // of a set of columns. A row filter or a value computed by SQL makes them built anew every time.
  const tableColumns = Object.entries(getTableColumns(table)).map(
    ([key, column]) => [key, column, column.keyAsName ? toSnakeCase(column.name) : column.name] as const,
  );
  /** A raw row of the table as drizzle maps it: by key, each value decoded by its column. */
  const rowOf = (raw: Record<string, unknown>): Row => {
    const row: Row = {};
    for (const [key, column, name] of tableColumns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  };
  const findStatement = preparedShapes((handle, where: LazySql) =>
    handle.select().from(table).where(where()).limit(1),
  );

  async function findRow(id: number, ctx: CrudContext): Promise<Row | undefined> {
    if (ctx.rowFilter) {
      const [row] = await ctx.tx
        .select()
        .from(table)
        .where(byId(id, ctx.siteId, ctx.rowFilter))
        .limit(1);
      return row as Row | undefined;
    }
    const { where, values } = bound({ id, siteId: ctx.siteId });
    const [raw] = await findStatement('find', where).rows(ctx.tx, values);
    return raw && rowOf(raw);
  }

  /** One record's JSON text; NOT_FOUND when the caller may not see it or it does not exist. */
  async function getJson(id: number, siteId: number | null, extraWhere?: SQL, request?: FastifyRequest) {
    const [text] = await recordTexts({ id, siteId, extraWhere }, undefined, request);
    if (text === undefined) throw notFound();
    return text;
  }

  return { recordTexts, findRow, getJson };
}

/** JavaScript's `toISOString` form, which the API uses for every date-time. */
const ISO_FORMAT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The record as JSON text: `json_build_object` of the selection (at most 50 pairs per call, PostgreSQL takes
 * 100 arguments), date-times as in `toISOString`, decimals as numbers.
 */
function recordJsonOf(selection: Record<string, PgColumn | SQL>, decimalKeys: Set<string>): SQL<string> {
  const pairs = Object.entries(selection).map(([key, expression]) => {
    let value: SQL;
    if (is(expression, PgColumn)) {
      const column: PgColumn = expression;
      value = qualified(column);
      if (column.columnType.startsWith('PgTimestamp')) {
        const inUtc = (column as PgColumn & { withTimezone: boolean }).withTimezone
          ? " at time zone 'UTC'"
          : '';
        value = sql`to_char(${value}${sql.raw(inUtc)}, ${ISO_FORMAT})`;
      }
    } else value = expression as SQL;
    if (decimalKeys.has(key)) value = sql`(${value})::numeric`;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  const objects: SQL[] = [];
  for (let start = 0; start < pairs.length; start += 50)
    objects.push(sql`json_build_object(${sql.join(pairs.slice(start, start + 50), sql`, `)})`);
  if (objects.length === 1) return sql<string>`${objects[0]}::text`;
  return sql<string>`(${sql.join(
    objects.map((object) => sql`${object}::jsonb`),
    sql` || `,
  )})::text`;
}
