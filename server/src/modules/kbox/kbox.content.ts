import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { KBOX_PIN_KINDS, type KboxLockerAnswer, type KboxNotificationKind } from '@strazce/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../platform/errors';
import { verifyPassword } from '../../platform/secrets';
import { newPickUpPin, notifyContent, type ContentRow } from './kbox.notify';
import { kboxContents, kboxMessages, kboxOperations } from './kbox.tables';

/** The keybox a locker call acts for (the one whose machine terminal called). */
export interface LockerKeybox {
  id: number;
  siteId: number;
}

const stateError = (message: string) => new AppError('KBOX_STATE', message);

/** Moves a content on, at its version, only from `from`; a concurrent change of it is a KBOX_STATE. */
async function moveContent(
  tx: Db,
  content: ContentRow,
  from: ContentRow['status'],
  set: Partial<typeof kboxContents.$inferInsert>,
  at: Date,
): Promise<ContentRow> {
  const [moved] = await tx
    .update(kboxContents)
    .set({ ...set, version: sql`${kboxContents.version} + 1`, updatedAt: at })
    .where(
      and(
        eq(kboxContents.id, content.id),
        eq(kboxContents.status, from),
        eq(kboxContents.version, content.version),
      ),
    )
    .returning();
  if (!moved) throw stateError('The content changed meanwhile');
  return moved;
}

const answerOf = (operation: { id: number; uuid: string | null }, content: ContentRow | null) =>
  ({
    operation: { id: operation.id, uuid: operation.uuid },
    content: content && {
      id: content.id,
      contentId: content.contentId,
      status: content.status,
      boxName: content.boxName,
    },
  }) satisfies KboxLockerAnswer;

/** The answer of an operation the locker reported already (same uuid): its first outcome, nothing done again. */
export async function repeatedOperation(
  tx: Db,
  keybox: LockerKeybox,
  uuid: string,
): Promise<KboxLockerAnswer | null> {
  const [operation] = await tx
    .select({ id: kboxOperations.id, uuid: kboxOperations.uuid, contentId: kboxOperations.contentId })
    .from(kboxOperations)
    .where(and(eq(kboxOperations.keyboxId, keybox.id), eq(kboxOperations.uuid, uuid)));
  if (!operation) return null;
  const [content] = operation.contentId
    ? await tx.select().from(kboxContents).where(eq(kboxContents.id, operation.contentId))
    : [];
  return answerOf(operation, content ?? null);
}

async function recordOperation(
  tx: Db,
  keybox: LockerKeybox,
  values: Omit<typeof kboxOperations.$inferInsert, 'siteId' | 'keyboxId'>,
) {
  const [operation] = await tx
    .insert(kboxOperations)
    .values({ ...values, siteId: keybox.siteId, keyboxId: keybox.id })
    .returning({ id: kboxOperations.id, uuid: kboxOperations.uuid });
  return operation;
}

/**
 * A locker reports a deposit: the content (by its `contentId`, of this keybox) must be NEW; it becomes
 * DEPOSITED in `boxName` with a fresh one-time pick-up PIN (hashed; only the notification carries it), and the
 * recipient (incoming) or collector (outgoing) is notified as the workflow says.
 */
export async function depositContent(
  tx: Db,
  keybox: LockerKeybox,
  input: { uuid: string; contentId: number; boxName: string },
  at: Date,
): Promise<KboxLockerAnswer> {
  const [content] = await tx
    .select()
    .from(kboxContents)
    .where(
      and(
        eq(kboxContents.siteId, keybox.siteId),
        eq(kboxContents.keyboxId, keybox.id),
        eq(kboxContents.contentId, input.contentId),
      ),
    );
  if (!content) throw new AppError('KBOX_CONTENT_UNKNOWN', 'No content of this keybox has this content id');
  if (content.status !== 'NEW') throw stateError('Only a NEW content is deposited');
  const pin = await newPickUpPin(tx, keybox.id, at);
  const moved = await moveContent(
    tx,
    content,
    'NEW',
    {
      status: 'DEPOSITED',
      operation: 'DEPOSIT',
      boxName: input.boxName,
      depositedAt: at,
      pinHash: pin.pinHash,
      pinExpires: pin.pinExpires,
    },
    at,
  );
  const kind = content.direction === 'INCOMING' ? 'incoming' : 'prepared';
  const notified = await notifyContent(tx, moved, kind, at, { pin });
  const operation = await recordOperation(tx, keybox, {
    occurred: at,
    type: 'DEPOSIT',
    contentId: content.id,
    direction: content.direction,
    boxName: input.boxName,
    recipientNotified: notified.recipient,
    senderNotified: notified.sender,
    uuid: input.uuid,
  });
  return answerOf(operation, moved);
}

/**
 * A locker reports a pick-up with the PIN typed: the deposited content of this keybox whose PIN it is becomes
 * PICKED_UP and its PIN is spent. No such content: PIN_INVALID; its PIN expired: KBOX_PIN_EXPIRED; its payment
 * PENDING: KBOX_UNPAID (it stays in the box).
 */
