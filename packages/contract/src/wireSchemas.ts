import { z } from 'zod';
import { ID_PATTERN, INTEGER_PATTERN, MAX_ID } from './wire';

/**
 * The one schema of an id in a path (`/api/<resource>/:id`) or a query string (`?id=`, reference filters):
 * digits only, 1..MAX_ID; anything else fails with `validation.integer`, `validation.min` or `validation.max`.
 */
export const idSchema = z
  .string()
  .regex(ID_PATTERN, { message: 'validation.integer' })
  .transform((text, ctx) => {
    const id = Number(text);
    if (id < 1) ctx.addIssue({ code: 'custom', message: 'validation.min' });
    else if (id > MAX_ID) ctx.addIssue({ code: 'custom', message: 'validation.max' });
    else return id;
    return z.NEVER;
  });

/** `{ id }` path parameters of a record route. */
export const idParamsSchema = z.object({ id: idSchema });

/** An integer in a query string: an optional minus and digits, a safe integer (`validation.integer`). */
export const integerQuerySchema = z
  .string()
  .regex(INTEGER_PATTERN, { message: 'validation.integer' })
  .transform((text, ctx) => {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
    ctx.addIssue({ code: 'custom', message: 'validation.integer' });
    return z.NEVER;
  });
