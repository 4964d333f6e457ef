import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { splitEmails } from '@strazce/contract';
import type { Db } from '../../db/database';
import * as reminders from '../messaging/overdueReminders';
import { gates } from '../site/site.tables';
import { sites } from '../../platform/platform.tables';
import { keyLends, keys } from './keys.tables';

/**
 * The reminders of key management (docs/keys.md) through the shared overdue-reminder mechanism
 * (messaging/overdueReminders.ts): an e-mail to a key's notification addresses when a lend-out of it becomes
 * overdue (once per lend-out), and a daily digest of the site's overdue keys to its key administrators.
 */
export const keyOverdueReminders: reminders.OverdueSource = {
  module: 'MOD_KM',
  administratorRole: 'KM_ADMIN',

  async markOverdue(tx, now) {
    const marked = await tx
      .update(keyLends)
      .set({ overdueNotifiedAt: now })
      .where(
        and(
          eq(keyLends.returned, false),
          isNull(keyLends.overdueNotifiedAt),
          isNotNull(keyLends.due),
          lte(keyLends.due, now),
          sql`exists (select 1 from ${keys} where ${keys.id} = ${keyLends.keyId} and ${keys.notification})`,
        ),
      )
      .returning({ id: keyLends.id });
    return marked.map((row) => row.id);
  },

  async notice(tx, id, atSite) {
    const [row] = await tx
      .select({
        siteId: keyLends.siteId,
        siteName: sites.name,
        keyName: keys.name,
        code: keys.code,
        emails: keys.notificationEmails,
        holder: keyLends.holder,
        lent: keyLends.lendDateTime,
        due: keyLends.due,
        gate: gates.name,
      })
      .from(keyLends)
      .innerJoin(keys, eq(keys.id, keyLends.keyId))
      .innerJoin(sites, eq(sites.id, keyLends.siteId))
      .innerJoin(gates, eq(gates.id, keyLends.gateId))
      .where(eq(keyLends.id, id));
    const recipients = splitEmails(row.emails);
    if (recipients.length === 0) return null;
    const at = await atSite(row.siteId);
    const key = `${row.keyName} (${row.code})`;
    const subject = `Klíč nevrácen / Key overdue: ${key} (${row.siteName})`;
    const body = [
      `Klíč ${key} na objektu ${row.siteName} nebyl vrácen včas.`,
      `Držitel: ${row.holder ?? '–'}; zapůjčen ${at(row.lent)} na bráně ${row.gate}; vrátit do ${at(row.due)}.`,
      '',
      `The key ${key} at ${row.siteName} is overdue.`,
      `Holder: ${row.holder ?? '–'}; lent ${at(row.lent)} at the gate ${row.gate}; due ${at(row.due)}.`,
    ].join('\n');
    return { siteId: row.siteId, recipients, text: { subject, body } };
  },

  async overdueLines(tx, siteId, now, at) {
    const overdue = await tx
      .select({
        keyName: keys.name,
        code: keys.code,
        holder: keyLends.holder,
        lent: keyLends.lendDateTime,
        due: keyLends.due,
      })
      .from(keyLends)
      .innerJoin(keys, eq(keys.id, keyLends.keyId))
      .where(
        and(
          eq(keyLends.siteId, siteId),
          eq(keyLends.returned, false),
          isNotNull(keyLends.due),
          lte(keyLends.due, now),
        ),
      )
      .orderBy(asc(keyLends.due), asc(keyLends.id));
    return overdue.map((row) => {
      const key = `${row.keyName} (${row.code}): ${row.holder ?? '–'}`;
      return {
        cs: `- ${key}, zapůjčen ${at(row.lent)}, vrátit do ${at(row.due)}`,
        en: `- ${key}, lent ${at(row.lent)}, due ${at(row.due)}`,
      };
    });
  },

  digest: (site, day, count, at) => ({
    subject: `Nevrácené klíče / Overdue keys: ${count} (${site}, ${day})`,
    cs: `Nevrácené klíče po termínu na objektu ${site} (${at}):`,
    en: `Overdue keys at ${site} (${at}):`,
  }),
};

/** The overdue notices of key lend-outs at `now` (e-mails queued). */
export const sendOverdueNotices = (db: Db, now: Date) =>
  reminders.sendOverdueNotices(db, keyOverdueReminders, now);

/** The daily digests of overdue keys at `now` (e-mails queued). */
export const sendDailyDigests = (db: Db, now: Date) =>
  reminders.sendDailyDigests(db, keyOverdueReminders, now);
