import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Entity } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudContext } from '../../platform/crud';
import { validationError } from '../../platform/errors';
import { registerRefTarget, type RefTarget } from '../../platform/refs';
import { persons } from '../../platform/platform.tables';

/** A person of the site as references name them: "Last First". */
export const sitePersonLabel = (t: typeof persons) => sql`${t.lastName} || ' ' || ${t.firstName}`;

/**
 * Site persons as a reference target. Persons carry their site in `homeSiteId`, not `siteId`: whoever takes a
 * reference to one checks in its hooks that the person is of the site.
 */
const sitePersonTarget: RefTarget = { table: persons, label: sitePersonLabel, scope: 'site' };

/** Registers a resource that names site persons (`system_site/person`, a module's picker) as a reference target. */
export function registerSitePersonTarget(resource: string): void {
  registerRefTarget(resource, sitePersonTarget);
}

/**
 * A module's read-only picker of the current site's persons (the contract's `sitePersonPicker`): its reference
 * target and its list and record routes.
 */
export function registerPersonPicker(app: FastifyInstance, db: Db, entity: Entity): void {
  registerSitePersonTarget(entity.resource);
  crudRoutes(app, db, {
    entity,
    table: persons,
    siteColumn: persons.homeSiteId,
    omit: ['create', 'update', 'delete'],
  });
}

/**
 * The persons a write names (a team's members, an operation's notified persons) are of the current site; a
 * person of another site is as if it did not exist (400 `validation.ref` on `field`).
 */
export async function checkSitePersons(field: string, ids: unknown, ctx: CrudContext): Promise<void> {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const unique = [...new Set(ids as number[])];
  const [{ found }] = await ctx.tx
    .select({ found: count() })
    .from(persons)
    .where(and(inArray(persons.id, unique), eq(persons.homeSiteId, ctx.siteId!)));
  if (Number(found) !== unique.length) throw validationError(field, 'validation.ref');
}
