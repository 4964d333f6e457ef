import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { HEADERS, type AuthProvider } from '@strazce/contract';
import { jsonValue, preparedShapes } from '../../db/prepared';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { RetryLaterError, type LoginLimiter } from '../../platform/loginLimiter';
import { TOTP_PERIOD_SECONDS, totpStep, verifyPassword } from '../../platform/secrets';
import { userRolesSql } from '../../platform/session';
import { configOf, modulesOf, siteConfigJson, siteModulesJson } from '../../platform/siteData';
import { sites, userSites, users } from '../../platform/platform.tables';
import { auditRecord, type AuditRecord } from '../../platform/audit';
import { allowedByMapping, ldapRules, signInDirectoryUser, type DirectoryLogin } from './directory.service';
import { DirectoryUnavailableError, type DirectoryUser } from './ldap.directory';

export type UserRow = typeof users.$inferSelect;

function parseBasicAuthorization(header: string | undefined): { userName: string; password: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) return null;
  return { userName: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** What `authenticate` checks, as a login sends it. */
export interface Credentials {
  userName: string;
  password: string;
  /** The TOTP code from `X-TFA-Token`, when sent. */
  tfaCode?: string;
  /** When the attempt is made (the app's clock): the TOTP step is taken from it. */
  at: number;
  address: string;
}

/**
 * The credentials of a request: user name and password from `Authorization: Basic …`, the TOTP code from
 * `X-TFA-Token` and the caller's address; null when the request carries no Basic credentials.
 */
export function credentialsFrom(request: FastifyRequest): Credentials | null {
  const basic = parseBasicAuthorization(request.headers.authorization);
  if (!basic) return null;
  const tfaHeader = request.headers[HEADERS.tfaToken.toLowerCase()];
  return {
    ...basic,
    tfaCode: typeof tfaHeader === 'string' ? tfaHeader.trim() : undefined,
    at: request.server.clock.now(),
    address: request.ip,
  };
}

export async function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${userName})`, eq(users.valid, true)))
    .limit(1);
  return user;
}

/**
 * Accepts a TOTP code once: the step is recorded atomically, so the same code (or an older one) used again,
 * even concurrently, is refused.
 */
export async function consumeTotp(
  db: Db,
  user: Pick<UserRow, 'id'>,
  secret: string | null,
  code: string | undefined,
  now: number,
): Promise<boolean> {
  if (!secret || !code || !/^\d{6}$/.test(code)) return false;
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  // A transaction of its own (or a savepoint of the caller's): in a write request it is audited as such.
  const [accepted] = await db.transaction((tx) =>
    tx
      .update(users)
      .set({ tfaLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.tfaLastStep), lt(users.tfaLastStep, step))))
      .returning({ id: users.id }),
  );
  return !!accepted;
}

/**
 * A right code refused because a code of its time step (or a later one) was accepted before, typically the
 * code that just finished the two-factor wizard: TFA_CODE_USED with `Retry-After` telling in how many
 * seconds the authenticator shows the next code (0 when it shows it already). Asked only once the password
 * is right; null for a wrong code.
 */
export function codeUsedAgain(user: UserRow, code: string | undefined, now: number): RetryLaterError | null {
  if (!user.tfaSecret || !code || !/^\d{6}$/.test(code) || user.tfaLastStep === null) return null;
  const step = totpStep(user.tfaSecret, code, now);
  if (step === null || step > user.tfaLastStep) return null;
  const nextCodeAt = (user.tfaLastStep + 1) * TOTP_PERIOD_SECONDS * 1000;
  return new RetryLaterError(
    'TFA_CODE_USED',
    'This code was used already, wait for the next one',
    Math.max(0, Math.ceil((nextCodeAt - now) / 1000)),
  );
}

/** What a login needs beside the credentials when a company directory is configured. */
export interface DirectoryOptions {
  directory: DirectoryLogin | null;
  /** Records the user a login created or whose mapped groups it changed (the login's audit entry). */
  audit: (record: AuditRecord) => void;
  /** Where the reason goes when the directory does not answer (no personal data). */
  logUnavailable: (error: unknown) => void;
}

/**
 * The directory options of a login request: the app's directory, the request's audit entry and log. The log
 * gets the kind of failure only: an LDAP error's text may carry a DN, which names a person.
 */
export function directoryOptions(request: FastifyRequest): DirectoryOptions {
  return {
    directory: request.server.directory,
    audit: (record) => auditRecord(request, record),
    logUnavailable: (error) => {
      const cause = (error as { cause?: { name?: string; code?: string } }).cause;
      request.log.warn(
        { directoryError: cause?.name ?? 'unknown', errorCode: cause?.code },
        'the company directory does not answer',
      );
    },
  };
}

/**
 * Checks user name, password and (when the user has two-factor on) the TOTP code, under the login limiter.
 * The answer never tells which part was wrong: an unknown user and a wrong password look the same, and for a
 * user with two-factor a wrong password and a wrong code look the same. Whether a user has two-factor is
 * public anyway (`POST /api/access_user/twofa`), so a missing code is reported as such.
 *
 * Only the password check depends on the user's provider: LOCAL against the product's hash, LDAP by a bind
 * to the company directory as the user (docs/auth-providers.md); the limiter, two-factor and everything the
 * caller does after (terminal authorization, the session and its time-out) are the same. A directory that
 * does not answer is DIRECTORY_UNAVAILABLE (503), not counted as a failed attempt; local users still log in.
 */
export async function authenticate(
  db: Db,
  limiter: LoginLimiter,
  input: Credentials,
  options?: DirectoryOptions,
): Promise<UserRow> {
  const attempt = { scope: 'login' as const, subject: input.userName, address: input.address };
  const login = options?.directory ?? null;
  return limiter.attempt(
    attempt,
    async () => {
      let user = await findUserByName(db, input.userName);
      const fail = (code: 'INVALID_CREDENTIALS' | 'TFA_REQUIRED' | 'TFA_INVALID') =>
        new AppError(
          code,
          code === 'INVALID_CREDENTIALS'
            ? 'User name or password is invalid'
            : 'Password or 2FA code is invalid',
        );
      if (user?.tfa && !input.tfaCode) throw fail('TFA_REQUIRED');
      // A directory user: the directory checks the password (an unknown name too, when provisioning creates).
      const asksDirectory =
        login !== null && (user ? user.authProvider === 'LDAP' : login.config.provisioning === 'mapped');
      let entry: DirectoryUser | null = null;
      let passwordOk: boolean;
      if (asksDirectory) {
        try {
          entry = await login.directory.authenticate(input.userName, input.password);
        } catch (error) {
          if (!(error instanceof DirectoryUnavailableError)) throw error;
          options?.logUnavailable(error);
          throw new AppError('DIRECTORY_UNAVAILABLE', 'The company directory does not answer');
        }
        passwordOk = entry !== null && allowedByMapping(login.config, entry);
      } else {
        // Only a LOCAL user has a password of the product: a hash left from before a change of provider is
        // not a way in.
        passwordOk =
          (await verifyPassword(user?.passwordHash, input.password)) &&
          (!user || user.authProvider === 'LOCAL');
      }
      if (!passwordOk || (!user && !entry)) throw fail(user?.tfa ? 'TFA_INVALID' : 'INVALID_CREDENTIALS');
      if (user?.tfa && !(await consumeTotp(db, user, user.tfaSecret, input.tfaCode, input.at)))
        throw codeUsedAgain(user, input.tfaCode, input.at) ?? fail('TFA_INVALID');
      if (entry && login) {
        const signedIn = await signInDirectoryUser(
          db,
          ldapRules(login.config),
          entry,
          user?.id ?? null,
          options!.audit,
        );
        // A user created now, or by a login at the same moment (a disabled one never comes back this way).
        if (!user) [user] = await db.select().from(users).where(eq(users.id, signedIn.userId));
      }
      return user!;
    },
    {
      isFailure: (error) => !(error instanceof AppError && error.code === 'DIRECTORY_UNAVAILABLE'),
    },
  );
}

/** Valid sites the user is a member of, by name. */
export async function memberSites(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(userSites)
    .innerJoin(sites, and(eq(sites.id, userSites.siteId), eq(sites.valid, true)))
    .where(eq(userSites.userId, userId))
    .orderBy(asc(sites.name));
}

/** The user of a session body as the query reads it (JSON columns as the driver gives them). */
interface SessionBodyRow {
  id: number;
  user_name: string;
  tfa: boolean;
  force_tfa: boolean;
  auth_provider: string | null;
  must_change_password: boolean;
  person: unknown;
  has_avatar: boolean;
  sites: unknown;
  roles: unknown;
  modules: unknown;
  config: unknown;
}

/**
 * The session body's statement, prepared per shape (the roles asked for or known, a current site or none):
 * every login, restore and site switch runs it, and PostgreSQL parses and plans a prepared statement once per
 * connection.
 */
const sessionBodyStatement = preparedShapes((_handle, shape: { roles: boolean; site: boolean }) => {
  const rolesSql = shape.roles
    ? sql`coalesce((select json_agg(r.role) from (${userRolesSql(sql`u.id`)}) r), '[]')`
    : sql`null`;
  // The current site's modules and configuration come along: the app needs them before its first page.
  const siteId = sql.placeholder('siteId');
  const siteDataSql = shape.site
    ? sql`${siteModulesJson(siteId)} as modules, ${siteConfigJson(siteId)} as config`
    : sql`null as modules, null as config`;
  return sql`
    select u.id, u.user_name, u.tfa, u.force_tfa, u.auth_provider, u.must_change_password,
      case when p.id is null then null
        else json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'email', p.email)
      end as person,
      exists (select 1 from access_user_avatar a where a.user_id = u.id) as has_avatar,
      coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name)
        from access_user_site us join system_site s on s.id = us.site_id and s.valid
        where us.user_id = u.id
      ), '[]') as sites,
      ${rolesSql} as roles,
      ${siteDataSql}
    from access_user u
    left join system_person p on p.id = u.person_id
    where u.id = ${sql.placeholder('userId')}`;
});

/**
 * The body of a successful login, restore or site switch, as the wire contract describes it, in one query:
 * the user with their person and avatar flag, the valid member sites by name (JSON aggregated), unless the caller
 * knows them already (a restore has them in its session) the roles, and the current site's modules and
 * configuration (platform/siteData.ts).
 */
export async function sessionBody(
  db: Db,
  userId: number,
  session: { token: string; expires: Date },
  siteId: number | null,
  knownRoles?: readonly string[],
) {
  const statement = sessionBodyStatement(
    `${knownRoles ? 'known' : 'roles'}/${siteId === null ? 'none' : 'site'}`,
    { roles: !knownRoles, site: siteId !== null },
  );
  const [row] = await statement.rows<SessionBodyRow>(db, { userId, siteId });
  const person = jsonValue<{ id: number; firstName: string; lastName: string; email: string | null } | null>(
    row.person,
  );
  const roles = knownRoles ?? jsonValue<string[]>(row.roles);
  return {
    user: {
      id: Number(row.id),
      userName: String(row.user_name),
      person: person && {
        id: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email ?? null,
      },
      tfa: row.tfa === true,
      forceTfa: row.force_tfa === true,
      authProvider: String(row.auth_provider) as AuthProvider,
      hasAvatar: row.has_avatar === true,
      mustChangePassword: row.must_change_password === true,
    },
    session: { token: session.token, expires: session.expires.toISOString() },
    sites: jsonValue<{ id: number; name: string }[]>(row.sites),
    authorities: [...roles].sort().map((role) => ({ role })),
    site: siteId === null ? null : { id: siteId },
    modules: siteId === null ? [] : modulesOf(row.modules),
    config: siteId === null ? [] : configOf(row.config),
  };
}

/** The site a new session starts on: the one chosen last if still allowed, else the first member site. */
export async function initialSite(db: Db, user: Pick<UserRow, 'id' | 'lastSiteId'>): Promise<number | null> {
  const siteList = await memberSites(db, user.id);
  if (user.lastSiteId !== null && siteList.some((site) => site.id === user.lastSiteId))
    return user.lastSiteId;
  return siteList[0]?.id ?? null;
}

export async function isMemberOfSite(db: Db, userId: number, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ siteId: userSites.siteId })
    .from(userSites)
    .innerJoin(sites, and(eq(sites.id, userSites.siteId), eq(sites.valid, true)))
    .where(and(eq(userSites.userId, userId), eq(userSites.siteId, siteId)));
  return !!row;
}
