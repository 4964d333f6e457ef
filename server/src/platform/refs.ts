import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export type LabelledTable = PgTable & { id: PgColumn; siteId?: PgColumn };

/** How rows of a resource are referenced from other entities: the table and a human-readable label. */
export interface RefTarget {
  table: LabelledTable;
  /** Label SQL built on a given (aliased) copy of the table. */
  label: (table: any) => SQL;
  scope: 'site' | 'global';
}

const targets = new Map<string, RefTarget>();

export function registerRefTarget(resource: string, target: RefTarget): void {
  targets.set(resource, target);
}

export function refTarget(resource: string): RefTarget {
  const target = targets.get(resource);
  if (!target) throw new Error(`No reference target registered for resource '${resource}'`);
  return target;
}
