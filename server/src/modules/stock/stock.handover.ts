import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { prepareSignatureIfAvailable } from '../signature/signature.service';
import { sitePersonLabel } from '../site/personPicker';
import { persons } from '../../platform/platform.tables';
import type { LockedItem } from './stock.levels';
import { stockItems, stockMovements, stockUnits } from './stock.tables';

/**
 * The handover document of a stock category (docs/stock.md): an issue (PERMANENT, or a lending) or a lending's
 * return of an item whose category asks for a document on it (`issueDocument`, `returnDocument`) prepares the
 * category's `handoverDocument` to be signed — the one call other modules use (`prepareSignatureIfAvailable`,
 * docs/signatures.md), in the movement's transaction — and the movement keeps the copy (`document`). When
 * none can be prepared (signatures off on the site, no valid document with a template), the movement is still
 * written and says so (`documentMissing`), as a key lend-out is written without its protocol.
 */

/** A new movement as its handover document needs it. */
export interface HandoverMovement {
  id: number;
  item: LockedItem;
  issue: boolean;
  returnOfId: number | null;
  units: number;
  serial: string | null;
  personId: number | null;
  movementTime: Date;
}

/** Whether the movement's category asks for a document on it: an issue or a lending's return. */
export function wantsHandover(movement: Omit<HandoverMovement, 'id'>): boolean {
  const { handover } = movement.item;
  if (movement.returnOfId !== null) return handover.onReturn;
  return movement.issue && handover.onIssue;
}

/**
 * Prepares the category's handover document for a new issue or return that asks for one and links it to the
 * movement (`source` MOD_STOCK and the movement's id, titled with the item, the quantity, the person and the
 * movement's time in the site's zone); or marks the movement `documentMissing`.
 */
export async function prepareHandover(
  tx: Db,
  siteId: number,
  movement: HandoverMovement,
  now: Date,
): Promise<void> {
  const documentId = movement.item.handover.documentId;
  const signedId = documentId
    ? await prepareSignatureIfAvailable(
        tx,
        {
          siteId,
          documentId,
          title: await handoverTitle(tx, siteId, movement),
          source: { module: 'MOD_STOCK', id: movement.id },
        },
        now,
      )
    : null;
  await tx
    .update(stockMovements)
    .set({ documentId: signedId, documentMissing: signedId === null })
    .where(eq(stockMovements.id, movement.id));
}

/** "Svítilna (SK-002) SV-1001, 1 ks: Novák Jan, 02.04.2026 08:00:00" — who, what, how much and when. */
async function handoverTitle(tx: Db, siteId: number, movement: HandoverMovement): Promise<string> {
  const [item] = await tx
    .select({
      name: stockItems.name,
      unit: stockUnits.abbreviation,
      person: movement.personId
        ? sql<
            string | null
          >`(select ${sitePersonLabel(persons)} from ${persons} where ${persons.id} = ${movement.personId})`
        : sql<null>`null`,
    })
    .from(stockItems)
    .innerJoin(stockUnits, eq(stockUnits.id, stockItems.unitId))
    .where(eq(stockItems.id, movement.item.id));
  const what = `${item.name} (${movement.item.code})${movement.serial ? ` ${movement.serial}` : ''}`;
  const quantity = `${Math.abs(movement.units)} ${item.unit}`;
  const when = formatSiteDateTime(movement.movementTime, await siteTimeZone(tx, siteId));
  return `${what}, ${quantity}: ${item.person ? `${item.person}, ` : ''}${when}`;
}
