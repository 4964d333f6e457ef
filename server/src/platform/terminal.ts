import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { HEADERS, type InternalRole, type ModuleCode } from '@strazce/contract';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { clients, siteModules, sites } from './platform.tables';
import { AppError } from './errors';
import { hashToken } from './secrets';

/**
 * Terminals: clients (`system_client`) identified by `X-Client-Token`. A browser terminal (no internal role)
 * only lets users log in where their account needs an authorized browser; a machine terminal holds one
 * internal role (ANPR camera, patrol terminal, cache control) and a site, and calls the routes of that role
 * with its token alone, never with a user session. See docs/terminals.md.
 */
export interface TerminalContext {
  clientId: number;
  name: string;
  role: InternalRole;
  /** The site the terminal is bound to: everything it does happens there. */
  siteId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine terminal of a terminal route (`AccessRule.terminal`), resolved by the guard. */
    terminal: TerminalContext | null;
  }
}

/** `lastAccess` is written at most this often per terminal (a camera posts many reads a minute). */
export const LAST_ACCESS_GRANULARITY_MS = 60_000;

function clientToken(request: FastifyRequest): string | null {
  const token = request.headers[HEADERS.clientToken.toLowerCase()];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

/** Whether the request carries a terminal token at all (valid or not). */
export function hasClientToken(request: FastifyRequest): boolean {
  return clientToken(request) !== null;
}

interface ClientRow {
  id: number;
  name: string;
  internalRole: string | null;
  siteId: number | null;
  expires: Date | null;
}

/** A client with its site's validity and whether a module is on there: one statement per terminal call. */
interface ClientWithSite extends ClientRow {
  siteValid: boolean;
  moduleEnabled: boolean;
}

const clientStatement = preparedStatement(
  () => sql`select ${clients.id} as id, ${clients.name} as name, ${clients.internalRole} as internal_role,
      ${clients.siteId} as site_id, ${clients.expires} as expires, ${clients.lastAccess} as last_access,
      exists (select 1 from ${sites} s where s.id = ${clients.siteId} and s.valid) as site_valid,
      (${sql.placeholder('module')}::text is null or exists (select 1 from ${siteModules} m
        where m.site_id = ${clients.siteId} and m.module = ${sql.placeholder('module')}::text)) as module_enabled
    from ${clients}
    where ${clients.tokenHash} = ${sql.placeholder('tokenHash')} and ${clients.valid} and ${clients.authorized}`,
);

/**
 * The client behind `X-Client-Token` when it is valid, authorized and not expired; records its last access.
 * Null when there is no such client. `module`: whether it is enabled on the client's site is read with it.
 */
async function validClient(
  db: Db,
  request: FastifyRequest,
  now: Date,
  module?: ModuleCode,
): Promise<ClientWithSite | null> {
  const token = clientToken(request);
  if (!token) return null;
  const [row] = await clientStatement.rows<{
    id: number;
    name: string;
    internal_role: string | null;
    site_id: number | null;
    expires: string | null;
    last_access: string | null;
    site_valid: boolean;
    module_enabled: boolean;
  }>(db, { tokenHash: hashToken(token), module: module ?? null });
  if (!row) return null;
  const expires = row.expires === null ? null : new Date(row.expires);
  if (expires && expires.getTime() < now.getTime()) return null;
  const found: ClientWithSite = {
    id: row.id,
    name: row.name,
    internalRole: row.internal_role,
    siteId: row.site_id,
    expires,
    siteValid: row.site_valid,
    moduleEnabled: row.module_enabled,
  };
  // Recorded at most once per granularity: a camera reading every second costs no write of its own.
  const lastAccess = row.last_access === null ? null : new Date(row.last_access);
  if (lastAccess && lastAccess.getTime() >= now.getTime() - LAST_ACCESS_GRANULARITY_MS) return found;
  await db
    .update(clients)
    .set({ lastAccess: now })
    .where(
      and(
        eq(clients.id, row.id),
        or(
          isNull(clients.lastAccess),
          lt(clients.lastAccess, new Date(now.getTime() - LAST_ACCESS_GRANULARITY_MS)),
        ),
      ),
    );
  return found;
}

/** The terminal behind `X-Client-Token` when it is valid, authorized and not expired (`/system_client/membership`). */
export async function clientOfRequest(db: Db, request: FastifyRequest): Promise<ClientRow | null> {
  return validClient(db, request, new Date(request.server.clock.now()));
}

/**
 * The browser terminal behind `X-Client-Token` (checked at login): valid, authorized, not expired and without
 * an internal role — a machine's token never stands for a browser.
 */
export async function authorizedClient(db: Db, request: FastifyRequest): Promise<number | null> {
  const client = await validClient(db, request, new Date(request.server.clock.now()));
  return client && client.internalRole === null ? client.id : null;
}

/**
 * The guard of a terminal route: a user session is refused (TERMINAL_REQUIRED), so is a missing, unknown,
 * revoked or expired token; a terminal of another role is FORBIDDEN; the terminal's site must be valid and
 * have `module` enabled. The request is bound to the terminal's site.
 */
export async function resolveTerminal(
  db: Db,
  request: FastifyRequest,
  role: InternalRole,
  module: ModuleCode | undefined,
  now: Date,
): Promise<TerminalContext> {
  if (request.headers[HEADERS.authToken.toLowerCase()])
    throw new AppError('TERMINAL_REQUIRED', 'This route takes a terminal token, not a user session');
  if (!clientToken(request)) throw new AppError('TERMINAL_REQUIRED', 'Terminal token missing');
  const client = await validClient(db, request, now, module);
  if (!client) throw new AppError('TERMINAL_REQUIRED', 'Terminal token invalid, revoked or expired');
  if (client.internalRole !== role) throw new AppError('FORBIDDEN', 'Terminal role not allowed');
  if (client.siteId === null) throw new AppError('NO_SITE', 'The terminal is bound to no site');
  if (!client.siteValid) throw new AppError('NO_SITE', 'The terminal’s site is not valid');
  if (!client.moduleEnabled)
    throw new AppError('MODULE_DISABLED', `Module ${module} is not enabled on this site`);
  request.auditAuthor = `terminal:${client.name}`.slice(0, 100);
  return { clientId: client.id, name: client.name, role, siteId: client.siteId };
}

/** The terminal of a request that passed the guard of a terminal route. */
export function terminalOf(request: FastifyRequest): TerminalContext {
  if (!request.terminal) throw new AppError('TERMINAL_REQUIRED', 'Terminal token missing');
  return request.terminal;
}
