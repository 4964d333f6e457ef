import { changesWithoutPersonalValues, personalFieldsFor, withoutPersonalValues } from './auditPrivacy';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEvent } from '@strazce/contract';
import type { Db } from '../db/database';
import { appendAuditEntry, type AuditEntry } from './auditChain';
import { loggableError } from './errors';
import { cleanText } from './textInput';
import { isApiRoute } from './apiPath';

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
  'hash',
]);
/**
 * Values that are secrets whatever their key: password hashes, TOTP set-up URIs, links carrying a token or a code
 * (in the query or the fragment: the OpenID Connect hand-over).
 */
const SECRET_VALUE = /\$argon2(?:id|i|d)\$|otpauth:\/\/|[?&#](?:token|code)=[^&\s]/i;
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
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? MASK : value;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (value instanceof Date) return value;
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

/** Request headers worth keeping: who called from where (user agent, terminal, forwarded address). */
const REQUEST_HEADERS = [
  'user-agent',
  'x-forwarded-for',
  'origin',
  'content-type',
  'authorization',
  'x-auth-token',
  'x-client-token',
  'x-tfa-token',
];
const RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'location',
  'x-error-code',
  'x-error-message',
  'x-client-token',
];

function pickHeaders(headers: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name];
  return maskSecrets(picked) as Record<string, unknown>;
}

/** The business record a write changed, told by the CRUD machinery or a module's service. */
export interface AuditRecord {
  /** Resource of the entity (`system_person`, `visit`). */
  entity: string;
  recordId?: number | string | null;
  /** The record's site; null for global records. */
  siteId: number | null;
  /** Changed fields: `{ field: { from, to } }` (created records only `to`, deleted only `from`). */
  changes?: Record<string, { from?: unknown; to?: unknown }>;
}

/**
 * Tells the audit which record the request's write changes. The first record told is the entry's; the
 * entry is written when the transaction of the write commits.
 */
export function auditRecord(request: FastifyRequest, record: AuditRecord): void {
  request.auditRecord ??= record;
}

