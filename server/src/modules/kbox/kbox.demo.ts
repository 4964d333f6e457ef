import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { hashPassword } from '../../platform/secrets';
import { authorizeMachineClient } from '../../platform/terminalRecords';
import { siteModules } from '../../platform/platform.tables';
import { kboxContents, kboxKeyboxes, kboxOperations, kboxOperators, kboxWorkflows } from './kbox.tables';

const HOUR_MS = 3_600_000;
/** The demo operator's PIN at the lockers (docs/kbox.md). */
export const DEMO_KBOX_OPERATOR_PIN = '2468';

/**
 * Demo data of keyboxes on the demo sites with MOD_KBOX: the keybox "Recepce" (its token is not shown: a new
 * one is taken on /kbox/manager), an operator, a workflow e-mailing the recipient on deposit and the sender on
 * pick-up, and four parcels — one recorded, two waiting (one unpaid), one picked up after five hours.
 */
export async function seedKboxDemo(tx: Db, siteIds: number[], now = new Date()): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  for (const siteId of siteIds) {
    const [enabled] = await tx
      .select({ module: siteModules.module })
      .from(siteModules)
      .where(and(eq(siteModules.siteId, siteId), eq(siteModules.module, 'MOD_KBOX')));
    if (!enabled) continue;
    const client = await authorizeMachineClient(tx, {
      siteId,
      name: 'Výdejní box Recepce',
      role: 'KBOX_TERMINAL',
    });
    const [keybox] = await tx
      .insert(kboxKeyboxes)
      .values({ siteId, name: 'Recepce', uuid: randomUUID(), clientId: client.id, lastSeen: now })
      .returning({ id: kboxKeyboxes.id });
    await tx.insert(kboxOperators).values({
      siteId,
      cardNumber: 'K-0001',
      name: 'Technik Novák',
      pinHash: await hashPassword(DEMO_KBOX_OPERATOR_PIN),
      pinSet: true,
    });
    const [workflow] = await tx
      .insert(kboxWorkflows)
      .values({
        siteId,
        name: 'E-shop',
        uuid: randomUUID(),
        keyboxId: keybox.id,
        providerName: 'Demo e-shop',
        email: 'eshop@example.com',
        notifyCustomer: true,
        subject: 'Zásilka {{content.id}}',
        incomingEmail: true,
        incomingMessage:
          'Dobrý den {{recipient.name}}, zásilka {{content.trackingNumber}} na vás čeká ve výdejním boxu ' +
          '{{content.keybox}}, schránka {{content.boxName}}. PIN pro vyzvednutí: {{pin}} (platí do {{pin.expires}}).',
        pickedEmail: true,
        pickedMessage: 'Zásilka {{content.id}} byla vyzvednuta.',
      })
      .returning({ id: kboxWorkflows.id });
    const parcel = (contentId: number, recipientName: string) => ({
      siteId,
      contentId,
      keyboxId: keybox.id,
      workflowId: workflow.id,
      trackingNumber: `DR${contentId}CZ`,
      recipientName,
      recipientEmail: `${recipientName.split(' ')[0].toLowerCase()}@example.com`,
      senderName: 'Demo e-shop',
      senderEmail: 'eshop@example.com',
      currency: 'CZK',
    });
    // Demo PINs nobody knows: a new one comes with "Send again" of the parcel's notification.
    const pinHash = () => hashPassword(String(randomInt(0, 1_000_000)).padStart(6, '0'));
    const contents = await tx
      .insert(kboxContents)
      .values([
        {
          ...parcel(1001, 'Petr Svoboda'),
          status: 'PICKED_UP',
          boxName: 'A1',
          depositedAt: ago(30),
          pickedUpAt: ago(25),
          operation: 'PICK_UP',
        },
        {
          ...parcel(1002, 'Jana Nováková'),
          status: 'DEPOSITED',
          boxName: 'A2',
          depositedAt: ago(6),
          operation: 'DEPOSIT',
          pinHash: await pinHash(),
          pinExpires: ago(6 - 72),
        },
        {
          ...parcel(1003, 'Eva Dvořáková'),
          status: 'DEPOSITED',
          boxName: 'B1',
          depositedAt: ago(2),
          operation: 'DEPOSIT',
          paymentValue: '349.00',
          paymentStatus: 'PENDING',
          variableSymbol: '2026003',
          pinHash: await pinHash(),
          pinExpires: ago(2 - 72),
        },
        { ...parcel(1004, 'Tomáš Černý'), expectedTime: ago(-24) },
      ])
      .returning({ id: kboxContents.id, contentId: kboxContents.contentId });
    const [picked, waiting, unpaid] = contents;
    const operation = (
      contentId: number,
      type: 'DEPOSIT' | 'PICK_UP',
      hoursAgo: number,
      boxName: string,
    ) => ({
      siteId,
      keyboxId: keybox.id,
      contentId,
      type,
      occurred: ago(hoursAgo),
      direction: 'INCOMING' as const,
      boxName,
      pin: type === 'PICK_UP',
      recipientNotified: type === 'DEPOSIT',
      senderNotified: type === 'PICK_UP',
      uuid: randomUUID(),
    });
    await tx
      .insert(kboxOperations)
      .values([
        operation(picked.id, 'DEPOSIT', 30, 'A1'),
        operation(picked.id, 'PICK_UP', 25, 'A1'),
        operation(waiting.id, 'DEPOSIT', 6, 'A2'),
        operation(unpaid.id, 'DEPOSIT', 2, 'B1'),
      ]);
  }
}
