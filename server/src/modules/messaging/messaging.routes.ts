import type { FastifyInstance } from 'fastify';
import { emailLog, smsLog } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { emails } from '../system/system.tables';
import { smsMessages } from './messaging.tables';

/** The e-mail and SMS logs of /admin: read-only lists of the outboxes the delivery worker processes. */
export function registerMessagingRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { entity: emailLog, table: emails, log: { time: emails.queued } });
  crudRoutes(app, db, { entity: smsLog, table: smsMessages, log: { time: smsMessages.created } });
}
