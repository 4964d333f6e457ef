import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { registerAdviceRoutes } from './advice.routes';
import { registerVisitRoutes, type VisitRoutesOptions } from './visit.routes';

/** The visits and visit advices modules (MOD_VISIT, MOD_VISIT_ADVICE). Needs the site module's gates. */
export function registerVisitModule(app: FastifyInstance, db: Db, options: VisitRoutesOptions = {}): void {
  const visits = registerVisitRoutes(app, db, options);
  registerAdviceRoutes(app, db, visits);
}
