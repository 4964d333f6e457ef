import { BLACKLIST_MARKERS, type ServerTextKey } from '@strazce/contract';
import type { Row } from '../../platform/crud';
import { recordsToCsv, type RecordCsvColumns, type RecordCsvOptions } from '../../platform/recordCsv';

/** Columns of the visit export, in order, after the id. */
const COLUMNS = [
  'movementTime',
  'direction',
  'inArea',
  'departed',
  'departureTime',
  'tag',
  'purpose',
  'gate',
  'firstName',
  'lastName',
  'company',
  'documentType',
  'documentNumber',
  'visitedFirstName',
  'visitedLastName',
  'visitedCompany',
  'vehiclePlate',
  'parkingPlace',
  'note',
  'companions',
  'equipment',
  'anonymized',
  ...BLACKLIST_MARKERS,
] as const;
type Column = (typeof COLUMNS)[number];

const LAYOUT: RecordCsvColumns<Column> = {
  columns: COLUMNS,
  dateTimes: new Set<Column>(['movementTime', 'departureTime']),
  coded: new Set<Column>(['direction', ...BLACKLIST_MARKERS]),
  headerKey: (column) =>
    column === 'companions' || column === 'equipment'
      ? `visits.form.${column}`
      : (`entity.visit.fields.${column}` as ServerTextKey),
  valueKey: (column, value) => `entity.visit.values.${column}.${value}` as ServerTextKey,
};

export type VisitCsvOptions = RecordCsvOptions;

/** The visit list as CSV in the caller's language (companions and equipment as `name / document`). */
export function toCsv(records: Row[], options: VisitCsvOptions): string {
  return recordsToCsv(LAYOUT, records, options);
}
