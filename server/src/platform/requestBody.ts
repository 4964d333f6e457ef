import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

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

  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (type && MULTIPART.test(type) && !BOUNDARY.test(type))
      throw new AppError('BAD_REQUEST', 'Multipart body without a valid boundary');
  });
}
