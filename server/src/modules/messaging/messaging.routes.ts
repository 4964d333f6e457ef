import type { FastifyInstance } from 'fastify';
import { emailLog, smsLog } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { maskResetLinks } from '../access/reset.email';
import { emails } from '../system/system.tables';
import { smsMessages } from './messaging.tables';

/** The e-mail and SMS logs of /admin: read-only lists of the outboxes the delivery worker processes. */
export function registerMessagingRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    entity: emailLog,
    table: emails,
    log: { time: emails.queued },
    hooks: {
      // A password reset link is a credential: the log shows it masked, also while the message waits to be
      // sent (the delivery worker masks it in the stored body once sent).
      async decorate(records) {
        for (const record of records)
          if (typeof record.body === 'string') record.body = maskResetLinks(record.body);
      },
    },
  });
  crudRoutes(app, db, { entity: smsLog, table: smsMessages, log: { time: smsMessages.created } });
}
