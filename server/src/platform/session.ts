import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SITE_TIMEOUT_MINUTES, SYSTEM_PROPERTIES, type ModuleCode } from '@strazce/contract';
import type { Db } from '../db/database';
import { sessions } from './platform.tables';
import { activeSiteProperty } from './siteProperty';
import { hashToken, newToken } from './secrets';
import { rowsOf } from '../db/prepared';

/** Who is calling and where: resolved once per request from `X-Auth-Token`. */
export interface SessionContext {
  sessionId: number;
  tokenHash: string;
  userId: number;
  userName: string;
  siteId: number | null;
  clientId: number | null;
  roles: string[];
  /** Modules enabled on the current site. */
  modules: ModuleCode[];
  timeoutMinutes: number;
  expires: Date;
  /**
   * The absolute end, however active the session: login time + SESSION_MAX_HOURS (the site's, else the system
   * property); null where there is none: a session on a terminal, a kiosk user's, a site that sets 0.
   */
  endsAt: Date | null;
  /** The user must have two-factor login (force 2FA) and has not set it up yet: see the guard. */
  tfaPending: boolean;
  /** The user must choose a new password first (generated or administrator-given one): see the guard. */
  passwordPending: boolean;
  /** The current site withholds document numbers until asked for (DOCUMENT_NUMBERS_ON_REQUEST). */
  documentsOnRequest: boolean;
}

/**
 * Extending on every call would write on every read: a session is extended only when its expiry is at least
 * this far from a full extension (now + the time-out), so at most once a minute per session, and reads
 * (a restore, lists) stay free of writes under load. The expiry is never pushed beyond now + the time-out,
 * so an idle session never lives longer than its time-out after the last call: it may end up to a minute
 * early (the calls of the last minute before it went idle did not move the expiry), never late.
 */
export const EXTEND_GRANULARITY_MS = 60_000;

/** The granularity for a time-out: a minute, or a tenth of a time-out shorter than ten minutes. */
export function extendGranularityMs(timeoutMinutes: number): number {
  return Math.min(EXTEND_GRANULARITY_MS, (timeoutMinutes * 60_000) / 10);
}

/** A session as `loadSessionByHash` reads it (raw SQL: timestamps as the driver gives them). */
interface SessionRow {
  id: number;
  user_id: number;
  site_id: number | null;
  client_id: number | null;
  expires: Date | string;
  user_name: string;
  /** SITE_TIMEOUT as stored (a JSON value). */
  timeout: unknown;
  ends_at: Date | string | null;
  tfa_pending: boolean | null;
  password_pending: boolean | null;
  documents_on_request: boolean;
  /** text[]: an array, or its '{a,b}' literal. */
  roles: unknown;
  modules: unknown;
}

/**
 * The absolute cap of a session in hours, or null for none. None for a session opened on a terminal (a guard
 * console, a wall screen) or of a kiosk user (VISIT_KIOSK): they run for days, and every call extends them, as
 * the spec says; else the site's SESSION_MAX_HOURS property (0: none on that site), else the system property,
 * else its default. Arguments are SQL of the user, the site and the terminal (client) of the session.
 */
const capHoursSql = (userId: SQL, siteId: SQL, clientId: SQL) => sql`
  case when ${clientId} is not null
      or exists (select 1 from (${userRolesSql(userId)}) kiosk where kiosk.role = 'VISIT_KIOSK')
    then null
    else nullif(coalesce(
      (select case when jsonb_typeof(p.value) = 'number' and (p.value #>> '{}')::numeric >= 0
          then floor((p.value #>> '{}')::numeric)::int end
        from system_site_property p
        where p.site_id = ${siteId} and p.name = 'SESSION_MAX_HOURS' and p.active),
      (select sp.value from system_property sp where sp.name = 'SESSION_MAX_HOURS'),
      ${sql.raw(String(SYSTEM_PROPERTIES.SESSION_MAX_HOURS.default))}), 0)
  end`;

