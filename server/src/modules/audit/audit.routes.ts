import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit, auditVerificationSchema } from '@strazce/contract';
import type { Db } from '../../db/database';
import { keptPartitionSpan } from '../../db/partitionSpan';
import { verifyAuditChains } from '../../platform/auditChain';
import { crudRoutes } from '../../platform/crud';
import { audits } from '../../platform/platform.tables';

/** Beyond this many matching entries a page's total is the planner's estimate (the list of visits does so). */
export const AUDIT_COUNT_LIMIT = 1000;

/**
 * The audit trail of /admin/audits: read-only (entries are written by the platform's audit, `audit.ts`), and
 * the integrity check of its hash chains.
 */
export function registerAuditRoutes(app: FastifyInstance, db: Db, rawDb: Db = db): void {
  crudRoutes(app, db, {
    entity: audit,
    table: audits,
    log: { time: audits.created },
    countLimit: AUDIT_COUNT_LIMIT,
    // One partition a month (migration 0032): a page of the newest entries is read within the months since
    // a month ago first (this one and the last), then over all of them when those do not hold the whole page.
    partitions: {
      field: 'created',
      span: keptPartitionSpan(rawDb, 'system_audit', () => app.clock.now()),
      windowMs: 31 * 24 * 3600_000,
    },
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/system_audit/verify',
    {
      config: { access: { roles: audit.read } },
      schema: {
        tags: ['system_audit'],
        description: 'Checks every hash chain of the audit trail: no entry altered, removed or cut off.',
        response: { 200: auditVerificationSchema },
      },
    },
    // A read (no audit entry of its own), on the plain handle.
    () => verifyAuditChains(rawDb),
  );
}
