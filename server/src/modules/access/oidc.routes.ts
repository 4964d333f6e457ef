import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  oidcHandoverRequestSchema,
  oidcIssuerSchema,
  sessionResponseSchema,
  type ErrorCode,
} from '@strazce/contract';
import type { OidcConfig } from '../../config';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { AppError, validationError } from '../../platform/errors';
import { PUBLIC } from '../../platform/guard';
import type { LoginLimiter } from '../../platform/loginLimiter';
import { hashToken, newToken } from '../../platform/secrets';
import { createSession, extendSession, loadSession, userRoles } from '../../platform/session';
import { authorizedClient } from '../../platform/terminal';
import { sessions, users } from '../../platform/platform.tables';
import { codeUsedAgain, consumeTotp, findUserByName, initialSite, sessionBody } from './auth.service';
import { allowedByMapping, oidcRules, signInDirectoryUser } from './directory.service';
import {
  IssuerUnavailableError,
  SignInFailedError,
  mfaTrusted,
  oidcIssuerClient,
  sealer,
  type OidcIssuerClient,
  type SignInChecks,
} from './oidc.issuer';

/** How long a started sign-in may take at the issuer (the state cookie's life). */
const SIGN_IN_MINUTES = 10;
/** How long the hand-over code of a finished sign-in lasts: the login page exchanges it at once. */
const HANDOVER_SECONDS = 60;
const BIND_COOKIE = 'strazce_oidc_bind';

/** What the state cookie carries from the start to the callback (sealed). */
interface StartedSignIn extends SignInChecks {
  issuer: string;
  returnTo: string;
}

/** What the hand-over code carries from the callback to the login page's exchange (sealed). */
interface HandOver {
  /** The token of the session made at the callback; it never leaves the server in clear. */
  token: string;
  userId: number;
  /** Whether the product's TOTP code is still asked (two-factor on, the issuer's MFA not trusted). */
  tfa: boolean;
  /** The value of the browser's bind cookie: the code works only in the browser that signed in. */
  bind: string;
}

/**
 * A path of this app to return to after the sign-in: relative, on this origin (no `//host`, no `/\host`, no
 * scheme, no control characters), at most 500 characters; null otherwise (no open redirect).
 */
export function safeReturnTo(value: string | undefined): string | null {
  if (value === undefined || value === '') return '/';
  if (value.length > 500 || !value.startsWith('/') || /^\/[/\\]/.test(value)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const resolved = new URL(value, 'http://app.invalid');
  return resolved.origin === 'http://app.invalid' ? value : null;
}

function cookiesOf(request: FastifyRequest): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) found[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return found;
}

export interface OidcRoutesOptions {
  db: Db;
  limiter: LoginLimiter;
  oidc?: OidcConfig;
  /** The issuers' clients (tests give their own); made from the configuration by default. */
  clients?: OidcIssuerClient[];
}

/**
 * Sign-in with OpenID Connect (issue 38, docs/auth-providers.md): the login page's buttons, the start and the
 * callback of the authorization code flow (PKCE, state, nonce in a sealed, short-lived HttpOnly cookie, so any
 * instance finishes what another started), and the hand-over of the session to the web app by a one-time code.
 */
