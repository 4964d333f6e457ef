import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import {
  ERROR_STATUS,
  HEADERS,
  encodeHeaderValue,
  validationKeyOf,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
} from '@strazce/contract';

/** A failure the client is told about: mapped in one place to status, `X-Error-Code` and the error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly details?: ErrorDetail[],
    /** Further members of the error body (`blacklistHits` of an entry warning). */
    readonly extra?: Pick<ErrorBody, 'blacklistHits'>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'Access denied') => new AppError('FORBIDDEN', message);
export const validationError = (path: string, message: string) =>
  new AppError('VALIDATION', 'Validation failed', [{ path, message }]);

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
  };
  return reply
    .status(error.status)
    .header(HEADERS.errorCode, error.code)
    .header(HEADERS.errorMessage, encodeHeaderValue(error.message))
    .send(body);
}

/** The value at a path of the validated input (body, query, params), or undefined when it is absent. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Was the value of an issue absent? Read from the input when it is known; otherwise (a ZodError thrown by
 * a handler) zod's own text is the only witness.
 */
function missingValue(
  issue: { code: string; message?: string },
  input: { value: unknown } | undefined,
  path: readonly PropertyKey[],
): boolean {
  if (issue.code !== 'invalid_type') return false;
  if (input) return valueAt(input.value, path) === undefined;
  return /received undefined$/.test(issue.message ?? '');
}

/** Zod's issues as field details whose messages are `validation.*` keys (validationKeyOf). */
function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: validationKeyOf(issue, missingValue(issue, undefined, issue.path)),
  }));
}

interface DatabaseFailure {
  code?: string;
  message?: string;
  constraint?: string;
  detail?: string;
  cause?: unknown;
}

/** An error and the causes it wraps (Drizzle wraps the driver's), at most five deep. */
function* causeChain(error: unknown): Generator<DatabaseFailure> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current as DatabaseFailure;
    current = (current as DatabaseFailure).cause;
  }
}

/** The driver error behind Drizzle's wrapper (node-postgres and PGlite both carry the SQLSTATE in `code`). */
function databaseFailure(error: unknown): DatabaseFailure | undefined {
  for (const candidate of causeChain(error))
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
  return undefined;
}

/**
 * The database is away (restarted, shutting down, not reachable): the call may succeed in a moment, so it is
 * 503 UNAVAILABLE, as readiness says, not a server error. SQLSTATE class 08 (connection exception) and 57P01–03
 * (shut down, crashed, not accepting connections yet); node-postgres's own failures carry no SQLSTATE: a refused
 * or reset connection, a connection ended under a query, a pool that found none within its time-out.
 */
function databaseAway(error: unknown, db: DatabaseFailure | undefined): boolean {
  if (db?.code && (db.code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(db.code))) return true;
  return [...causeChain(error)].some(
    (cause) =>
      cause.code === 'ECONNREFUSED' ||
      cause.code === 'ECONNRESET' ||
      /^Connection terminated|timeout exceeded when trying to connect/.test(cause.message ?? ''),
  );
}

/** The request's input a schema of this context validated. */
function validatedInput(request: FastifyRequest | undefined, context: string | undefined) {
  if (!request) return undefined;
  switch (context) {
    case 'body':
      return { value: request.body };
    case 'querystring':
      return { value: request.query };
    case 'params':
      return { value: request.params };
    case 'headers':
      return { value: request.headers };
    default:
      return undefined;
  }
}

/**
 * The multipart parser (busboy) fails a malformed body with plain errors, known only by their text: a body
 * that ends before its closing boundary. (A missing or overlong boundary is refused before, requestBody.ts.)
 */
const MULTIPART_BODY_ERRORS =
  /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/**
 * Translates anything thrown by a handler into the wire contract's error shape. With the request, a schema
 * validation failure can tell a missing value (validation.required) from a wrong one (validation.invalid).
 */
