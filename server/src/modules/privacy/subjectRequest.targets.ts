import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CLASSIFICATION,
  SUBJECT_KIND_CATEGORIES,
  SUBJECT_RESOURCES,
  personalFieldsOf,
  type EntityClassification,
  type SubjectResource,
  type SubjectSearchKind,
} from '@strazce/contract';
import { persons } from '../../platform/platform.tables';
import { incidents } from '../incident/incident.tables';
import { kboxContents } from '../kbox/kbox.tables';
import { keyLends } from '../keys/keys.tables';
import { signatureSigned } from '../signature/signature.tables';
import { anprReads, vehicleAdvices, vehicleCompanions, vehicleMovements } from '../vehicle/vehicle.tables';
import { advices, visitCompanions, visits } from '../visit/visit.tables';
import { RETENTION_TARGETS, type RetentionTarget } from './privacy.retention';

type SubjectTable = PgTable & { id: PgColumn };

/**
 * Where a subject request looks for a resource's records: its table and site column. Which columns it
 * searches is the classification's (`searchColumns`); how a record is erased is retention's when the resource
 * has a retention rule (`retention`), else its personal columns are emptied the same way.
 */
export interface SubjectTarget {
  resource: SubjectResource;
  table: SubjectTable;
  siteColumn: PgColumn;
  /** When the record was made (its label in the search, a column of the report): `createdAt` unless named. */
  timeField: string;
  timeColumn: PgColumn;
  classification: EntityClassification;
  retention?: RetentionTarget;
  /** A record that is nothing but one person's data (a companion): erasure deletes it. */
  deleteOnErase?: boolean;
  /**
   * Columns that point at another target's record of the same person: a record found there brings this one
   * along, whatever its own columns hold (a key lent to a visitor, to a person of the site).
   */
  references?: ReadonlyArray<{ column: PgColumn; resource: SubjectResource }>;
}

const TABLES: Record<
  SubjectResource,
  Pick<SubjectTarget, 'siteColumn' | 'deleteOnErase' | 'references'> & { table: PgTable; timeField?: string }
> = {
  visit: { table: visits, siteColumn: visits.siteId },
  'visit/accompaniment': { table: visitCompanions, siteColumn: visitCompanions.siteId, deleteOnErase: true },
  vehicle: { table: vehicleMovements, siteColumn: vehicleMovements.siteId },
  'vehicle/accompaniment': {
    table: vehicleCompanions,
    siteColumn: vehicleCompanions.siteId,
    deleteOnErase: true,
  },
  'visit/advice': { table: advices, siteColumn: advices.siteId },
  'vehicle/advice': { table: vehicleAdvices, siteColumn: vehicleAdvices.siteId },
  // A camera's read of a plate: the plate is personal data (whose car passed when) until retention removes it.
  'vehicle/anpr/read': { table: anprReads, siteColumn: anprReads.siteId, timeField: 'time' },
  // The holder's name is as it was typed at the lend-out; the visit, the vehicle entry or the person it was
  // lent to name the same person.
  'keymanagement/keylend': {
    table: keyLends,
    siteColumn: keyLends.siteId,
    references: [
      { column: keyLends.visitId, resource: 'visit' },
      { column: keyLends.vehicleId, resource: 'vehicle' },
      { column: keyLends.personId, resource: 'system_site/person' },
    ],
  },
  incident: { table: incidents, siteColumn: incidents.siteId },
  'kbox/content': { table: kboxContents, siteColumn: kboxContents.siteId },
  'signature/signed': { table: signatureSigned, siteColumn: signatureSigned.siteId },
  'system_site/person': { table: persons, siteColumn: persons.homeSiteId },
};

export const SUBJECT_TARGETS: readonly SubjectTarget[] = SUBJECT_RESOURCES.map((resource) => {
  const { table, siteColumn, timeField = 'createdAt', deleteOnErase, references } = TABLES[resource];
  const timeColumn = (getTableColumns(table) as Record<string, PgColumn>)[timeField];
  if (!timeColumn) throw new Error(`subject target ${resource}: no column ${timeField}`);
  return {
    resource,
    table: table as SubjectTable,
    siteColumn,
    timeField,
    timeColumn,
    classification: CLASSIFICATION[resource]!,
    retention: RETENTION_TARGETS.find((target) => target.table === table),
    deleteOnErase,
    references,
  };
});

/** The text columns of a target that hold personal data of the kind's categories (from the classification). */
export function searchColumns(target: SubjectTarget, kind: SubjectSearchKind): PgColumn[] {
  const columns = getTableColumns(target.table) as Record<string, PgColumn>;
  return personalFieldsOf(target.classification, SUBJECT_KIND_CATEGORIES[kind])
    .map((field) => columns[field])
    .filter((column): column is PgColumn => column !== undefined && column.dataType === 'string');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Folds a value as the search compares it: lower case; plates and phones without spaces and dashes. */
export function normalizedValue(kind: SubjectSearchKind, value: string): string {
  const lower = value.trim().toLowerCase();
  return kind === 'plate' || kind === 'phone' ? lower.replace(/[\s-]+/g, '') : lower.replace(/\s+/g, ' ');
}

/**
 * The condition of a target's records matching the value: a name matches when every word of it is in the
 * record's identity (and free text) columns; any other kind when one column holds the value.
 */
export function matchCondition(
  target: SubjectTarget,
  kind: SubjectSearchKind,
  value: string,
): SQL | undefined {
  const columns = searchColumns(target, kind);
  if (columns.length === 0) return undefined;
  const folded = normalizedValue(kind, value);
  if (kind === 'name') {
    const joined = sql`lower(concat_ws(' ', ${sql.join(columns, sql`, `)}))`;
    const words = folded.split(' ').filter(Boolean);
    return and(...words.map((word) => sql`${joined} like ${`%${escapeLike(word)}%`}`));
  }
  const pattern = `%${escapeLike(folded)}%`;
  return or(
    ...columns.map((column) =>
      kind === 'plate' || kind === 'phone'
        ? sql`regexp_replace(lower(${column}), '[[:space:]-]+', '', 'g') like ${pattern}`
        : sql`lower(${column}) like ${pattern}`,
    ),
  );
}

/** The condition of a target's records on the sites `siteIds`. */
export const onSites = (target: SubjectTarget, siteIds: number[]): SQL =>
  siteIds.length === 1 ? eq(target.siteColumn, siteIds[0]!) : inArray(target.siteColumn, siteIds);
