import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { ErrorCode } from '@strazce/contract';
import type { Db } from '../db/database';
import { loginAttempts } from '../modules/access/access.tables';
import { AppError } from './errors';

/**
 * The login throttling policy (docs/security.md, "Login throttling"). Failures are counted per address (any
 * user name), per user name (any address) and per user name from one address. Each counter allows a number
 * of failures without delay; from then on every further attempt must wait a delay that doubles with each
 * failure, up to a cap, counted from the latest failure. The per-user-name delay applies in full only to
 * addresses that have themselves failed for that user name: any other address waits at most
 * `newAddressDelaySeconds`, so failures from elsewhere cannot lock the real user out.
 */
export interface LoginLimits {
  /** Failures from one address (any user names) before delays start: password spraying. */
  addressFree: number;
  /** Failures for one user name from one address before delays start: guessing from one place. */
  pairFree: number;
  /** Failures for one user name from any addresses before delays start: distributed guessing. */
  accountFree: number;
  /** Delay after the first counted failure; it doubles with each further failure. */
  firstDelaySeconds: number;
  /** The longest delay. */
  maxDelaySeconds: number;
  /** The longest wait the per-user-name delay imposes on an address that has not failed for that user. */
  newAddressDelaySeconds: number;
  /** A counter starts afresh when its latest failure is older than this. */
  forgetAfterMinutes: number;
  /** The clock (milliseconds since the epoch); tests inject one. */
  now?: () => number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  addressFree: 20,
  pairFree: 5,
  accountFree: 10,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  newAddressDelaySeconds: 5,
  forgetAfterMinutes: 24 * 60,
};

/** A refused login step that says when trying again makes sense: `Retry-After` (whole seconds). */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

/** A refused login attempt: 429 with `Retry-After` (whole seconds) telling when to try again. */
export class TooManyAttemptsError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', 'Too many failed login attempts, try again later', retryAfterSeconds);
  }
}

/**
 * Sends `Retry-After` with every refused attempt and with a two-factor code used already (the seconds until
 * the next code), before the error handler writes the answer.
 */
export function registerRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('Retry-After', String(error.retryAfterSeconds));
  });
}

/** The delay (ms) a counter with this many failures imposes, given the failures allowed without delay. */
export function delayMs(limits: LoginLimits, failures: number, free: number): number {
  if (failures < free) return 0;
  const seconds = limits.firstDelaySeconds * 2 ** Math.min(failures - free, 30);
  return Math.min(seconds, limits.maxDelaySeconds) * 1000;
}

/**
 * Counts failed logins in the database, so every server instance sees the same counters (see LoginLimits).
 */
export function loginLimiter(db: Db, limits: LoginLimits) {
  const now = limits.now ?? Date.now;
  const keys = (userName: string, address: string) => {
    const name = userName.toLowerCase();
    return { address: `ip:${address}`, user: `user:${name}`, pair: `pair:${address} ${name}` };
  };

  return {
    /** Refuses the attempt (TooManyAttemptsError) while any delay that applies to it is running. */
    async check(userName: string, address: string): Promise<void> {
      const key = keys(userName, address);
      const rows = await db
        .select()
        .from(loginAttempts)
        .where(inArray(loginAttempts.key, [key.address, key.user, key.pair]));
      const time = now();
      const forgotten = time - limits.forgetAfterMinutes * 60_000;
      const live = new Map(
        rows.filter((row) => row.lastFailure.getTime() >= forgotten).map((row) => [row.key, row]),
      );
      const waitFor = (rowKey: string, free: number, cap = Infinity) => {
        const row = live.get(rowKey);
        if (!row) return 0;
        return Math.min(delayMs(limits, row.failures, free), cap) - (time - row.lastFailure.getTime());
      };
      // Only an address that has failed for this user name waits the user name's full delay.
      const accountCap = live.has(key.pair) ? Infinity : limits.newAddressDelaySeconds * 1000;
      const wait = Math.max(
        waitFor(key.address, limits.addressFree),
        waitFor(key.pair, limits.pairFree),
        waitFor(key.user, limits.accountFree, accountCap),
      );
      if (wait > 0) throw new TooManyAttemptsError(Math.ceil(wait / 1000));
    },

    async recordFailure(userName: string, address: string): Promise<void> {
      const key = keys(userName, address);
      const time = new Date(now());
      const cutoff = new Date(time.getTime() - limits.forgetAfterMinutes * 60_000);
      const stale = sql`${loginAttempts.lastFailure} < ${cutoff}`;
      await db
        .insert(loginAttempts)
        .values(
          [key.address, key.user, key.pair].map((rowKey) => ({
            key: rowKey,
            failures: 1,
            windowStart: time,
            lastFailure: time,
          })),
        )
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
            windowStart: sql`case when ${stale} then ${time} else ${loginAttempts.windowStart} end`,
            lastFailure: time,
          },
        });
    },

    /**
     * After a successful login: the user name's counters start afresh. The address's counter stays, so a
     * sprayer cannot clear it by logging in to an account of their own.
     */
    async reset(userName: string, address: string): Promise<void> {
      const key = keys(userName, address);
      await db.delete(loginAttempts).where(inArray(loginAttempts.key, [key.user, key.pair]));
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
