import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  HEADERS,
  idSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  sessionResponseSchema,
  tfaCheckRequestSchema,
  tfaCheckResponseSchema,
  tfaCodeRequestSchema,
  tfaSetupRequestSchema,
  tfaSetupResponseSchema,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../platform/errors';
import { LOGGED_IN, PUBLIC, sessionOf } from '../../platform/guard';
import { registerRetryAfter, type LoginLimiter } from '../../platform/loginLimiter';
import {
  hashPassword,
  hashToken,
  newToken,
  newTotpSecret,
  totpStep,
  totpUri,
  verifyPassword,
} from '../../platform/secrets';
import { createSession, endSession, extendSession, userRoles } from '../../platform/session';
import { authorizedClient } from '../../platform/terminal';
import { passwordResets } from './access.tables';
import { sessions, users, persons } from '../../platform/platform.tables';
import {
  authenticate,
  directoryOptions,
  consumeTotp,
  credentialsFrom,
  findUserByName,
  initialSite,
  sessionBody,
  type UserRow,
} from './auth.service';
import { resetPasswordEmail } from './reset.email';
import { DirectoryUnavailableError } from './ldap.directory';
import { queueEmail } from '../messaging/outbox';
import { NO_BODY } from '../../platform/requestBody';

const PASSWORD_RESET_VALID_MINUTES = 60;
const PASSWORD_RESETS_PER_HOUR = 3;

export interface SessionRoutesOptions {
  db: Db;
  limiter: LoginLimiter;
  publicUrl?: string;
  /** Origins allowed in reset links when PUBLIC_URL is not set (RESET_LINK_ORIGINS). */
  resetOrigins?: readonly string[];
}

/** Where links sent by e-mail point when neither PUBLIC_URL nor RESET_LINK_ORIGINS is configured. */
export const DEFAULT_APP_ADDRESS = 'http://localhost:8080';

/**
 * Address of the web app for links sent by e-mail: PUBLIC_URL when configured; else the request's `Origin`
 * when it is one of the allowed origins (RESET_LINK_ORIGINS), else the first of them. The request's `Host`
 * (and an unlisted `Origin`) is never used: whoever asks for a reset cannot make the link point to their own
 * server (reset-link poisoning).
 */
