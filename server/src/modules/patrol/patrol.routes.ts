import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PATROL_OFFLINE_WINDOW_MAX_MINUTES,
  patrolCheckpoint,
  patrolGuard,
  patrolGuardPerson,
  patrolRoute,
  patrolSignInResponseSchema,
  patrolSignInSchema,
  patrolTagHashInput,
  patrolTerminal,
  patrolTerminalGuardsSchema,
  type PatrolSignIn,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudContext, type Row } from '../../platform/crud';
import { AppError, validationError } from '../../platform/errors';
import { terminalAccess } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { registerRefTarget } from '../../platform/refs';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/secrets';
import { terminalOf } from '../../platform/terminal';
import { terminalRecordRoutes } from '../../platform/terminalRecords';
import { registerPersonPicker, sitePersonLabel } from '../site/personPicker';
import { persons } from '../../platform/platform.tables';
import {
  patrolCheckpoints,
  patrolGuards,
  patrolRouteCheckpoints,
  patrolRoutes,
  patrolSignIns,
  patrolTerminals,
} from './patrol.tables';
import { registerPatrolInstanceRoutes } from './patrolInstance.routes';

registerRefTarget('patrol/checkpoint', {
  table: patrolCheckpoints,
  label: (t) => sql`${t.name}`,
  scope: 'site',
});
registerRefTarget('patrol/route', { table: patrolRoutes, label: (t) => sql`${t.name}`, scope: 'site' });
registerRefTarget('patrol/terminal', { table: patrolTerminals, label: (t) => sql`${t.name}`, scope: 'site' });
registerRefTarget('patrol/guard', {
  table: patrolGuards,
  label: (t: typeof patrolGuards) =>
    sql`(select p.last_name || ' ' || p.first_name from system_person p where p.id = ${t.personId})`,
  scope: 'site',
});
// A checkpoint on a route is kept (IN_USE) while the route names it.

const MODULE = 'MOD_PATROL' as const;

/**
 * Patrols (MOD_PATROL), the set-up (PatrolAdmin): checkpoints, guards with their PINs, routes with their
 * ordered checkpoints and tasks, and patrol terminals with their tokens; and the terminal's sign-in of a guard
 * (`POST /api/patrol/terminal/signin`, the terminal's token only). See docs/patrol.md.
 */
