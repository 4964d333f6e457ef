import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardLayoutAnswerSchema,
  dashboardLayoutSchema,
  dashboardSummarySchema,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { loggableError } from '../../platform/errors';
import { LOGGED_IN, currentSiteId, sessionOf } from '../../platform/guard';
import { dashboardSummary, readLayout, saveLayout } from './dashboard.service';

/**
 * The home page's dashboard (docs/dashboard.md): the live figures of the current site the caller may see, and
 * the caller's own layout of widgets on the current site. Any logged-in user; nobody reads another's layout.
 */
export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  typed.get(
    '/api/dashboard/summary',
    { config: { access: LOGGED_IN }, schema: { tags, response: { 200: dashboardSummarySchema } } },
    async (request) => {
      const session = sessionOf(request);
      return dashboardSummary(db, session, new Date(app.clock.now()), (part, error) =>
        request.log.error({ err: loggableError(error), part }, 'dashboard figures could not be read'),
      );
    },
  );

  typed.get(
    '/api/dashboard/layout',
    { config: { access: LOGGED_IN }, schema: { tags, response: { 200: dashboardLayoutAnswerSchema } } },
    async (request) => {
      const widgets = await readLayout(db, sessionOf(request).userId, currentSiteId(request));
      return { widgets: widgets ?? [], saved: widgets !== null };
    },
  );

  typed.put(
    '/api/dashboard/layout',
    {
      config: { access: LOGGED_IN },
      schema: { tags, body: dashboardLayoutSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const siteId = currentSiteId(request);
      auditRecord(request, { entity: 'dashboard_layout', recordId: userId, siteId });
      await saveLayout(db, userId, siteId, request.body.widgets, new Date(app.clock.now()));
      return reply.status(204).send(null);
    },
  );
}
