import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import {
  KBOX_PIN_LENGTH,
  fillKboxTemplate,
  type KboxChannel,
  type KboxNotificationKind,
  type KboxTemplateValues,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { hashPassword, verifyPassword } from '../../platform/secrets';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { queueEmail, queueSms } from '../messaging/outbox';
import { kboxContents, kboxKeyboxes, kboxMessages, kboxWorkflows } from './kbox.tables';

export type ContentRow = typeof kboxContents.$inferSelect;

/** Six random digits. */
const randomPin = () => String(randomInt(0, 10 ** KBOX_PIN_LENGTH)).padStart(KBOX_PIN_LENGTH, '0');

/** Draws of a PIN at most: one equal to a PIN waiting in the keybox is drawn again (one in a million each). */
const PIN_DRAWS = 10;

/**
 * A fresh one-time pick-up PIN: six random digits, its argon2 hash and when it expires. It differs from every
 * PIN still waiting in the keybox (but the one of `replacing`): a pick-up finds its content by the PIN alone,
 * and two contents with one PIN would open the first one's box for both recipients.
 */
export async function newPickUpPin(
  tx: Db,
  keyboxId: number,
  from: Date,
  replacing?: number,
  draw: () => string = randomPin,
): Promise<{ pin: string; pinHash: string; pinExpires: Date }> {
  const [keybox] = await tx
    .select({ pinHours: kboxKeyboxes.pinHours })
    .from(kboxKeyboxes)
    .where(eq(kboxKeyboxes.id, keyboxId));
  const waiting = await tx
    .select({ pinHash: kboxContents.pinHash })
    .from(kboxContents)
    .where(
      and(
        eq(kboxContents.keyboxId, keyboxId),
        eq(kboxContents.status, 'DEPOSITED'),
        isNotNull(kboxContents.pinHash),
        replacing === undefined ? undefined : ne(kboxContents.id, replacing),
      ),
    );
  for (let attempt = 1; ; attempt++) {
    const pin = draw();
    const taken = await Promise.all(waiting.map((row) => verifyPassword(row.pinHash, pin)));
    if (taken.includes(true) && attempt < PIN_DRAWS) continue;
    if (taken.includes(true)) throw new Error('No free pick-up PIN in the keybox');
    return {
      pin,
      pinHash: await hashPassword(pin),
      pinExpires: new Date(from.getTime() + (keybox?.pinHours ?? 72) * 3_600_000),
    };
  }
}

/** Who a customer notification of this kind goes to: the sender hears of pick-ups and returns. */
const toSender = (kind: KboxNotificationKind) => kind === 'picked' || kind === 'pickup';

/** The template values of a content (and its PIN, when the notification carries one). */
async function templateValues(
  tx: Db,
  content: ContentRow,
  pin?: { pin: string; pinExpires: Date },
): Promise<KboxTemplateValues> {
  const [keybox] = await tx
    .select({ name: kboxKeyboxes.name })
    .from(kboxKeyboxes)
    .where(eq(kboxKeyboxes.id, content.keyboxId));
  const zone = await siteTimeZone(tx, content.siteId);
  return {
    'content.id': String(content.contentId),
    'content.trackingNumber': content.trackingNumber ?? '',
    'content.description': content.description ?? '',
    'content.category': content.category ?? '',
    'content.keybox': keybox?.name ?? '',
    'content.boxName': content.boxName ?? '',
    'sender.name': content.senderName ?? '',
    'sender.email': content.senderEmail ?? '',
    'sender.phone': content.senderPhone ?? '',
    'recipient.name': content.recipientName ?? '',
    'recipient.email': content.recipientEmail ?? '',
    'recipient.phone': content.recipientPhone ?? '',
    'payment.value': content.paymentValue ?? '',
    'payment.currency': content.currency ?? '',
    'payment.status': content.paymentStatus,
    'payment.variableSymbol': content.variableSymbol ?? '',
    pin: pin?.pin ?? '',
    'pin.expires': pin ? formatSiteDateTime(pin.pinExpires, zone) : '',
  };
}

export interface Notified {
  recipient: boolean;
  sender: boolean;
}

/**
 * Queues the notifications of `kind` for a content in the outbox, as its workflow switches them on: to the
 * customer (the recipient, or the sender of `picked` and `pickup`) when `notifyCustomer`, to the workflow's
 * e-mail and phone when `notifyAdmin`; each is recorded in `kbox_message`. Runs in the transaction of the
 * change, so nothing is sent when it fails. `only` limits it to one channel and recipient (a resend).
 */
export async function notifyContent(
  tx: Db,
  content: ContentRow,
  kind: KboxNotificationKind,
  at: Date,
  options: {
    pin?: { pin: string; pinExpires: Date };
    only?: { channel: KboxChannel; recipient: string };
  } = {},
): Promise<Notified> {
  const notified: Notified = { recipient: false, sender: false };
  if (content.workflowId === null) return notified;
  const [workflow] = await tx.select().from(kboxWorkflows).where(eq(kboxWorkflows.id, content.workflowId));
  if (!workflow) return notified;
  const message = workflow[`${kind}Message`]?.trim();
  const channels: KboxChannel[] = [];
  if (workflow[`${kind}Email`]) channels.push('EMAIL');
  if (workflow[`${kind}Sms`]) channels.push('SMS');
  if (!message || channels.length === 0) return notified;

  const values = await templateValues(tx, content, options.pin);
  const body = fillKboxTemplate(message, values);
  const subjectTemplate = workflow.subject?.trim() || message.split('\n')[0];
  const subject = fillKboxTemplate(subjectTemplate, values).slice(0, 200);
  const sender = toSender(kind);
  const targets: Array<{ email: string | null; phone: string | null; customer: boolean }> = [];
  if (workflow.notifyCustomer)
    targets.push(
      sender
        ? { email: content.senderEmail, phone: content.senderPhone, customer: true }
        : { email: content.recipientEmail, phone: content.recipientPhone, customer: true },
    );
  if (workflow.notifyAdmin) targets.push({ email: workflow.email, phone: workflow.phone, customer: false });

  for (const target of targets)
    for (const channel of channels) {
      const recipient = channel === 'EMAIL' ? target.email : target.phone;
      if (!recipient) continue;
      if (options.only && (options.only.channel !== channel || options.only.recipient !== recipient))
        continue;
      // The PIN is a credential: the outbox keeps it beside the text only until the message has left.
      const secrets = options.pin ? [options.pin.pin] : [];
      const queued =
        channel === 'EMAIL'
          ? { emailId: await queueEmail(tx, { recipient, subject, body, siteId: content.siteId, secrets }) }
          : { smsId: await queueSms(tx, { recipient, text: body, siteId: content.siteId, secrets }) };
      await tx.insert(kboxMessages).values({
        siteId: content.siteId,
        created: at,
        contentId: content.id,
        kind,
        channel,
        recipient,
        pin: options.pin !== undefined,
        ...queued,
      });
      if (target.customer) notified[sender ? 'sender' : 'recipient'] = true;
    }
  return notified;
}
