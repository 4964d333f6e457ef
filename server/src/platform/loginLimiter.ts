import type { FastifyInstance } from 'fastify';
import { asc, inArray, sql } from 'drizzle-orm';
import type { ErrorCode } from '@strazce/contract';
import type { Db } from '../db/database';
import { loginAttempts } from './platform.tables';
import type { Clock } from './clock';
import { AppError } from './errors';

/**
 * The throttling policy of one mechanism that checks a secret (docs/security.md, "Login throttling"). Failures
 * are counted per address (any subject), per subject (a user name, a keybox, a patrol terminal; any address)
 * and per subject from one address. Each counter allows a number of failures without delay; from then on
 * every further attempt must wait a delay that doubles with each failure, up to a cap, counted from the latest
 * failure. The per-subject delay applies in full only to addresses that have themselves failed for that
 * subject: any other address waits at most `newAddressDelaySeconds`, so failures from elsewhere cannot lock the
 * real user out.
 */
export interface LoginLimits {
  /** Failures from one address (any subjects) before delays start: password spraying. */
  addressFree: number;
  /** Failures for one subject from one address before delays start: guessing from one place. */
  pairFree: number;
  /** Failures for one subject (and for each extra counter) from any addresses before delays start. */
  accountFree: number;
  /** Delay after the first counted failure; it doubles with each further failure. */
  firstDelaySeconds: number;
  /** The longest delay. */
  maxDelaySeconds: number;
  /** The longest wait the per-subject delay imposes on an address that has not failed for that subject. */
  newAddressDelaySeconds: number;
  /** A counter starts afresh when its latest failure is older than this. */
  forgetAfterMinutes: number;
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

/**
 * The mechanisms that check a secret, each with counters of its own: failures at a locker's keypad never delay
 * a staff login from the same address (a keybox behind the reception's NAT), and the other way round.
 */
export const THROTTLE_SCOPES = ['login', 'patrolSignIn', 'kboxPickUp', 'kboxService'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

/** One policy per scope; the app takes `AppOptions.loginLimits` for all of them (tests shorten them). */
export type ThrottlePolicies = Record<ThrottleScope, LoginLimits>;

export function throttlePolicies(limits: LoginLimits = DEFAULT_LOGIN_LIMITS): ThrottlePolicies {
  return Object.fromEntries(THROTTLE_SCOPES.map((scope) => [scope, limits])) as ThrottlePolicies;
}

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

/** A refused attempt: 429 with `Retry-After` (whole seconds) telling when to try again. */
export class TooManyAttemptsError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', 'Too many failed attempts, try again later', retryAfterSeconds);
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

/** Who tries: the subject whose secret is guessed, from where, and further subjects counted alike. */
export interface AttemptOf {
  scope: ThrottleScope;
  /** A user name (any letter case counts as one), a keybox, a patrol terminal. */
  subject: string;
  address: string;
  /** Further counters with the subject's allowance (a keybox operator's card). */
  extra?: string[];
}

export interface AttemptOptions {
  /** Whether an error of the check is a wrong guess (counted); any other error takes the attempt back. */
  isFailure?: (error: unknown) => boolean;
  /**
   * After a success the subject's counters start afresh (a login); `false` only takes the attempt back (a
   * password confirmed by a logged-in user).
   */
  clearOnSuccess?: boolean;
  /**
   * After a counted failure, with the subject counter's failures including this one and the limiter's own
   * database handle: what it writes is bookkeeping of a refusal, outside the request's audited writes.
   */
  onFailure?: (subjectFailures: number, db: Db) => Promise<void>;
}

interface CounterRow {
  key: string;
  failures: number;
  windowStart: Date;
  lastFailure: Date;
}

interface Reserved {
  /** The counters as they were before the attempt was counted. */
  before: Map<string, CounterRow>;
  /** The subject counter's failures with this attempt. */
  subjectFailures: number;
}

/** A counter row that holds no failure yet: written before its first failure so that it can be locked. */
const NEVER = new Date(0);

/**
 * Counts failed attempts in the database, so every server instance sees the same counters (see LoginLimits).
 * The decision and the count are one step: an attempt is counted as a failure under a lock of its counters
 * before its secret is checked, and taken back when the secret was right. Parallel guesses therefore see each
 * other: at most the allowance is checked, the rest wait (429), on any number of instances.
 */
export function loginLimiter(db: Db, policies: ThrottlePolicies, clock: Clock) {
  const keysOf = ({ scope, subject, address, extra = [] }: AttemptOf) => {
    const name = subject.toLowerCase();
    return {
      address: `${scope}:ip:${address}`,
      subject: `${scope}:subject:${name}`,
      pair: `${scope}:pair:${address} ${name}`,
      extra: extra.map((value) => `${scope}:extra:${value.toLowerCase()}`),
    };
  };

  /** Refuses (TooManyAttemptsError) while a delay runs; otherwise counts the attempt as a failure. */
  async function reserve(attempt: AttemptOf, at: Date): Promise<Reserved> {
    const limits = policies[attempt.scope];
    const key = keysOf(attempt);
    const all = [key.address, key.subject, key.pair, ...key.extra].sort();
    const time = at.getTime();
    const forgotten = time - limits.forgetAfterMinutes * 60_000;
    return db.transaction(async (tx) => {
      // Rows in one order on every instance: two attempts lock them in the same order and never deadlock.
      await tx
        .insert(loginAttempts)
        .values(all.map((rowKey) => ({ key: rowKey, failures: 0, windowStart: NEVER, lastFailure: NEVER })))
        .onConflictDoNothing();
      const rows: CounterRow[] = await tx
        .select()
        .from(loginAttempts)
        .where(inArray(loginAttempts.key, all))
        .orderBy(asc(loginAttempts.key))
        .for('update');
      const live = new Map(
        rows
          .filter((row) => row.failures > 0 && row.lastFailure.getTime() >= forgotten)
          .map((row) => [row.key, row]),
      );
      const waitFor = (rowKey: string, free: number, cap = Infinity) => {
        const row = live.get(rowKey);
        const delay = row ? Math.min(delayMs(limits, row.failures, free), cap) : 0;
        return delay === 0 ? 0 : delay - (time - row!.lastFailure.getTime());
      };
      // Only an address that has failed for this subject waits the subject's full delay.
      const subjectCap = live.has(key.pair) ? Infinity : limits.newAddressDelaySeconds * 1000;
      const wait = Math.max(
        waitFor(key.address, limits.addressFree),
        waitFor(key.pair, limits.pairFree),
        waitFor(key.subject, limits.accountFree, subjectCap),
        ...key.extra.map((rowKey) => waitFor(rowKey, limits.accountFree)),
      );
      if (wait > 0) throw new TooManyAttemptsError(Math.ceil(wait / 1000));
      const stale = sql`${loginAttempts.lastFailure} < ${new Date(forgotten)}`;
      await tx
        .update(loginAttempts)
        .set({
          failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${stale} then ${at} else ${loginAttempts.windowStart} end`,
          lastFailure: at,
        })
        .where(inArray(loginAttempts.key, all));
      return {
        before: new Map(rows.map((row) => [row.key, row])),
        subjectFailures: (live.get(key.subject)?.failures ?? 0) + 1,
      };
    });
  }

  /** Takes a counted attempt back from these counters: each as it was, unless a later failure moved it. */
  async function takeBack(before: Map<string, CounterRow>, keys: string[], at: Date): Promise<void> {
    for (const rowKey of keys) {
      const row = before.get(rowKey);
      if (!row) continue;
      const untouched = sql`${loginAttempts.lastFailure} = ${at}`;
      await db
        .update(loginAttempts)
        .set({
          failures: sql`greatest(${loginAttempts.failures} - 1, 0)`,
          windowStart: sql`case when ${untouched} then ${row.windowStart} else ${loginAttempts.windowStart} end`,
          lastFailure: sql`case when ${untouched} then ${row.lastFailure} else ${loginAttempts.lastFailure} end`,
        })
        .where(sql`${loginAttempts.key} = ${rowKey}`);
    }
  }

  /** The subject's counters start afresh (not the address's). */
  async function clear(attempt: AttemptOf): Promise<void> {
    const key = keysOf(attempt);
    await db.delete(loginAttempts).where(inArray(loginAttempts.key, [key.subject, key.pair, ...key.extra]));
  }

  return {
    policy: (scope: ThrottleScope): LoginLimits => policies[scope],
    clear,

    /**
     * Runs the check of a secret (`check` throws when it is wrong) as one throttled attempt: refused with 429
     * while a delay runs, counted before the check runs. A success clears the subject's counters (never the
     * address's: a sprayer cannot clear it by logging in to an account of their own).
     */
    async attempt<T>(attempt: AttemptOf, check: () => Promise<T>, options: AttemptOptions = {}): Promise<T> {
      const { isFailure = () => true, clearOnSuccess = true, onFailure } = options;
      const at = new Date(clock.now());
      const { before, subjectFailures } = await reserve(attempt, at);
      const key = keysOf(attempt);
      let result: T;
      try {
        result = await check();
      } catch (error) {
        if (isFailure(error)) await onFailure?.(subjectFailures, db);
        else await takeBack(before, [...before.keys()], at);
        throw error;
      }
      if (clearOnSuccess) {
        await clear(attempt);
        await takeBack(before, [key.address], at);
      } else await takeBack(before, [...before.keys()], at);
      return result;
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
