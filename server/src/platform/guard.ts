import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS, rolesAllow, type InternalRole, type ModuleCode, type Role } from '@strazce/contract';
import type { Db } from '../db/database';
import { AppError, loggableError } from './errors';
import { hashToken } from './secrets';
import { extendSession, extensionDue, loadSessionByHash, type SessionContext } from './session';
import { hasClientToken, resolveTerminal } from './terminal';
import type { SessionCache } from './sessionCache';
import { isApiRoute } from './apiPath';

/** Who may call a route. Every API route declares one; a route without it is denied. */
export interface AccessRule {
  roles: readonly Role[];
  /** The module that must be enabled on the session's current site (a terminal's site). */
  module?: ModuleCode;
  /**
   * A machine route: called with the token of a terminal holding this internal role, never with a user
   * session (`terminal.ts`, docs/terminals.md). Declare it with `terminalAccess`.
   */
  terminal?: InternalRole;
}

/** The access rule of a route only machine terminals of `role` call, on their site with `module` enabled. */
export function terminalAccess(role: InternalRole, module?: ModuleCode): AccessRule {
  return { roles: [role], module, terminal: role };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

export const PUBLIC: AccessRule = { roles: ['ROLE_ANY'] };
export const LOGGED_IN: AccessRule = { roles: ['ROLE_ANYONE_LOGGED'] };

/**
 * What the web app's shell loads right after login, whatever the user must finish first: restoring and
 * ending the session, the remembered site, the current site's modules and configuration.
 */
const SHELL_ROUTES = [
  'GET /api/session',
  'DELETE /api/session',
  'POST /api/system_site/switch',
  'GET /api/system_site/modules',
  'GET /api/system_site/config',
];

/**
 * The routes a session may call while its user must have two-factor login (force 2FA) and has not set it
 * up yet, as `METHOD /url`: the shell's calls and the set-up wizard's.
 */
export const TFA_ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  ...SHELL_ROUTES,
  'POST /api/session/twofa',
  'POST /api/session/twofa/validate',
  'POST /api/session/twofa/enable',
]);

/** The routes a session may call while its user must change their password: the shell's and the change. */
export const PASSWORD_CHANGE_ROUTES: ReadonlySet<string> = new Set([
  ...SHELL_ROUTES,
  'POST /api/session/password',
]);

/**
 * The only routes a session may call while its user must first finish something (change the password, then
 * set up two-factor), or null when nothing is pending. Everything else needing a login answers 403; public
 * routes stay open but do not count such a session. Once done, the next call is free again (the change is a
 * write call, which empties the session cache).
 */
export function pendingRoutes(session: SessionContext | null): ReadonlySet<string> | null {
  if (session?.passwordPending) return PASSWORD_CHANGE_ROUTES;
  if (session?.tfaPending) return TFA_ENROLMENT_ROUTES;
  return null;
}

/** The session of a request that passed the guard with a logged-in rule. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('UNAUTHORIZED', 'Not logged in');
  return request.session;
}

/** The current site of the session; site-scoped calls act on it. */
export function currentSiteId(request: FastifyRequest): number {
  const siteId = sessionOf(request).siteId;
  if (siteId === null) throw new AppError('NO_SITE', 'No site selected');
  return siteId;
}

export function hasRole(request: FastifyRequest, ...roles: Role[]): boolean {
  return rolesAllow(roles, request.session?.roles ?? [], request.session !== null);
}

/**
 * The one place that enforces, on every request: a live session, two-factor set up where the user must
 * have it, the route's role rule and the module being enabled on the current site. Successful calls extend
 * the session.
 */
