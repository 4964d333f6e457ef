import { and, eq, getTableName, gte, ilike, inArray, lt, lte, sql, SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  parseId,
  parseInteger,
  type Entity,
  type FieldDef,
  type Fields,
  type ListQuery,
} from '@strazce/contract';
import type { Db } from '../db/database';
import type { PartitionSpan } from '../db/partitionSpan';
import type { Clock } from './clock';
import { AppError, validationError } from './errors';
import { refTarget } from './refs';
import { notRestricted } from './restriction.tables';

/*
 * The CRUD machinery's declarations (what a module passes to `crudRoutes`) and the model the reads, counts and
 * writes share: an entity's selection, its sort expressions and the where clause of a page or a record. The
 * machinery is split by concern: crud.ts (routes, the repository), crudReads.ts, crudCounts.ts, crudWrites.ts
 * and crudChildren.ts (link and child lists).
 */

export type Row = Record<string, unknown>;

export type CrudTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  siteId?: PgColumn;
};

/** A log the server writes (e-mail outbox, audit trail): rows have no version or timestamps of their own. */
export type LogTable = PgTable & { id: PgColumn; siteId?: PgColumn };

export interface CrudContext {
  request: FastifyRequest;
  /** The transaction the write runs in; related rows written by hooks commit or fail with it. */
  tx: Db;
  /** The session's current site for site-scoped entities, null for global ones. */
  siteId: number | null;
  /** The row-level restriction of the route (`CrudOptions.rowFilter`), if any. */
  rowFilter?: SQL;
}

export interface CrudHooks {
  /** Turns validated input into column values (hash a password, check a rule); runs inside the transaction. */
  beforeWrite?(values: Row, input: Row, ctx: CrudContext, existing?: Row): Promise<void> | void;
  /** Writes related rows after the main row is stored (`existing`: the record before an update). */
  afterWrite?(id: number, input: Row, ctx: CrudContext, existing?: Row): Promise<void> | void;
  beforeDelete?(existing: Row, ctx: CrudContext): Promise<void> | void;
  /** After the deletion committed: what must not happen before (removing stored files of the record). */
  afterDelete?(existing: Row, request: FastifyRequest): Promise<void> | void;
  /** Adds to a record before it is returned (related lists, computed values, masking for the caller). */
  decorate?(records: Row[], db: Db, request?: FastifyRequest): Promise<void>;
  /**
   * Whether `decorate` changes anything for this caller (default: yes). When it does not, the records go
   * out as the database wrote them, without being parsed and serialized again.
   */
  decorates?(request?: FastifyRequest): boolean;
}

export type CrudWriteRoute = 'create' | 'update' | 'delete';

/** A link table holding a virtual multi-value field: one row per (owner, value). */
export interface Link {
  table: PgTable;
  owner: PgColumn;
  value: PgColumn;
  /**
   * An ordered link (a route's checkpoints): the values keep the order they were given in, numbered from 0 in
   * this column, and are returned in it. Without it a link is a set, returned by label.
   */
  position?: PgColumn;
  /** The link row's own site column (a site-scoped link table keeps `site_id`), set to the owner's site. */
  site?: PgColumn;
}

/**
 * Child rows returned inside the record as a list (a visit's companions): read by the record's own select,
 * so a page of records costs one statement. `columns` maps the keys of each child object to its columns.
 */
export interface ChildList {
  table: PgTable;
  owner: PgColumn;
  columns: Record<string, PgColumn>;
  orderBy: PgColumn;
}

