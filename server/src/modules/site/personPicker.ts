import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Entity } from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes } from '../../platform/crud';
import { registerRefTarget, type RefTarget } from '../../platform/refs';
import { persons } from '../system/system.tables';

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
