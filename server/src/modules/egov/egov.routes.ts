import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EGOV_READERS,
  EGOV_ROLES,
  egovInitSchema,
  egovResultQuerySchema,
  egovResultSchema,
  egovStatusSchema,
  rolesAllow,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../platform/errors';
import { currentSiteId, LOGGED_IN, sessionOf } from '../../platform/guard';
import { NO_BODY } from '../../platform/requestBody';
import type { EgovProvider } from './egov';
import { egovReadings } from './egov.tables';

/** A reading's row is kept this long past its expiry (its result then says EXPIRED), then removed. */
const READING_KEPT_MS = 60 * 60_000;

/** The text of EGOV_UNAVAILABLE (the spec's; the web app shows its own translation). */
const UNAVAILABLE_MESSAGE = 'Error communicating with the service provider. Please try again later.';

/**
 * May the caller read a document here: a role that records visits with the visits module on the current
 * site, or one that records vehicle entries with the vehicles module.
 */
function mayRead(request: FastifyRequest): boolean {
  const session = sessionOf(request);
  return EGOV_READERS.some(
    (reader) => rolesAllow(reader.roles, session.roles, true) && session.modules.includes(reader.module),
  );
}

/** The route's rule beside the guard's: the role's module must be enabled on the current site. */
function checkReader(request: FastifyRequest): void {
  if (mayRead(request)) return;
  const session = sessionOf(request);
  if (session.siteId === null) throw new AppError('NO_SITE', 'No site selected');
  throw new AppError('MODULE_DISABLED', 'Neither visits nor vehicles of the caller are enabled on this site');
}

/** Asks the provider; any failure is EGOV_UNAVAILABLE (logged without the answer: it may hold personal data). */
async function ask<T>(request: FastifyRequest, provider: EgovProvider, what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (error) {
    request.log.warn(
      { provider: provider.kind, reason: (error as Error).message },
      'electronic identity document provider failed',
    );
    throw new AppError('EGOV_UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
}

/**
 * `/api/egov/*` (docs/egov-provider.md): whether a document can be read here, the start of a reading session
 * and its result, for those who record visits or vehicle entries. The provider is the simulator unless the
 * configuration names another (`main.ts`).
 */
export function registerEgovRoutes(app: FastifyInstance, db: Db, provider: EgovProvider) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['egov'];
  const access = { roles: EGOV_ROLES };

  typed.get(
    '/api/egov/status',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags,
        description:
          'Whether the caller can read an electronic identity document (a provider is configured).',
        response: { 200: egovStatusSchema },
      },
    },
    async (request) => ({
      available: provider.kind !== 'none' && sessionOf(request).siteId !== null && mayRead(request),
    }),
  );

  typed.post(
    '/api/egov/init',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Opens a reading session at the provider: the guard puts the document on the reader. Only the ' +
          'caller, on the current site, may read its result. Takes no body.',
        body: NO_BODY,
        response: { 200: egovInitSchema },
      },
    },
    async (request) => {
      checkReader(request);
      const siteId = currentSiteId(request);
      const session = await ask(request, provider, () => provider.init());
      const now = app.clock.now();
      const expires = new Date(Math.max(Date.parse(session.expiresAt), now));
      const binding = { userId: sessionOf(request).userId, siteId, expires };
      await db.transaction(async (tx) => {
        await tx.delete(egovReadings).where(lt(egovReadings.expires, new Date(now - READING_KEPT_MS)));
        await tx
          .insert(egovReadings)
          .values({ id: session.id, ...binding })
          .onConflictDoUpdate({ target: egovReadings.id, set: binding });
      });
      request.log.info({ egovSession: session.id }, 'identity document reading started');
      return session;
    },
  );

  typed.get(
    '/api/egov/result',
    {
      config: { access },
      schema: {
        tags,
        description:
          'The state of a reading session; the person read when DONE. 404 for a session another user or ' +
          'another site started (as for an unknown one).',
        querystring: egovResultQuerySchema,
        response: { 200: egovResultSchema },
      },
    },
    async (request) => {
      checkReader(request);
      const { id } = request.query;
      const [mine] = await db
        .select({ id: egovReadings.id })
        .from(egovReadings)
        .where(
          and(
            eq(egovReadings.id, id),
            eq(egovReadings.userId, sessionOf(request).userId),
            eq(egovReadings.siteId, currentSiteId(request)),
          ),
        );
      if (!mine) throw notFound('Reading session');
      const result = await ask(request, provider, () => provider.result(id));
      request.log.debug({ egovSession: id, status: result.status }, 'identity document reading result');
      return result;
    },
  );
}