export function registerPatrolRoutes(app: FastifyInstance, db: Db, limiter: LoginLimiter): void {
  app.usage.add({
    entity: patrolRoute,
    field: 'checkpoints',
    table: patrolRouteCheckpoints,
    column: patrolRouteCheckpoints.checkpointId,
    target: patrolCheckpoints,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patrol'];
  registerPatrolInstanceRoutes(app, db);

  crudRoutes(app, db, { entity: patrolCheckpoint, table: patrolCheckpoints });
  // The guard's hooks check that the person is of the site.
  registerPersonPicker(app, db, patrolGuardPerson);
  crudRoutes(app, db, {
    entity: patrolGuard,
    table: patrolGuards,
    hooks: { beforeWrite: guardValues },
  });
  crudRoutes(app, db, {
    entity: patrolRoute,
    table: patrolRoutes,
    links: {
      checkpoints: {
        table: patrolRouteCheckpoints,
        owner: patrolRouteCheckpoints.routeId,
        value: patrolRouteCheckpoints.checkpointId,
        position: patrolRouteCheckpoints.position,
      },
    },
  });

  terminalRecordRoutes(app, db, {
    entity: patrolTerminal,
    table: patrolTerminals,
    role: 'PATROL_TERMINAL',
    module: MODULE,
    tags,
  });

  typed.get(
    '/api/patrol/terminal/guards',
    {
      config: { access: terminalAccess('PATROL_TERMINAL', MODULE) },
      schema: {
        tags,
        description:
          'Whether guards sign in on this terminal with their PIN (`pinSet`) and, only when they do not, the ' +
          'site’s valid guards to choose from (the terminal token only).',
        response: { 200: patrolTerminalGuardsSchema },
      },
    },
    async (request) => {
      const terminal = terminalOf(request);
      const own = await ownTerminal(db, terminal.clientId, terminal.siteId);
      const pinSet = own?.pinSet !== false;
      return { pinSet, guards: pinSet ? [] : await validGuards(db, terminal.siteId) };
    },
  );

  typed.post(
    '/api/patrol/terminal/signin',
    {
      config: { access: terminalAccess('PATROL_TERMINAL', MODULE) },
      schema: {
        tags,
        description:
          'A guard signs in at a patrol terminal with their PIN (the terminal token only): the guard and the ' +
          'site’s valid routes with their checkpoints in order (each tag only as a salted SHA-256) and their ' +
          'tasks, and the sign-in proof that the start of a round carries (valid for the terminal’s declared ' +
          'offline window, at most 12 h). A wrong PIN: 401 PIN_INVALID; repeated wrong PINs are throttled like ' +
          'logins (429 with Retry-After). On a terminal whose `pinSet` is off the guard may be chosen instead ' +
          '(`guard`, from GET /api/patrol/terminal/guards); elsewhere that is 400 (the PIN is required).',
        body: patrolSignInSchema,
        response: { 200: patrolSignInResponseSchema },
      },
    },
    async (request): Promise<PatrolSignIn> => {
      const terminal = terminalOf(request);
      const own = await ownTerminal(db, terminal.clientId, terminal.siteId);
      const { pin, guard: chosen } = request.body;
      let guard: { id: number; name: string };
      if (pin !== undefined) {
        // Throttled like logins, with counters of its own keyed by the terminal: the PIN stands for the password.
        guard = await limiter.attempt(
          { scope: 'patrolSignIn', subject: String(terminal.clientId), address: request.ip },
          async () => {
            const found = await guardByPin(db, terminal.siteId, pin);
            if (!found) throw new AppError('PIN_INVALID', 'No guard of this site has this PIN');
            return found;
          },
        );
      } else {
        // Without a PIN only where the terminal says so (its `pinSet` off): the guard chosen from the site's.
        if (own?.pinSet !== false) throw validationError('pin', 'validation.required');
        const found = (await validGuards(db, terminal.siteId)).find((candidate) => candidate.id === chosen);
        if (!found) throw new AppError('PATROL_GUARD_INVALID', 'Not a valid guard of this site');
        guard = found;
      }
      // The proof of this sign-in (only its hash is kept): the start of a round by this guard on this terminal
      // carries it, also when the terminal sends it later from its offline queue, within the declared window.
      const now = new Date(app.clock.now());
      const minutes = request.body.offlineWindowMinutes ?? PATROL_OFFLINE_WINDOW_MAX_MINUTES;
      const expires = new Date(now.getTime() + minutes * 60_000);
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx
          .delete(patrolSignIns)
          .where(and(eq(patrolSignIns.clientId, terminal.clientId), lt(patrolSignIns.expiresAt, now)));
        await tx.insert(patrolSignIns).values({
          siteId: terminal.siteId,
          clientId: terminal.clientId,
          guardId: guard.id,
          tokenHash: hashToken(token),
          issuedAt: now,
          expiresAt: expires,
        });
      });
      const tagSalt = randomBytes(16).toString('base64url');
      return {
        guard,
        terminal: own ? { id: own.id, name: own.name, uuid: own.uuid } : null,
        signIn: { token, expires: expires.toISOString() },
        tagSalt,
        routes: await routesOfSite(db, terminal.siteId, tagSalt),
      };
    },
  );
}

/** The patrol terminal record of a machine terminal on its site (name, uuid, whether guards sign in by PIN). */
async function ownTerminal(db: Db, clientId: number, siteId: number) {
  const [own] = await db
    .select({
      id: patrolTerminals.id,
      name: patrolTerminals.name,
      uuid: patrolTerminals.uuid,
      pinSet: patrolTerminals.pinSet,
    })
    .from(patrolTerminals)
    .where(and(eq(patrolTerminals.clientId, clientId), eq(patrolTerminals.siteId, siteId)));
  return own;
}

/** The site's valid guards (a valid guard whose person is valid), with their name and PIN hash. */
function validGuardsOfSite(db: Db, siteId: number) {
  return db
    .select({ id: patrolGuards.id, name: sitePersonLabel(persons), pinHash: patrolGuards.pinHash })
    .from(patrolGuards)
    .innerJoin(persons, eq(persons.id, patrolGuards.personId))
    .where(and(eq(patrolGuards.siteId, siteId), eq(patrolGuards.valid, true), eq(persons.valid, true)));
}

