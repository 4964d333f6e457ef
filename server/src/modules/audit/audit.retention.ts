import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { pruneAuditEntries } from '../../platform/auditChain';
import { loggableError } from '../../platform/errors';
import { systemProperty } from '../../platform/systemProperties';

const HOUR_MS = 3_600_000;

/** The moment before which entries go: `months` calendar months before `now` (UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Removes audit entries older than AUDIT_RETENTION_MONTHS; `now` is injected (tests). */
export async function applyAuditRetention(db: Db, now: Date): Promise<number> {
  const months = await systemProperty(db, 'AUDIT_RETENTION_MONTHS');
  return pruneAuditEntries(db, retentionCutoff(now, months));
}

/**
 * Applies the retention every hour (and once at start). Each instance runs it; a database lock lets one
 * of them remove a batch at a time (`pruneAuditEntries`).
 */
export function auditRetentionJob(options: { db: Db; log: FastifyBaseLogger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= applyAuditRetention(options.db, now())
      .then((removed) => {
        if (removed > 0) options.log.info({ removed }, 'old audit entries removed');
      })
      .catch((error) => options.log.error({ err: loggableError(error) }, 'audit retention failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    start() {
      void run();
      timer = setInterval(run, HOUR_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
