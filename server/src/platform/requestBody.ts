import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body itself (an upload: multipart, or raw bytes): it declares no body schema. */
    upload?: boolean;
  }
  interface FastifyInstance {
    /** What each write route of the API declared about its body (see `registerRequestBodyChecks`). */
    writeRouteBodies: WriteRouteBody[];
  }
}

/** A write route of the API and what it declared about its body. */
export interface WriteRouteBody {
  method: string;
  url: string;
  body: 'schema' | 'none' | 'upload' | 'undeclared';
}

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isEmptyBody = (body: unknown) =>
  body === undefined ||
  body === null ||
  (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * The body schema of a write route that takes no body: none at all (or an empty JSON object); anything else
 * is refused with 400 VALIDATION (`validation.noBody`) before the handler.
 */
export const NO_BODY = z
  .unknown()
  .refine(isEmptyBody, { message: 'validation.noBody' })
  .meta({ description: 'No body (an empty JSON object at most).' });

/**
 * Deepest nesting of arrays and objects accepted in a JSON body. The API's deepest bodies nest a few levels
 * (a visit with its companions); schema validation and the audit walk bodies recursively, so a body of
 * thousands of nested arrays would exhaust the stack there.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `[` and `{` in a JSON text, counted outside strings (stops once beyond `limit`). */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return deepest;
}

/** `multipart/*` needs a `boundary` parameter of 1 to 70 characters (RFC 2046), as the parser needs it. */
const MULTIPART = /^\s*multipart\//i;
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]{1,70}"|[^\s";]{1,70})\s*(?:;|$)/i;

/**
 * Request bodies the parsers would fail on with a 500 or a framework body answer 400 through the app's error
 * handler instead: JSON nested deeper than MAX_JSON_DEPTH, and a multipart body without a boundary (the
 * multipart parser throws a plain error for it). JSON keeps Fastify's own parser behind the depth check, so
 * `__proto__` and `constructor.prototype` keys are still refused (secure-json-parse).
 */
export function registerRequestBodyChecks(app: FastifyInstance): void {
  // Every write route of the API declares its body: a schema, NO_BODY, or `config.upload` for an upload.
  // One that declares nothing gets NO_BODY, so that no route takes a body nobody validates.
  const writeRoutes: WriteRouteBody[] = [];
  app.decorate('writeRouteBodies', writeRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (!WRITE_METHODS.has(method)) continue;
      const schema = route.schema?.body;
      const body =
        schema === NO_BODY
          ? 'none'
          : schema
            ? 'schema'
            : (route.config as { upload?: boolean } | undefined)?.upload
              ? 'upload'
              : 'undeclared';
      writeRoutes.push({ method, url: route.url, body });
      if (body === 'undeclared') route.schema = { ...route.schema, body: NO_BODY };
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError('BAD_REQUEST', `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type && MULTIPART.test(type) && !BOUNDARY.test(type))
      done(new AppError('BAD_REQUEST', 'Multipart body without a valid boundary'));
    else done();
  });
}
