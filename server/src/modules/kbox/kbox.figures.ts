import { sql } from 'drizzle-orm';
import type { KboxFigures, TextLanguage } from '@strazce/contract';
import type { Db } from '../../db/database';
import { csvOptionsFor, toCsvText } from '../../platform/csv';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';

type Rows<T> = { rows: T[] };

/**
 * Pick-up figures of the site's keyboxes: contents DEPOSITED now and the oldest of them, and over the days
 * `from`–`to` (inclusive, in the site's time zone) the contents picked up and the median minutes from their
 * deposit to their pick-up.
 */
export async function keyboxFigures(
  db: Db,
  siteId: number,
  range: { from: string; to: string },
): Promise<KboxFigures> {
  const zone = await siteTimeZone(db, siteId);
  const start = sql`(${range.from}::date)::timestamp at time zone ${zone}`;
  const end = sql`(${range.to}::date + 1)::timestamp at time zone ${zone}`;
  const result = (await db.execute(sql`
    select k.id, k.name, k.status,
      (select count(*)::int from kbox_content c where c.keybox_id = k.id and c.status = 'DEPOSITED') as waiting,
      (select min(c.deposited_at) from kbox_content c where c.keybox_id = k.id and c.status = 'DEPOSITED')
        as oldest,
      p.picked, p.median
    from kbox_keybox k
    left join lateral (
      select count(*)::int as picked,
        percentile_cont(0.5) within group (
          order by extract(epoch from c.picked_up_at - c.deposited_at) / 60) as median
      from kbox_content c
      where c.keybox_id = k.id and c.status = 'PICKED_UP' and c.deposited_at is not null
        and c.picked_up_at >= ${start} and c.picked_up_at < ${end}
    ) p on true
    where k.site_id = ${siteId}
    order by k.name, k.id`)) as unknown as Rows<{
    id: number;
    name: string;
    status: KboxFigures[number]['status'];
    waiting: number;
    oldest: string | Date | null;
    picked: number | null;
    median: number | string | null;
  }>;
  return result.rows.map((row) => ({
    keybox: { id: row.id, label: row.name },
    status: row.status,
    waiting: row.waiting,
    oldestWaiting: row.oldest === null ? null : new Date(row.oldest).toISOString(),
    pickedUp: row.picked ?? 0,
    medianMinutes: row.median === null ? null : Math.round(Number(row.median) * 10) / 10,
  }));
}

const HEADERS: Record<TextLanguage, string[]> = {
  cs: ['Výdejní box', 'Stav', 'Čeká', 'Nejstarší čekající', 'Vyzvednuto', 'Medián uložení (min)'],
  en: ['Keybox', 'Status', 'Waiting', 'Oldest waiting', 'Picked up', 'Median deposit to pick-up (min)'],
};

/** The figures as CSV in the language, times in the site's zone. */
export function toFiguresCsv(figures: KboxFigures, language: TextLanguage, zone: string): string {
  return toCsvText(
    HEADERS[language],
    figures.map((row) => [
      row.keybox.label,
      row.status,
      row.waiting,
      row.oldestWaiting ? formatSiteDateTime(new Date(row.oldestWaiting), zone) : null,
      row.pickedUp,
      row.medianMinutes,
    ]),
    csvOptionsFor(language),
  );
}