export async function pickUpContent(
  tx: Db,
  keybox: LockerKeybox,
  input: { uuid: string; pin: string },
  at: Date,
): Promise<KboxLockerAnswer> {
  const candidates = await tx
    .select()
    .from(kboxContents)
    .where(
      and(
        eq(kboxContents.keyboxId, keybox.id),
        eq(kboxContents.status, 'DEPOSITED'),
        isNotNull(kboxContents.pinHash),
      ),
    );
  // An empty keybox costs the same time as a wrong PIN.
  if (candidates.length === 0) await verifyPassword(null, input.pin);
  const matches = await Promise.all(candidates.map((content) => verifyPassword(content.pinHash, input.pin)));
  const content = candidates[matches.indexOf(true)];
  if (!content) throw new AppError('PIN_INVALID', 'No content of this keybox has this PIN');
  if (content.pinExpires && content.pinExpires.getTime() < at.getTime())
    throw new AppError('KBOX_PIN_EXPIRED', 'The PIN has expired');
  if (content.paymentStatus !== 'OK') throw new AppError('KBOX_UNPAID', 'The content is not paid');
  const moved = await moveContent(
    tx,
    content,
    'DEPOSITED',
    {
      status: 'PICKED_UP',
      operation: 'PICK_UP',
      pickedUpAt: at,
      pinHash: null,
      pinExpires: null,
    },
    at,
  );
  const notified = await notifyContent(tx, moved, 'picked', at);
  const operation = await recordOperation(tx, keybox, {
    occurred: at,
    type: 'PICK_UP',
    contentId: content.id,
    direction: content.direction,
    boxName: content.boxName,
    pin: true,
    recipientNotified: notified.recipient,
    senderNotified: notified.sender,
    uuid: input.uuid,
  });
  return answerOf(operation, moved);
}

/** An operator's service operation (SERVIS, GOPARKING) at the locker, recorded once its card and PIN passed. */
export async function recordService(
  tx: Db,
  keybox: LockerKeybox,
  input: { uuid: string; name: 'SERVIS' | 'GOPARKING'; boxName?: string; notes?: string },
  operatorId: number,
  at: Date,
): Promise<KboxLockerAnswer> {
  const operation = await recordOperation(tx, keybox, {
    occurred: at,
    name: input.name,
    operatorId,
    boxName: input.boxName ?? null,
    notes: input.notes ?? null,
    pin: true,
    uuid: input.uuid,
  });
  return answerOf(operation, null);
}

async function contentOfSite(tx: Db, siteId: number, id: number): Promise<ContentRow> {
  const [content] = await tx
    .select()
    .from(kboxContents)
    .where(and(eq(kboxContents.id, id), eq(kboxContents.siteId, siteId)));
  if (!content) throw notFound();
  return content;
}

/**
 * 'Vrátit zásilku': a DEPOSITED content not returned yet goes back to its sender, with a new PIN (the old one
 * stops working) sent in the `pickup` notification.
 */
export async function returnContent(tx: Db, siteId: number, id: number, at: Date): Promise<void> {
  const content = await contentOfSite(tx, siteId, id);
  if (content.status !== 'DEPOSITED' || content.returned)
    throw stateError('Only a deposited content is returned, once');
  const pin = await newPickUpPin(tx, content.keyboxId, at, content.id);
  const moved = await moveContent(
    tx,
    content,
    'DEPOSITED',
    {
      returned: true,
      pinHash: pin.pinHash,
      pinExpires: pin.pinExpires,
    },
    at,
  );
  await notifyContent(tx, moved, 'pickup', at, { pin });
}

/**
 * Sends a notification of a content again, to the same channel and recipient. A kind carrying a PIN gets a new
 * PIN (the old one stops working), only while the content waits in the box.
 */
export async function resendMessage(tx: Db, siteId: number, id: number, at: Date): Promise<void> {
  const [message] = await tx
    .select()
    .from(kboxMessages)
    .where(and(eq(kboxMessages.id, id), eq(kboxMessages.siteId, siteId)));
  if (!message) throw notFound();
  let content = await contentOfSite(tx, siteId, message.contentId);
  const kind: KboxNotificationKind = message.kind;
  let pin: { pin: string; pinExpires: Date } | undefined;
  if (KBOX_PIN_KINDS.includes(kind)) {
    if (content.status !== 'DEPOSITED') throw stateError('The content is not waiting in the box');
    const fresh = await newPickUpPin(tx, content.keyboxId, at, content.id);
    content = await moveContent(
      tx,
      content,
      'DEPOSITED',
      {
        pinHash: fresh.pinHash,
        pinExpires: fresh.pinExpires,
      },
      at,
    );
    pin = fresh;
  }
  await notifyContent(tx, content, kind, at, {
    pin,
    only: { channel: message.channel, recipient: message.recipient },
  });
}