export interface CrudOptions<F extends Fields> {
  entity: Entity<F>;
  table: CrudTable | LogTable;
  /**
   * Serves a read-only log: list and get only, for an entity nobody may write (`write: []`). `time` is the
   * column returned as `createdAt` and `updatedAt`; the rows are never edited by users, so `version` is 0.
   */
  log?: { time: PgColumn };
  /** The column holding a site-scoped row's site when it is not `siteId` (site persons: their home site). */
  siteColumn?: PgColumn;
  /** Write routes the module serves itself instead (a stored file is created by an upload). */
  omit?: CrudWriteRoute[];
  /** Where each virtual field (`multiEnum`, `multiRef`) is stored. */
  links?: Partial<Record<keyof F & string, Link>>;
  hooks?: CrudHooks;
  /** Child lists returned in each record (declare them in `recordExtension` too). */
  children?: Record<string, ChildList>;
  /** Extra fields of the returned record beyond the entity's (`children`, `columns`, or produced by `decorate`). */
  recordExtension?: z.ZodRawShape;
  /**
   * Record fields read by the select itself beyond the entity's (JSON columns the entity does not declare):
   * SQL with its columns `qualified`. Declare them in `recordExtension` too.
   */
  columns?: Record<string, SQL>;
  /** Extra keys accepted in create and update bodies (not columns): handed to the hooks in `input`. */
  inputExtension?: z.ZodRawShape;
  /** A row-level restriction by caller (e.g. only own rows), applied to list, get, update and delete. */
  rowFilter?: (request: FastifyRequest) => SQL | undefined;
  /**
   * A table partitioned by range of `field`'s column with a default partition (the audit trail by month): a page
   * sorted by it newest first is read within the partitions of the last `windowMs` first, and over every
   * partition only when those do not hold the whole page (db/partitionSpan.ts).
   */
  partitions?: {
    field: keyof F & string;
    span: () => Promise<PartitionSpan | null>;
    windowMs: number;
  };
  /**
   * `contains` filters with the column an index of the table carries after the columns of the default order:
   * the field's value in lower case, kept by PostgreSQL (a generated column; the visits' names in
   * `visit_site_time_idx`). The filter compares that column with `LIKE` on the lowered pattern, which is what
   * `ILIKE` does without lowering every row it tests; and a page filtered by it finds its ids first, walking the
   * index in the page's order and testing the filter in the index alone (an index-only scan), then reads those
   * records by id. A walk over the table reads every row it passes, and on a large table that many sites share
   * one site's rows lie on many pages.
   */
  indexedFilters?: Partial<Record<keyof F & string, PgColumn>>;
  /**
   * Large tables: count matching rows exactly only up to this many; beyond it the total is the planner's
   * estimate (never below the limit), so a page never waits for a count over millions of rows. Such an
   * estimate is reused for the same filters for 30 s, an exact total until the next write call.
   */
  countLimit?: number;
  /**
   * Read-only fields computed by SQL instead of read from a column (a lend-out being overdue): listed, sorted
   * and filtered like columns. `now` is the app's clock at the request (a parameter of the statement).
   */
  computed?: Partial<Record<keyof F & string, (now: SQL) => SQL>>;
  /**
   * The order of a list asked for no sort, when it is more than the entity's `defaultSort` (overdue lend-outs
   * first, then the newest): each field in turn, then the id descending.
   */
  defaultOrder?: ReadonlyArray<{ field: keyof F & string; direction: 'asc' | 'desc' }>;
  /**
   * Named lists of the entity beside its main list (vehicles in the area), read with `scopeJson`: prepared
   * and counted like the main list's filters, where a row filter's select is built anew every time.
   */
  scopes?: Record<string, ListScope>;
  /**
   * What the database masks in the records it writes for a caller who may not see it (personal data): the
   * mask a request reads with (`of`; none: nothing masked) and each mask's masked values. No masked value
   * leaves the database, and the records go out as it wrote them, not parsed and serialized again.
   */
  masks?: RecordMasks;
}

/** The SQL of a masked value, given the value's own SQL and the other values of its row (a record or a child). */
export type MaskedValue = (value: SQL, row: Record<string, SQL>) => SQL;

/** One mask: the record's masked fields, and the masked columns of its child lists (`children`) by list. */
export interface RecordMask {
  fields?: Record<string, MaskedValue>;
  children?: Record<string, Record<string, MaskedValue>>;
}

/** See `CrudOptions.masks`. */
export interface RecordMasks {
  /** The mask a request reads with (a name of `masks`), or none. Called without a request for internal reads. */
  of(request?: FastifyRequest): string | undefined;
  masks: Record<string, RecordMask>;
}

/** A named list of an entity: see `CrudOptions.scopes`. */
export interface ListScope {
  /** Its condition beside the site and the filters: SQL with no value that changes between calls. */
  where: SQL;
  /** Fields of its records computed by SQL, beside the entity's; `now` as for `computed`. */
  fields?: Record<string, (now: SQL) => SQL>;
}

/**
 * Whether anything was written through the API since a moment: the session cache hears every write call,
 * on this instance and on the others.
 */
export interface WriteSignal {
  generation(): number;
  isCurrent(generation: number): boolean;
}