export function toAppError(error: unknown, request?: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION', 'Validation failed', zodDetails(error));
  const fastifyError = error as FastifyError & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const input = validatedInput(request, fastifyError.validationContext);
    return new AppError(
      'VALIDATION',
      'Validation failed',
      fastifyError.validation.map((issue) => {
        const path = issue.instancePath ? issue.instancePath.split('/').filter(Boolean) : [];
        // fastify-type-provider-zod keeps the issue's code in `keyword` and its other fields in `params`.
        const zodIssue = { ...(issue.params as object), code: issue.keyword, message: issue.message };
        return {
          path: [fastifyError.validationContext, ...path].filter((part) => part && part !== 'body').join('.'),
          message: validationKeyOf(zodIssue, missingValue(zodIssue, input, path)),
        };
      }),
    );
  }
  // The files folder's disk is full: the upload is refused with its own code (the server itself goes on).
  const systemCode = (error as NodeJS.ErrnoException | null)?.code;
  if (systemCode === 'ENOSPC' || systemCode === 'EDQUOT')
    return new AppError('STORAGE_FULL', 'No space left to store the file');
  const db = databaseFailure(error);
  if (databaseAway(error, db)) return new AppError('UNAVAILABLE', 'The database does not answer');
  if (db?.code === '23505') return new AppError('DATA_INTEGRITY', 'Duplicate entry');
  // A deletion (or key change) of a row others still refer to: the record is in use (crud's own check,
  // usage.ts, names what uses it; this is the database's last word for references it does not know).
  if ((db?.code === '23503' && /^update or delete on table/.test(db.message ?? '')) || db?.code === '23001')
    return new AppError('IN_USE', 'The record is in use; deactivate it instead of deleting it');
  if (db?.code === '23503') return new AppError('DATA_INTEGRITY', 'Referenced record is missing');
  // Bad values that got past the schemas: wrong text representation, out of range, too long, bad date,
  // a missing required value, a failed check constraint.
  // Text the database cannot store (NUL, bad encoding) is refused up front (textInput.ts); should any get
  // that far, it is invalid input as well.
  if (
    ['22P02', '22003', '22001', '22007', '22008', '23502', '23514', '22021', '22P05', '22025'].includes(
      db?.code ?? '',
    )
  )
    return new AppError('VALIDATION', 'Invalid value');
  if (error instanceof Error && !fastifyError.code && MULTIPART_BODY_ERRORS.test(error.message))
    return new AppError('BAD_REQUEST', 'Malformed multipart body');
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 'Malformed JSON body');
  }
  if (fastifyError.statusCode && fastifyError.statusCode < 500 && fastifyError.statusCode >= 400) {
    if (fastifyError.statusCode === 413)
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    if (fastifyError.statusCode === 404) return new AppError('NOT_FOUND', 'Not found');
    return new AppError('BAD_REQUEST', fastifyError.message);
  }
  return new AppError('INTERNAL', 'Internal server error');
}

/**
 * What of an error may go to the server log: its kind, code, message and stack, never the parameters of a
 * failed query (Drizzle puts them, password hashes included, into its message and `params`).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 500) };
  const failure = databaseFailure(error);
  const message = error.message.replace(/\nparams:[\s\S]*$/, '').slice(0, 2000);
  return {
    type: error.name,
    message,
    ...(failure?.code ? { code: failure.code } : {}),
    ...(failure && failure !== error && failure instanceof Error
      ? { cause: failure.message.slice(0, 500) }
      : {}),
    stack: error.stack?.replace(/\nparams:[^\n]*/g, '').slice(0, 4000),
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request);
    // UNAVAILABLE and STARTING (stopping, preparing the first data, the database away) are no failure of the
    // request: answered on purpose, nothing logged; a database that went away under a call is a warning.
    if (appError.code === 'UNAVAILABLE' || appError.code === 'STARTING') {
      if (!(error instanceof AppError))
        request.log.warn({ err: loggableError(error) }, 'request refused: the database does not answer');
    } else if (appError.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
