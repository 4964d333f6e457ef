import { eq } from 'drizzle-orm';
import { SYSTEM_PROPERTIES, type SystemPropertyName } from '@strazce/contract';
import type { Db } from '../db/database';
import { systemProperties } from './platform.tables';

/** A system property's value, or its default (`SYSTEM_PROPERTIES` of the contract) while it is not set. */
export async function systemProperty(db: Db, name: SystemPropertyName): Promise<number> {
  const [row] = await db
    .select({ value: systemProperties.value })
    .from(systemProperties)
    .where(eq(systemProperties.name, name));
  return row?.value ?? SYSTEM_PROPERTIES[name].default;
}