export const columnName = (name: string, field: FieldDef) => (field.kind === 'ref' ? `${name}Id` : name);

/**
 * `"table"."column"`, whatever the statement around it (see the subqueries of `crudRepository`); the
 * database is opened with snake_case casing, which names a column declared without a name by its key.
 */
export const qualified = (column: PgColumn, tableName = getTableName(column.table)) =>
  sql`${sql.identifier(tableName)}.${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`;

/** A filter or key value as a condition takes it: inline, or as a placeholder of a prepared statement. */
export type Bind = (value: unknown, column: PgColumn) => unknown;

/**
 * SQL built only when it is asked for: a prepared statement's where clause is built at its first run, while
 * each request binds its values (and names its shape) without building the conditions again.
 */
export type LazySql = () => SQL | undefined;

/** What a select reads: one record (`id`) or a page of the site's records matching `filters`. */
export interface Target {
  siteId: number | null;
  id?: number;
  filters?: Record<string, unknown>;
  /** The route's row filter: SQL of the module's own, so its select is built anew every time. */
  extraWhere?: SQL;
  /** A named list of `CrudOptions.scopes`. */
  scope?: string;
  /** The newest partitions a page is read within (`CrudOptions.partitions`). */
  window?: { from: Date; to: Date };
}
export const inline: Bind = (value) => value;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(
    ([, value]) => value === column,
  );
  if (!entry) throw new Error(`Column ${column.name} is not in its table`);
  return entry[0];
}

const TEXT_KINDS = new Set<FieldDef['kind']>(['text', 'textarea', 'email', 'phone', 'color']);

/**
 * A validated input or filter value as the column takes it: date-times as Date, and an empty optional text as
 * null (a cleared form field means "no value"; two empty values must not collide on a unique key).
 */
export function toColumnValue(field: FieldDef, value: unknown): unknown {
  if (field.kind === 'datetime' && typeof value === 'string') return new Date(value);
  if (TEXT_KINDS.has(field.kind) && !field.required && value === '') return null;
  return value;
}

function parseInValue(name: string, field: FieldDef, item: string): unknown {
  if (field.kind === 'int' || field.kind === 'ref') {
    // Strictly digits (ids) or an optional minus and digits (integers): see `parseId` in the contract.
    const number = field.kind === 'ref' ? parseId(item) : parseInteger(item);
    if (number === undefined) throw validationError(name, 'validation.integer');
    return number;
  }
  if (field.kind === 'enum' && !field.values?.includes(item)) throw validationError(name, 'validation.enum');
  return item;
}

/** An entity's table as the CRUD reads, counts and writes see it. */
export type CrudModel = ReturnType<typeof crudModel>;

