import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adviceEquipmentExtension,
  advicePendingSchema,
  adviceRecordExtension,
  adviceResponseSchema,
  adviceToVisitSchema,
  idParamsSchema,
  type ListQuery,
  visit,
  visitAdvice,
  visitAdviceCategory,
  visitAdviceRequest,
  visitRecordExtension,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type Row } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId, sessionOf } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { siteToday } from '../../platform/siteTime';
import { adviceChildren, adviceHooks, respondToAdvice, usableToday } from './advice.service';
import type { VisitModule } from './visit.routes';
import { askGovernmentFirst } from './visit.service';
import { adviceCategories, adviceEquipment, advices } from './visit.tables';
import { siteModules, sites, userSites } from '../../platform/platform.tables';

registerRefTarget('visit/advice/category', {
  table: adviceCategories,
  label: (t) => sql`${t.name}`,
  scope: 'site',
});

const MODULE = 'MOD_VISIT_ADVICE' as const;
/** The responder's list of advices waiting for an answer (the responses page's default filter). */
const PENDING_LIST: ListQuery = { page: 1, size: 10, filters: { status: 'PENDING' } };

/** The visitor, visited person and vehicle of an entry made from an advice. */
function entryOfAdvice(advice: typeof advices.$inferSelect): Row {
  return {
    firstName: advice.firstName,
    lastName: advice.lastName,
    company: advice.company,
    documentType: advice.documentTypeId,
    documentNumber: advice.documentNumber,
    visitedFirstName: advice.visitedFirstName,
    visitedLastName: advice.visitedLastName,
    visitedCompany: advice.visitedCompany,
    vehiclePlate: advice.allowVehicle ? advice.vehiclePlate : null,
    note: advice.reason,
  };
}

/** Visit advices (MOD_VISIT_ADVICE): categories, the manager, requests, responses and advice → visit. */
export function registerAdviceRoutes(app: FastifyInstance, db: Db, visitModule: VisitModule): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visit'];

  crudRoutes(app, db, { entity: visitAdviceCategory, table: adviceCategories });
  const manager = crudRoutes(app, db, {
    entity: visitAdvice,
    table: advices,
    hooks: adviceHooks({ ownRequests: false }),
    inputExtension: adviceEquipmentExtension,
    recordExtension: adviceRecordExtension,
    children: adviceChildren,
  });
  crudRoutes(app, db, {
    entity: visitAdviceRequest,
    table: advices,
    hooks: adviceHooks({ ownRequests: true }),
    inputExtension: adviceEquipmentExtension,
    recordExtension: adviceRecordExtension,
    children: adviceChildren,
    rowFilter: (request) => eq(advices.requestUserId, sessionOf(request).userId),
  });

  typed.get(
    '/api/visit/advice/response/pending',
    {
      // Across the user's sites, so not tied to the current site's modules: each site counts only while
      // it is valid, the user is its member and it has visit advices enabled.
      config: { access: { roles: ['VISIT_ADVICE_RESPONSE'] } },
      schema: {
        tags,
        description:
          'How many advices wait for an answer (PENDING), per site of the user with visit advices enabled.',
        response: { 200: advicePendingSchema },
      },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const rows = await db
        .select({ id: sites.id, name: sites.name, count: count() })
        .from(advices)
        .innerJoin(sites, and(eq(sites.id, advices.siteId), eq(sites.valid, true)))
        .innerJoin(userSites, and(eq(userSites.siteId, sites.id), eq(userSites.userId, userId)))
        .innerJoin(siteModules, and(eq(siteModules.siteId, sites.id), eq(siteModules.module, MODULE)))
        .where(eq(advices.status, 'PENDING'))
        .groupBy(sites.id, sites.name)
        .orderBy(asc(sites.name));
      // The current site's figure is the advice list's own total (its site scoping and filters).
      const session = sessionOf(request);
      const current =
        session.siteId !== null && session.modules.includes(MODULE)
          ? (await manager.list(PENDING_LIST, session.siteId, undefined, request)).total
          : 0;
      return { current, total: rows.reduce((sum, row) => sum + row.count, 0), sites: rows };
    },
  );

  typed.post(
    '/api/visit/advice/response',
    {
      config: { access: { roles: ['VISIT_ADVICE_RESPONSE'], module: MODULE } },
      schema: {
        tags,
        description: 'Approve an advice, or reject it with a reason; the requester gets an e-mail.',
        body: adviceResponseSchema,
        response: {
          200: (visitAdvice.schemas.record as unknown as z.ZodObject).extend(adviceRecordExtension),
        },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const responder = sessionOf(request).userId;
      await db.transaction((tx) =>
        respondToAdvice(tx, siteId, responder, request.body, new Date(app.clock.now())),
      );
      return manager.get(request.body.id, siteId, undefined, request);
    },
  );

  typed.post(
    '/api/visit/advice/:id/visit',
    {
      config: { access: { roles: visit.write, module: 'MOD_VISIT' } },
      schema: {
        tags,
        description:
          'An approved advice, usable today, becomes an entry at the gate (with the checks of an entry).',
        params: idParamsSchema,
        body: adviceToVisitSchema,
        response: { 201: (visit.schemas.record as unknown as z.ZodObject).extend(visitRecordExtension) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (!session.modules.includes(MODULE))
        throw new AppError('MODULE_DISABLED', `Module ${MODULE} is not enabled on this site`);
      const siteId = currentSiteId(request);
      // The government register is asked before the transaction (the answer may take seconds); the entry's
      // hook asks again only if the advice changed meanwhile.
      const [known] = await db
        .select()
        .from(advices)
        .where(and(eq(advices.id, request.params.id), eq(advices.siteId, siteId)));
      const day = await siteToday(db, siteId, new Date(request.server.clock.now()));
      if (known && usableToday(known, day))
        await askGovernmentFirst(request, visitModule.government, entryOfAdvice(known));
      const id = await db.transaction(async (tx) => {
        const [advice] = await tx
          .select()
          .from(advices)
          .where(and(eq(advices.id, request.params.id), eq(advices.siteId, siteId)))
          .for('update');
        if (!advice) throw notFound('Advice');
        if (!usableToday(advice, day))
          throw new AppError('ADVICE_NOT_USABLE', 'The advice is not approved for today');
        const equipment = await tx
          .select({ object: adviceEquipment.object, serialNumber: adviceEquipment.serialNumber })
          .from(adviceEquipment)
          .where(eq(adviceEquipment.adviceId, advice.id))
          .orderBy(adviceEquipment.id);
        const input: Row = {
          gate: request.body.gate,
          purpose: request.body.purpose,
          tag: request.body.tag ?? null,
          parkingPlace: request.body.parkingPlace ?? null,
          ...entryOfAdvice(advice),
          equipment,
          force: request.body.force,
          blacklistAcknowledged: request.body.blacklistAcknowledged,
          adviceId: advice.id,
        };
        const visitId = await visitModule.visits.insert(input, { request, tx, siteId });
        if (advice.oneTimeDate)
          await tx
            .update(advices)
            .set({
              oneTimeClosed: true,
              version: advice.version + 1,
              updatedAt: new Date(request.server.clock.now()),
            })
            .where(eq(advices.id, advice.id));
        return visitId;
      });
      return reply.status(201).send(await visitModule.visits.get(id, siteId, undefined, request));
    },
  );
}
