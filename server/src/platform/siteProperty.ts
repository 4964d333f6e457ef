import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { siteProperties } from '../modules/system/system.tables';

/** The value of a site's active config property (SITE_TIMEOUT, SITE_TIME_ZONE, …), or undefined when unset. */
export async function activeSiteProperty(db: Db, siteId: number, name: string): Promise<unknown> {
  const [property] = await db
    .select({ value: siteProperties.value })
    .from(siteProperties)
    .where(
      and(eq(siteProperties.siteId, siteId), eq(siteProperties.name, name), eq(siteProperties.active, true)),
    );
  return property?.value;
}
