import { serverText, type ServerTextKey, type StockVariance, type TextLanguage } from '@strazce/contract';
import type { Row } from '../../platform/crud';
import { csvOptionsFor, toCsvText } from '../../platform/csv';
import { recordsToCsv, type RecordCsvColumns, type RecordCsvOptions } from '../../platform/recordCsv';

/** The CSV layout of an entity's export: its columns, labelled and coded by the entity's texts. */
function layoutOf<C extends string>(
  resource: string,
  columns: readonly C[],
  dateTimes: readonly C[],
  coded: readonly C[],
): RecordCsvColumns<C> {
  return {
    columns,
    dateTimes: new Set(dateTimes),
    coded: new Set(coded),
    headerKey: (column) => `entity.${resource}.fields.${column}` as ServerTextKey,
    valueKey: (column, value) => `entity.${resource}.values.${column}.${value}` as ServerTextKey,
  };
}

const ITEMS = layoutOf(
  'stock/item',
  [
    'code',
    'name',
    'category',
    'unit',
    'type',
    'minimum',
    'current',
    'belowMinimum',
    'price',
    'valid',
  ] as const,
  [],
  ['type'],
);

const MOVEMENTS = layoutOf(
  'stock/item/movement',
  [
    'movementTime',
    'item',
    'warehouse',
    'units',
    'type',
    'serial',
    'person',
    'due',
    'returned',
    'returnedAt',
    'overdue',
    'user',
    'note',
  ] as const,
  ['movementTime', 'due', 'returnedAt'],
  ['type'],
);

/** The items as CSV in the caller's language. */
export const toItemCsv = (records: Row[], options: RecordCsvOptions) => recordsToCsv(ITEMS, records, options);

/** Movements (or lendings) as CSV in the caller's language, times in the site's zone. */
export const toMovementCsv = (records: Row[], options: RecordCsvOptions) =>
  recordsToCsv(MOVEMENTS, records, options);

/** The variance report's columns, labelled as the web app labels them (items', movements' and lines' fields). */
const VARIANCE_HEADERS: readonly ServerTextKey[] = [
  'entity.stock/item.fields.code',
  'entity.stock/item/movement.fields.item',
  'entity.stock/item/movement.fields.warehouse',
  'entity.stock/item.fields.unit',
  'entity.stock/taking/line.fields.expected',
  'entity.stock/taking/line.fields.counted',
  'entity.stock/taking/line.fields.difference',
  'stock.variance.value',
];

/** A taking's variance report as CSV: one row per line, headers in the file's language. */
export function toVarianceCsv(variance: StockVariance, language: TextLanguage): string {
  return toCsvText(
    VARIANCE_HEADERS.map((key) => serverText(language, key)),
    variance.lines.map((line) => [
      line.item.code,
      line.item.label,
      line.warehouse.label,
      line.unit,
      line.expected,
      line.counted,
      line.difference,
      line.value,
    ]),
    csvOptionsFor(language),
  );
}
