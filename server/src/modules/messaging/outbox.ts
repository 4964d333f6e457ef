import type { Db } from '../../db/database';
import { emails, smsMessages } from './messaging.tables';
import { sealSecret } from '../../platform/secretBox';
import { markSecrets } from './secrets';

/**
 * What the credentials of a message become in the outbox: marks in the text, the values kept beside, sealed
 * (platform/secretBox.ts): the row never holds them in clear.
 */
function secretColumns(secrets: readonly string[] | undefined) {
  const values = (secrets ?? []).filter(Boolean);
  const marked = (text: string) => markSecrets(text, values);
  return { marked, secrets: values.length > 0 ? values.map(sealSecret) : null };
}

/**
 * Queues an e-mail. Pass the transaction of the change that causes the message: it is sent only if that
 * change commits, and the delivery worker sends it once. `secrets`: credentials in the subject or body (a
 * reset token, a PIN), kept out of the stored text and shown masked in the log (messaging/secrets.ts).
 */
export async function queueEmail(
  db: Db,
  message: { recipient: string; subject: string; body: string; siteId?: number | null; secrets?: string[] },
): Promise<number> {
  const { marked, secrets } = secretColumns(message.secrets);
  const [row] = await db
    .insert(emails)
    .values({
      recipient: message.recipient,
      siteId: message.siteId,
      subject: marked(message.subject),
      body: marked(message.body),
      secrets,
    })
    .returning({ id: emails.id });
  return row.id;
}

/** Queues an SMS, like `queueEmail`. */
export async function queueSms(
  db: Db,
  message: { recipient: string; text: string; siteId?: number | null; secrets?: string[] },
): Promise<number> {
  const { marked, secrets } = secretColumns(message.secrets);
  const [row] = await db
    .insert(smsMessages)
    .values({ recipient: message.recipient, siteId: message.siteId, text: marked(message.text), secrets })
    .returning({ id: smsMessages.id });
  return row.id;
}