export function crudModel<F extends Fields>(options: CrudOptions<F>, clock: Clock) {
  const { entity } = options;
  const table = options.table as CrudTable;
  const columns = table as unknown as Record<string, PgColumn>;
  const fieldEntries = Object.entries(entity.fields) as [string, FieldDef][];
  const partitioned = options.partitions?.field;
  /** The partition key's column (`CrudOptions.partitions`). */
  const partitionColumn =
    partitioned === undefined ? undefined : columns[columnName(partitioned, entity.fields[partitioned])];
  if (options.log && entity.write.length > 0)
    throw new Error(`${entity.resource} is a log: nobody may write it`);

  /** The entity's fields as the select reads them; crudReads.ts adds the link and child lists and `columns`. */
  const selection: Record<string, PgColumn | SQL> = options.log
    ? { id: table.id, version: sql<number>`0`, createdAt: options.log.time, updatedAt: options.log.time }
    : { id: table.id, version: table.version, createdAt: table.createdAt, updatedAt: table.updatedAt };
  /** The join of each ref field, used only by a select sorted by that field's label. */
  const refJoins: Record<string, { table: PgTable; on: SQL }> = {};
  const sortExpressions: Record<string, PgColumn | SQL> = { id: table.id };
  const computed = (options.computed ?? {}) as Record<string, ((now: SQL) => SQL) | undefined>;
  /** Whether the selects bind the app's clock (`now`) for the computed fields. */
  const hasComputed = Object.keys(computed).length > 0;
  for (const [name, field] of fieldEntries) {
    if (field.writeOnly || field.virtual) continue;
    const compute = computed[name];
    if (compute) {
      if (!field.readOnly) throw new Error(`${entity.resource}.${name}: a computed field must be read-only`);
      selection[name] = compute(sql`${sql.placeholder('now')}::timestamptz`);
      sortExpressions[name] = selection[name];
    } else if (field.kind === 'ref') {
      // A correlated subquery, not a join: it runs only for the rows of the page, and the planner has no join
      // order to search (with a few refs, planning the joins cost more than running the page).
      const target = refTarget(field.ref!);
      const aliasName = `ref_${name}`;
      const joined = alias(target.table, aliasName) as unknown as Record<string, PgColumn> & PgTable;
      const label = target.label(joined);
      const refColumn = columns[`${name}Id`];
      selection[name] =
        sql`(select json_build_object('id', ${qualified(joined.id, aliasName)}, 'label', ${label})
        from ${target.table} ${sql.identifier(aliasName)} where ${qualified(joined.id, aliasName)} = ${qualified(refColumn)})`;
      refJoins[name] = { table: joined, on: eq(refColumn, joined.id) };
      sortExpressions[name] = label;
    } else {
      selection[name] = columns[name];
      sortExpressions[name] = columns[name];
    }
  }

  const siteColumn = options.siteColumn ?? table.siteId;
  const indexedFilters: Record<string, PgColumn | undefined> = options.indexedFilters ?? {};
  /** Whether a page's filters set one that an index carries (`CrudOptions.indexedFilters`). */
  const setsIndexedFilter = (filters: Record<string, unknown> | undefined) =>
    filters !== undefined &&
    Object.entries(filters).some(([name, raw]) => indexedFilters[name] && raw !== undefined && raw !== '');
  const restricted = notRestricted(entity.resource, table.id);
  const byId = (id: number, siteId: number | null, extraWhere?: SQL) =>
    whereOf({ id, siteId, extraWhere }, inline, [])()!;

  /** The filterable fields and what their conditions need, worked out once: every list request walks them. */
  const filterFields = fieldEntries
    .filter(([, field]) => field.filter && !field.virtual && !field.writeOnly)
    .map(([name, field]) => ({
      name,
      field,
      compute: computed[name],
      column: columns[columnName(name, field)],
      ranges: [
        [`${name}From`, gte],
        [`${name}To`, lte],
      ] as const,
      equalShape: `${name}=`,
      containsShape: `${name}~`,
    }));

  /**
   * The conditions of the request's filters. `bind` turns each value into what the condition compares with:
   * the value itself, or a placeholder of a prepared statement. `shape` collects what the SQL depends on.
   */
  function filterConditions(filters: Record<string, unknown>, bind: Bind, shape: string[]): LazySql[] {
    const conditions: LazySql[] = [];
    for (const { name, field, compute, column, ranges, equalShape, containsShape } of filterFields) {
      if (compute) {
        const raw = filters[name];
        if (raw === undefined || raw === '' || field.filter !== 'eq') continue;
        // The clock and the value bound as any column of their kind would bind them.
        const now = bind(new Date(clock.now()), table.createdAt) as SQL;
        const value = bind(raw, table.version);
        conditions.push(() => sql`${compute(sql`${now}::timestamptz`)} = ${value}`);
        shape.push(equalShape);
        continue;
      }
      if (field.filter === 'range') {
        for (const [key, compare] of ranges) {
          const raw = filters[key];
          if (raw === undefined) continue;
          const limit = bind(toColumnValue(field, raw), column);
          conditions.push(() => compare(column, limit));
          shape.push(key);
        }
        continue;
      }
      const raw = filters[name];
      if (raw === undefined || raw === '') continue;
      if (field.filter === 'contains') {
        const pattern = bind(`%${escapeLike(String(raw))}%`, column) as string;
        const lowered = indexedFilters[name];
        conditions.push(() => (lowered ? sql`${lowered} like lower(${pattern})` : ilike(column, pattern)));
        shape.push(containsShape);
      } else if (field.filter === 'in') {
        const values = String(raw)
          .split(',')
          .filter(Boolean)
          .map((item) => bind(parseInValue(name, field, item), column));
        if (values.length > 0) conditions.push(() => inArray(column, values));
        shape.push(`${name}[${values.length}]`);
      } else {
        const equal = bind(toColumnValue(field, raw), column);
        conditions.push(() => eq(column, equal));
        shape.push(equalShape);
      }
    }
    return conditions;
  }

  /**
   * The where clause of a page or a record: site, row filter and filters. The values are bound by `bind` and
   * the shape named at once; the clause itself is built when the returned function is called.
   */
  function whereOf(target: Target, bind: Bind, shape: string[]): LazySql {
    const conditions: LazySql[] = [];
    if (target.id !== undefined) {
      const id = bind(target.id, table.id);
      conditions.push(() => eq(table.id, id));
      shape.push('id');
    }
    if (entity.scope === 'site') {
      if (target.siteId === null || !siteColumn) throw new AppError('NO_SITE', 'No site selected');
      const siteId = bind(target.siteId, siteColumn);
      conditions.push(() => eq(siteColumn, siteId));
    }
    const { extraWhere } = target;
    if (extraWhere) conditions.push(() => extraWhere);
    if (target.scope !== undefined) {
      const scope = scopeOf(target.scope);
      conditions.push(() => scope.where);
      shape.push(`scope:${target.scope}`);
    }
    if (target.filters) conditions.push(...filterConditions(target.filters, bind, shape));
    if (target.window && partitionColumn) {
      const from = bind(target.window.from, partitionColumn);
      const to = bind(target.window.to, partitionColumn);
      conditions.push(() => and(gte(partitionColumn, from), lt(partitionColumn, to)));
      shape.push('window');
    }
    // Lists leave restricted records out (GDPR art. 18, restriction.tables.ts); a record by id stays readable.
    if (target.id === undefined && restricted) conditions.push(() => restricted);
    return () => and(...conditions.map((condition) => condition()));
  }

  const scopeOf = (name: string) => {
    const scope = options.scopes?.[name];
    if (!scope) throw new Error(`${entity.resource} has no list scope ${name}`);
    return scope;
  };

  /** The where clause of a target with its values as placeholders, their values, and its shape. */
  function bound(target: Target) {
    const values: Record<string, unknown> = {};
    const bind: Bind = (value, column) => {
      const name = `p${Object.keys(values).length}`;
      values[name] = column.mapToDriverValue(value);
      return sql.placeholder(name);
    };
    const shape: string[] = [];
    const where = whereOf(target, bind, shape);
    return { where, values, shape };
  }

  return {
    entity: entity as Entity<Fields>,
    options: options as unknown as CrudOptions<Fields>,
    clock,
    table,
    fieldEntries,
    selection,
    refJoins,
    sortExpressions,
    hasComputed,
    siteColumn,
    byId,
    whereOf,
    bound,
    setsIndexedFilter,
    scopeOf,
  };
}

