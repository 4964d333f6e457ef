import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Job } from '../../platform/jobs';
import { queueEmail } from '../messaging/outbox';

/** How often the keyboxes are looked at. */
export const KBOX_OFFLINE_CHECK_MS = 60_000;

type Rows<T> = { rows: T[] };

/**
 * Marks OFFLINE each keybox silent for longer than its `offlineMinutes` (no call of its locker since, or since
 * its creation) and tells its administrator (`notification`) by e-mail through the outbox, in the same
 * transaction. The conditional update makes it happen once per silence even when two instances run it at
 * once (the job runner runs it once per period anyway): the second finds the keybox OFFLINE already.
 * Returns the ids of the keyboxes marked.
 */
export async function markSilentKeyboxes(db: Db, at: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const marked = (await tx.execute(sql`
      update kbox_keybox set status = 'OFFLINE', version = version + 1, updated_at = ${at}::timestamptz
      where status <> 'OFFLINE'
        and coalesce(last_seen, created_at) < ${at}::timestamptz - make_interval(mins => offline_minutes)
      returning id, site_id, name, notification, offline_minutes`)) as unknown as Rows<{
      id: number;
      site_id: number;
      name: string;
      notification: string | null;
      offline_minutes: number;
    }>;
    for (const keybox of marked.rows)
      if (keybox.notification)
        await queueEmail(tx, {
          recipient: keybox.notification,
          siteId: keybox.site_id,
          subject: `Výdejní box ${keybox.name} je OFFLINE / Keybox ${keybox.name} is OFFLINE`,
          body:
            `Výdejní box ${keybox.name} se neozval déle než ${keybox.offline_minutes} min a je veden jako OFFLINE.\n\n` +
            `Keybox ${keybox.name} has not reported for more than ${keybox.offline_minutes} min and is marked OFFLINE.`,
        });
    return marked.rows.map((keybox) => keybox.id);
  });
}

/** The job of the runner (platform/jobs.ts): the OFFLINE check once a minute, on the runner's clock. */
export function kboxOfflineJob(db: Db): Job {
  return { name: 'kbox-offline', everyMs: KBOX_OFFLINE_CHECK_MS, run: (at) => markSilentKeyboxes(db, at) };
}
