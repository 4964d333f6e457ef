import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { splitEmails } from '@strazce/contract';
import type { Db } from '../../db/database';
import { loggableError } from '../../platform/errors';
import { formatSiteDateTime, localDate, siteTimeZone } from '../../platform/siteTime';
import { userRolesSql } from '../../platform/session';
import { userSites, users } from '../access/access.tables';
import { queueEmail } from '../messaging/outbox';
import { gates } from '../site/site.tables';
import { persons, siteModules, sites } from '../system/system.tables';
import { keyDigests, keyLends, keys } from './keys.tables';

/**
 * The reminders of key management (docs/keys.md), through the outbox in Czech and English, times in the
 * site's zone: an e-mail to a key's notification addresses when a lend-out of it becomes overdue (once per
 * lend-out), and a daily digest of the site's overdue keys to its key administrators (once per site and day).
 */

const MINUTE_MS = 60_000;
/** The digest goes out at the first run from this hour of the site's day on. */
export const DIGEST_HOUR = 7;

/**
 * Overdue lend-outs of keys with notification, not returned and not yet notified: each is marked and its
 * e-mails queued in one transaction. The mark is taken by `UPDATE … WHERE overdue_notified_at IS NULL`, so two
 * instances running at once never send one twice.
 */
export async function sendOverdueNotices(db: Db, now: Date): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
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
    let queued = 0;
    for (const { id } of marked) {
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
      if (recipients.length === 0) continue;
      const zone = await siteTimeZone(tx, row.siteId);
      const at = (date: Date | null) => (date ? formatSiteDateTime(date, zone) : '–');
      const key = `${row.keyName} (${row.code})`;
      const subject = `Klíč nevrácen / Key overdue: ${key} (${row.siteName})`;
      const body = [
        `Klíč ${key} na objektu ${row.siteName} nebyl vrácen včas.`,
        `Držitel: ${row.holder ?? '–'}; zapůjčen ${at(row.lent)} na bráně ${row.gate}; vrátit do ${at(row.due)}.`,
        '',
        `The key ${key} at ${row.siteName} is overdue.`,
        `Holder: ${row.holder ?? '–'}; lent ${at(row.lent)} at the gate ${row.gate}; due ${at(row.due)}.`,
      ].join('\n');
      for (const recipient of recipients)
        await queueEmail(tx, { siteId: row.siteId, recipient, subject, body });
      queued += recipients.length;
    }
    return queued;
  });
}

/** The e-mail addresses of the site's key administrators: valid users of the site with KM_ADMIN. */
async function keyAdministrators(tx: Db, siteId: number): Promise<string[]> {
  const rows = await tx
    .select({ email: persons.email })
    .from(users)
    .innerJoin(userSites, and(eq(userSites.userId, users.id), eq(userSites.siteId, siteId)))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(
      and(eq(users.valid, true), isNotNull(persons.email), sql`'KM_ADMIN' in (${userRolesSql(users.id)})`),
    )
    .orderBy(asc(users.id));
  return [...new Set(rows.map((row) => String(row.email)).filter((email) => email.includes('@')))];
}

/**
 * The daily digest: for each site with key management, from DIGEST_HOUR of its day on, the day is taken once
 * (`INSERT … ON CONFLICT DO NOTHING` on site and day) and, when keys are overdue, one e-mail listing them goes
 * to each key administrator of the site. Returns the e-mails queued.
 */
export async function sendDailyDigests(db: Db, now: Date): Promise<number> {
  const siteRows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .innerJoin(siteModules, and(eq(siteModules.siteId, sites.id), eq(siteModules.module, 'MOD_KM')))
    .orderBy(asc(sites.id));
  let queued = 0;
  for (const site of siteRows) {
    const zone = await siteTimeZone(db, site.id);
    const hour = Number(formatSiteDateTime(now, zone).slice(11, 13));
    if (hour < DIGEST_HOUR) continue;
    const day = localDate(now, zone);
    queued += await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [taken] = await tx
        .insert(keyDigests)
        .values({ siteId: site.id, day, sentAt: now })
        .onConflictDoNothing()
        .returning({ day: keyDigests.day });
      if (!taken) return 0;
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
            eq(keyLends.siteId, site.id),
            eq(keyLends.returned, false),
            isNotNull(keyLends.due),
            lte(keyLends.due, now),
          ),
        )
        .orderBy(asc(keyLends.due), asc(keyLends.id));
      if (overdue.length === 0) return 0;
      const recipients = await keyAdministrators(tx, site.id);
      if (recipients.length === 0) return 0;
      const at = (date: Date | null) => (date ? formatSiteDateTime(date, zone) : '–');
      const line = (row: (typeof overdue)[number], cs: boolean) =>
        cs
          ? `- ${row.keyName} (${row.code}): ${row.holder ?? '–'}, zapůjčen ${at(row.lent)}, vrátit do ${at(row.due)}`
          : `- ${row.keyName} (${row.code}): ${row.holder ?? '–'}, lent ${at(row.lent)}, due ${at(row.due)}`;
      const subject = `Nevrácené klíče / Overdue keys: ${overdue.length} (${site.name}, ${day})`;
      const body = [
        `Nevrácené klíče po termínu na objektu ${site.name} (${at(now)}):`,
        ...overdue.map((row) => line(row, true)),
        '',
        `Overdue keys at ${site.name} (${at(now)}):`,
        ...overdue.map((row) => line(row, false)),
      ].join('\n');
      for (const recipient of recipients) await queueEmail(tx, { siteId: site.id, recipient, subject, body });
      return recipients.length;
    });
  }
  return queued;
}

/**
 * Runs the reminders every minute (and once at start), like the audit retention; the clock is injectable.
 * Safe with several instances: each notice and each digest is taken by one statement that only one wins.
 */
export function keyRemindersJob(options: { db: Db; log: FastifyBaseLogger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= (async () => {
      const at = now();
      const notices = await sendOverdueNotices(options.db, at);
      const digests = await sendDailyDigests(options.db, at);
      if (notices + digests > 0) options.log.info({ notices, digests }, 'key reminders queued');
    })()
      .catch((error) => options.log.error({ err: loggableError(error) }, 'key reminders failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    run,
    start() {
      void run();
      timer = setInterval(run, MINUTE_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
