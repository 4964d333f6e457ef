import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { workflowOperationProblems } from '@strazce/contract';
import type { Db } from '../../db/database';
import type { CrudHooks, Link, Row } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { checkSitePersons } from '../site/personPicker';
import {
  workflowAutomaticAttributes,
  workflowCompulsoryAttributes,
  workflowLockedAttributes,
  workflowOperationPersons,
  workflowOperationRoles,
  workflowOperations,
  workflowOperationTeams,
} from './logistics.tables';

/** A link table of a workflow operation, as `crudRoutes` stores a virtual field in it. */
const link = (table: PgTable & { siteId: PgColumn; operationId: PgColumn }, value: PgColumn): Link => ({
  table,
  owner: table.operationId,
  value,
  site: table.siteId,
});

/** Where the virtual fields of a workflow operation are kept. */
export const workflowOperationLinks = {
  roles: link(workflowOperationRoles, workflowOperationRoles.role),
  compulsoryAttributes: link(workflowCompulsoryAttributes, workflowCompulsoryAttributes.attribute),
  lockedAttributes: link(workflowLockedAttributes, workflowLockedAttributes.attribute),
  automaticAttributes: link(workflowAutomaticAttributes, workflowAutomaticAttributes.attribute),
  persons: link(workflowOperationPersons, workflowOperationPersons.personId),
  teams: link(workflowOperationTeams, workflowOperationTeams.groupId),
};

const ATTRIBUTE_FIELDS = ['compulsoryAttributes', 'lockedAttributes', 'automaticAttributes'] as const;

/** The stored values of a virtual field of an operation. */
async function linkValues(tx: Db, field: keyof typeof workflowOperationLinks, id: number): Promise<string[]> {
  const { table, owner, value } = workflowOperationLinks[field];
  const rows = await tx
    .select({ value: sql<string>`${value}` })
    .from(table)
    .where(eq(owner, id));
  return rows.map((row) => row.value);
}

/**
 * A workflow operation as it will be stored keeps the rules of `workflowOperationProblems` (400, one detail
 * per field), names persons of the site, and warns 409 LOGISTICS_DUPLICATE when another operation of the
 * site has its name and start status (on a change of either), unless the body says `force: true`.
 */
export const workflowOperationHooks: CrudHooks = {
  async beforeWrite(values, input, ctx, existing) {
    const merged: Row = { withoutEditor: values.withoutEditor ?? existing?.withoutEditor };
    for (const field of ATTRIBUTE_FIELDS)
      merged[field] =
        input[field] ?? (existing ? await linkValues(ctx.tx, field, existing.id as number) : []);
    const problems = Object.entries(workflowOperationProblems(merged));
    if (problems.length > 0)
      throw new AppError(
        'VALIDATION',
        'Validation failed',
        problems.map(([path, message]) => ({ path, message })),
      );
    await checkSitePersons('persons', input.persons, ctx);

    const name = (values.name ?? existing?.name) as string;
    const startStatusId = (values.startStatusId ?? existing?.startStatusId) as number;
    if (input.force === true) return;
    if (existing && name === existing.name && startStatusId === existing.startStatusId) return;
    const [duplicate] = await ctx.tx
      .select({ id: workflowOperations.id })
      .from(workflowOperations)
      .where(
        and(
          eq(workflowOperations.siteId, ctx.siteId!),
          eq(workflowOperations.name, name),
          eq(workflowOperations.startStatusId, startStatusId),
          existing ? ne(workflowOperations.id, existing.id as number) : undefined,
        ),
      )
      .limit(1);
    if (duplicate)
      throw new AppError(
        'LOGISTICS_DUPLICATE',
        'An operation with this name and start status exists; send force: true to save it all the same',
      );
  },
};
