import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  KboxChannel,
  KboxContentStatus,
  KboxDirection,
  KboxNotificationKind,
  KboxStatus,
} from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { clients, siteReference } from '../../platform/platform.tables';
import { emails, smsMessages } from '../messaging/messaging.tables';

/**
 * Keyboxes (MOD_KBOX, docs/kbox.md): the lockers (each with its machine terminal), operators, workflows, the
 * contents with their one-time pick-up PIN (an argon2 hash), the operations the lockers report and the
 * notifications queued in the outbox. Every table carries `site_id`.
 */
export const kboxKeyboxes = pgTable(
  'kbox_keybox',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    uuid: text().notNull(),
    status: text().$type<KboxStatus>().notNull().default('OK'),
    notification: text(),
    pinHours: integer().notNull().default(72),
    offlineMinutes: integer().notNull().default(30),
    lastSeen: ts(),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('kbox_keybox_name_uq').on(t.siteId, t.name),
    uniqueIndex('kbox_keybox_uuid_uq').on(t.uuid),
    uniqueIndex('kbox_keybox_client_uq').on(t.clientId),
    // The OFFLINE job looks at the keyboxes not OFFLINE yet.
    index('kbox_keybox_status_idx').on(t.status, t.lastSeen),
  ],
);

export const kboxOperators = pgTable(
  'kbox_operator',
  {
    ...entityColumns(),
    siteId: siteReference(),
    cardNumber: text().notNull(),
    name: text().notNull(),
    pinHash: text(),
    pinSet: boolean().notNull().default(false),
    note: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('kbox_operator_card_uq').on(t.siteId, t.cardNumber),
    index('kbox_operator_name_idx').on(t.siteId, t.name),
  ],
);

const switchColumn = () => boolean().notNull().default(false);

export const kboxWorkflows = pgTable(
  'kbox_workflow',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    uuid: text().notNull(),
    keyboxId: integer()
      .notNull()
      .references(() => kboxKeyboxes.id, { onDelete: 'restrict' }),
    providerName: text(),
    email: text(),
    phone: text(),
    notifyAdmin: switchColumn(),
    notifyCustomer: boolean().notNull().default(true),
    subject: text(),
    incomingEmail: switchColumn(),
    incomingSms: switchColumn(),
    incomingMessage: text(),
    pickedEmail: switchColumn(),
    pickedSms: switchColumn(),
    pickedMessage: text(),
    storedEmail: switchColumn(),
    storedSms: switchColumn(),
    storedMessage: text(),
    preparedEmail: switchColumn(),
    preparedSms: switchColumn(),
    preparedMessage: text(),
    pickupEmail: switchColumn(),
    pickupSms: switchColumn(),
    pickupMessage: text(),
  },
  (t) => [
    uniqueIndex('kbox_workflow_name_uq').on(t.siteId, t.name),
    uniqueIndex('kbox_workflow_uuid_uq').on(t.uuid),
    index('kbox_workflow_keybox_idx').on(t.keyboxId),
  ],
);

export const kboxContents = pgTable(
  'kbox_content',
  {
    ...entityColumns(),
    siteId: siteReference(),
    contentId: integer().notNull(),
    keyboxId: integer()
      .notNull()
      .references(() => kboxKeyboxes.id, { onDelete: 'restrict' }),
    direction: text().$type<KboxDirection>().notNull().default('INCOMING'),
    status: text().$type<KboxContentStatus>().notNull().default('NEW'),
    trackingNumber: text(),
    workflowId: integer().references(() => kboxWorkflows.id, { onDelete: 'restrict' }),
    paymentValue: numeric({ precision: 12, scale: 2 }),
    currency: text(),
    paymentStatus: text().$type<'OK' | 'PENDING'>().notNull().default('OK'),
    variableSymbol: text(),
    operation: text().$type<'DEPOSIT' | 'PICK_UP'>(),
    description: text(),
    category: text(),
    expectedTime: ts(),
    senderName: text(),
    senderEmail: text(),
    senderPhone: text(),
    senderOwner: boolean().notNull().default(false),
    recipientName: text(),
    recipientEmail: text(),
    recipientPhone: text(),
    recipientOwner: boolean().notNull().default(false),
    boxName: text(),
    depositedAt: ts(),
    pickedUpAt: ts(),
    /** The one-time pick-up PIN (argon2), null once used or before the deposit. */
    pinHash: text(),
    pinExpires: ts(),
    returned: boolean().notNull().default(false),
    /** Sender's and recipient's data removed by the retention job (modules/privacy). */
    anonymized: boolean().notNull().default(false),
  },
  (t) => [
    index('kbox_content_retention_idx')
      .on(t.siteId, t.pickedUpAt, t.id)
      .where(sql`not ${t.anonymized} and ${t.pickedUpAt} is not null`),
    uniqueIndex('kbox_content_content_id_uq').on(t.siteId, t.contentId),
    // The lists: by direction (incoming, outgoing) and status, newest content id first; or by direction alone.
    index('kbox_content_list_idx').on(t.siteId, t.direction, t.status, t.contentId),
    index('kbox_content_direction_idx').on(t.siteId, t.direction, t.contentId),
    // A locker's pick-up looks at its deposited contents; the figures at its waiting ones.
    index('kbox_content_keybox_status_idx').on(t.keyboxId, t.status, t.depositedAt),
    index('kbox_content_workflow_idx').on(t.workflowId),
  ],
);

export const kboxOperations = pgTable(
  'kbox_operation',
  {
    ...entityColumns(),
    siteId: siteReference(),
    occurred: ts().notNull(),
    keyboxId: integer()
      .notNull()
      .references(() => kboxKeyboxes.id, { onDelete: 'cascade' }),
    type: text().$type<'DEPOSIT' | 'PICK_UP'>(),
    name: text().$type<'SERVIS' | 'GOPARKING'>(),
    contentId: integer().references(() => kboxContents.id, { onDelete: 'set null' }),
    direction: text().$type<KboxDirection>(),
    boxName: text(),
    operatorId: integer().references(() => kboxOperators.id, { onDelete: 'set null' }),
    pin: boolean().notNull().default(false),
    recipientNotified: boolean().notNull().default(false),
    senderNotified: boolean().notNull().default(false),
    notes: text(),
    uuid: text(),
  },
  (t) => [
    index('kbox_operation_site_time_idx').on(t.siteId, t.occurred),
    uniqueIndex('kbox_operation_uuid_uq')
      .on(t.keyboxId, t.uuid)
      .where(sql`${t.uuid} is not null`),
    index('kbox_operation_content_idx').on(t.contentId),
    index('kbox_operation_operator_idx').on(t.operatorId),
  ],
);

/** A notification of a content queued in the outbox (`system_email` or `system_sms`). */
export const kboxMessages = pgTable(
  'kbox_message',
  {
    ...entityColumns(),
    siteId: siteReference(),
    created: ts().notNull(),
    contentId: integer()
      .notNull()
      .references(() => kboxContents.id, { onDelete: 'cascade' }),
    kind: text().$type<KboxNotificationKind>().notNull(),
    channel: text().$type<KboxChannel>().notNull(),
    recipient: text().notNull(),
    pin: boolean().notNull().default(false),
    emailId: integer().references(() => emails.id, { onDelete: 'set null' }),
    smsId: integer().references(() => smsMessages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('kbox_message_content_idx').on(t.contentId, t.created),
    index('kbox_message_site_idx').on(t.siteId, t.created),
    index('kbox_message_email_idx').on(t.emailId),
    index('kbox_message_sms_idx').on(t.smsId),
  ],
);