/** An entity's records: what `crudRoutes` serves, for a module's own routes too. */
export interface CrudRepository {
  list(
    query: ListQuery,
    siteId: number | null,
    extraWhere?: SQL,
    request?: FastifyRequest,
  ): Promise<{ rows: Row[]; total: number }>;
  /** `list` with the page as the JSON text of the response body. */
  listJson(
    query: ListQuery,
    siteId: number | null,
    extraWhere?: SQL,
    request?: FastifyRequest,
  ): Promise<{ json: string; total: number }>;
  get(id: number, siteId: number | null, extraWhere?: SQL, request?: FastifyRequest): Promise<Row>;
  /** A page of the named list `scope` (`CrudOptions.scopes`) as the JSON text of the response body. */
  scopeJson(
    scope: string,
    query: ListQuery,
    siteId: number | null,
    request?: FastifyRequest,
  ): Promise<{ json: string; total: number }>;
  /** `get` as the JSON text of the response body. */
  getJson(id: number, siteId: number | null, extraWhere?: SQL, request?: FastifyRequest): Promise<string>;
  findRow(id: number, ctx: CrudContext): Promise<Row | undefined>;
  insert(input: Row, ctx: CrudContext): Promise<number>;
  /**
   * Updates a record at `input.version` (optimistic lock). `options.set`: further column values the module
   * writes itself (read-only fields: a transport's status); `options.conflict`: the error of a stale version
   * (CONFLICT by default).
   */
  update(
    id: number,
    input: Row & { version: number },
    ctx: CrudContext,
    options?: {
      set?: Row;
      conflict?: () => AppError;
      /** The record as the caller read it already in this transaction (`findRow`): not read again. */
      existing?: Row;
    },
  ): Promise<void>;
  byId(id: number, siteId: number | null, extraWhere?: SQL): SQL;
}
