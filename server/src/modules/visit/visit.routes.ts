import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  visit,
  visitAccompaniment,
  visitCard,
  visitEquipment as visitEquipmentEntity,
  visitInputExtension,
  visitLeaveSchema,
  visitPurpose,
  visitRecordExtension,
  visitWhisperSchema,
  visitWriteOffSchema,
  visitedPerson,
  idParamsSchema,
  type ListQuery,
  type Role,
  VISIT_PERSONAL_FIELDS,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, sendJson, type CrudRepository, type Row } from '../../platform/crud';
import { currentSiteId } from '../../platform/guard';
import { refusePersonalFilters, requirePersonalData } from '../../platform/personalData';
import { registerCsvExport } from '../../platform/recordCsv';
import { registerRefTarget } from '../../platform/refs';
import {
  companionMasks,
  movementMasks,
  registerDocumentReveal,
  registerUntracedDeparture,
} from '../site/movement';
import { toCsv } from './visit.csv';
import { noGovernmentBlacklist, type GovernmentBlacklistProvider } from '../blacklist/blacklist';
import {
  VISIT_COMPANIONS,
  askGovernmentFirst,
  cardByCode,
  recordLeave,
  visitChildren,
  visitHooks,
  writeOff,
} from './visit.service';
import {
  advices,
  visitCards,
  visitCompanions,
  visitEquipment,
  visitPurposes,
  visitedPersons,
  visits,
} from './visit.tables';
import { checkClientTimes } from '../../platform/clientTime';

registerRefTarget('visit/purpose', { table: visitPurposes, label: (t) => sql`${t.name}`, scope: 'site' });
registerRefTarget('visit/visited', {
  table: visitedPersons,
  label: (t) => sql`${t.lastName} || ' ' || ${t.firstName}`,
  scope: 'site',
});
registerRefTarget('visit', {
  table: visits,
  label: (t) => sql`${t.direction} || ' ' || to_char(${t.movementTime}, 'YYYY-MM-DD HH24:MI')`,
  scope: 'site',
});

// Kept while used, besides the references the entities declare: an entry whose departure is recorded (the OUT
// row names it), and an advice visits were made from.

const READ: readonly Role[] = visit.read;
const WRITE: readonly Role[] = visit.write;
const OVERVIEW: readonly Role[] = ['VISIT_ADMIN', 'VISIT_USER', 'VISIT_VIEW', 'VISIT_KIOSK'];
const MODULE = 'MOD_VISIT' as const;

/** Exact totals up to this many matching visits; beyond it the planner's estimate (docs/performance.md). */
export const VISIT_COUNT_LIMIT = 1000;
/** Largest CSV export, in rows (newest first with the list's filters). */
export const VISIT_EXPORT_LIMIT = 50_000;

/** List filters that search by personal data: refused to callers without VIEW_PERSONAL_INFO. */
const PERSONAL_FILTERS = ['firstName', 'lastName', 'documentNumber', 'vehiclePlate'];

export interface VisitRoutesOptions {
  /** The government blacklist (BLACKLIST_PROVIDER); none by default: its markers say NOT_CHECKED. */
  governmentCheck?: GovernmentBlacklistProvider;
}

export interface VisitModule {
  visits: CrudRepository;
  government: GovernmentBlacklistProvider;
}

