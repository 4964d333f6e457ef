import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KM_HISTORY_READ,
  KM_LEND_WRITE,
  idParamsSchema,
  keyLend,
  keyLendCheckQuerySchema,
  keyLendCheckSchema,
  keyLendSchema,
  keyReturnSchema,
  visit,
  visitKeySchema,
  type VisitKey,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudRepository } from '../../platform/crud';
import { notFound } from '../../platform/errors';
import { currentSiteId, hasRole } from '../../platform/guard';
import { registerCsvExport } from '../../platform/recordCsv';
import { visits } from '../visit/visit.tables';
import { toKeyLendCsv } from './keyLend.csv';
import { checkLend, keyLabelOf, lendKey, returnKey } from './keyLend.service';
import { keyLends, keys } from './keys.tables';
import { checkClientTimes } from '../../platform/clientTime';

const MODULE = 'MOD_KM' as const;
/** Largest CSV export of lend-outs, in rows (with the list's filters and order). */
export const KEY_LEND_EXPORT_LIMIT = 50_000;

/**
 * Overdue: returned after its due time, or still out past it at the request's time (the app's clock).
 */
export const afterDueSql = (now: ReturnType<typeof sql>) =>
  sql`coalesce(case when ${keyLends.returned} then ${keyLends.returnDateTime} > ${keyLends.due}
    else ${keyLends.due} <= ${now} end, false)`;

/** Callers who may not read the history (KM_USER) see the open lend-outs only. */
const openOnlyFor = (request: FastifyRequest) =>
  hasRole(request, ...KM_HISTORY_READ) ? undefined : sql`not ${keyLends.returned}`;

/**
 * The lend-outs (`/api/keymanagement/keylend`, read-only list: overdue first, then the newest; CSV export), the
 * lend, return and check calls, and the keys lent to a visit. See docs/keys.md.
 */
export function registerKeyLendRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['keymanagement'];
  const record = keyLend.schemas.record as unknown as z.ZodType;

  const lends = crudRoutes(app, db, {
    entity: keyLend,
    table: keyLends,
    computed: { afterDue: afterDueSql },
    defaultOrder: [
      { field: 'afterDue', direction: 'desc' },
      { field: 'lendDateTime', direction: 'desc' },
    ],
    rowFilter: openOnlyFor,
  });

  const openOnly: CrudRepository = {
    ...lends,
    list: (query, siteId, _extraWhere, request) =>
      lends.list(query, siteId, request && openOnlyFor(request), request),
  };
  registerCsvExport(app, db, {
    path: '/api/keymanagement/keylend/export',
    entity: keyLend,
    repository: openOnly,
    roles: keyLend.read,
    module: MODULE,
    tags,
    description:
      'The lend-outs as CSV (filters and order as the list; the history for KM_ADMIN and KM_VIEW).',
    limit: KEY_LEND_EXPORT_LIMIT,
    toCsv: toKeyLendCsv,
    fileName: (language) => (language === 'cs' ? 'zapujcky-klicu.csv' : 'key-lend-outs.csv'),
  });

  typed.post(
    '/api/keymanagement/lend',
    {
      config: { access: { roles: KM_LEND_WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          'Lends a key (by `code` or `key`) at a gate to a site person, a visitor in the area or the driver of a ' +
          'vehicle in the area (VEHICLE workflow keys); the due time from the key’s or type’s max lending hours.',
        body: keyLendSchema,
        response: { 201: record },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      await checkClientTimes(db, request, siteId, { time: request.body.time });
      const id = await db.transaction((tx) =>
        lendKey(tx, request, siteId, request.body, new Date(app.clock.now())),
      );
      return reply.status(201).send(await lends.get(id, siteId, undefined, request));
    },
  );

  typed.post(
    '/api/keymanagement/lend/:id/return',
    {
      config: { access: { roles: KM_LEND_WRITE, module: MODULE } },
      schema: {
        tags,
        description: 'The lent key comes back at any gate, brought by anyone, with notes.',
        params: idParamsSchema,
        body: keyReturnSchema,
        response: { 200: record },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      await checkClientTimes(db, request, siteId, { time: request.body.time });
      await db.transaction((tx) =>
        returnKey(tx, request, siteId, request.params.id, request.body, new Date(app.clock.now())),
      );
      return lends.get(request.params.id, siteId, undefined, request);
    },
  );

  typed.get(
    '/api/keymanagement/lend/check',
    {
      config: { access: { roles: KM_LEND_WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          'What a lend would do now: the key, whether the holder may hold it and by which level of the ' +
          'precedence, and the due time. Without a holder, the key’s default rule.',
        querystring: keyLendCheckQuerySchema,
        response: { 200: keyLendCheckSchema },
      },
    },
    async (request) => checkLend(db, currentSiteId(request), request.query, new Date(app.clock.now())),
  );

  typed.get(
    '/api/visit/:id/keys',
    {
      config: { access: { roles: visit.read, module: 'MOD_VISIT' } },
      schema: {
        tags: ['visit'],
        description:
          'The keys lent to this visit (its entry), newest first, returned or not: the departure dialog warns ' +
          'about those still out.',
        params: idParamsSchema,
        response: { 200: z.array(visitKeySchema) },
      },
    },
    async (request): Promise<VisitKey[]> => {
      const siteId = currentSiteId(request);
      const [entry] = await db
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.id, request.params.id), eq(visits.siteId, siteId)));
      if (!entry) throw notFound('Visit');
      const rows = await db
        .select({
          lend: keyLends.id,
          keyId: keys.id,
          name: keys.name,
          code: keys.code,
          lendDateTime: keyLends.lendDateTime,
          due: keyLends.due,
          returned: keyLends.returned,
        })
        .from(keyLends)
        .innerJoin(keys, eq(keys.id, keyLends.keyId))
        .where(and(eq(keyLends.siteId, siteId), eq(keyLends.visitId, entry.id)))
        .orderBy(desc(keyLends.lendDateTime), desc(keyLends.id));
      return rows.map((row) => ({
        lend: row.lend,
        key: { id: row.keyId, label: keyLabelOf(row), code: row.code },
        lendDateTime: row.lendDateTime.toISOString(),
        due: row.due?.toISOString() ?? null,
        returned: row.returned,
      }));
    },
  );
}