/** The site's valid guards by name: those a terminal without PINs offers. */
async function validGuards(db: Db, siteId: number): Promise<Array<{ id: number; name: string }>> {
  return (await validGuardsOfSite(db, siteId))
    .map((row) => ({ id: row.id, name: String(row.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'cs'));
}

/**
 * The guard's person must be a person of the site; a PIN given is checked to be no other guard's of the
 * site (the PIN alone names the guard at a terminal) and stored as an argon2 hash; null removes it.
 */
async function guardValues(values: Row, input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
  const siteId = ctx.siteId!;
  if (typeof input.person === 'number') {
    const [person] = await ctx.tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.id, input.person), eq(persons.homeSiteId, siteId)));
    if (!person) throw validationError('person', 'validation.ref');
  }
  if (input.pin === undefined) return;
  if (input.pin === null) {
    values.pinHash = null;
    values.pinSet = false;
    return;
  }
  const pin = String(input.pin);
  const others = await ctx.tx
    .select({ pinHash: patrolGuards.pinHash })
    .from(patrolGuards)
    .where(
      and(
        eq(patrolGuards.siteId, siteId),
        isNotNull(patrolGuards.pinHash),
        existing ? ne(patrolGuards.id, existing.id as number) : undefined,
      ),
    );
  const taken = await Promise.all(others.map((other) => verifyPassword(other.pinHash, pin)));
  if (taken.includes(true)) throw validationError('pin', 'validation.pinTaken');
  values.pinHash = await hashPassword(pin);
  values.pinSet = true;
}

/** The valid guard of the site with this PIN (a valid person), or null. */
async function guardByPin(db: Db, siteId: number, pin: string): Promise<{ id: number; name: string } | null> {
  const candidates = (await validGuardsOfSite(db, siteId)).filter((guard) => guard.pinHash !== null);
  // A site without guards costs the same time as a wrong PIN.
  if (candidates.length === 0) await verifyPassword(null, pin);
  const matches = await Promise.all(candidates.map((guard) => verifyPassword(guard.pinHash, pin)));
  const found = candidates[matches.indexOf(true)];
  return found ? { id: found.id, name: String(found.name) } : null;
}

/** What the terminal compares a scanned tag with: the salted SHA-256 of the tag (no raw tag leaves the server). */
export const patrolTagHash = (salt: string, tagId: string): string =>
  createHash('sha256').update(patrolTagHashInput(salt, tagId), 'utf8').digest('hex');

/**
 * The site's valid routes by name, each with its valid checkpoints in order (the tag as `patrolTagHash` with the
 * sign-in's salt) and its tasks.
 */
async function routesOfSite(db: Db, siteId: number, tagSalt: string): Promise<PatrolSignIn['routes']> {
  const routes = await db
    .select({
      id: patrolRoutes.id,
      name: patrolRoutes.name,
      ordered: patrolRoutes.ordered,
      description: patrolRoutes.description,
      tasks: patrolRoutes.tasks,
    })
    .from(patrolRoutes)
    .where(and(eq(patrolRoutes.siteId, siteId), eq(patrolRoutes.valid, true)))
    .orderBy(asc(patrolRoutes.name), asc(patrolRoutes.id));
  if (routes.length === 0) return [];
  const stops = await db
    .select({
      routeId: patrolRouteCheckpoints.routeId,
      id: patrolCheckpoints.id,
      name: patrolCheckpoints.name,
      tagId: patrolCheckpoints.tagId,
      description: patrolCheckpoints.description,
    })
    .from(patrolRouteCheckpoints)
    .innerJoin(patrolCheckpoints, eq(patrolCheckpoints.id, patrolRouteCheckpoints.checkpointId))
    .where(
      and(
        inArray(
          patrolRouteCheckpoints.routeId,
          routes.map((route) => route.id),
        ),
        eq(patrolCheckpoints.valid, true),
      ),
    )
    .orderBy(asc(patrolRouteCheckpoints.routeId), asc(patrolRouteCheckpoints.position));
  return routes.map((route) => ({
    ...route,
    tasks: route.tasks ?? [],
    checkpoints: stops
      .filter((stop) => stop.routeId === route.id)
      .map(({ id, name, tagId, description }) => ({
        id,
        name,
        tagHash: patrolTagHash(tagSalt, tagId),
        description,
      })),
  }));
}