export function registerGuard(app: FastifyInstance, db: Db, cache: SessionCache): void {
  app.decorateRequest('session', null);
  app.decorateRequest('terminal', null);

  // A callback hook, synchronous when the session is cached (nearly every call): an async hook would cost
  // every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // Unknown routes fall through to the not-found handler; the web app's routes are public. Decided on the
    // route the router matched, never on the URL as sent (the router decodes `/%61pi/...` to `/api/...`).
    if (!isApiRoute(request)) return done();
    const access = request.routeOptions.config.access;
    if (!access) return done(new AppError('FORBIDDEN', 'Route has no access rule'));
    if (access.terminal) {
      resolveTerminal(db, request, access.terminal, access.module, new Date(request.server.clock.now())).then(
        (terminal) => {
          request.terminal = terminal;
          done();
        },
        done,
      );
      return;
    }
    const admit = (session: SessionContext | null) => {
      request.session = session;
      let refusal: Error | null;
      try {
        refusal = sessionRefusal(request, access);
      } catch (error) {
        refusal = error as Error;
      }
      done(refusal ?? undefined);
    };
    const token = request.headers[AUTH_TOKEN_HEADER];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return admit(null);
    const tokenHash = hashToken(token);
    const now = app.clock.now();
    const cached = cache.get(tokenHash, now);
    if (cached) return admit(cached);
    resolveSessionByHash(db, cache, tokenHash, now).then(admit, done);
  });

  // Never fails the answer: an error here would be answered by the framework's own handler, outside the error
  // contract. A callback hook that waits only when the session's expiry is due to be written (most calls are not).
  app.addHook('onSend', (request, reply, payload, done) => {
    const session = request.session && reply.statusCode < 400 ? request.session : null;
    const bookkeeping = () => {
      if (session) cache.extended(session);
      // Before the answer leaves, so that the caller's next call already sees what this one changed.
      if (!READ_METHODS.has(request.method) && isApiRoute(request))
        cache.written(request.sessionsChanged === true);
    };
    const failed = (error: unknown) =>
      request.log.error({ err: loggableError(error) }, 'session bookkeeping after the answer failed');
    try {
      const now = app.clock.now();
      if (!session || extensionDue(session, now) === null) {
        bookkeeping();
        return done(null, payload);
      }
      extendSession(db, session, now)
        .then(bookkeeping)
        .catch(failed)
        .finally(() => done(null, payload));
    } catch (error) {
      failed(error);
      done(null, payload);
    }
  });
}

/**
 * Why a session may not call a route (`route`: `METHOD /url`) of a user rule, or null when it may: no live
 * session, something pending first, the role, the module on the current site. `'public'`: a public route,
 * which answers a session that must finish something first as it answers a caller without one. The guard
 * checks every request with it; open event streams check it again whenever their session may have changed.
 */
export function accessRefusal(
  access: AccessRule,
  session: SessionContext | null,
  route: string,
): AppError | 'public' | null {
  const pending = pendingRoutes(session);
  const blocked = pending !== null && !pending.has(route);
  if (access.roles.includes('ROLE_ANY')) return blocked ? 'public' : null;
  if (!session) return new AppError('UNAUTHORIZED', 'Session missing or expired');
  if (blocked)
    return new AppError(
      'FORBIDDEN',
      session.passwordPending
        ? 'The password must be changed first'
        : 'Two-factor login must be set up first',
    );
  if (!rolesAllow(access.roles, session.roles, true)) return new AppError('FORBIDDEN', 'Role not allowed');
  if (access.module) {
    if (session.siteId === null) return new AppError('NO_SITE', 'No site selected');
    if (!session.modules.includes(access.module))
      return new AppError('MODULE_DISABLED', `Module ${access.module} is not enabled on this site`);
  }
  return null;
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const AUTH_TOKEN_HEADER = HEADERS.authToken.toLowerCase();

/** Why the request's session (set) may not call its route, or null; a public route forgets a pending session. */
function sessionRefusal(request: FastifyRequest, access: AccessRule): AppError | null {
  const refusal = accessRefusal(access, request.session, `${request.method} ${request.routeOptions.url}`);
  if (refusal === 'public') request.session = null;
  if (refusal === 'public' || refusal === null) return null;
  // A terminal's token is no user session: only the terminal routes of its role take it.
  if (refusal.code === 'UNAUTHORIZED' && hasClientToken(request) && !request.headers[AUTH_TOKEN_HEADER])
    return new AppError('SESSION_REQUIRED', 'A terminal token is not a user session');
  return refusal;
}

/** The session of a token hash, from the cache or the database (then cached). */
export async function resolveSessionByHash(
  db: Db,
  cache: SessionCache,
  tokenHash: string,
  /** The app's clock. */
  now: number,
): Promise<SessionContext | null> {
  const cached = cache.get(tokenHash, now);
  if (cached) return cached;
  const generation = cache.sessionGeneration();
  const session = await loadSessionByHash(db, tokenHash, now);
  if (session) cache.store(session, generation);
  return session;
}
