import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { siteProperties } from './platform.tables';

/** The value of a site's active config property (SITE_TIMEOUT, SITE_TIME_ZONE, …), or undefined when unset. */
export async function activeSiteProperty(db: Db, siteId: number, name: string): Promise<unknown> {
  const [property] = await propertyStatement.rows<{ value: unknown }>(db, { siteId, name });
  return property === undefined ? undefined : siteProperties.value.mapFromDriverValue(property.value);
}
const propertyStatement = preparedStatement(
  () => sql`select ${siteProperties.value} from ${siteProperties}
    where ${siteProperties.siteId} = ${sql.placeholder('siteId')} and ${siteProperties.name} = ${sql.placeholder('name')}
      and ${siteProperties.active}`,
);
