import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { audits } from '../modules/system/system.tables';

// Words that make a key secret, matched per word of camelCase, snake_case or kebab-case keys: `newPassword`,
// `x-auth-token` and `pin` are secret, `shipping` and `opinion` are not. A route can name further secret
// keys in `config.auditSecrets` (the TOTP `code` of the two-factor calls; elsewhere `code` is an item code).
const SECRET_WORDS = new Set([
  'pass',
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'pin',
  'pinset',
  'authorization',
  'cookie',
  'otp',
  'totp',
  'tfa',
]);
const MASK = '***';

export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/** A copy of a request body or header set with every secret-looking value replaced by `***`. */
export function maskSecrets(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value))
    return value.slice(0, 100).map((item) => maskSecrets(item, extraSecrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      (isSecretKey(key) || extraSecrets.includes(key)) && item !== null && item !== undefined
        ? MASK
        : maskSecrets(item, extraSecrets, depth + 1),
    ]),
  );
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isAudited(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  // Logins are reads on the wire but change who is in; they are audited like writes.
  return (
    MUTATING.has(request.method) ||
    (request.routeOptions.url === '/api/session' && !!request.headers.authorization)
  );
}

/**
 * Records every mutating call (author, method, path, params, masked body, status) in `system_audit`,
 * before the response leaves, so a call the client saw succeed is never missing from the log.
 */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!isAudited(request)) return payload;
    const body = request.body;
    const extraSecrets = request.routeOptions.config?.auditSecrets ?? [];
    await db.insert(audits).values({
      siteId: request.session?.siteId ?? null,
      authorId: request.session?.userId ?? null,
      author: request.session?.userName ?? request.auditAuthor ?? null,
      method: request.method,
      path: request.url.split('?')[0],
      params: maskSecrets({ ...(request.params as object), ...(request.query as object) }) as object,
      requestHeaders: maskSecrets(request.headers) as object,
      requestBody: body === undefined || body === null ? null : (maskSecrets(body, extraSecrets) as object),
      responseHeaders: maskSecrets(reply.getHeaders()) as object,
      status: reply.statusCode,
    });
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body keys of this route that are secret beyond the usual ones (masked in the audit log). */
    auditSecrets?: readonly string[];
  }
  interface FastifyRequest {
    /** Author to record for calls made before a session exists (login, password reset). */
    auditAuthor?: string;
  }
}
