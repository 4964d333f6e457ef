import { and, eq, is, sql, SQL } from 'drizzle-orm';
import { hasNotPastDates, pastDateProblems } from '@strazce/contract';
import type { Db } from '../db/database';
import {
  columnPlaceholders,
  columnValues,
  definedKeys,
  preparedInsert,
  preparedShapes,
} from '../db/prepared';
import { auditRecord, changedFields } from './audit';
import { AppError, notFound, validationError } from './errors';
import { refTarget } from './refs';
import { siteToday } from './siteTime';
import { crudLinks } from './crudChildren';
import {
  columnKey,
  columnName,
  qualified,
  toColumnValue,
  type CrudContext,
  type CrudModel,
  type CrudRepository,
  type LazySql,
  type Row,
} from './crudModel';

/*
 * The CRUD machinery's writes: a record's insert and its update at the version the caller read, with the
 * entity's checks, its references checked in one statement, its link fields, the hooks and the audit entry.
 */

/** The writes of an entity (`crudModel`); `findRow` reads the record before an update. */
export function crudWrites(model: CrudModel, findRow: CrudRepository['findRow']) {
  const { entity, options, clock, table, fieldEntries, siteColumn, byId, bound } = model;
  const hooks = options.hooks ?? {};
  const { linkValues, writeLinks } = crudLinks(options);
  /** The keys of values a prepared write can bind, or null when one is SQL (built anew). */
  const boundKeys = (values: Row) => {
    const keys = definedKeys(values);
    return keys.some((key) => is(values[key], SQL)) ? null : keys;
  };
  const insertPrepared = preparedInsert(table);
  const updateStatement = preparedShapes((handle, shape: { keys: readonly string[]; where: LazySql }) =>
    handle
      .update(table)
      .set({
        ...columnPlaceholders(shape.keys),
        version: sql`${table.version} + 1`,
        updatedAt: columnPlaceholders(['updatedAt']).updatedAt,
      })
      .where(and(shape.where(), eq(table.version, sql.placeholder('expectedVersion'))))
      .returning({ id: table.id }),
  );

  async function insertRow(tx: Db, values: Row): Promise<number> {
    if (!boundKeys(values)) {
      const [created] = (await tx.insert(table).values(values).returning({ id: table.id })) as {
        id: number;
      }[];
      return created.id;
    }
    return insertPrepared(tx, values);
  }

  /** Updates the record at the version the caller read; its id, or undefined when it is not (or no longer) so. */
  async function updateRow(id: number, version: number, values: Row, ctx: CrudContext) {
    const updatedAt = new Date(clock.now());
    const keys = boundKeys(values)?.filter((key) => key !== 'version' && key !== 'updatedAt');
    if (!keys || ctx.rowFilter) {
      const [updated] = await ctx.tx
        .update(table)
        .set({ ...values, version: sql`${table.version} + 1`, updatedAt })
        .where(and(byId(id, ctx.siteId, ctx.rowFilter), eq(table.version, version)))
        .returning({ id: table.id });
      return updated?.id;
    }
    const { where, values: whereValues } = bound({ id, siteId: ctx.siteId });
    const [updated] = await updateStatement(keys.join(','), { keys, where }).rows<{ id: number }>(ctx.tx, {
      ...whereValues,
      ...columnValues(table, [...keys, 'updatedAt'], { ...values, updatedAt }),
      expectedVersion: version,
    });
    return updated?.id;
  }

  /** Input → column values: defaults on create, refs to `<name>Id`, read-only and write-only fields left out. */
  function toColumns(input: Row, creating: boolean): Row {
    const values: Row = {};
    for (const [name, field] of fieldEntries) {
      if (field.readOnly || field.writeOnly || field.virtual) continue;
      let value = input[name];
      if (value === undefined && creating && field.default !== undefined) value = field.default;
      if (value === undefined) continue;
      values[columnName(name, field)] = toColumnValue(field, value);
    }
    return values;
  }

  /** The refs of an input that name records: each field's distinct ids, and whether its target is the site's. */
  function referencesOf(input: Row, ctx: CrudContext) {
    const references: Array<{ name: string; ids: number[]; bySite: boolean }> = [];
    for (const [name, field] of fieldEntries) {
      const value = input[name];
      const ids =
        field.kind === 'ref' && typeof value === 'number'
          ? [value]
          : field.kind === 'multiRef' && Array.isArray(value)
            ? [...new Set(value as number[])]
            : [];
      if (ids.length === 0) continue;
      if (!ids.every(Number.isSafeInteger)) throw validationError(name, 'validation.ref');
      const target = refTarget(field.ref!);
      const bySite = target.scope === 'site' && !!target.table.siteId && ctx.siteId !== null;
      references.push({ name, ids, bySite });
    }
    return references;
  }

  // One statement counts the records every ref of an input names (of the caller's site where they belong to
  // one), prepared per set of refs.
  const referenceCount = preparedShapes(
    (handle, references: ReadonlyArray<{ name: string; bySite: boolean }>) => {
      const counts = references.map(({ name, bySite }, index) => {
        const target = refTarget(entity.fields[name].ref!).table;
        const site = bySite ? sql` and ${qualified(target.siteId!)} = ${sql.placeholder('siteId')}` : sql``;
        return sql`(select count(*) from ${target} where ${qualified(target.id)} = any(${sql.placeholder(`ids${index}`)}::int[])${site})::int as ${sql.identifier(`found${index}`)}`;
      });
      return sql`select ${sql.join(counts, sql`, `)}`;
    },
  );

  /** A reference to a site-scoped entity must point into the same site; otherwise it is as if it did not exist. */
  async function checkReferences(input: Row, ctx: CrudContext): Promise<void> {
    const references = referencesOf(input, ctx);
    if (references.length === 0) return;
    const key = references.map(({ name, bySite }) => `${name}:${bySite}`).join(',');
    const values: Record<string, unknown> = { siteId: ctx.siteId };
    references.forEach(({ ids }, index) => (values[`ids${index}`] = `{${ids.join(',')}}`));
    const [found] = await referenceCount(key, references).rows<Record<string, number>>(ctx.tx, values);
    references.forEach(({ name, ids }, index) => {
      if (Number(found[`found${index}`]) !== ids.length) throw validationError(name, 'validation.ref');
    });
  }

  const checksDates = hasNotPastDates(entity);
  /**
   * The entity's own rules of a record (`check` in the contract) and its dates that must be in the future
   * (`notPast`, against the site's today by the app's clock), shared with the form.
   */
  async function checkRecord(input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
    const details = [...(entity.check?.(input, existing) ?? [])];
    if (checksDates && ctx.siteId !== null) {
      const today = await siteToday(ctx.tx, ctx.siteId, new Date(clock.now()));
      details.push(...pastDateProblems(entity, input, today, existing));
    }
    if (details.length > 0) throw new AppError('VALIDATION', 'Validation failed', details);
  }

  const insert: CrudRepository['insert'] = async (input, ctx) => {
    await checkRecord(input, ctx);
    await checkReferences(input, ctx);
    const values = toColumns(input, true);
    if (entity.scope === 'site') values[columnKey(table, siteColumn!)] = ctx.siteId;
    await hooks.beforeWrite?.(values, input, ctx);
    const createdId = await insertRow(ctx.tx, values);
    await writeLinks(createdId, input, ctx, true);
    await hooks.afterWrite?.(createdId, input, ctx);
    auditRecord(ctx.request, {
      entity: entity.resource,
      recordId: createdId,
      siteId: ctx.siteId,
      changes: changedFields(undefined, { ...values, ...linkValues(input) }),
    });
    return createdId;
  };

  const update: CrudRepository['update'] = async (id, input, ctx, options = {}) => {
    const existing = options.existing ?? (await findRow(id, ctx));
    if (!existing) throw notFound();
    await checkRecord(input, ctx, existing);
    await checkReferences(input, ctx);
    const values = { ...toColumns(input, false), ...options.set };
    await hooks.beforeWrite?.(values, input, ctx, existing);
    const updated = await updateRow(id, input.version, values, ctx);
    if (updated === undefined)
      throw options.conflict?.() ?? new AppError('CONFLICT', 'Record was modified by someone else');
    await writeLinks(id, input, ctx, false);
    await hooks.afterWrite?.(id, input, ctx, existing);
    auditRecord(ctx.request, {
      entity: entity.resource,
      recordId: id,
      siteId: ctx.siteId,
      changes: changedFields(existing, { ...values, ...linkValues(input) }),
    });
  };

  return { insert, update };
}
