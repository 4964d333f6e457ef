import { describe, expect, it } from 'vitest';
import { toAppError } from './errors';

/**
 * A database that is away (restarted, shutting down, unreachable) answers 503 UNAVAILABLE, as readiness does
 * (docs/operations.md "Fault drills"): the caller may try again in a moment. Other failures stay as they were.
 */
describe('a database that does not answer', () => {
  const wrapped = (cause: object) => new Error('Failed query: select 1', { cause });

  it('is UNAVAILABLE (503) for connection exceptions, shutdowns and a connection lost under a query', () => {
    for (const error of [
      wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }),
      wrapped({ code: '57P03', message: 'the database system is starting up' }),
      wrapped({ code: '08006', message: 'connection failure' }),
      wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      const answer = toAppError(error);
      expect(answer.code, String((error.cause as Error | undefined)?.message ?? error.message)).toBe(
        'UNAVAILABLE',
      );
      expect(answer.status).toBe(503);
    }
  });

  it('leaves constraint failures and unknown errors as they were', () => {
    expect(toAppError(wrapped({ code: '23505', message: 'duplicate key' })).code).toBe('DATA_INTEGRITY');
    expect(toAppError(new Error('something else')).status).toBe(500);
  });
});
