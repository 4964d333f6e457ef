import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleCode, Role } from '@strazce/contract';
import type { Db } from '../../db/database';
import { queueEmail } from './outbox';
import { persons, siteModules, sites, userSites, users } from '../../platform/platform.tables';
import { overdueDigests } from './messaging.tables';
import { loggableError } from '../../platform/errors';
import type { Job } from '../../platform/jobs';
import { userRolesSql } from '../../platform/session';
import { formatSiteDateTime, localDate, siteTimeZone } from '../../platform/siteTime';

/**
 * Overdue lendings e-mailed, one mechanism for every module that lends (keys, stock; docs/keys.md,
 * docs/stock.md), through the outbox in Czech and English with times in the site's zone: a notice when a
 * lending becomes overdue (once per lending) and a daily digest of the site's overdue lendings to the module's
 * administrators (once per module, site and day). Safe with several instances: each notice and each digest
 * is taken by one statement only one of them wins, and the job runs once a minute across them.
 */

const MINUTE_MS = 60_000;
/** The digest goes out at the first run from this hour of the site's day on. */
export const DIGEST_HOUR = 7;

/** A moment as the e-mails show it, in a site's zone; '–' for none. */
export type AtSite = (date: Date | null) => string;

/** One e-mail's text: the same for every recipient. */
export interface ReminderText {
  subject: string;
  body: string;
}

/** What a module that lends tells the mechanism. */
export interface OverdueSource {
  /** The module: the digest goes to the sites with it enabled. */
  module: ModuleCode;
  /** Who gets the digest: the valid users of the site with this role and an e-mail address. */
  administratorRole: Role;
  /**
   * Marks the lendings that are overdue at `now` and not yet notified, in one statement only one instance
   * wins (`UPDATE … SET notified = now WHERE notified IS NULL … RETURNING id`): their ids.
   */
  markOverdue(tx: Db, now: Date): Promise<number[]>;
  /** The notice of a marked lending: its site, recipients and text; none when nobody is to be told. */
  notice(
    tx: Db,
    id: number,
    atSite: (siteId: number) => Promise<AtSite>,
  ): Promise<{ siteId: number; recipients: string[]; text: ReminderText } | null>;
  /** The site's overdue lendings at `now` as lines of the digest, oldest due first. */
  overdueLines(tx: Db, siteId: number, now: Date, at: AtSite): Promise<Array<{ cs: string; en: string }>>;
  /** The digest's subject and headings. */
  digest(site: string, day: string, count: number, at: string): { subject: string; cs: string; en: string };
}

const atSiteOf = (db: Db) => async (siteId: number) => {
  const zone = await siteTimeZone(db, siteId);
  return (date: Date | null) => (date ? formatSiteDateTime(date, zone) : '–');
};

/** Queues the notices of the lendings newly overdue at `now`, in one transaction; returns the e-mails queued. */
export async function sendOverdueNotices(db: Db, source: OverdueSource, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    let queued = 0;
    for (const id of await source.markOverdue(tx, now)) {
      const notice = await source.notice(tx, id, atSiteOf(tx));
      if (!notice) continue;
      for (const recipient of notice.recipients)
        await queueEmail(tx, { siteId: notice.siteId, recipient, ...notice.text });
      queued += notice.recipients.length;
    }
    return queued;
  });
}

/** The e-mail addresses of a site's valid users with the role. */
async function administrators(tx: Db, siteId: number, role: Role): Promise<string[]> {
  const rows = await tx
    .select({ email: persons.email })
    .from(users)
    .innerJoin(userSites, and(eq(userSites.userId, users.id), eq(userSites.siteId, siteId)))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.valid, true), isNotNull(persons.email), sql`${role} in (${userRolesSql(users.id)})`))
    .orderBy(asc(users.id));
  return [...new Set(rows.map((row) => String(row.email)).filter((email) => email.includes('@')))];
}

/**
 * The daily digest: for each site with the module, from DIGEST_HOUR of its day on, the day is taken once
 * (`INSERT … ON CONFLICT DO NOTHING` on module, site and day) and, when lendings are overdue, one e-mail listing
 * them goes to each administrator of the site. Returns the e-mails queued.
 */
export async function sendDailyDigests(db: Db, source: OverdueSource, now: Date): Promise<number> {
  const siteRows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .innerJoin(siteModules, and(eq(siteModules.siteId, sites.id), eq(siteModules.module, source.module)))
    .orderBy(asc(sites.id));
  let queued = 0;
  for (const site of siteRows) {
    const zone = await siteTimeZone(db, site.id);
    const hour = Number(formatSiteDateTime(now, zone).slice(11, 13));
    if (hour < DIGEST_HOUR) continue;
    const day = localDate(now, zone);
    queued += await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(overdueDigests)
        .values({ module: source.module, siteId: site.id, day, sentAt: now })
        .onConflictDoNothing()
        .returning({ day: overdueDigests.day });
      if (!taken) return 0;
      const at: AtSite = (date) => (date ? formatSiteDateTime(date, zone) : '–');
      const lines = await source.overdueLines(tx, site.id, now, at);
      if (lines.length === 0) return 0;
      const recipients = await administrators(tx, site.id, source.administratorRole);
      if (recipients.length === 0) return 0;
      const { subject, cs, en } = source.digest(site.name, day, lines.length, at(now));
      const body = [cs, ...lines.map((line) => line.cs), '', en, ...lines.map((line) => line.en)].join('\n');
      for (const recipient of recipients) await queueEmail(tx, { siteId: site.id, recipient, subject, body });
      return recipients.length;
    });
  }
  return queued;
}

/**
 * The job (platform/jobs.ts) that runs the reminders of every source once a minute, at the runner's clock.
 */
export function overdueRemindersJob(options: {
  db: Db;
  log: FastifyBaseLogger;
  sources: readonly OverdueSource[];
}): Job {
  const runSource = async (source: OverdueSource, at: Date) => {
    try {
      const notices = await sendOverdueNotices(options.db, source, at);
      const digests = await sendDailyDigests(options.db, source, at);
      if (notices + digests > 0)
        options.log.info({ module: source.module, notices, digests }, 'overdue reminders queued');
    } catch (error) {
      options.log.error({ module: source.module, err: loggableError(error) }, 'overdue reminders failed');
    }
  };
  return {
    name: 'overdue-reminders',
    everyMs: MINUTE_MS,
    async run(at) {
      for (const source of options.sources) await runSource(source, at);
    },
  };
}
