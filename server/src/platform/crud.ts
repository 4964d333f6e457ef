import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEADERS, idParamsSchema, type Fields, type ListQuery } from '@strazce/contract';
import type { Db } from '../db/database';
import { windowSince } from '../db/partitionSpan';
import { auditRecord, changedFields } from './audit';
import { systemClock, type Clock } from './clock';
import { notFound } from './errors';
import { currentSiteId, sessionOf } from './guard';
import { refTarget } from './refs';
import { NO_BODY } from './requestBody';
import {
  crudModel,
  type CrudOptions,
  type CrudRepository,
  type CrudTable,
  type CrudWriteRoute,
  type Row,
  type Target,
  type WriteSignal,
} from './crudModel';
import { crudReads } from './crudReads';
import { crudCounts } from './crudCounts';
import { crudWrites } from './crudWrites';

// The declarations a module passes (crudModel.ts), exported here with the routes and the repository.
export {
  qualified,
  type ChildList,
  type CrudContext,
  type CrudHooks,
  type CrudOptions,
  type CrudRepository,
  type CrudTable,
  type CrudWriteRoute,
  type Link,
  type ListScope,
  type LogTable,
  type Row,
  type WriteSignal,
} from './crudModel';

const idParams = idParamsSchema;

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
  app.usage.addEntity(
    entity,
    table,
    options.siteColumn ?? table.siteId,
    (resource) => refTarget(resource).table,
  );
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
          const ctx = { request, tx: tx, siteId };
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
          const ctx = { request, tx: tx, siteId, rowFilter };
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
          const ctx = { request, tx: tx, siteId, rowFilter };
          const existing = await repository.findRow(request.params.id, ctx);
          if (!existing) throw notFound();
          await hooks.beforeDelete?.(existing, ctx);
          // A record other records refer to is kept (deactivated by the caller instead): IN_USE says by what.
          await app.usage.refuseIfInUse(ctx.tx, table, request.params.id);
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

/**
 * An entity's reads, counts and writes (crudReads.ts, crudCounts.ts, crudWrites.ts) over its model
 * (crudModel.ts); `crudRoutes` serves them, a module's own routes call them.
 */
export function crudRepository<F extends Fields>(
  db: Db,
  options: CrudOptions<F>,
  writes?: WriteSignal,
  /** How long totals are kept is measured on it. */
  clock: Clock = systemClock,
): CrudRepository {
  const model = crudModel(options, clock);
  const { recordTexts, findRow, getJson } = crudReads(model, db);
  const { countRows } = crudCounts(model, db, writes);
  const { insert, update } = crudWrites(model, findRow);

  /**
   * The newest partitions a page is read within first (`CrudOptions.partitions`): for a page sorted by the
   * partitions' field newest first, while every row lies within the partitions (db/partitionSpan.ts).
   */
  async function newestWindow(query: ListQuery) {
    const { partitions, entity, defaultOrder } = options;
    if (!partitions || (!query.sort && defaultOrder)) return null;
    const sort = query.sort ?? entity.defaultSort;
    if (sort?.field !== partitions.field || sort.direction !== 'desc') return null;
    const span = await partitions.span();
    return span && windowSince(span, new Date(clock.now() - partitions.windowMs));
  }

  /** A page's records: within the newest partitions when they hold the whole page, else over every row. */
  async function pageTexts(target: Target, query: ListQuery, request?: FastifyRequest) {
    const window = await newestWindow(query);
    if (window) {
      const texts = await recordTexts({ ...target, window }, query, request);
      if (texts.length === query.size) return texts;
    }
    return recordTexts(target, query, request);
  }

  /** A page of a list (the main one, with a row filter, or a scope) as JSON text, and its total. */
  async function pageJson(target: Target, query: ListQuery, request?: FastifyRequest) {
    const [texts, total] = await Promise.all([pageTexts(target, query, request), countRows(target)]);
    return { json: `[${texts.join(',')}]`, total };
  }

  const listJson: CrudRepository['listJson'] = (query, siteId, extraWhere, request) =>
    pageJson({ siteId, filters: query.filters, extraWhere }, query, request);

  return {
    byId: model.byId,
    async list(query, siteId, extraWhere, request) {
      const { json, total } = await listJson(query, siteId, extraWhere, request);
      return { rows: JSON.parse(json) as Row[], total };
    },
    listJson,
    scopeJson: (scope, query, siteId, request) =>
      pageJson({ siteId, filters: query.filters, scope }, query, request),
    async get(id, siteId, extraWhere, request) {
      return JSON.parse(await getJson(id, siteId, extraWhere, request)) as Row;
    },
    getJson,
    findRow,
    insert,
    update,
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
