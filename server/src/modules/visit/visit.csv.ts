import type { Row } from '../../platform/crud';

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

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((item: Row) =>
        [item.name ?? item.object, item.document ?? item.serialNumber].filter((part) => part).join(' / '),
      )
      .join('; ');
  if (typeof value === 'object') return String((value as { label?: unknown }).label ?? '');
  return String(value);
}

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** RFC 4180 CSV with a UTF-8 byte order mark (so spreadsheet programs read Czech letters right). */
export function toCsv(records: Row[]): string {
  const lines = [COLUMNS.join(',')];
  for (const record of records) lines.push(COLUMNS.map((column) => quote(cell(record[column]))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
