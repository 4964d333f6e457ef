import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  attributeModes,
  editorAttributes,
  editorValues,
  missingCompulsory,
  noteValue,
  operationErrorDetails,
  operationValues,
} from './operationForm';

const operation = {
  id: 3,
  name: 'Vjezd',
  compulsoryAttributes: ['ramp', 'licencePlate'],
  lockedAttributes: ['supplier'],
  automaticAttributes: ['entry'],
};

describe("a workflow operation's editor", () => {
  it('gives every attribute its mode', () => {
    const modes = attributeModes(operation);
    expect(modes.ramp).toBe('compulsory');
    expect(modes.supplier).toBe('locked');
    expect(modes.entry).toBe('automatic');
    expect(modes.note).toBe('free');
    expect(new Set(Object.values(attributeModes(null)))).toEqual(new Set(['free']));
  });

  it('starts from the transport and names the compulsory attributes left empty', () => {
    const values = editorValues({
      id: 1,
      version: 4,
      licencePlate: '1AB2345',
      ramp: null,
      supplier: { id: 2, label: 'Alfa' },
      logisticsOperations: [{ id: 7, label: 'Vykládka' }],
    });
    expect(values.supplier).toBe(2);
    expect(values.logisticsOperations).toEqual([7]);
    const modes = attributeModes(operation);
    expect(missingCompulsory(modes, values)).toEqual(['ramp']);
    expect(missingCompulsory(modes, { ...values, ramp: 3, licencePlate: '  ' })).toEqual(['licencePlate']);
  });

  it('sends the compulsory and free attributes, never the locked or automatic ones', () => {
    const modes = attributeModes(operation);
    const body = operationValues(modes, {
      ramp: 3,
      licencePlate: '1AB2345',
      supplier: 9,
      entry: dayjs('2026-11-25T08:00:00Z'),
      note: '',
      datetimeArrive: null,
    });
    expect(body).toMatchObject({ ramp: 3, licencePlate: '1AB2345', note: null, datetimeArrive: null });
    expect('supplier' in body).toBe(false);
    expect('entry' in body).toBe(false);
  });

  it('sends a note trimmed, or none', () => {
    expect(noteValue('  ok ')).toBe('ok');
    expect(noteValue('   ')).toBeNull();
    expect(noteValue(undefined)).toBeNull();
  });
});

describe("the editor's fields", () => {
  it('come compulsory first and locked last, the automatic ones left out', () => {
    const names = editorAttributes(attributeModes(operation));
    expect(names.slice(0, 2)).toEqual(['licencePlate', 'ramp']);
    expect(names.at(-1)).toBe('supplier');
    expect(names).not.toContain('entry');
  });

  it("carry the server's messages on the attributes", () => {
    expect(
      operationErrorDetails([
        { path: 'ramp', message: 'validation.required' },
        { path: 'values.supplier', message: 'validation.logisticsLocked' },
      ]).map((detail) => detail.path),
    ).toEqual(['ramp', 'supplier']);
  });
});
