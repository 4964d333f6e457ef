import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { isApiRoute } from './apiPath';

/** NUL and UTF-16 surrogates without their pair: text no database column can store. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');

/** A walk's rows: each key seen, with the row of the object that holds it (-1 for the value itself). */
interface Rows {
  keys: string[];
  parents: number[];
}

const NOT_FOUND = -2;

/**
 * The one walk of a value for unstorable text, in a string or a key: iterative, so a deeply nested body cannot
 * overflow the stack, and bounded in the values it visits. It answers the row of the first hit (-1 for the value
 * itself) or NOT_FOUND. Given `rows`, it keeps there each key it sees, from which `pathOf` names the hit; without,
 * it keeps nothing: the check of every request, which finds nothing.
 */
function findBadText(value: unknown, rows?: Rows): number {
  const stack: unknown[] = [value];
  const stackRows: number[] = [-1];
  let visited = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    const row = rows ? stackRows.pop()! : -1;
    if (++visited > 100_000) return NOT_FOUND;
    if (typeof item === 'string') {
      if (BAD_TEXT.test(item)) return row;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        let childRow = -1;
        if (rows) {
          childRow = rows.keys.push(key) - 1;
          rows.parents.push(row);
        }
        if (BAD_TEXT.test(key)) return childRow;
        stack.push((item as Record<string, unknown>)[key]);
        if (rows) stackRows.push(childRow);
      }
    }
  }
  return NOT_FOUND;
}

function pathOf(row: number, { keys, parents }: Rows): string {
  const parts: string[] = [];
  for (let at = row; at >= 0; at = parents[at]!) parts.push(keys[at]!);
  return parts.reverse().join('.');
}

/**
 * Where the first unstorable text of a value is (`note`, `items.2.name`), or null when there is none. Every
 * request's parameters, query and body pass here, so the first walk keeps no keys; only a value with a hit is
 * walked again, keeping them, to name where.
 */
export function badTextPath(value: unknown): string | null {
  if (value === null || value === undefined || findBadText(value) === NOT_FOUND) return null;
  const rows: Rows = { keys: [], parents: [] };
  return pathOf(findBadText(value, rows), rows);
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
