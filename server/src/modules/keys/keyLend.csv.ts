import type { ServerTextKey } from '@strazce/contract';
import type { Row } from '../../platform/crud';
import { recordsToCsv, type RecordCsvColumns, type RecordCsvOptions } from '../../platform/recordCsv';

/** Columns of the lend-out export, in order, after the id. */
const COLUMNS = [
  'lendDateTime',
  'key',
  'holder',
  'gate',
  'notes',
  'due',
  'afterDue',
  'returned',
  'returnDateTime',
  'returnGate',
  'returnPerson',
  'returnNotes',
] as const;
type Column = (typeof COLUMNS)[number];

const LAYOUT: RecordCsvColumns<Column> = {
  columns: COLUMNS,
  dateTimes: new Set<Column>(['lendDateTime', 'due', 'returnDateTime']),
  coded: new Set<Column>(),
  headerKey: (column) => `entity.keymanagement/keylend.fields.${column}` as ServerTextKey,
  valueKey: (column) => `entity.keymanagement/keylend.fields.${column}` as ServerTextKey,
};

/** The lend-outs as CSV in the caller's language, times in the site's zone. */
export function toKeyLendCsv(records: Row[], options: RecordCsvOptions): string {
  return recordsToCsv(LAYOUT, records, options);
}
