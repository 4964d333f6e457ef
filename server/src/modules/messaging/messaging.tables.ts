import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { sites } from '../system/system.tables';

/** The SMS outbox (the e-mail outbox is `system_email`): written with the change that causes it, sent by the worker. */
export const smsMessages = pgTable(
  'system_sms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    recipient: text().notNull(),
    text: text().notNull(),
    created: ts().notNull().defaultNow(),
    /** Delivery attempts made so far. */
    sentRetry: integer().notNull().default(0),
    sentSuccessFull: boolean().notNull().default(false),
    sent: ts(),
    nextAttempt: ts().notNull().defaultNow(),
    lastError: text(),
    /** Not sent: no transport configured (SMS_URL); kept until an administrator re-sends it. */
    held: boolean().notNull().default(false),
    /** Where the message stands (DELIVERY_STATES); 10 attempts is the worker's MAX_ATTEMPTS. */
    state: text()
      .notNull()
      .generatedAlwaysAs(
        sql`case when sent_success_full then 'SENT' when held then 'NO_TRANSPORT' when sent_retry >= 10 then 'FAILED' else 'WAITING' end`,
      ),
    /** The credentials marked in the text, until sent or given up (messaging/secrets.ts). */
    secrets: jsonb().$type<string[]>(),
  },
  (t) => [
    index('system_sms_pending_idx')
      .on(t.nextAttempt)
      .where(sql`not ${t.sentSuccessFull}`),
    index('system_sms_created_idx').on(t.created),
  ],
);
