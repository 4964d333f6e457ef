import { count, eq, getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Entity, ErrorDetail, FieldDef } from '@strazce/contract';
import type { Db } from '../db/database';
import { AppError } from './errors';

/**
 * Whether a record is still in use: the deletion rule of the CRUD machinery (ARCHITECTURE.md, "nothing is
 * lost"). A record is used by
 * - every row of a CRUD entity whose `ref` field points to it (a visit's visited person, a user's person),
 *   unless the database deletes that row with it (`on delete cascade`: the row is a part of the record,
 *   as a visit's companions are), and
 * - every row of a site-scoped CRUD entity whose site column points to it (a site's gates, visits, audit).
 * Such a record is not deleted: the caller gets IN_USE naming what uses it, and can deactivate it instead.
 * The uses are derived from the entities registered with `crudRoutes`, so a new module's references count
 * without any code of its own.
 */
interface Use {
  /** `<resource>.<field>` of the referring entity, or `<resource>` for the rows of a site. */
  path: string;
  entity: Entity;
  field?: string;
  /** Translation key naming the use, when it is not the field's label. */
  fieldKey?: string;
  table: PgTable;
  column: PgColumn;
  /** The table the column refers to. */
  target: PgTable;
}

function foreignKeyOf(table: PgTable, column: PgColumn) {
  return getTableConfig(table).foreignKeys.find((key) => key.reference().columns.includes(column));
}

/**
 * The uses known to one app (`app.usage`): the entities its CRUD routes serve and the references its modules add.
 * Per app, not module state: a test's app with entities of its own (tables only its database has) leaves nothing
 * behind for the next app in the same process.
 */
export type UsageRegistry = ReturnType<typeof usageRegistry>;

export function usageRegistry() {
  const uses = new Map<string, Use>();
  const add = (use: Use) => {
    const key = `${getTableName(use.table)}.${use.column.name}`;
    if (!uses.has(key)) uses.set(key, use);
  };
  return {
    /**
     * Registers what an entity's rows refer to (called by `crudRoutes`). `refTable` resolves a referenced
     * resource to its table (refs.ts).
     */
    addEntity: (
      entity: Entity,
      table: PgTable,
      siteColumn: PgColumn | undefined,
      refTable: (resource: string) => PgTable,
    ) => addEntityUses(add, entity, table, siteColumn, refTable),
    /**
     * A reference the entity declarations do not show (a column of the server's own, such as the entry an OUT
     * row closes): added by its module beside its routes.
     */
    add: (use: Omit<Use, 'path'> & { field: string }) =>
      add({ ...use, path: `${use.entity.resource}.${use.field}` }),
    /** The uses of the record `id` of `table`, as details of an IN_USE error (empty when nothing uses it). */
    usesOf: (tx: Db, table: PgTable, id: number) => usesOf([...uses.values()], tx, table, id),
    /** Refuses to delete a record that is still in use (IN_USE, 409) and says what uses it. */
    refuseIfInUse: async (tx: Db, table: PgTable, id: number) => {
      const details = await usesOf([...uses.values()], tx, table, id);
      if (details.length > 0)
        throw new AppError('IN_USE', 'The record is in use; deactivate it instead of deleting it', details);
    },
  };
}

function addEntityUses(
  add: (use: Use) => void,
  entity: Entity,
  table: PgTable,
  siteColumn: PgColumn | undefined,
  refTable: (resource: string) => PgTable,
): void {
  const columns = table as unknown as Record<string, PgColumn>;
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (field.kind !== 'ref' || field.virtual) continue;
    const column = columns[`${name}Id`];
    if (!column) continue;
    const key = foreignKeyOf(table, column);
    if (key?.onDelete === 'cascade') continue;
    add({
      path: `${entity.resource}.${name}`,
      entity,
      field: name,
      table,
      column,
      target: key ? key.reference().foreignTable : refTable(field.ref!),
    });
  }
  if (entity.scope === 'site' && siteColumn) {
    const key = foreignKeyOf(table, siteColumn);
    if (key)
      add({ path: entity.resource, entity, table, column: siteColumn, target: key.reference().foreignTable });
  }
}

/** Counting stops here: "10000+" says enough and keeps the check cheap on a table of millions. */
const COUNT_LIMIT = 10_000;

async function usesOf(uses: Use[], tx: Db, table: PgTable, id: number): Promise<ErrorDetail[]> {
  const details: ErrorDetail[] = [];
  for (const use of uses) {
    if (use.target !== table) continue;
    const [{ found }] = await tx.select({ found: count() }).from(
      tx
        .select({ one: sql`1` })
        .from(use.table)
        .where(eq(use.column, id))
        .limit(COUNT_LIMIT + 1)
        .as('uses'),
    );
    const number = Number(found);
    if (number === 0) continue;
    details.push({
      path: use.path,
      message: use.field ? 'crud.usedByField' : 'crud.usedBy',
      params: {
        count: number > COUNT_LIMIT ? `${COUNT_LIMIT}+` : number,
        entityKey: `${use.entity.i18nKey}.title`,
        ...(use.field ? { fieldKey: use.fieldKey ?? `${use.entity.i18nKey}.fields.${use.field}` } : {}),
      },
    });
  }
  return details;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What uses a record, for the deletion rule (usage.ts). */
    usage: UsageRegistry;
  }
}
