import type { FastifyInstance } from 'fastify';
import { personalReadLog } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { personalReads } from '../../platform/personalRead.tables';

/**
 * The log of reads of personal data, `/api/privacy/access` (read-only CRUD; written by
 * platform/personalReads.ts when a file is downloaded or a list with personal fields exported).
 */
export function registerAccessLogRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    entity: personalReadLog,
    table: personalReads,
    log: { time: personalReads.createdAt },
  });
}
