import type { FastifyInstance } from 'fastify';
import { audit } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { audits } from '../system/system.tables';

/** The audit trail of /admin/audits: read-only; entries are written by the platform's audit hook. */
export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { entity: audit, table: audits, log: { time: audits.created } });
}
