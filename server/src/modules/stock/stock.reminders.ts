import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import * as reminders from '../messaging/overdueReminders';
import { sitePersonLabel } from '../site/personPicker';
import { persons, sites } from '../../platform/platform.tables';
import { lendingSql } from './stock.movement';
import { itemLabel } from './stock.routes';
import { stockItems, stockMovements, stockWarehouses } from './stock.tables';

/** Open lendings past their due at `now`. */
const overdueAt = (now: Date) =>
  and(
    lendingSql(),
    eq(stockMovements.returned, false),
    isNotNull(stockMovements.due),
    lte(stockMovements.due, now),
  );

const personName = sql<string>`${sitePersonLabel(persons)}`;

/**
 * The reminders of stock (docs/stock.md) through the shared overdue-reminder mechanism
 * (messaging/overdueReminders.ts): an e-mail to the borrower (the person's address) when a lending becomes
 * overdue (once per lending), and a daily digest of the site's overdue lendings to its stock administrators.
 */
export const stockOverdueReminders: reminders.OverdueSource = {
  module: 'MOD_STOCK',
  administratorRole: 'STOCK_ADMIN',

  async markOverdue(tx, now) {
    const marked = await tx
      .update(stockMovements)
      .set({ overdueNotifiedAt: now })
      .where(and(overdueAt(now), isNull(stockMovements.overdueNotifiedAt)))
      .returning({ id: stockMovements.id });
    return marked.map((row) => row.id);
  },

  async notice(tx, id, atSite) {
    const [row] = await tx
      .select({
        siteId: stockMovements.siteId,
        siteName: sites.name,
        item: sql<string>`${itemLabel(stockItems)}`,
        serial: stockMovements.serial,
        units: stockMovements.units,
        email: persons.email,
        person: personName,
        lent: stockMovements.movementTime,
        due: stockMovements.due,
        warehouse: stockWarehouses.name,
      })
      .from(stockMovements)
      .innerJoin(stockItems, eq(stockItems.id, stockMovements.itemId))
      .innerJoin(stockWarehouses, eq(stockWarehouses.id, stockMovements.warehouseId))
      .innerJoin(sites, eq(sites.id, stockMovements.siteId))
      .innerJoin(persons, eq(persons.id, stockMovements.personId))
      .where(eq(stockMovements.id, id));
    if (!row?.email?.includes('@')) return null;
    const at = await atSite(row.siteId);
    const what = `${row.item}${row.serial ? ` [${row.serial}]` : ''}, ${-Number(row.units)}`;
    const subject = `Výpůjčka po termínu / Lending overdue: ${row.item} (${row.siteName})`;
    const body = [
      `Vypůjčená položka ${what} ze skladu ${row.warehouse} na objektu ${row.siteName} nebyla vrácena včas.`,
      `Vypůjčil(a): ${row.person}; vydáno ${at(row.lent)}; vrátit do ${at(row.due)}.`,
      '',
      `The lent item ${what} from the warehouse ${row.warehouse} at ${row.siteName} is overdue.`,
      `Borrower: ${row.person}; issued ${at(row.lent)}; due ${at(row.due)}.`,
    ].join('\n');
    return { siteId: row.siteId, recipients: [row.email], text: { subject, body } };
  },

  async overdueLines(tx, siteId, now, at) {
    const rows = await tx
      .select({
        item: sql<string>`${itemLabel(stockItems)}`,
        serial: stockMovements.serial,
        units: stockMovements.units,
        person: personName,
        lent: stockMovements.movementTime,
        due: stockMovements.due,
      })
      .from(stockMovements)
      .innerJoin(stockItems, eq(stockItems.id, stockMovements.itemId))
      .leftJoin(persons, eq(persons.id, stockMovements.personId))
      .where(and(eq(stockMovements.siteId, siteId), overdueAt(now)))
      .orderBy(asc(stockMovements.due), asc(stockMovements.id));
    return rows.map((row) => {
      const what = `${row.item}${row.serial ? ` [${row.serial}]` : ''} × ${-Number(row.units)}: ${row.person ?? '–'}`;
      return {
        cs: `- ${what}, vydáno ${at(row.lent)}, vrátit do ${at(row.due)}`,
        en: `- ${what}, issued ${at(row.lent)}, due ${at(row.due)}`,
      };
    });
  },

  digest: (site, day, count, at) => ({
    subject: `Výpůjčky po termínu / Overdue lendings: ${count} (${site}, ${day})`,
    cs: `Nevrácené výpůjčky ze skladu po termínu na objektu ${site} (${at}):`,
    en: `Overdue stock lendings at ${site} (${at}):`,
  }),
};

/** The overdue notices of stock lendings at `now` (e-mails queued). */
export const sendStockOverdueNotices = (db: Db, now: Date) =>
  reminders.sendOverdueNotices(db, stockOverdueReminders, now);

/** The daily digests of overdue stock lendings at `now` (e-mails queued). */
export const sendStockDailyDigests = (db: Db, now: Date) =>
  reminders.sendDailyDigests(db, stockOverdueReminders, now);
