import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { MIGRATIONS_DIR } from '../paths';
import {
  configNotices,
  configReportSchema,
  CONFIG_NOTICES,
  heldMessagesSchema,
  type HeldMessages,
} from '@strazce/contract';
import { isApiRoute } from './apiPath';
import { AppError, loggableError } from './errors';
import { hasRole, PUBLIC } from './guard';

/**
 * Health for the container runtime and the load balancer (docs/operations.md), without a session and logged
 * below info (`logLevel: 'warn'`): `/api/health/live` answers while the process serves at all;
 * `/api/health/ready` while it should get traffic: not draining (a shutdown under way), the database
 * answering, every migration the server ships applied and its data prepared. Otherwise 503 with
 * `X-Error-Code: UNAVAILABLE` (or `STARTING` while the demo data of a first start is being loaded).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment a shutdown begins: readiness turns 503 and replies close their connection. */
    draining: boolean;
    /**
     * True while the server listens but still prepares its data (the demo data of a first start, main.ts):
     * readiness and every API call but health and info answer 503 STARTING.
     */
    preparing: boolean;
  }
}

const healthSchema = z.object({ status: z.literal('ok') });
/**
 * Readiness; to an administrator's session also what the server is configured with and what the banner of
 * the web app tells administrators (a transport that is off, a simulator outside demo data).
 */
const readySchema = healthSchema.extend({
  configuration: configReportSchema.optional(),
  notices: z.array(z.enum(CONFIG_NOTICES)).optional(),
  held: heldMessagesSchema.optional(),
});
const HEALTH_ROUTE = { access: PUBLIC };
/** What answers while the server prepares its data: health, the product's info and the login page's providers. */
const WHILE_PREPARING = /^\/api\/(health\/|info$|system_option\/authproviders$)/;

/** The moment (`when`) of the newest migration this server ships (drizzle's journal). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the database answers and holds the newest migration (drizzle records each by its `when`). */
export async function databaseReady(database: Database, newest = newestMigration()): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select coalesce(max(created_at), 0)::bigint as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ applied: string | number }> };
  return Number(result.rows[0]?.applied ?? 0) >= newest;
}

/**
 * `held`: the messages kept as not sent for want of a transport (the messaging module counts them), told to
 * administrators with the configuration.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: Database,
  held: () => Promise<HeldMessages>,
): void {
  app.decorate('draining', false);
  app.decorate('preparing', false);
  // Before the guard (registered later): a call that needs the data is told to come back, not refused as unknown.
  app.addHook('onRequest', (request, _reply, done) => {
    if (app.preparing && isApiRoute(request) && !WHILE_PREPARING.test(request.routeOptions.url ?? ''))
      done(new AppError('STARTING', 'The server is preparing its data'));
    else done();
  });
  // While draining, each answer (those in flight when it began too) tells the client to connect anew, which
  // reaches another instance, and lets the server close the connection at once.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const newest = newestMigration();
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['health'], response: { 200: healthSchema } };
  const readySchemas = { tags: ['health'], response: { 200: readySchema } };
  typed.get('/api/health/live', { config: HEALTH_ROUTE, logLevel: 'warn', schema }, async () => ({
    status: 'ok' as const,
  }));
  typed.get(
    '/api/health/ready',
    { config: HEALTH_ROUTE, logLevel: 'warn', schema: readySchemas },
    async (request) => {
      if (app.draining) throw new AppError('UNAVAILABLE', 'The server is shutting down');
      if (app.preparing) throw new AppError('STARTING', 'The server is preparing its data');
      let ready = false;
      try {
        ready = await databaseReady(database, newest);
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, 'readiness: the database does not answer');
        throw new AppError('UNAVAILABLE', 'The database does not answer');
      }
      if (!ready) throw new AppError('UNAVAILABLE', 'The database lacks migrations this server needs');
      if (!hasRole(request, 'ADMINISTRATOR')) return { status: 'ok' as const };
      const configuration = app.configuration;
      const counts = await held();
      return {
        status: 'ok' as const,
        configuration,
        notices: configNotices(configuration, counts),
        held: counts,
      };
    },
  );
}