export function appAddress(
  request: FastifyRequest,
  publicUrl: string | undefined,
  allowedOrigins: readonly string[] = [],
): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    const allowed = allowedOrigins.find((entry) => originOf(entry) === originOf(origin));
    if (allowed) return originOf(allowed)!;
  }
  return (allowedOrigins.length > 0 && originOf(allowedOrigins[0])) || DEFAULT_APP_ADDRESS;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function registerSessionRoutes(
  app: FastifyInstance,
  { db, limiter, publicUrl, resetOrigins = [] }: SessionRoutesOptions,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  registerRetryAfter(app);

  /**
   * The logged-in user, after checking their current password (and TOTP code, when `code` is given or
   * two-factor is on) under the login limiter: a stolen session token alone cannot change what protects the
   * account. A wrong answer is a 400 on the field (the user stays logged in) and counts as a failed login.
   */
  async function confirmIdentity(
    request: FastifyRequest,
    fields: { password: string | undefined; passwordField: string; code?: string; checkCode: boolean },
  ): Promise<UserRow> {
    const session = sessionOf(request);
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    const checkCode = fields.checkCode && user.tfa;
    if (checkCode && !fields.code) throw validationError('code', 'validation.required');
    if (!fields.password && user.authProvider !== 'OIDC')
      throw validationError(fields.passwordField, 'validation.required');
    // A wrong answer counts as a failed login; a right one only takes the attempt back.
    await limiter.attempt(
      { scope: 'login', subject: session.userName, address: request.ip },
      async () => {
        if (!(await passwordOf(request, user, fields.password ?? '')))
          throw validationError(fields.passwordField, 'validation.currentPassword');
        const now = request.server.clock.now();
        if (checkCode && !(await consumeTotp(db, user, user.tfaSecret, fields.code, now)))
          throw validationError('code', 'validation.tfaCode');
      },
      { clearOnSuccess: false },
    );
    return user;
  }

  /**
   * Whether the password is the user's: the product's hash for LOCAL, a bind to the directory for LDAP. An OIDC
   * user has no password anywhere the product can ask: the session (proved at the issuer) stands for it, and the
   * current TOTP code is asked wherever two-factor is on (docs/auth-providers.md).
   */
  async function passwordOf(request: FastifyRequest, user: UserRow, password: string): Promise<boolean> {
    if (user.authProvider === 'LOCAL') return verifyPassword(user.passwordHash, password);
    if (user.authProvider === 'OIDC') return true;
    const directory = request.server.directory;
    if (user.authProvider !== 'LDAP' || !directory) return false;
    try {
      return (await directory.directory.authenticate(user.userName, password)) !== null;
    } catch (error) {
      if (error instanceof DirectoryUnavailableError)
        throw new AppError('DIRECTORY_UNAVAILABLE', 'The company directory does not answer');
      throw error;
    }
  }

  typed.get(
    '/api/session',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        description:
          'Log in with Basic authorization (+ X-TFA-Token, X-Client-Token), or restore with X-Auth-Token.',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const credentials = credentialsFrom(request);
      if (!credentials) {
        const session = request.session;
        if (!session) throw new AppError('UNAUTHORIZED', 'Session missing or expired');
        const token = request.headers[HEADERS.authToken.toLowerCase()] as string;
        // Extended before the answer, so the expiry the client is told is the one in force. A restore of a
        // cached session costs one query: the extension writes at most once a minute (session.ts), and the
        // roles come with the session.
        await extendSession(db, session, request.server.clock.now());
        return sessionBody(
          db,
          session.userId,
          { token, expires: session.expires },
          session.siteId,
          session.roles,
        );
      }
      request.auditAuthor = credentials.userName.slice(0, 100);
      const user = await authenticate(db, limiter, credentials, directoryOptions(request));
      const clientId = await authorizedClient(db, request);
      const roles = await userRoles(db, user.id);
      if (!roles.includes('ALL_CLIENTS') && clientId === null) {
        throw new AppError('CLIENT_NOT_AUTHORIZED', 'This browser is not authorized');
      }
      const siteId = await initialSite(db, user);
      const now = request.server.clock.now();
      const session = await createSession(db, { userId: user.id, siteId, clientId }, now);
      await db
        .update(users)
        .set({ lastLogin: new Date(now) })
        .where(eq(users.id, user.id));
      return sessionBody(db, user.id, session, siteId, roles);
    },
  );

  typed.delete(
    '/api/session',
    { config: { access: LOGGED_IN }, schema: { body: NO_BODY, tags } },
    async (request, reply) => {
      const session = sessionOf(request);
      await db.transaction((tx) => endSession(tx, session));
      return reply.status(204).send();
    },
  );

  typed.post(
    '/api/access_user/twofa',
    {
      config: { access: PUBLIC },
      schema: { tags, body: tfaCheckRequestSchema, response: { 200: tfaCheckResponseSchema } },
    },
    async (request) => {
      // An unknown user gets the same answer as a user without two-factor: no user enumeration.
      const user = await findUserByName(db, request.body.userName);
      return { tfaRequired: !!user?.tfa };
    },
  );

  typed.post(
    '/api/session/password',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags,
        description:
          "Changes the user's own password (current password required); ends the user's other sessions.",
        body: passwordChangeSchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { currentPassword, newPassword } = request.body;
      const user = await confirmIdentity(request, {
        password: currentPassword,
        passwordField: 'currentPassword',
        checkCode: false,
      });
      if (newPassword === currentPassword)
        throw validationError('newPassword', 'validation.passwordUnchanged');
      // A directory user's password is the directory's: changed there, never kept here.
      if (user.authProvider !== 'LOCAL') throw validationError('newPassword', 'validation.directoryPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, version: sql`${users.version} + 1` })
          .where(eq(users.id, user.id));
        // Links sent for the old password are void, and so is every other session opened with it.
        await tx
          .update(passwordResets)
          .set({ used: new Date(request.server.clock.now()) })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.used)));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.sessionId)));
      });
      await limiter.clear({ scope: 'login', subject: user.userName, address: request.ip });
      return true as const;
    },
  );

  typed.post(
    '/api/session/twofa',
    {
      config: { access: LOGGED_IN, auditSecrets: ['code'] },
      schema: {
        tags,
        description:
          'Starts the two-factor set-up; needs the current password, and the current code when two-factor is on.',
        body: tfaSetupRequestSchema,
        response: { 200: tfaSetupResponseSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await confirmIdentity(request, {
        password: request.body.password,
        passwordField: 'password',
        code: request.body.code,
        checkCode: true,
      });
      const secret = newTotpSecret();
      await db.transaction((tx) =>
        tx.update(users).set({ tfaPendingSecret: secret }).where(eq(users.id, session.userId)),
      );
      const uri = totpUri(secret, session.userName);
      return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
    },
  );

  typed.post(
    '/api/session/twofa/validate',
    {
      config: { access: LOGGED_IN, auditSecrets: ['code'] },
      schema: { tags, body: tfaCodeRequestSchema, response: { 200: z.object({ valid: z.boolean() }) } },
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, sessionOf(request).userId));
      return {
        valid:
          !!user.tfaPendingSecret &&
          totpStep(user.tfaPendingSecret, request.body.code, request.server.clock.now()) !== null,
      };
    },
  );

  typed.post(
    '/api/session/twofa/enable',
    {
      config: { access: LOGGED_IN, auditSecrets: ['code'] },
      schema: { tags, body: tfaCodeRequestSchema, response: { 200: z.object({ tfa: z.boolean() }) } },
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, sessionOf(request).userId));
      // One transaction (and one audit entry): the code's step is recorded with the enabling.
      await db.transaction(async (tx) => {
        // A wrong code is a 400 like any invalid input, not a 401: the user stays logged in to try again.
        if (
          !(await consumeTotp(tx, user, user.tfaPendingSecret, request.body.code, request.server.clock.now()))
        ) {
          throw new AppError('VALIDATION', 'Authentication code is not valid. Please try again', [
            { path: 'code', message: 'validation.tfaCode' },
          ]);
        }
        await tx
          .update(users)
          .set({ tfa: true, tfaSecret: user.tfaPendingSecret, tfaPendingSecret: null })
          .where(eq(users.id, user.id));
      });
      return { tfa: true };
    },
  );

  typed.post(
    '/api/access_user/reset/request',
    {
      config: { access: PUBLIC },
      schema: { tags, body: passwordResetRequestSchema, response: { 200: z.literal(true) } },
    },
    async (request) => {
      request.auditAuthor = request.body.userName.slice(0, 100);
      const user = await findUserByName(db, request.body.userName);
      const [person] = user?.personId
        ? await db.select({ email: persons.email }).from(persons).where(eq(persons.id, user.personId))
        : [];
      // The answer is the same whether or not the user exists or has an address: no user enumeration. A
      // directory user's password is reset in the directory, not here.
      if (!user || !person?.email || user.authProvider !== 'LOCAL') return true as const;
      // Nobody can flood a mailbox: a few links per hour at most, the answer stays the same.
      const [{ recent }] = await db
        .select({ recent: count() })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            gt(passwordResets.created, new Date(request.server.clock.now() - 60 * 60_000)),
          ),
        );
      if (Number(recent) >= PASSWORD_RESETS_PER_HOUR) return true as const;
      const token = newToken();
      const link = `${appAddress(request, publicUrl, resetOrigins)}/resetPassword?token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
          tokenHash: hashToken(token),
          userId: user.id,
          created: new Date(request.server.clock.now()),
          expires: new Date(request.server.clock.now() + PASSWORD_RESET_VALID_MINUTES * 60_000),
        });
        // The token is a credential: the outbox keeps it beside the text until the e-mail has left.
        await queueEmail(tx, {
          recipient: person.email!,
          ...resetPasswordEmail(user.userName, link, PASSWORD_RESET_VALID_MINUTES),
          secrets: [encodeURIComponent(token)],
        });
      });
      return true as const;
    },
  );

  typed.post(
    '/api/access_user/reset',
    {
      config: { access: PUBLIC },
      schema: { tags, body: passwordResetSchema, response: { 200: z.literal(true) } },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const now = new Date(request.server.clock.now());
      await db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ used: now })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(request.body.token)),
              isNull(passwordResets.used),
              gt(passwordResets.expires, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!reset) throw new AppError('TOKEN_INVALID', 'Password reset link is invalid or has expired');
        await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
        // Other links sent before are void once the password is set.
        await tx
          .update(passwordResets)
          .set({ used: now })
          .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.used)));
        // A new password ends every session opened with the old one.
        await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
      });
      return true as const;
    },
  );

  typed.get(
    '/api/access_user/roles',
    {
      config: { access: LOGGED_IN },
      schema: {
        tags,
        querystring: z.object({ id: idSchema }),
        response: { 200: z.array(z.object({ role: z.string() })) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (request.query.id !== session.userId && !session.roles.includes('ADMINISTRATOR')) {
        throw new AppError('FORBIDDEN', 'Only an administrator may read the roles of another user');
      }
      return (await userRoles(db, request.query.id)).map((role) => ({ role }));
    },
  );
}
