import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, Fields } from '@strazce/contract';
import { refTarget } from './refs';
import {
  columnKey,
  qualified,
  type CrudContext,
  type CrudOptions,
  type CrudTable,
  type Link,
  type RecordMask,
  type Row,
} from './crudModel';

/*
 * The CRUD machinery's child records: link tables of virtual fields (`multiEnum`, `multiRef`: one row per
 * owner and value) and child lists returned inside the record (a visit's companions).
 */

/**
 * The selection of each link field and child list: correlated subqueries of the record's own select (one
 * statement per page). Drizzle leaves columns unqualified in a select without joins, which inside a subquery
 * would mean the subquery's own tables: every column there is qualified by hand.
 */
export function childSelections<F extends Fields>(
  options: CrudOptions<F>,
  table: CrudTable,
  mask?: RecordMask['children'],
): Record<string, SQL> {
  const { entity } = options;
  const selection: Record<string, SQL> = {};
  const fieldEntries = Object.entries(entity.fields) as [string, FieldDef][];
  const owner = qualified(table.id);
  const linkEntries = Object.entries(options.links ?? {}) as [string, Link][];
  for (const [name, link] of linkEntries) {
    const field = entity.fields[name];
    if (!field?.virtual) throw new Error(`${name} is not a virtual field`);
    if (field.kind === 'multiRef') {
      const target = refTarget(field.ref!);
      const aliasName = `link_${name}`;
      const joined = alias(target.table, aliasName) as unknown as Record<string, PgColumn> & PgTable;
      const joinedId = qualified(joined.id, aliasName);
      const label = target.label(joined);
      const order = link.position ? qualified(link.position) : label;
      selection[name] =
        sql`coalesce((select json_agg(json_build_object('id', ${joinedId}, 'label', ${label}) order by ${order})
        from ${link.table} join ${target.table} ${sql.identifier(aliasName)} on ${qualified(link.value)} = ${joinedId}
        where ${qualified(link.owner)} = ${owner}), '[]'::json)`;
    } else {
      const value = qualified(link.value);
      const order = link.position ? qualified(link.position) : value;
      selection[name] = sql`coalesce((select json_agg(${value} order by ${order})
        from ${link.table} where ${qualified(link.owner)} = ${owner}), '[]'::json)`;
    }
  }
  for (const [name, field] of fieldEntries) {
    if (field.virtual && !options.links?.[name as keyof F & string])
      throw new Error(`No link table for ${entity.resource}.${name}`);
  }
  for (const [name, child] of Object.entries(options.children ?? {})) {
    const values = Object.fromEntries(
      Object.entries(child.columns).map(([key, column]) => [key, qualified(column)]),
    );
    const masked = mask?.[name] ?? {};
    const pairs = sql.join(
      Object.entries(values).map(([key, value]) => {
        const maskedValue = masked[key];
        return sql`${sql.raw(`'${key}'`)}, ${maskedValue ? maskedValue(value, values) : value}`;
      }),
      sql`, `,
    );
    selection[name] =
      sql`coalesce((select json_agg(json_build_object(${pairs}) order by ${qualified(child.orderBy)})
      from ${child.table} where ${qualified(child.owner)} = ${owner}), '[]'::json)`;
  }
  return selection;
}

/** The link fields' writes of an entity. */
export function crudLinks<F extends Fields>(options: CrudOptions<F>) {
  const linkEntries = Object.entries(options.links ?? {}) as [string, Link][];
  /** The virtual (link) fields of an input, as the audit shows them among the changed fields. */
  function linkValues(input: Row): Row {
    return Object.fromEntries(
      linkEntries.filter(([name]) => input[name] !== undefined).map(([name]) => [name, input[name]]),
    );
  }

  async function writeLinks(id: number, input: Row, ctx: CrudContext, creating: boolean): Promise<void> {
    for (const [name, link] of linkEntries) {
      const values = (input[name] ?? (creating ? [] : undefined)) as unknown[] | undefined;
      if (values === undefined) continue;
      await ctx.tx.delete(link.table).where(eq(link.owner, id));
      const unique = [...new Set(values)];
      if (unique.length > 0) {
        const ownerKey = columnKey(link.table, link.owner);
        const valueKey = columnKey(link.table, link.value);
        const positionKey = link.position ? columnKey(link.table, link.position) : null;
        const siteKey = link.site ? columnKey(link.table, link.site) : null;
        await ctx.tx.insert(link.table).values(
          unique.map((value, index) => ({
            [ownerKey]: id,
            [valueKey]: value,
            ...(positionKey ? { [positionKey]: index } : {}),
            ...(siteKey ? { [siteKey]: ctx.siteId } : {}),
          })),
        );
      }
    }
  }

  return { linkValues, writeLinks };
}
