import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ModuleCode } from '@strazce/contract';
import { ts } from '../../db/columns';
import { siteReference, sites } from '../../platform/platform.tables';

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

/** The outbox of e-mails: written in the same transaction as the change that causes them, sent by a worker. */
export const emails = pgTable(
  'system_email',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    queued: ts().notNull().defaultNow(),
    sent: ts(),
    /** Whether the message has left: derived from `sent`, for the sent yes/no filter of the log. */
    delivered: boolean()
      .notNull()
      .generatedAlwaysAs(sql`sent is not null`),
    attempts: integer().notNull().default(0),
    nextAttempt: ts().notNull().defaultNow(),
    lastError: text(),
    /** Not sent: no transport configured (SMTP_URL, MAIL_DIR); kept until an administrator re-sends it. */
    held: boolean().notNull().default(false),
    /** Where the message stands (DELIVERY_STATES); 10 attempts is the worker's MAX_ATTEMPTS. */
    state: text()
      .notNull()
      .generatedAlwaysAs(
        sql`case when sent is not null then 'SENT' when held then 'NO_TRANSPORT' when attempts >= 10 then 'FAILED' else 'WAITING' end`,
      ),
    /** The credentials marked in subject and body, until sent or given up (messaging/secrets.ts). */
    secrets: jsonb().$type<string[]>(),
  },
  (t) => [
    index('system_email_pending_idx')
      .on(t.nextAttempt)
      .where(sql`${t.sent} is null`),
    index('system_email_queued_idx').on(t.queued),
  ],
);

/** The daily digests taken: one row per module, site and the site's calendar day. */
export const overdueDigests = pgTable(
  'overdue_digest',
  {
    module: text().$type<ModuleCode>().notNull(),
    siteId: siteReference(),
    day: date({ mode: 'string' }).notNull(),
    sentAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.module, t.siteId, t.day] })],
);
