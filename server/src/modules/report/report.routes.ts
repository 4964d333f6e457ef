import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gateLoadCsvQuerySchema,
  gateLoadQuerySchema,
  gateLoadReportSchema,
  type GateLoadQuery,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { currentSiteId } from '../../platform/guard';
import { csvLanguageOf, sendCsv } from '../../platform/csv';
import { gateLoad, gateLoadCsv } from './gateLoad.service';

const REPORT_ACCESS = { roles: ['SITE_ADMIN'] as const };

/** Reports of the current site (/site/reports). */
export function registerReportRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/report/gate_load',
    {
      config: { access: REPORT_ACCESS },
      schema: {
        tags: ['report'],
        description: 'Entries and departures per gate and hour of the day over a date range.',
        querystring: gateLoadQuerySchema,
        response: { 200: gateLoadReportSchema },
      },
    },
    async (request) => gateLoad(db, currentSiteId(request), request.query as GateLoadQuery),
  );

  typed.get(
    '/api/report/gate_load.csv',
    {
      config: { access: REPORT_ACCESS },
      schema: {
        tags: ['report'],
        description: "The gate-load report as CSV in the caller's language (cs: `;` separated, en: `,`).",
        querystring: gateLoadCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...query } = request.query as GateLoadQuery & { lang?: string };
      const report = await gateLoad(db, currentSiteId(request), query);
      const csv = gateLoadCsv(report, csvLanguageOf(request, lang));
      return sendCsv(reply, `gate_load_${query.from}_${query.to}.csv`, csv);
    },
  );
}
