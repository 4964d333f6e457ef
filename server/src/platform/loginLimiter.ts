import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginAttempts } from '../modules/access/access.tables';
import { AppError } from './errors';

export interface LoginLimits {
  /** Failed attempts allowed per user name within the window. */
  perUser: number;
  /** Failed attempts allowed per client address within the window. */
  perAddress: number;
  windowMinutes: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUser: 10, perAddress: 100, windowMinutes: 15 };

/**
 * Counts failed logins per user name and per address in the database, so every server instance sees the
 * same counters. Once a limit is reached, further attempts are refused until the window has passed.
 */
export function loginLimiter(db: Db, limits: LoginLimits) {
  const keys = (userName: string, address: string) => ({
    user: `user:${userName.toLowerCase()}`,
    address: `ip:${address}`,
  });

  return {
    async check(userName: string, address: string): Promise<void> {
      const { user, address: addressKey } = keys(userName, address);
      const rows = await db
        .select()
        .from(loginAttempts)
        .where(inArray(loginAttempts.key, [user, addressKey]));
      const windowStart = Date.now() - limits.windowMinutes * 60_000;
      for (const row of rows) {
        if (row.windowStart.getTime() < windowStart) continue;
        const limit = row.key === user ? limits.perUser : limits.perAddress;
        if (row.failures >= limit)
          throw new AppError('TOO_MANY_REQUESTS', 'Too many failed login attempts, try again later');
      }
    },

    async recordFailure(userName: string, address: string): Promise<void> {
      const { user, address: addressKey } = keys(userName, address);
      const window = sql.raw(`interval '${limits.windowMinutes} minutes'`);
      await db
        .insert(loginAttempts)
        .values([
          { key: user, failures: 1 },
          { key: addressKey, failures: 1 },
        ])
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${loginAttempts.windowStart} < now() - ${window} then 1 else ${loginAttempts.failures} + 1 end`,
            windowStart: sql`case when ${loginAttempts.windowStart} < now() - ${window} then now() else ${loginAttempts.windowStart} end`,
          },
        });
    },

    async reset(userName: string): Promise<void> {
      await db.delete(loginAttempts).where(inArray(loginAttempts.key, [keys(userName, '').user]));
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
