import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  is,
  lte,
  sql,
  SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { alias, PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  hasNotPastDates,
  idParamsSchema,
  parseId,
  parseInteger,
  pastDateProblems,
  type Entity,
  type FieldDef,
  type Fields,
  type ListQuery,
} from '@strazce/contract';
import type { Db } from '../db/database';
import {
  columnPlaceholders,
  columnValues,
  definedKeys,
  preparedInsert,
  preparedShapes,
} from '../db/prepared';
import { auditRecord, changedFields } from './audit';
import { systemClock, type Clock } from './clock';
import { AppError, notFound, validationError } from './errors';
import { currentSiteId, sessionOf } from './guard';
import { refTarget } from './refs';
import { refuseIfInUse, registerUses } from './usage';
import { NO_BODY } from './requestBody';
import { siteToday } from './siteTime';

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
}

/** A named list of an entity: see `CrudOptions.scopes`. */
export interface ListScope {
  /** Its condition beside the site and the filters: SQL with no value that changes between calls. */
  where: SQL;
  /** Fields of its records computed by SQL, beside the entity's; `now` as for `computed`. */
  fields?: Record<string, (now: SQL) => SQL>;
}

const idParams = idParamsSchema;

const columnName = (name: string, field: FieldDef) => (field.kind === 'ref' ? `${name}Id` : name);

/**
 * `"table"."column"`, whatever the statement around it (see the subqueries of `crudRepository`); the
 * database is opened with snake_case casing, which names a column declared without a name by its key.
 */
export const qualified = (column: PgColumn, tableName = getTableName(column.table)) =>
  sql`${sql.identifier(tableName)}.${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`;

/** A filter or key value as a condition takes it: inline, or as a placeholder of a prepared statement. */
type Bind = (value: unknown, column: PgColumn) => unknown;

/**
 * SQL built only when it is asked for: a prepared statement's where clause is built at its first run, while
 * each request binds its values (and names its shape) without building the conditions again.
 */
type LazySql = () => SQL | undefined;

/** What a select reads: one record (`id`) or a page of the site's records matching `filters`. */
interface Target {
  siteId: number | null;
  id?: number;
  filters?: Record<string, unknown>;
  /** The route's row filter: SQL of the module's own, so its select is built anew every time. */
  extraWhere?: SQL;
  /** A named list of `CrudOptions.scopes`. */
  scope?: string;
}
const inline: Bind = (value) => value;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The CRUD machinery: from an entity declared once in the contract and its table, registers list, get,
 * create, update (optimistic `version`) and delete under `/api/<resource>`, with role, module and site
 * checks, filters, sorting and paging. Everything special lives in hooks.
 */