/** Visits (MOD_VISIT): purposes, visited persons, cards, visits with their actions, companions and equipment. */
export function registerVisitRoutes(
  app: FastifyInstance,
  db: Db,
  options: VisitRoutesOptions = {},
): VisitModule {
  app.usage.add({
    entity: visit,
    field: 'entry',
    fieldKey: 'entity.visit.values.direction.OUT',
    table: visits,
    column: visits.entryId,
    target: visits,
  });
  app.usage.add({
    entity: visit,
    field: 'adviceId',
    table: visits,
    column: visits.adviceId,
    target: advices,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visit'];

  // Before the routes: Fastify attaches hooks to the routes registered after them.
  const government = options.governmentCheck ?? noGovernmentBlacklist;
  // A callback hook (it runs for every route registered after it): only an entry waits.
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (
      request.method === 'GET' &&
      (url === '/api/visit' || url === '/api/visit/overview' || url === '/api/visit/export')
    )
      refusePersonalFilters(request, PERSONAL_FILTERS);
    // An entry asks the government register before its transaction (the answer may take seconds).
    if (request.method === 'POST' && url === '/api/visit')
      askGovernmentFirst(request, government, request.body as Row).then(() => done(), done);
    else done();
  });

  crudRoutes(app, db, { entity: visitPurpose, table: visitPurposes });
  crudRoutes(app, db, { entity: visitedPerson, table: visitedPersons });
  crudRoutes(app, db, { entity: visitCard, table: visitCards });

  const visitRecord = (visit.schemas.record as unknown as z.ZodObject).extend(visitRecordExtension);
  const repository = crudRoutes(app, db, {
    entity: visit,
    table: visits,
    hooks: visitHooks(government),
    inputExtension: visitInputExtension,
    recordExtension: visitRecordExtension,
    children: visitChildren,
    masks: movementMasks(visit, VISIT_PERSONAL_FIELDS),
    // The receptionist's search by name: visit_site_time_idx carries the names after the default order.
    indexedFilters: { lastName: visits.lastNameLower, firstName: visits.firstNameLower },
    countLimit: VISIT_COUNT_LIMIT,
  });

  crudRoutes(app, db, { entity: visitAccompaniment, table: visitCompanions, masks: companionMasks });
  crudRoutes(app, db, { entity: visitEquipmentEntity, table: visitEquipment });

  typed.get(
    '/api/visit/overview',
    {
      config: { access: { roles: OVERVIEW, module: MODULE } },
      schema: {
        tags,
        description: 'Visitors in the area now (overview, kiosk).',
        querystring: visit.schemas.listQuery,
        response: { 200: z.array(visitRecord) },
      },
    },
    async (request, reply) => {
      const query = request.query as ListQuery;
      const { json, total } = await repository.listJson(
        { ...query, filters: { ...query.filters, inArea: true } },
        currentSiteId(request),
        undefined,
        request,
      );
      return sendJson(reply.header(HEADERS.totalCount, String(total)), json);
    },
  );

  registerDocumentReveal(app, db, {
    path: '/api/visit',
    resource: 'visit',
    table: visits,
    companions: VISIT_COMPANIONS,
    roles: READ,
    module: MODULE,
    tags,
  });

  registerCsvExport(app, db, {
    path: '/api/visit/export',
    entity: visit,
    repository,
    roles: READ,
    module: MODULE,
    tags,
    description: 'The visit list as CSV (filters as the list).',
    limit: VISIT_EXPORT_LIMIT,
    toCsv: toCsv,
    fileName: (language) => (language === 'cs' ? 'navstevy.csv' : 'visits.csv'),
  });

  registerUntracedDeparture(app, db, {
    path: '/api/visit/departure',
    repository,
    body: (visit.schemas.create as unknown as z.ZodObject).extend(visitInputExtension),
    record: visitRecord,
    roles: WRITE,
    module: MODULE,
    tags,
    description: "'Zapsat neevidovaný odchod': a departure of a visitor whose entry was not recorded.",
  });

  typed.post(
    '/api/visit/:id/leave',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description: "'Zapsat odchod': the visitor of this entry leaves through a gate.",
        params: idParamsSchema,
        body: visitLeaveSchema,
        response: { 201: visitRecord },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      await checkClientTimes(db, request, siteId, { movementTime: request.body.movementTime });
      const id = await db.transaction((tx) =>
        recordLeave(tx, siteId, request.params.id, request.body, new Date(app.clock.now())),
      );
      return reply.status(201).send(await repository.get(id, siteId, undefined, request));
    },
  );

  typed.post(
    '/api/visit/writeoff',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description: "'Odepsat bez odchodu': the entry leaves the area without a recorded departure.",
        body: visitWriteOffSchema,
        response: { 200: visitRecord },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      await db.transaction((tx) =>
        writeOff(tx, siteId, request.body.id, request.body.note, new Date(app.clock.now())),
      );
      return repository.get(request.body.id, siteId, undefined, request);
    },
  );

  typed.get(
    '/api/visit/card/code/:code',
    {
      config: { access: { roles: READ, module: MODULE } },
      schema: {
        tags,
        description: "A valid card by its code; an unknown code is 'Card does not exist' (CARD_NOT_FOUND).",
        params: z.object({ code: z.string().min(1).max(50) }),
        response: { 200: visitCard.schemas.record },
      },
    },
    async (request) => {
      const { siteId: _siteId, ...card } = await cardByCode(db, currentSiteId(request), request.params.code);
      return { ...card, createdAt: card.createdAt.toISOString(), updatedAt: card.updatedAt.toISOString() };
    },
  );

  typed.get(
    '/api/visit/whisperer',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description: 'Visitor names starting with the text (first or last name), most recent first.',
        querystring: z.object({ name: z.string().trim().min(2).max(100) }),
        response: { 200: z.array(visitWhisperSchema) },
      },
    },
    async (request) => {
      requirePersonalData(request);
      const prefix = `${request.query.name.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const rows = await db
        .select({
          firstName: visits.firstName,
          lastName: visits.lastName,
          company: visits.company,
          last: sql`max(${visits.movementTime})`,
        })
        .from(visits)
        .where(
          and(
            eq(visits.siteId, currentSiteId(request)),
            eq(visits.direction, 'IN'),
            or(ilike(visits.lastName, prefix), ilike(visits.firstName, prefix)),
          ),
        )
        .groupBy(visits.firstName, visits.lastName, visits.company)
        .orderBy(desc(sql`max(${visits.movementTime})`))
        .limit(10);
      return rows.map(({ firstName, lastName, company }) => ({ firstName, lastName, company }));
    },
  );

  typed.get(
    '/api/visit/lastbyname',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description: 'The last entry of a visitor by names, to fill the entry form; null when there is none.',
        querystring: z.object({
          firstName: z.string().trim().min(1).max(100),
          lastName: z.string().trim().min(1).max(100),
        }),
        response: { 200: visitRecord.nullable() },
      },
    },
    async (request) => {
      requirePersonalData(request);
      const siteId = currentSiteId(request);
      const [last] = await db
        .select({ id: visits.id })
        .from(visits)
        .where(
          and(
            eq(visits.siteId, siteId),
            eq(visits.direction, 'IN'),
            sql`lower(${visits.lastName}) = lower(${request.query.lastName})`,
            sql`lower(${visits.firstName}) = lower(${request.query.firstName})`,
          ),
        )
        .orderBy(desc(visits.movementTime), desc(visits.id))
        .limit(1);
      return last ? repository.get(last.id, siteId, undefined, request) : null;
    },
  );

  return { visits: repository, government };
}
