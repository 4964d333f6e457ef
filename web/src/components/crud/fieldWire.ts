import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { WIRE_DATE, type Entity, type FieldDef, type RefValue } from '@strazce/contract';
import { toDisplayMoment, toWireDate, toWireDateTime } from '../../lib/format';

dayjs.extend(customParseFormat);

export type DialogMode = 'create' | 'edit' | 'clone' | 'preview';
export type FormValues = Record<string, unknown>;
export type Row = { id: number; version: number; createdAt?: string; updatedAt?: string } & Record<
  string,
  unknown
>;

/** A wire date (`YYYY-MM-DD`) as the date picker's value. */
export function parseWireDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, WIRE_DATE, true);
  return parsed.isValid() ? parsed : null;
}

/** A wire date-time (ISO 8601) as the date-time picker's value, in the site's time. */
export function parseWireDateTime(value: string | null | undefined): Dayjs | null {
  return value ? toDisplayMoment(value) : null;
}

/** Fields the create/edit form shows: everything the client may send. */
export function formFieldNames(entity: Entity): string[] {
  return entity.fieldNames.filter((name) => !entity.fields[name].readOnly);
}

/** A stored value as the form widget of its field wants it (dates as dayjs, references as ids). */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case 'date':
      return parseWireDate(value as string | null);
    case 'datetime':
      return parseWireDateTime(value as string | null);
    case 'ref':
      return (value as RefValue | null | undefined)?.id ?? null;
    case 'multiRef':
      return ((value as RefValue[] | null | undefined) ?? []).map((item) => item.id);
    case 'multiEnum':
      return [...((value as string[] | null | undefined) ?? [])];
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    case 'password':
      return undefined;
    default:
      return value ?? null;
  }
}

/**
 * Initial form values of a dialog: the declared defaults for a new record, the record's values for edit,
 * clone and preview (a clone never copies a password).
 */
export function recordToFormValues(entity: Entity, record: Row | null): FormValues {
  const values: FormValues = {};
  for (const name of entity.fieldNames) {
    const field = entity.fields[name];
    if (record) values[name] = field.writeOnly ? undefined : toFormValue(field, record[name]);
    else if (field.default !== undefined) values[name] = toFormValue(field, field.default);
    else values[name] = toFormValue(field, null);
  }
  return values;
}

/** Marks a form value that is not valid JSON, so the schema check reports it on the field. */
export const INVALID_JSON = Symbol('invalid json');

/** A form widget's value as the API accepts it. `undefined` leaves the field out of the request. */
export function toInputValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (field.kind) {
    case 'date':
      return value ? toWireDate(value as Dayjs) : null;
    case 'datetime':
      return value ? toWireDateTime(value as Dayjs) : null;
    case 'password':
      return value === null || value === '' ? undefined : value;
    case 'json': {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return null;
      try {
        return JSON.parse(value);
      } catch {
        return INVALID_JSON;
      }
    }
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'color': {
      if (value === null) return field.required ? '' : null;
      const text = String(value);
      // An empty optional field is stored as null; a required one stays '' so the schema says "required".
      return text.trim() === '' && !field.required ? null : text;
    }
    case 'multiEnum':
    case 'multiRef':
      return value ?? [];
    default:
      return value === '' ? null : value;
  }
}

/** The request body of a create (or clone) or an update: writable fields only; an update carries `version`. */
export function formValuesToInput(
  entity: Entity,
  values: FormValues,
  mode: 'create' | 'edit' | 'clone',
  version?: number,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of formFieldNames(entity)) {
    const converted = toInputValue(entity.fields[name], values[name]);
    if (converted !== undefined) input[name] = converted;
  }
  if (mode === 'edit') input.version = version;
  return input;
}
