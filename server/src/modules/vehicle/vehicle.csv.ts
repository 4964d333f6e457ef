import type { ServerTextKey } from '@strazce/contract';
import type { Row } from '../../platform/crud';
import { recordsToCsv, type RecordCsvColumns, type RecordCsvOptions } from '../../platform/recordCsv';

/** Columns of the vehicle export, in order, after the id. */
const COLUMNS = [
  'movementTime',
  'direction',
  'inArea',
  'departed',
  'departureTime',
  'forwarder',
  'plate',
  'card',
  'driverFirstName',
  'driverLastName',
  'driverContact',
  'documentType',
  'documentNumber',
  'trailerPlate',
  'trailerInArea',
  'trailerDepartureTime',
  'purpose',
  'trackingNumber',
  'trailerTrackingNumber',
  'containerNumber',
  'status',
  'trailerStatus',
  'note',
  'gate',
  'trailerSeal',
  'material',
  'type',
  'blacklistGovernmentPerson',
  'blacklistGovernmentVehicle',
  'blacklistInternalPerson',
  'blacklistInternalVehicle',
] as const;
type Column = (typeof COLUMNS)[number];

const LAYOUT: RecordCsvColumns<Column> = {
  columns: COLUMNS,
  dateTimes: new Set<Column>(['movementTime', 'departureTime', 'trailerDepartureTime']),
  coded: new Set<Column>([
    'direction',
    'status',
    'trailerStatus',
    'blacklistGovernmentPerson',
    'blacklistGovernmentVehicle',
    'blacklistInternalPerson',
    'blacklistInternalVehicle',
  ]),
  headerKey: (column) => `entity.vehicle.fields.${column}` as ServerTextKey,
  valueKey: (column, value) => `entity.vehicle.values.${column}.${value}` as ServerTextKey,
};

/** The vehicle movement list as CSV in the caller's language. */
export function toVehicleCsv(records: Row[], options: RecordCsvOptions): string {
  return recordsToCsv(LAYOUT, records, options);
}
