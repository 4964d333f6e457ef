import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { isApiRoute } from './apiPath';

/** NUL and UTF-16 surrogates without their pair: text no database column can store. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');

/** Whether a value holds unstorable text anywhere (in a string or a key): the check of every request, so no paths. */
function hasBadText(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    if (++visited > 100_000) return false;
    if (typeof item === 'string') {
      if (BAD_TEXT.test(item)) return true;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (BAD_TEXT.test(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Where the first unstorable text of a value is (`note`, `items.2.name`), or null when there is none. */
export function badTextPath(value: unknown): string | null {
  if (!hasBadText(value)) return null;
  // Iterative, so a deeply nested body cannot overflow the stack here.
  const stack: Array<[unknown, string]> = [[value, '']];
  let visited = 0;
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (++visited > 100_000) return null;
    if (typeof item === 'string') {
      if (BAD_TEXT.test(item)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
        const childPath = path ? `${path}.${key}` : key;
        if (BAD_TEXT.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** A copy with unstorable characters replaced by U+FFFD (for the audit entry of a refused request). */
export function cleanText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(BAD_TEXT_ALL, '\uFFFD');
  if (depth > 20 || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => cleanText(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      cleanText(key, depth + 1) as string,
      cleanText(item, depth + 1),
    ]),
  );
}

/**
 * Refuses text no database can store (NUL, lone surrogates) in the path, the query string and the body with
 * 400 VALIDATION, before any handler sees it: after the guard (refusals come first), before validation.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isApiRoute(request)) return done();
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = badTextPath(value);
      if (path !== null)
        return done(
          new AppError('VALIDATION', 'Validation failed', [
            { path: part === 'body' ? path : `${part}.${path}`, message: 'validation.text' },
          ]),
        );
    }
    done();
  });
}
