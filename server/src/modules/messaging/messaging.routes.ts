import type { FastifyInstance } from 'fastify';
import { emailLog, smsLog } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { emails } from '../system/system.tables';
import { smsMessages } from './messaging.tables';
import { maskSecrets } from './secrets';

/** The e-mail and SMS logs of /admin: read-only lists of the outboxes the delivery worker processes. */
export function registerMessagingRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    entity: emailLog,
    table: emails,
    log: { time: emails.queued },
    // Credentials (a reset token, a PIN) stand in the stored text as marks: the log shows them masked.
    hooks: { decorate: async (records) => maskTexts(records, ['subject', 'body']) },
  });
  crudRoutes(app, db, {
    entity: smsLog,
    table: smsMessages,
    log: { time: smsMessages.created },
    hooks: { decorate: async (records) => maskTexts(records, ['text']) },
  });
}

function maskTexts(records: Array<Record<string, unknown>>, fields: string[]): void {
  for (const record of records)
    for (const field of fields) {
      const value = record[field];
      if (typeof value === 'string') record[field] = maskSecrets(value);
    }
}
