import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { ensureAuditPartitions, pruneAuditEntries } from '../../platform/auditChain';
import type { Job } from '../../platform/jobs';
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
 * The job (platform/jobs.ts) that, once an hour across the instances, makes the audit's month partitions of
 * this month and the next two (`ensureAuditPartitions`) and applies the retention; a database lock lets one
 * instance remove a batch at a time besides (`pruneAuditEntries`).
 */
export function auditRetentionJob(options: { db: Db; log: FastifyBaseLogger }): Job {
  return {
    name: 'audit-retention',
    everyMs: HOUR_MS,
    async run(at) {
      await ensureAuditPartitions(options.db, at);
      const removed = await applyAuditRetention(options.db, at);
      if (removed > 0) options.log.info({ removed }, 'old audit entries removed');
    },
  };
}