/** `{ field: { from, to } }` of the fields whose value changes, secrets masked. */
export function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, { from?: unknown; to?: unknown }> {
  const changes: Record<string, { from?: unknown; to?: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (['id', 'version', 'createdAt', 'updatedAt', 'siteId'].includes(key)) continue;
    const from = before?.[key];
    const to = after?.[key];
    if (after && !(key in after)) continue;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    const secret = isSecretKey(key);
    changes[key] = {
      ...(before ? { from: secret && from != null ? MASK : maskSecrets(from) } : {}),
      ...(after ? { to: secret && to != null ? MASK : maskSecrets(to) } : {}),
    };
  }
  return changes;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isWriteRequest = (request: FastifyRequest) => MUTATING.has(request.method) && isApiRoute(request);
// Logins are reads on the wire but change who is in; so is a route that says it is one (an OpenID Connect
// callback, whose answer is a redirect either way: `request.loginRefused` tells a refusal).
const isLogin = (request: FastifyRequest) =>
  (request.method === 'GET' &&
    request.routeOptions.url === '/api/session' &&
    !!request.headers.authorization) ||
  request.routeOptions.config?.auditEvent === 'LOGIN';

/** The 2xx statuses a route's schema declares. */
function declaredSuccess(schema: unknown): number[] {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  return Object.keys(response ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
}

/**
 * The status a write route answers on success, recorded in the entry its transaction writes before the
 * handler has answered: the 2xx response the route declares (`checkDeclaredSuccess` holds every write route
 * but a delete to declaring one); of several, the one the handler set before writing, else the first; a
 * delete that declares none answers 204.
 */
function successStatus(request: FastifyRequest, reply: FastifyReply): number {
  const declared = declaredSuccess(request.routeOptions.schema);
  if (declared.includes(reply.statusCode)) return reply.statusCode;
  return declared[0] ?? 204;
}

/**
 * A write route other than a delete must declare its 2xx answer (`response: { 204: z.null() }`): its audit
 * entry is written, with that status, in the write's transaction before the answer exists. A route that
 * declares none is refused when it is registered, so no entry guesses; a delete without one answers 204.
 */
function checkDeclaredSuccess(route: { method: string | string[]; url: string; schema?: unknown }): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (
    !route.url.startsWith('/api/') ||
    !methods.some((method) => MUTATING.has(method) && method !== 'DELETE')
  )
    return;
  if (declaredSuccess(route.schema).length === 0)
    throw new Error(
      `${methods.join(',')} ${route.url} must declare its 2xx response: its audit entry records that status`,
    );
}

/** The entry of a request: who, from where, what, the business record and the request as sent. */
function entryOf(
  request: FastifyRequest,
  event: AuditEvent,
  status: number,
  reply?: FastifyReply,
): AuditEntry {
  const session = request.session;
  const record = request.auditRecord;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = request.body;
  const extraSecrets = request.routeOptions.config?.auditSecrets ?? [];
  const recordId = record?.recordId ?? params.id;
  const resource = record?.entity ?? resourceOf(request.routeOptions.url);
  const entry: AuditEntry = {
    // The app's clock, as every business time (docs/development.md).
    created: new Date(request.server.clock.now()),
    event,
    siteId: record ? record.siteId : (session?.siteId ?? request.terminal?.siteId ?? null),
    authorId: session?.userId ?? null,
    author: session?.userName ?? request.auditAuthor ?? null,
    method: request.method,
    path: request.url.split('?')[0].slice(0, 2000),
    // A login is about a user, not a record.
    entity: record ? record.entity : event === 'LOGIN' || event === 'LOGIN_FAILED' ? null : resource,
    recordId: recordId === undefined || recordId === null ? null : String(recordId).slice(0, 100),
    changes: record?.changes ? changesWithoutPersonalValues(record.entity, record.changes) : null,
    address: request.ip ?? null,
    clientId: session?.clientId ?? request.terminal?.clientId ?? null,
    // Personal values (a name searched in an export, a visitor's details in a body) are masked like secrets.
    params: withoutPersonalValues(
      maskSecrets({ ...params, ...(request.query as object) }, extraSecrets),
    ) as Record<string, unknown>,
    // The request's id (logging.ts) beside its headers: the entry, the server log and the proxy's log meet.
    requestHeaders: { ...pickHeaders(request.headers, REQUEST_HEADERS), 'x-request-id': request.id },
    // A route whose body is personal data (`config.auditBody: false`) records none: its business record says
    // what happened.
    requestBody:
      body === undefined || body === null || request.routeOptions.config?.auditBody === false
        ? null
        : withoutPersonalValues(maskSecrets(body, extraSecrets), personalFieldsFor(resource)),
    responseHeaders: reply ? pickHeaders(reply.getHeaders(), RESPONSE_HEADERS) : null,
    status,
  };
  // Text the database cannot store (NUL, lone surrogates) is replaced, so the entry is always written.
  return cleanText(entry) as AuditEntry;
}

/** `system_person` of `/api/system_person/:id`, `visit/purpose` of `/api/visit/purpose`. */
function resourceOf(url: string | undefined): string | null {
  if (!url?.startsWith('/api/')) return null;
  return (
    url
      .slice(5)
      .split('/')
      .filter((part) => part && !part.startsWith(':'))
      .join('/') || null
  );
}

/** The event a finished request is recorded as, when it is recorded at all. */
function eventAfterTheFact(request: FastifyRequest, status: number): AuditEvent | null {
  if (isLogin(request)) return status < 400 && !request.loginRefused ? 'LOGIN' : 'LOGIN_FAILED';
  if (!isApiRoute(request)) return null;
  // Restoring an expired session is not a denial: the web app asks whether its stored token still works. Nor is
  // a dead session answering the spec's test call (GET access_user/roles?id=, web app/session.tsx); its 403
  // (another user's roles) is.
  const restore = request.method === 'GET' && request.routeOptions.url === '/api/session';
  const testCall =
    request.method === 'GET' && request.routeOptions.url === '/api/access_user/roles' && status === 401;
  if ((status === 401 || status === 403) && !restore && !testCall) return 'DENIED';
  if (MUTATING.has(request.method)) return status < 400 ? 'WRITE' : 'REFUSED';
  if (request.routeOptions.config?.auditEvent === 'EXPORT' && status < 400) return 'EXPORT';
  return null;
}

interface AuditScope {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Entries written in the request's own transactions. */
  written: number;
  /** The status those entries recorded. */
  status?: number;
  /** A write request's scope is entered (`scopes`) and counted in `writesInScope` until its answer is made. */
  entered?: boolean;
}

/**
 * The scope of each write request, for the transactions it runs. Only write requests enter it, and it is
 * switched off whenever none is in flight: while any AsyncLocalStorage is on, Node runs a hook for every
 * promise of the process (about four times the cost of an async call), which a read need not pay.
 */
const scopes = new AsyncLocalStorage<AuditScope>();
let writesInScope = 0;

function enterScope(scope: AuditScope, next: () => void): void {
  scope.entered = true;
  writesInScope++;
  scopes.run(scope, next);
}

/** How many write requests are in their scope now (tests: none once every answer is made). */
export const writesInAuditScope = (): number => writesInScope;

/** The write's answer is made: its transactions are over. The last one out switches the storage off. */
function leaveScope(scope: AuditScope | undefined): void {
  if (!scope?.entered) return;
  scope.entered = false;
  if (--writesInScope === 0) scopes.disable();
}

/**
 * The database handle of the modules: the outermost transaction of a write request writes the request's
 * audit entry before it commits, so a committed write always has its entry (and a failed entry fails the
 * write). A write outside a transaction in a write request is a defect: with `strict` (the test suites) it
 * throws, in production it is logged and audited after the fact.
 */
export function auditedDb(db: Db, options: { strict: boolean; onBareWrite?: (route: string) => void }): Db {
  const transaction: Db['transaction'] = (run, config) =>
    db.transaction(async (tx) => {
      const result = await run(tx);
      const scope = scopes.getStore();
      if (scope && isWriteRequest(scope.request)) {
        const entry = entryOf(scope.request, 'WRITE', successStatus(scope.request, scope.reply), scope.reply);
        scope.status = entry.status;
        const { sessionsChanged } = await appendAuditEntry(tx, entry, { signal: true });
        if (sessionsChanged) scope.request.sessionsChanged = true;
        scope.written++;
      }
      return result;
    }, config);
  const bareWrite = (method: 'insert' | 'update' | 'delete') => {
    const scope = scopes.getStore();
    if (scope && isWriteRequest(scope.request)) {
      const route = `${scope.request.method} ${scope.request.routeOptions.url}`;
      if (options.strict)
        throw new Error(`${route}: db.${method} outside a transaction escapes the audit; use db.transaction`);
      options.onBareWrite?.(route);
    }
    return db[method].bind(db);
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') return transaction;
      if (property === 'insert' || property === 'update' || property === 'delete') return bareWrite(property);
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * Records in `system_audit`, hash-chained per site (`auditChain.ts`): every write (in the write's own
 * transaction, see `auditedDb`), login, failed login, denial (401/403), refused write and export. Reads are
 * not recorded. Entries of requests whose transaction did not write one are written here, before the
 * response leaves; writing one never fails the response.
 */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', checkDeclaredSuccess);
  // The scope must cover the handler: entered from a callback hook after the body is parsed (a stream's
  // events would lose it), as @fastify/request-context does.
  app.addHook('preValidation', (request, reply, done) => {
    const scope: AuditScope = { request, reply, written: 0 };
    request.auditScope = scope;
    if (isWriteRequest(request)) enterScope(scope, done);
    else done();
  });
  // A request that ends without an answer (the client went away) leaves here at the latest.
  app.addHook('onResponse', (request, _reply, done) => {
    leaveScope(request.auditScope);
    done();
  });
  // Hooks in callback form where nothing is awaited: each async hook costs every request a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    leaveScope(request.auditScope);
    const status = reply.statusCode;
    const written = request.auditScope?.written ?? 0;
    // A committed write already has its entry, unless the answer turned into a failure after the commit.
    if (written > 0 && status < 400) {
      if (status !== request.auditScope?.status)
        request.log.error(
          {
            route: `${request.method} ${request.routeOptions.url}`,
            status,
            recorded: request.auditScope?.status,
          },
          'the audit entry recorded another status than the answer: declare the route’s 2xx response',
        );
      return done(null, payload);
    }
    const event = eventAfterTheFact(request, status);
    if (!event) return done(null, payload);
    db.transaction((tx) => appendAuditEntry(tx, entryOf(request, event, status, reply))).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: loggableError(error) }, 'audit entry could not be written');
        done(null, payload);
      },
    );
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body keys of this route that are secret beyond the usual ones (masked in the audit log). */
    auditSecrets?: readonly string[];
    /**
     * `false`: the request body is not recorded (in the entry of the write or of its refusal), because it is
     * personal data or content (a signature image, the values a signer typed) that must not outlive its
     * record's retention. The route tells the business event through `auditRecord` instead.
     */
    auditBody?: boolean;
    /** A read recorded in the audit trail: `EXPORT` for data exports, `LOGIN` for a sign-in by redirects. */
    auditEvent?: 'EXPORT' | 'LOGIN';
  }
  interface FastifyRequest {
    /** Author to record for calls made before a session exists (login, password reset). */
    auditAuthor?: string;
    /** A login route answered a refusal without an error status (a redirect back to the login page). */
    loginRefused?: boolean;
    /** The business record of the request's write (`auditRecord`). */
    auditRecord?: AuditRecord;
    auditScope?: AuditScope;
    /** A transaction of the request changed what a session is made of (sessionCache.ts). */
    sessionsChanged?: boolean;
  }
}