export function registerOidcRoutes(
  app: FastifyInstance,
  { db, limiter, oidc, clients }: OidcRoutesOptions,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  const issuers = clients ?? (oidc?.issuers ?? []).map((issuer) => oidcIssuerClient(issuer, oidc!.timeoutMs));

  typed.get(
    '/api/session/oidc/issuers',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        description:
          'The OpenID Connect issuers users sign in with (the login page shows a button for each).',
        response: { 200: z.array(oidcIssuerSchema) },
      },
    },
    async () => issuers.map(({ config }) => ({ id: config.id, name: config.name })),
  );
  if (!oidc || issuers.length === 0) return;

  const publicUrl = oidc.publicUrl.replace(/\/+$/, '');
  const secure = publicUrl.startsWith('https:');
  // The cookies go only to the sign-in's own addresses (below the app's path when PUBLIC_URL has one).
  const cookiePath = `${new URL(publicUrl).pathname.replace(/\/+$/, '')}/api/session/oidc`;
  // Without OIDC_COOKIE_SECRET only this process opens what it sealed (one instance; the report says so).
  const seal = sealer(oidc.cookieSecret ?? randomBytes(32).toString('hex'));
  const now = () => app.clock.now();
  const redirectUri = (id: string) => `${publicUrl}/api/session/oidc/${id}/callback`;
  const stateCookie = (id: string) => `strazce_oidc_${id}`;

  function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number) {
    const cookie =
      `${name}=${value}; Path=${cookiePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax` +
      (secure ? '; Secure' : '');
    const previous = reply.getHeader('set-cookie');
    reply.header(
      'set-cookie',
      previous === undefined
        ? [cookie]
        : [...(Array.isArray(previous) ? previous : [String(previous)]), cookie],
    );
  }

  function issuerOf(id: string): OidcIssuerClient {
    const found = issuers.find((entry) => entry.config.id === id);
    if (!found) throw new AppError('NOT_FOUND', 'No such OpenID Connect issuer');
    return found;
  }

  /** Back to the login page, which shows the error's text (`apiError_<code>`). */
  function toLoginWithError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode) {
    request.loginRefused = true;
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${publicUrl}/login#oidcError=${code}`, 303);
  }

  function unavailable(request: FastifyRequest, error: unknown): AppError {
    const cause = (error as { cause?: { name?: string; code?: string } }).cause;
    // The kind of failure only: an issuer's error text may carry a user's name.
    request.log.warn(
      { oidcError: cause?.name ?? 'unknown', errorCode: cause?.code },
      'an OpenID Connect issuer does not answer',
    );
    return new AppError('OIDC_UNAVAILABLE', 'The identity provider does not answer');
  }

  typed.get(
    '/api/session/oidc/:issuer/start',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        description:
          'Starts the sign-in: redirects to the issuer with PKCE, state and nonce; returnTo is a path of this app.',
        params: z.object({ issuer: z.string().max(40) }),
        querystring: z.object({ returnTo: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const issuer = issuerOf(request.params.issuer);
      const returnTo = safeReturnTo(request.query.returnTo);
      if (returnTo === null) throw validationError('returnTo', 'validation.returnTo');
      let started: Awaited<ReturnType<OidcIssuerClient['start']>>;
      try {
        started = await issuer.start(redirectUri(issuer.config.id));
      } catch (error) {
        if (!(error instanceof IssuerUnavailableError)) throw error;
        unavailable(request, error);
        return toLoginWithError(request, reply, 'OIDC_UNAVAILABLE');
      }
      const value: StartedSignIn = { ...started.checks, issuer: issuer.config.id, returnTo };
      setCookie(
        reply,
        stateCookie(issuer.config.id),
        seal.seal('state', value, now() + SIGN_IN_MINUTES * 60_000),
        SIGN_IN_MINUTES * 60,
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url.href, 303);
    },
  );

  /**
   * The issuer's redirect back: checks the sign-in, finds (or creates) the user, applies the group mapping
   * and makes the session, which the login page takes over with the one-time code in the address fragment.
   */
  async function finishSignIn(request: FastifyRequest, issuer: OidcIssuerClient): Promise<string> {
    const id = issuer.config.id;
    const started = seal.open<StartedSignIn>('state', cookiesOf(request)[stateCookie(id)], now());
    if (!started || started.issuer !== id)
      throw new AppError('OIDC_FAILED', 'The sign-in was not started in this browser or took too long');
    const query = request.raw.url?.split('?')[1] ?? '';
    const callbackUrl = new URL(`${redirectUri(id)}${query ? `?${query}` : ''}`);
    let identity;
    try {
      identity = await issuer.finish(callbackUrl, started);
    } catch (error) {
      if (error instanceof IssuerUnavailableError) throw unavailable(request, error);
      if (error instanceof SignInFailedError) {
        const cause = (error as { cause?: { name?: string; code?: string; error?: string } }).cause;
        request.log.info(
          { oidcError: cause?.name, errorCode: cause?.code ?? cause?.error },
          'an OpenID Connect sign-in failed',
        );
        throw new AppError('OIDC_FAILED', 'The sign-in with the identity provider failed');
      }
      throw error;
    }
    request.auditAuthor = identity.userName.slice(0, 100);
    const rules = oidcRules(issuer.config);
    const refused = () => new AppError('OIDC_USER_REFUSED', 'This account may not sign in here');
    // The throttles of the login: a name refused again and again is delayed like a wrong password.
    const user = await limiter.attempt(
      { scope: 'login', subject: identity.userName, address: request.ip },
      async () => {
        const existing = await findUserByName(db, identity.userName);
        if (existing && existing.authProvider !== 'OIDC') throw refused();
        if (!existing && rules.provisioning !== 'mapped') throw refused();
        if (!allowedByMapping(rules, identity)) throw refused();
        const signedIn = await signInDirectoryUser(db, rules, identity, existing?.id ?? null, (record) =>
          auditRecord(request, record),
        ).catch((error: unknown) => {
          // A disabled user of that name: not created again.
          if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') throw refused();
          throw error;
        });
        const [row] = await db.select().from(users).where(eq(users.id, signedIn.userId));
        return row;
      },
      // Only the second factor clears the counters (at the hand-over), as the login's password does not.
      { clearOnSuccess: false },
    );
    const siteId = await initialSite(db, user);
    const session = await createSession(db, { userId: user.id, siteId, clientId: null }, now());
    // Nobody holds its token yet: it lives as long as the hand-over code unless taken over.
    await db
      .update(sessions)
      .set({ expires: new Date(now() + HANDOVER_SECONDS * 1000) })
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    const bind = randomBytes(18).toString('base64url');
    const handOver: HandOver = {
      token: session.token,
      userId: user.id,
      tfa: user.tfa && !mfaTrusted(issuer.config, identity),
      bind,
    };
    request.auditRecord ??= { entity: 'access_user', recordId: user.id, siteId: null };
    const code = seal.seal('handover', handOver, now() + HANDOVER_SECONDS * 1000);
    return `${started.returnTo}\u0000${code}\u0000${bind}`;
  }

  typed.get(
    '/api/session/oidc/:issuer/callback',
    {
      // The issuer's code and state are single use, but credentials all the same: masked in the audit.
      config: { access: PUBLIC, auditEvent: 'LOGIN', auditSecrets: ['code', 'state'] },
      schema: {
        tags,
        description:
          'Where the issuer sends the browser back: checks the sign-in and redirects to the login page with a one-time hand-over code (#code=…).',
        params: z.object({ issuer: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const issuer = issuerOf(request.params.issuer);
      // The state cookie serves once, whatever the outcome.
      setCookie(reply, stateCookie(issuer.config.id), '', 0);
      let finished: string;
      try {
        finished = await finishSignIn(request, issuer);
      } catch (error) {
        if (error instanceof AppError) return toLoginWithError(request, reply, error.code);
        throw error;
      }
      const [returnTo, code, bind] = finished.split('\u0000');
      setCookie(reply, BIND_COOKIE, bind, HANDOVER_SECONDS);
      reply.header('cache-control', 'no-store');
      // The code travels in the fragment: never sent to a server, never in a Referer.
      return reply.redirect(
        `${publicUrl}/login?redirect=${encodeURIComponent(returnTo)}#code=${encodeURIComponent(code)}`,
        303,
      );
    },
  );

  typed.post(
    '/api/session/oidc/handover',
    {
      config: { access: PUBLIC, auditSecrets: ['code'] },
      schema: {
        tags,
        description:
          'Takes over the session of a finished OpenID Connect sign-in with its one-time code (+ X-TFA-Token, X-Client-Token); single use, 60 s.',
        body: oidcHandoverRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const at = now();
      const handOver = seal.open<HandOver>('handover', request.body.code, at);
      const invalid = () => new AppError('TOKEN_INVALID', 'The sign-in code is invalid or has expired');
      if (!handOver || cookiesOf(request)[BIND_COOKIE] !== handOver.bind) throw invalid();
      const pendingHash = hashToken(handOver.token);
      const [pending] = await db
        .select({ id: sessions.id, siteId: sessions.siteId })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, pendingHash),
            eq(sessions.userId, handOver.userId),
            gt(sessions.expires, new Date(at)),
          ),
        );
      if (!pending) throw invalid();
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, handOver.userId), eq(users.valid, true)));
      if (!user || user.authProvider !== 'OIDC') throw invalid();
      request.auditAuthor = user.userName.slice(0, 100);
      // The business record of the hand-over's writes (the TOTP step, the session): the user, by id.
      auditRecord(request, { entity: 'access_user', recordId: user.id, siteId: null });
      if (handOver.tfa) {
        const tfaHeader = request.headers[HEADERS.tfaToken.toLowerCase()];
        const tfaCode = typeof tfaHeader === 'string' ? tfaHeader.trim() : undefined;
        // Asked for first: the code stays valid for the next try within its minute.
        if (!tfaCode) throw new AppError('TFA_REQUIRED', 'An authentication code is required');
        await limiter.attempt({ scope: 'login', subject: user.userName, address: request.ip }, async () => {
          if (!(await consumeTotp(db, user, user.tfaSecret, tfaCode, at)))
            throw (
              codeUsedAgain(user, tfaCode, at) ??
              new AppError('TFA_INVALID', 'Password or 2FA code is invalid')
            );
        });
      }
      const clientId = await authorizedClient(db, request);
      const roles = await userRoles(db, user.id);
      if (!roles.includes('ALL_CLIENTS') && clientId === null)
        throw new AppError('CLIENT_NOT_AUTHORIZED', 'This browser is not authorized');
      // Single use, on any instance: the pending token is replaced by a new one in one statement; the session
      // then lasts from now to the site's idle time-out (within its absolute lifetime).
      const token = newToken();
      const session = await db.transaction(async (tx) => {
        const [taken] = await tx
          .update(sessions)
          .set({ tokenHash: hashToken(token), clientId })
          .where(and(eq(sessions.id, pending.id), eq(sessions.tokenHash, pendingHash)))
          .returning({ id: sessions.id });
        if (!taken) return null;
        const context = await loadSession(tx, token, at);
        if (!context) return null;
        await extendSession(tx, context, at);
        await tx
          .update(users)
          .set({ lastLogin: new Date(at) })
          .where(eq(users.id, user.id));
        return context;
      });
      if (!session) throw invalid();
      return sessionBody(db, user.id, { token, expires: session.expires }, pending.siteId, roles);
    },
  );
}