export function crudRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Db,
  options: CrudOptions<F>,
): CrudRepository {
  const { entity, hooks = {} } = options;
  const table = options.table as CrudTable;
  const repository = crudRepository(db, options, app.sessionCache, app.clock);
  const base = `/api/${entity.resource}`;
  const readAccess = { roles: entity.read, module: entity.module };
  const writeAccess = { roles: entity.write, module: entity.module };
  const deleteAccess = { roles: entity.delete, module: entity.module };
  registerUses(entity, table, options.siteColumn ?? table.siteId, (resource) => refTarget(resource).table);
  const record = (
    options.recordExtension
      ? (entity.schemas.record as unknown as z.ZodObject).extend(options.recordExtension)
      : entity.schemas.record
  ) as z.ZodType<Row>;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [entity.resource.split('/')[0]];
  const extendInput = (schema: z.ZodType) =>
    options.inputExtension ? (schema as unknown as z.ZodObject).extend(options.inputExtension) : schema;
  const createBody = extendInput(entity.schemas.create);
  const updateBody = extendInput(entity.schemas.update);
  const rowFilterOf = (request: FastifyRequest) => options.rowFilter?.(request);

  typed.get(
    base,
    {
      config: { access: readAccess },
      schema: { tags, querystring: entity.schemas.listQuery, response: { 200: z.array(record) } },
    },
    async (request, reply) => {
      const { json, total } = await repository.listJson(
        request.query as ListQuery,
        scopeOf(request),
        rowFilterOf(request),
        request,
      );
      return sendJson(reply.header(HEADERS.totalCount, String(total)), json);
    },
  );

  typed.get(
    `${base}/:id`,
    { config: { access: readAccess }, schema: { tags, params: idParams, response: { 200: record } } },
    async (request, reply) =>
      sendJson(
        reply,
        await repository.getJson(request.params.id, scopeOf(request), rowFilterOf(request), request),
      ),
  );

  /** Write routes this entity gets: none for a log, and none that the module serves itself (`omit`). */
  const serves = (route: CrudWriteRoute) => !options.log && !options.omit?.includes(route);

  if (serves('create'))
    typed.post(
      base,
      {
        config: { access: writeAccess },
        schema: { tags, body: createBody, response: { 201: record } },
      },
      async (request, reply) => {
        const siteId = scopeOf(request);
        const id = await db.transaction(async (tx) => {
          const ctx = { request, tx: tx as unknown as Db, siteId };
          return repository.insert(request.body as Row, ctx);
        });
        return sendJson(reply.status(201), await repository.getJson(id, siteId, undefined, request));
      },
    );

  if (serves('update'))
    typed.put(
      `${base}/:id`,
      {
        config: { access: writeAccess },
        schema: { tags, params: idParams, body: updateBody, response: { 200: record } },
      },
      async (request, reply) => {
        const siteId = scopeOf(request);
        const rowFilter = rowFilterOf(request);
        await db.transaction(async (tx) => {
          const ctx = { request, tx: tx as unknown as Db, siteId, rowFilter };
          await repository.update(request.params.id, request.body as Row & { version: number }, ctx);
        });
        return sendJson(reply, await repository.getJson(request.params.id, siteId, rowFilter, request));
      },
    );

  if (serves('delete'))
    typed.delete(
      `${base}/:id`,
      // Who may delete is the entity's own rule (records that must be kept: the module's administrator only).
      { config: { access: deleteAccess }, schema: { body: NO_BODY, tags, params: idParams } },
      async (request, reply) => {
        const siteId = scopeOf(request);
        const rowFilter = rowFilterOf(request);
        const deleted = await db.transaction(async (tx) => {
          const ctx = { request, tx: tx as unknown as Db, siteId, rowFilter };
          const existing = await repository.findRow(request.params.id, ctx);
          if (!existing) throw notFound();
          await hooks.beforeDelete?.(existing, ctx);
          // A record other records refer to is kept (deactivated by the caller instead): IN_USE says by what.
          await refuseIfInUse(ctx.tx, table, request.params.id);
          await tx.delete(table).where(repository.byId(request.params.id, siteId, rowFilter));
          auditRecord(request, {
            entity: entity.resource,
            recordId: request.params.id,
            siteId,
            changes: changedFields(existing, undefined),
          });
          return existing;
        });
        await hooks.afterDelete?.(deleted, request);
        return reply.status(204).send();
      },
    );

  function scopeOf(request: FastifyRequest): number | null {
    sessionOf(request);
    return entity.scope === 'site' ? currentSiteId(request) : null;
  }

  return repository;
}

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

/**
 * Whether anything was written through the API since a moment: the session cache hears every write call,
 * on this instance and on the others.
 */
export interface WriteSignal {
  generation(): number;
  isCurrent(generation: number): boolean;
}

