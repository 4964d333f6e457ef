import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailLog, idParamsSchema, resendResultSchema, smsLog } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { NO_BODY } from '../../platform/requestBody';
import { emails, smsMessages } from './messaging.tables';
import { maskSecrets } from './secrets';
import { emailOutboxTable, releaseHeld, smsOutboxTable, type OutboxTable } from './outboxTables';
import { rowsOf } from '../../db/prepared';

/**
 * The e-mail and SMS logs of /admin: read-only lists of the outboxes the delivery worker processes, and the
 * re-send of the messages kept for want of a transport (NO_TRANSPORT) once one is configured.
 */
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
  resendRoutes(app, db, emailLog.resource, emailOutboxTable);
  resendRoutes(app, db, smsLog.resource, smsOutboxTable);
}

/**
 * `POST /api/<outbox>/resend` (every held message) and `POST /api/<outbox>/:id/resend` (one): the messages
 * kept as not sent for want of a transport go back to the worker as new (attempts from zero, due now). Refused
 * with NO_TRANSPORT while the transport is still off: they would only be held again.
 */
function resendRoutes(app: FastifyInstance, db: Db, resource: string, outbox: OutboxTable): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource];
  const access = { roles: ['ADMINISTRATOR' as const] };
  const resend = async (only?: number): Promise<number> => {
    const transport = app.configuration.providers.find((entry) => entry.provider === outbox.channel);
    if (transport?.state !== 'real')
      throw new AppError('NO_TRANSPORT', `No ${outbox.channel} transport is configured`);
    const now = new Date(app.clock.now());
    return db.transaction(async (tx) => {
      const resent = rowsOf(await tx.execute(releaseHeld(outbox, now, only))).length;
      if (only !== undefined && resent === 0) {
        const exists = rowsOf(await tx.execute(sql`select id from ${outbox.table} where id = ${only}`));
        if (exists.length === 0) throw notFound();
        throw new AppError('CONFLICT', 'The message is not kept for want of a transport');
      }
      return resent;
    });
  };

  typed.post(
    `/api/${resource}/resend`,
    {
      config: { access },
      schema: {
        tags,
        description:
          'Re-sends every message kept as not sent for want of a transport (state NO_TRANSPORT), now that one ' +
          'is configured; 409 NO_TRANSPORT while none is. Takes no body.',
        body: NO_BODY,
        response: { 200: resendResultSchema },
      },
    },
    async () => ({ resent: await resend() }),
  );
  typed.post(
    `/api/${resource}/:id/resend`,
    {
      config: { access },
      schema: {
        tags,
        description:
          'Re-sends one message kept as not sent for want of a transport; 409 CONFLICT for a message in ' +
          'another state, 409 NO_TRANSPORT while no transport is configured. Takes no body.',
        params: idParamsSchema,
        body: NO_BODY,
        response: { 200: resendResultSchema },
      },
    },
    async (request) => ({ resent: await resend(request.params.id) }),
  );
}

function maskTexts(records: Array<Record<string, unknown>>, fields: string[]): void {
  for (const record of records)
    for (const field of fields) {
      const value = record[field];
      if (typeof value === 'string') record[field] = maskSecrets(value);
    }
}
