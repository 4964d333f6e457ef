import { and, eq, not, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailLog, idParamsSchema, resendResultSchema, smsLog, type ConfigProvider } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import { NO_BODY } from '../../platform/requestBody';
import { emails } from '../system/system.tables';
import { smsMessages } from './messaging.tables';
import { maskSecrets } from './secrets';

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
  resendRoutes(app, db, {
    resource: emailLog.resource,
    provider: 'email',
    table: emails,
    held: emails.held,
    unsent: not(emails.delivered),
    id: emails.id,
    retry: (now) => ({ held: false, attempts: 0, nextAttempt: now, lastError: null }),
  });
  resendRoutes(app, db, {
    resource: smsLog.resource,
    provider: 'sms',
    table: smsMessages,
    held: smsMessages.held,
    unsent: not(smsMessages.sentSuccessFull),
    id: smsMessages.id,
    retry: (now) => ({ held: false, sentRetry: 0, nextAttempt: now, lastError: null }),
  });
}

interface HeldOutbox {
  resource: string;
  provider: ConfigProvider;
  table: typeof emails | typeof smsMessages;
  held: typeof emails.held | typeof smsMessages.held;
  unsent: SQL;
  id: typeof emails.id | typeof smsMessages.id;
  /** The columns that make a held message new again: not held, no attempts, due now. */
  retry(now: Date): Record<string, unknown>;
}

/**
 * `POST /api/<outbox>/resend` (every held message) and `POST /api/<outbox>/:id/resend` (one): the messages
 * kept as not sent for want of a transport go back to the worker as new (attempts from zero, due now). Refused
 * with NO_TRANSPORT while the transport is still off: they would only be held again.
 */
function resendRoutes(app: FastifyInstance, db: Db, outbox: HeldOutbox): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [outbox.resource];
  const access = { roles: ['ADMINISTRATOR' as const] };
  const resend = async (only?: number): Promise<number> => {
    const transport = app.configuration.providers.find((entry) => entry.provider === outbox.provider);
    if (transport?.state !== 'real')
      throw new AppError('NO_TRANSPORT', `No ${outbox.provider} transport is configured`);
    const now = new Date(app.clock.now());
    // One of two tables of the same shape: drizzle's types cannot name the union, the descriptor is typed.
    const table = outbox.table as typeof emails;
    const rows = await db.transaction(async (tx) => {
      const resent = await tx
        .update(table)
        .set(outbox.retry(now))
        .where(
          and(eq(outbox.held, true), outbox.unsent, only === undefined ? undefined : eq(outbox.id, only)),
        )
        .returning({ id: table.id });
      if (only !== undefined && resent.length === 0) {
        const [exists] = await tx.select({ id: table.id }).from(table).where(eq(outbox.id, only));
        if (!exists) throw notFound();
        throw new AppError('CONFLICT', 'The message is not kept for want of a transport');
      }
      return resent;
    });
    return rows.length;
  };

  typed.post(
    `/api/${outbox.resource}/resend`,
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
    `/api/${outbox.resource}/:id/resend`,
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