/** Every role a user holds: own roles plus those of valid groups they are a member of. */
export const userRolesSql = (userId: unknown) => sql`
  select role from access_user_role where user_id = ${userId}
  union
  select gr.role from access_group_role gr
    join access_user_group ug on ug.group_id = gr.group_id
    join access_group g on g.id = gr.group_id and g.valid
  where ug.user_id = ${userId}`;

export async function userRoles(db: Db, userId: number): Promise<string[]> {
  const rows = rowsOf<{ role: string }>(await db.execute(userRolesSql(userId)));
  return rows.map((row) => String(row.role)).sort();
}

/** The live session of a token at `now` (the app's clock), or null. */
export async function loadSession(db: Db, token: string, now: number): Promise<SessionContext | null> {
  return loadSessionByHash(db, hashToken(token), now);
}

export async function loadSessionByHash(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<SessionContext | null> {
  const at = new Date(now);
  const rows = rowsOf<SessionRow>(
    await db.execute(sql`
      select s.id, s.user_id, site.id as site_id, s.client_id, s.expires, u.user_name, timeout.value as timeout,
        s.created + make_interval(hours => cap.hours) as ends_at,
        u.force_tfa and not u.tfa as tfa_pending, u.must_change_password as password_pending,
        exists (
          select 1 from system_site_property p
          where p.site_id = site.id and p.name = 'DOCUMENT_NUMBERS_ON_REQUEST' and p.active
            and p.value = 'true'::jsonb
        ) as documents_on_request,
        coalesce((select array_agg(r.role) from (${userRolesSql(sql`u.id`)}) r), '{}') as roles,
        coalesce((select array_agg(m.module) from system_site_module m where m.site_id = site.id), '{}') as modules
      from access_session s
      join access_user u on u.id = s.user_id and u.valid
      -- The session's site counts only while the user is still a member and the site is valid.
      left join lateral (
        select ss.id from system_site ss
          join access_user_site us on us.site_id = ss.id and us.user_id = s.user_id
        where ss.id = s.site_id and ss.valid
      ) site on true
      left join lateral (
        select p.value from system_site_property p
        where p.site_id = site.id and p.name = 'SITE_TIMEOUT' and p.active
      ) timeout on true
      cross join lateral (select ${capHoursSql(sql`u.id`, sql`site.id`, sql`s.client_id`)} as hours) cap
      where s.token_hash = ${tokenHash} and s.expires > ${at}
        and (cap.hours is null or s.created + make_interval(hours => cap.hours) > ${at})
        -- A session opened on a terminal ends when the terminal is revoked, disabled or expires.
        and (s.client_id is null or exists (
          select 1 from system_client c
          where c.id = s.client_id and c.valid and c.authorized and (c.expires is null or c.expires > ${at})))`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: Number(row.id),
    tokenHash,
    userId: Number(row.user_id),
    userName: String(row.user_name),
    siteId: row.site_id === null ? null : Number(row.site_id),
    clientId: row.client_id === null ? null : Number(row.client_id),
    roles: parseArray(row.roles),
    modules: parseArray(row.modules) as ModuleCode[],
    timeoutMinutes: timeoutFromProperty(row.timeout),
    expires: new Date(row.expires),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    tfaPending: row.tfa_pending === true,
    passwordPending: row.password_pending === true,
    documentsOnRequest: row.documents_on_request === true,
  };
}

/** SITE_TIMEOUT as stored (a JSON value), or the default when missing or not a positive whole number. */
function timeoutFromProperty(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : DEFAULT_SITE_TIMEOUT_MINUTES;
}

// node-postgres parses text[] into arrays; PGlite does too, but be tolerant of the '{a,b}' literal form.
function parseArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.replace(/^{|}$/g, '').split(',').filter(Boolean);
  return [];
}

/** The site's SITE_TIMEOUT property in minutes, or the default of 30. */
export async function siteTimeoutMinutes(db: Db, siteId: number | null): Promise<number> {
  if (siteId === null) return DEFAULT_SITE_TIMEOUT_MINUTES;
  return timeoutFromProperty(await activeSiteProperty(db, siteId, 'SITE_TIMEOUT'));
}

/** The absolute cap in hours of a session of this user, site and terminal (capHoursSql), or null for none. */
async function sessionCapHours(
  db: Db,
  input: { userId: number; siteId: number | null; clientId: number | null },
): Promise<number | null> {
  const [row] = rowsOf<{ hours: number | null }>(
    await db.execute(
      sql`select ${capHoursSql(sql`${input.userId}::int`, sql`${input.siteId}::int`, sql`${input.clientId}::int`)} as hours`,
    ),
  );
  return row?.hours === null || row?.hours === undefined ? null : Number(row.hours);
}

/** The earlier of now + the time-out and the absolute end (none: the time-out alone). */
const expiryWithin = (now: number, timeoutMinutes: number, endsAt: number | null) =>
  new Date(Math.min(now + timeoutMinutes * 60_000, endsAt ?? Number.POSITIVE_INFINITY));

export async function createSession(
  db: Db,
  input: { userId: number; siteId: number | null; clientId: number | null },
  now: number,
): Promise<{ token: string; expires: Date }> {
  const token = newToken();
  const timeoutMinutes = await siteTimeoutMinutes(db, input.siteId);
  const capHours = await sessionCapHours(db, input);
  const expires = expiryWithin(now, timeoutMinutes, capHours === null ? null : now + capHours * 3_600_000);
  await db
    .insert(sessions)
    .values({ ...input, tokenHash: hashToken(token), timeoutMinutes, expires, created: new Date(now) });
  return { token, expires };
}

/** The session's new expiry (ms) when a call at `now` moves it by enough to be written, else null. */
export function extensionDue(session: SessionContext, now: number): number | null {
  const fullExpiry = expiryWithin(now, session.timeoutMinutes, session.endsAt?.getTime() ?? null).getTime();
  const moved = Math.abs(fullExpiry - session.expires.getTime());
  return moved < extendGranularityMs(session.timeoutMinutes) ? null : fullExpiry;
}

/**
 * Sets the expiry to now + the site's time-out after a successful call, unless it is within a minute of that
 * already (EXTEND_GRANULARITY_MS): then nothing is written. A time-out shortened since the last call takes
 * effect too.
 */
export async function extendSession(db: Db, session: SessionContext, now: number): Promise<void> {
  const fullExpiry = extensionDue(session, now);
  if (fullExpiry === null) return;
  const expires = new Date(fullExpiry);
  await db.update(sessions).set({ expires }).where(eq(sessions.id, session.sessionId));
  session.expires = expires;
}

/**
 * Moves the session to another site; its time-out becomes that site's SITE_TIMEOUT from now on, and its absolute
 * end that site's SESSION_MAX_HOURS counted from the login.
 */
export async function switchSessionSite(
  db: Db,
  session: SessionContext,
  siteId: number,
  now: number,
): Promise<Date> {
  const timeoutMinutes = await siteTimeoutMinutes(db, siteId);
  const [created] = await db
    .select({ created: sessions.created })
    .from(sessions)
    .where(eq(sessions.id, session.sessionId));
  const capHours = await sessionCapHours(db, { userId: session.userId, siteId, clientId: session.clientId });
  const endsAt =
    capHours === null || !created ? null : new Date(created.created.getTime() + capHours * 3_600_000);
  const expires = expiryWithin(now, timeoutMinutes, endsAt?.getTime() ?? null);
  await db
    .update(sessions)
    .set({ siteId, timeoutMinutes, expires })
    .where(eq(sessions.id, session.sessionId));
  Object.assign(session, { siteId, timeoutMinutes, expires, endsAt });
  return expires;
}

export async function endSession(db: Db, session: SessionContext): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, session.sessionId));
}
