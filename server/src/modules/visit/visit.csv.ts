import type { Row } from '../../platform/crud';
import { toCsvText, type CsvValue } from '../../platform/csv';

/** Columns of the visit export, in order; a header row names them by their field names. */
const COLUMNS = [
  'id',
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
  'blacklistGovernmentPerson',
  'blacklistGovernmentVehicle',
  'blacklistInternalPerson',
  'blacklistInternalVehicle',
] as const;

/**
 * A record's value as a CSV cell: references by their label, companions and equipment as `name / document`
 * joined by `; `. Numbers stay numbers (written as they are); every text goes through the formula check of
 * the CSV writer.
 */
function cell(value: unknown): CsvValue {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((item: Row) =>
        [item.name ?? item.object, item.document ?? item.serialNumber].filter((part) => part).join(' / '),
      )
      .join('; ');
  if (typeof value === 'object') return String((value as { label?: unknown }).label ?? '');
  if (typeof value === 'number') return value;
  return String(value);
}

/** RFC 4180 CSV with a UTF-8 byte order mark, formula-safe (platform/csv.ts). */
export function toCsv(records: Row[]): string {
  return toCsvText(
    COLUMNS,
    records.map((record) => COLUMNS.map((column) => cell(record[column]))),
  );
}
