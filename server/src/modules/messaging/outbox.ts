import type { Db } from '../../db/database';
import { emails } from '../system/system.tables';
import { smsMessages } from './messaging.tables';

/**
 * Queues an e-mail. Pass the transaction of the change that causes the message: it is sent only if that
 * change commits, and the delivery worker sends it once.
 */
export async function queueEmail(
  db: Db,
  message: { recipient: string; subject: string; body: string; siteId?: number | null },
): Promise<number> {
  const [row] = await db.insert(emails).values(message).returning({ id: emails.id });
  return row.id;
}

/** Queues an SMS, like `queueEmail`. */
export async function queueSms(
  db: Db,
  message: { recipient: string; text: string; siteId?: number | null },
): Promise<number> {
  const [row] = await db.insert(smsMessages).values(message).returning({ id: smsMessages.id });
  return row.id;
}