export function crudRepository<F extends Fields>(
  db: Db,
  options: CrudOptions<F>,
  writes?: WriteSignal,
  /** How long totals are kept is measured on it. */
  clock: Clock = systemClock,
): CrudRepository {
  const { entity, hooks = {} } = options;
  const table = options.table as CrudTable;
  const columns = table as unknown as Record<string, PgColumn>;
  const fieldEntries = Object.entries(entity.fields) as [string, FieldDef][];
  if (options.log && entity.write.length > 0)
    throw new Error(`${entity.resource} is a log: nobody may write it`);

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

  // Virtual fields and child lists are read by correlated subqueries of the same select (one statement per
  // page). Drizzle leaves columns unqualified in a select without joins, which inside a subquery would mean
  // the subquery's own tables: every column there is qualified by hand.
  const owner = qualified(table.id);
  const linkEntries = Object.entries(options.links ?? {}) as [string, Link][];
  for (const [name, link] of linkEntries) {
    const field = entity.fields[name];
    if (!field?.virtual) throw new Error(`${name} is not a virtual field`);
    if (field.kind === 'multiRef') {
      const target = refTarget(field.ref!);
      const aliasName = `link_${name}`;
      const joined = alias(target.table, aliasName) as unknown as Record<string, PgColumn> & PgTable;
      const joinedId = qualified(joined.id, aliasName);
      const label = target.label(joined);
      const order = link.position ? qualified(link.position) : label;
      selection[name] =
        sql`coalesce((select json_agg(json_build_object('id', ${joinedId}, 'label', ${label}) order by ${order})
        from ${link.table} join ${target.table} ${sql.identifier(aliasName)} on ${qualified(link.value)} = ${joinedId}
        where ${qualified(link.owner)} = ${owner}), '[]'::json)`;
    } else {
      const value = qualified(link.value);
      const order = link.position ? qualified(link.position) : value;
      selection[name] = sql`coalesce((select json_agg(${value} order by ${order})
        from ${link.table} where ${qualified(link.owner)} = ${owner}), '[]'::json)`;
    }
  }
  for (const [name, field] of fieldEntries) {
    if (field.virtual && !options.links?.[name as keyof F & string])
      throw new Error(`No link table for ${entity.resource}.${name}`);
  }
  for (const [name, child] of Object.entries(options.children ?? {})) {
    const pairs = sql.join(
      Object.entries(child.columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified(column)}`),
      sql`, `,
    );
    selection[name] =
      sql`coalesce((select json_agg(json_build_object(${pairs}) order by ${qualified(child.orderBy)})
      from ${child.table} where ${qualified(child.owner)} = ${owner}), '[]'::json)`;
  }

  for (const [name, expression] of Object.entries(options.columns ?? {})) selection[name] = expression;

  const siteColumn = options.siteColumn ?? table.siteId;
  const byId = (id: number, siteId: number | null, extraWhere?: SQL) =>
    whereOf({ id, siteId, extraWhere }, inline, [])()!;

  /**
   * The conditions of the request's filters. `bind` turns each value into what the condition compares with:
   * the value itself, or a placeholder of a prepared statement. `shape` collects what the SQL depends on.
   */
  function filterConditions(filters: Record<string, unknown>, bind: Bind, shape: string[]): LazySql[] {
    const conditions: LazySql[] = [];
    for (const [name, field] of fieldEntries) {
      if (!field.filter || field.virtual || field.writeOnly) continue;
      const compute = computed[name];
      if (compute) {
        const raw = filters[name];
        if (raw === undefined || raw === '' || field.filter !== 'eq') continue;
        // The clock and the value bound as any column of their kind would bind them.
        const now = bind(new Date(clock.now()), table.createdAt) as SQL;
        const value = bind(raw, table.version);
        conditions.push(() => sql`${compute(sql`${now}::timestamptz`)} = ${value}`);
        shape.push(`${name}=`);
        continue;
      }
      const column = columns[columnName(name, field)];
      const value = (raw: unknown) => bind(toColumnValue(field, raw), column);
      if (field.filter === 'range') {
        for (const [bound, compare] of [
          ['From', gte],
          ['To', lte],
        ] as const) {
          if (filters[`${name}${bound}`] === undefined) continue;
          const limit = value(filters[`${name}${bound}`]);
          conditions.push(() => compare(column, limit));
          shape.push(`${name}${bound}`);
        }
        continue;
      }
      const raw = filters[name];
      if (raw === undefined || raw === '') continue;
      if (field.filter === 'contains') {
        const pattern = bind(`%${escapeLike(String(raw))}%`, column) as string;
        conditions.push(() => ilike(column, pattern));
        shape.push(`${name}~`);
      } else if (field.filter === 'in') {
        const values = String(raw)
          .split(',')
          .filter(Boolean)
          .map((item) => bind(parseInValue(name, field, item), column));
        if (values.length > 0) conditions.push(() => inArray(column, values));
        shape.push(`${name}[${values.length}]`);
      } else {
        const equal = value(raw);
        conditions.push(() => eq(column, equal));
        shape.push(`${name}=`);
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
    return () => and(...conditions.map((condition) => condition()));
  }

  // The database writes each record as JSON (one text per row), as the API returns it: building it there
  // costs less than parsing the columns, mapping them and serializing the record again.
  const decimalKeys = new Set(
    fieldEntries.filter(([, field]) => field.kind === 'decimal').map(([name]) => name),
  );
  const recordJson = recordJsonOf(selection, decimalKeys);
  const scopeOf = (name: string) => {
    const scope = options.scopes?.[name];
    if (!scope) throw new Error(`${entity.resource} has no list scope ${name}`);
    return scope;
  };
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  /** The record JSON of each scope: the entity's fields and the scope's own. */
  const scopeRecordJson = new Map(
    Object.entries(options.scopes ?? {}).map(([name, scope]) => [
      name,
      recordJsonOf(
        {
          ...selection,
          ...Object.fromEntries(
            Object.entries(scope.fields ?? {}).map(([field, compute]) => [field, compute(now)]),
          ),
        },
        decimalKeys,
      ),
    ]),
  );

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
    const json = target.scope === undefined ? recordJson : scopeRecordJson.get(target.scope)!;
    const build = (handle: Db) => {
      let statement = handle
        .select({ json: json.as('json') })
        .from(table)
        .$dynamic();
      for (const by of order ?? []) {
        const join = refJoins[by.field];
        if (join) statement = statement.leftJoin(join.table, join.on);
      }
      statement = statement.where(where());
      if (order) {
        statement = statement
          .orderBy(
            ...order.map((by) =>
              by.direction === 'asc' ? asc(sortExpressions[by.field]) : desc(sortExpressions[by.field]),
            ),
            desc(table.id),
          )
          .limit(sql.placeholder('limit') as unknown as number)
          .offset(sql.placeholder('offset') as unknown as number);
      }
      return statement;
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
  /** The keys of values a prepared write can bind, or null when one is SQL (built anew). */
  const boundKeys = (values: Row) => {
    const keys = definedKeys(values);
    return keys.some((key) => is(values[key], SQL)) ? null : keys;
  };
  const findStatement = preparedShapes((handle, where: LazySql) =>
    handle.select().from(table).where(where()).limit(1),
  );
  const insertPrepared = preparedInsert(table);
  const updateStatement = preparedShapes((handle, shape: { keys: readonly string[]; where: LazySql }) =>
    handle
      .update(table)
      .set({
        ...columnPlaceholders(shape.keys),
        version: sql`${table.version} + 1`,
        updatedAt: columnPlaceholders(['updatedAt']).updatedAt,
      })
      .where(and(shape.where(), eq(table.version, sql.placeholder('expectedVersion'))))
      .returning({ id: table.id }),
  );

  async function insertRow(tx: Db, values: Row): Promise<number> {
    if (!boundKeys(values)) {
      const [created] = (await tx.insert(table).values(values).returning({ id: table.id })) as {
        id: number;
      }[];
      return created.id;
    }
    return insertPrepared(tx, values);
  }

  /** Updates the record at the version the caller read; its id, or undefined when it is not (or no longer) so. */
  async function updateRow(id: number, version: number, values: Row, ctx: CrudContext) {
    const updatedAt = new Date();
    const keys = boundKeys(values)?.filter((key) => key !== 'version' && key !== 'updatedAt');
    if (!keys || ctx.rowFilter) {
      const [updated] = await ctx.tx
        .update(table)
        .set({ ...values, version: sql`${table.version} + 1`, updatedAt })
        .where(and(byId(id, ctx.siteId, ctx.rowFilter), eq(table.version, version)))
        .returning({ id: table.id });
      return updated?.id;
    }
    const { where, values: whereValues } = bound({ id, siteId: ctx.siteId });
    const [updated] = await updateStatement(keys.join(','), { keys, where }).rows<{ id: number }>(ctx.tx, {
      ...whereValues,
      ...columnValues(table, [...keys, 'updatedAt'], { ...values, updatedAt }),
      expectedVersion: version,
    });
    return updated?.id;
  }

  /** Input → column values: defaults on create, refs to `<name>Id`, read-only and write-only fields left out. */
  function toColumns(input: Row, creating: boolean): Row {
    const values: Row = {};
    for (const [name, field] of fieldEntries) {
      if (field.readOnly || field.writeOnly || field.virtual) continue;
      let value = input[name];
      if (value === undefined && creating && field.default !== undefined) value = field.default;
      if (value === undefined) continue;
      values[columnName(name, field)] = toColumnValue(field, value);
    }
    return values;
  }

  /** The virtual (link) fields of an input, as the audit shows them among the changed fields. */
  function linkValues(input: Row): Row {
    return Object.fromEntries(
      linkEntries.filter(([name]) => input[name] !== undefined).map(([name]) => [name, input[name]]),
    );
  }

  async function writeLinks(id: number, input: Row, ctx: CrudContext, creating: boolean): Promise<void> {
    for (const [name, link] of linkEntries) {
      const values = (input[name] ?? (creating ? [] : undefined)) as unknown[] | undefined;
      if (values === undefined) continue;
      await ctx.tx.delete(link.table).where(eq(link.owner, id));
      const unique = [...new Set(values)];
      if (unique.length > 0) {
        const ownerKey = columnKey(link.table, link.owner);
        const valueKey = columnKey(link.table, link.value);
        const positionKey = link.position ? columnKey(link.table, link.position) : null;
        const siteKey = link.site ? columnKey(link.table, link.site) : null;
        await ctx.tx.insert(link.table).values(
          unique.map((value, index) => ({
            [ownerKey]: id,
            [valueKey]: value,
            ...(positionKey ? { [positionKey]: index } : {}),
            ...(siteKey ? { [siteKey]: ctx.siteId } : {}),
          })),
        );
      }
    }
  }

  /** The refs of an input that name records: each field's distinct ids, and whether its target is the site's. */
  function referencesOf(input: Row, ctx: CrudContext) {
    const references: Array<{ name: string; ids: number[]; bySite: boolean }> = [];
    for (const [name, field] of fieldEntries) {
      const value = input[name];
      const ids =
        field.kind === 'ref' && typeof value === 'number'
          ? [value]
          : field.kind === 'multiRef' && Array.isArray(value)
            ? [...new Set(value as number[])]
            : [];
      if (ids.length === 0) continue;
      if (!ids.every(Number.isSafeInteger)) throw validationError(name, 'validation.ref');
      const target = refTarget(field.ref!);
      const bySite = target.scope === 'site' && !!target.table.siteId && ctx.siteId !== null;
      references.push({ name, ids, bySite });
    }
    return references;
  }

  // One statement counts the records every ref of an input names (of the caller's site where they belong to
  // one), prepared per set of refs.
  const referenceCount = preparedShapes(
    (handle, references: ReadonlyArray<{ name: string; bySite: boolean }>) => {
      const counts = references.map(({ name, bySite }, index) => {
        const target = refTarget(entity.fields[name].ref!).table;
        const site = bySite ? sql` and ${qualified(target.siteId!)} = ${sql.placeholder('siteId')}` : sql``;
        return sql`(select count(*) from ${target} where ${qualified(target.id)} = any(${sql.placeholder(`ids${index}`)}::int[])${site})::int as ${sql.identifier(`found${index}`)}`;
      });
      return sql`select ${sql.join(counts, sql`, `)}`;
    },
  );

  /** A reference to a site-scoped entity must point into the same site; otherwise it is as if it did not exist. */
  async function checkReferences(input: Row, ctx: CrudContext): Promise<void> {
    const references = referencesOf(input, ctx);
    if (references.length === 0) return;
    const key = references.map(({ name, bySite }) => `${name}:${bySite}`).join(',');
    const values: Record<string, unknown> = { siteId: ctx.siteId };
    references.forEach(({ ids }, index) => (values[`ids${index}`] = `{${ids.join(',')}}`));
    const [found] = await referenceCount(key, references).rows<Record<string, number>>(ctx.tx, values);
    references.forEach(({ name, ids }, index) => {
      if (Number(found[`found${index}`]) !== ids.length) throw validationError(name, 'validation.ref');
    });
  }

  /**
   * Exact count, or with `countLimit`: an exact count of at most limit + 1 rows, and beyond the limit the
   * planner's estimate (never below limit + 1), each kept for the same filters (see `totals`).
   */
  async function countRows(target: Target): Promise<number> {
    const limit = options.countLimit;
    if (target.extraWhere) {
      // A row filter is SQL of the module's own: built anew, never kept.
      const where = whereOf(target, inline, [])();
      const [{ total }] = await countOf(db, where);
      return limit && Number(total) > limit ? estimatedCount(where, limit) : Number(total);
    }
    const { where, values, shape } = bound(target);
    const key = shape.join('&');
    const counted = async () =>
      Number((await countStatement(key, where).rows<{ total: unknown }>(db, values))[0].total);
    if (!limit) return counted();
    const keptKey = `${key} ${JSON.stringify(values)}`;
    const kept = totals.get(keptKey);
    if (kept && kept.until > clock.now() && (kept.written === null || writes?.isCurrent(kept.written)))
      return kept.total;
    const keep = (total: number, written: number | null, ms: number) => {
      if (totals.size >= MAX_KEPT_TOTALS) totals.clear();
      totals.set(keptKey, { total, written, until: clock.now() + ms });
    };
    const startedAt = writes?.generation();
    const total = await counted();
    if (total <= limit) {
      if (startedAt !== undefined) keep(total, startedAt, EXACT_KEPT_MS);
      return total;
    }
    const estimate = await estimatedCount(whereOf(target, inline, [])(), limit);
    keep(estimate, null, ESTIMATE_KEPT_MS);
    return estimate;
  }
  const matching = (handle: Db, where: SQL | undefined) =>
    handle
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  /** The count of the matching rows; with `countLimit`, of at most limit + 1 of them. */
  const countOf = (handle: Db, where: SQL | undefined) => {
    const total = { total: sql`count(*)`.as('total') };
    const limit = options.countLimit;
    return limit
      ? handle.select(total).from(
          matching(handle, where)
            .limit(limit + 1)
            .as('bounded'),
        )
      : handle.select(total).from(table).where(where);
  };
  const countStatement = preparedShapes((handle, where: LazySql) => countOf(handle, where()));
  /** The planner's estimate of the matching rows, never below limit + 1 (the exact count found more). */
  const estimatedCount = async (where: SQL | undefined, limit: number) =>
    Math.max(limit + 1, planRows(await db.execute(sql`explain (format json) ${matching(db, where)}`)));
  /**
   * Totals of a large table by filter values: an estimate for `ESTIMATE_KEPT_MS`; an exact count until
   * the next write call (`written`: the write generation it was counted in), at most `EXACT_KEPT_MS`.
   */
  const totals = new Map<string, { total: number; written: number | null; until: number }>();

  /** A page of a list (the main one, with a row filter, or a scope) as JSON text, and its total. */
  async function pageJson(target: Target, query: ListQuery, request?: FastifyRequest) {
    const [texts, total] = await Promise.all([recordTexts(target, query, request), countRows(target)]);
    return { json: `[${texts.join(',')}]`, total };
  }

  const listJson: CrudRepository['listJson'] = (query, siteId, extraWhere, request) =>
    pageJson({ siteId, filters: query.filters, extraWhere }, query, request);

  const scopeJson: CrudRepository['scopeJson'] = (scope, query, siteId, request) =>
    pageJson({ siteId, filters: query.filters, scope }, query, request);

  const getJson: CrudRepository['getJson'] = async (id, siteId, extraWhere, request) => {
    const [text] = await recordTexts({ id, siteId, extraWhere }, undefined, request);
    if (text === undefined) throw notFound();
    return text;
  };

  const checksDates = hasNotPastDates(entity);
  /**
   * The entity's own rules of a record (`check` in the contract) and its dates that must be in the future
   * (`notPast`, against the site's today by the app's clock), shared with the form.
   */
  async function checkRecord(input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
    const details = [...(entity.check?.(input, existing) ?? [])];
    if (checksDates && ctx.siteId !== null) {
      const today = await siteToday(ctx.tx, ctx.siteId, new Date(clock.now()));
      details.push(...pastDateProblems(entity, input, today, existing));
    }
    if (details.length > 0) throw new AppError('VALIDATION', 'Validation failed', details);
  }

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

  return {
    byId,
    async list(query, siteId, extraWhere, request) {
      const { json, total } = await listJson(query, siteId, extraWhere, request);
      return { rows: JSON.parse(json) as Row[], total };
    },
    listJson,
    scopeJson,
    async get(id, siteId, extraWhere, request) {
      return JSON.parse(await getJson(id, siteId, extraWhere, request)) as Row;
    },
    getJson,
    findRow,
    async insert(input, ctx) {
      await checkRecord(input, ctx);
      await checkReferences(input, ctx);
      const values = toColumns(input, true);
      if (entity.scope === 'site') values[columnKey(table, siteColumn!)] = ctx.siteId;
      await hooks.beforeWrite?.(values, input, ctx);
      const createdId = await insertRow(ctx.tx, values);
      await writeLinks(createdId, input, ctx, true);
      await hooks.afterWrite?.(createdId, input, ctx);
      auditRecord(ctx.request, {
        entity: entity.resource,
        recordId: createdId,
        siteId: ctx.siteId,
        changes: changedFields(undefined, { ...values, ...linkValues(input) }),
      });
      return createdId;
    },
    async update(id, input, ctx, options = {}) {
      const existing = options.existing ?? (await findRow(id, ctx));
      if (!existing) throw notFound();
      await checkRecord(input, ctx, existing);
      await checkReferences(input, ctx);
      const values = { ...toColumns(input, false), ...options.set };
      await hooks.beforeWrite?.(values, input, ctx, existing);
      const updated = await updateRow(id, input.version, values, ctx);
      if (updated === undefined)
        throw options.conflict?.() ?? new AppError('CONFLICT', 'Record was modified by someone else');
      await writeLinks(id, input, ctx, false);
      await hooks.afterWrite?.(id, input, ctx, existing);
      auditRecord(ctx.request, {
        entity: entity.resource,
        recordId: id,
        siteId: ctx.siteId,
        changes: changedFields(existing, { ...values, ...linkValues(input) }),
      });
    },
  };
}

/**
 * Sends a body the database wrote as JSON as it is. The test suites check it against the route's response
 * schema all the same (`validateResponses`): the route's serializer checks the parsed value.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  void reply.type('application/json; charset=utf-8');
  return reply.send(reply.server.validateResponses ? reply.serialize(JSON.parse(json)) : json);
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

function columnKey(table: PgTable, column: PgColumn): string {
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
function toColumnValue(field: FieldDef, value: unknown): unknown {
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

/**
 * How long a total beyond the count limit is reused for the same filters: it is the planner's estimate
 * anyway, and a list that large does not change noticeably in that time, while its pages save statements.
 */
const ESTIMATE_KEPT_MS = 30_000;
/**
 * An exact total is reused until anything is written through the API; this long at most, for a change made
 * in the database by hand (as the session cache).
 */
const EXACT_KEPT_MS = 10_000;
const MAX_KEPT_TOTALS = 1000;

/** The planner's row estimate from `explain (format json)` (node-postgres and PGlite shapes). */
function planRows(result: unknown): number {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  let plan = rows[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const estimate = Number((plan as Array<{ Plan?: { 'Plan Rows'?: number } }>)?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(estimate) ? Math.round(estimate) : 0;
}
