import { sql, type Placeholder } from 'drizzle-orm';
import { KNOWN_CONFIG_PROPERTIES, MODULES, type ConfigValueType, type ModuleCode } from '@strazce/contract';
import { jsonValue, rowsOf } from '../db/prepared';
import type { Db } from '../db/database';

/**
 * What the app reads of a site before its first page: its enabled modules and its configuration. Asked on their
 * own (`GET /api/system_site/modules`, `GET /api/system_site/config`) and inside the session's one statement
 * (`sessionBody`, auth.service.ts), by the same SQL.
 */

/** The site's enabled modules as a JSON array (SQL). */
export const siteModulesJson = (siteId: number | Placeholder) =>
  sql`coalesce((select json_agg(m.module) from system_site_module m where m.site_id = ${siteId}), '[]')`;

/** The site's active properties as a JSON array of `{ name, type, value }` by name (SQL). */
export const siteConfigJson = (siteId: number | Placeholder) =>
  sql`coalesce((
    select json_agg(json_build_object('name', p.name, 'type', p.type, 'value', p.value) order by p.name)
    from system_site_property p where p.site_id = ${siteId} and p.active
  ), '[]')`;

export interface ConfigRow {
  name: string;
  type: ConfigValueType;
  value: unknown;
}

/** The modules of `siteModulesJson` in the contract's order. */
export function modulesOf(value: unknown): ModuleCode[] {
  const codes = jsonValue<string[]>(value);
  return MODULES.filter((module) => codes.includes(module));
}

/** The properties of `siteConfigJson`, then the known properties the site does not set, with their defaults. */
export function configOf(value: unknown): ConfigRow[] {
  const rows = jsonValue<ConfigRow[]>(value);
  const names = new Set(rows.map((row) => row.name));
  const defaults = Object.entries(KNOWN_CONFIG_PROPERTIES)
    .filter(([name]) => !names.has(name))
    .map(([name, known]) => ({ name, type: known.type as ConfigValueType, value: known.default }));
  return [...rows, ...defaults];
}

/** The modules a site has enabled, in the contract's order. */
export async function siteModuleCodes(db: Db, siteId: number): Promise<ModuleCode[]> {
  const [row] = rowsOf<{ modules: unknown }>(
    await db.execute(sql`select ${siteModulesJson(siteId)} as modules`),
  );
  return modulesOf(row.modules);
}

/** A site's configuration as the app reads it. */
export async function siteConfigEntries(db: Db, siteId: number): Promise<ConfigRow[]> {
  const [row] = rowsOf<{ config: unknown }>(
    await db.execute(sql`select ${siteConfigJson(siteId)} as config`),
  );
  return configOf(row.config);
}
