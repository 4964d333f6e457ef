import { describe, expect, it } from 'vitest';
import {
  computedDue,
  isOpenLending,
  isOverdueLending,
  movementBody,
  movementComplete,
  signedUnits,
  type MovementValues,
} from './movement';

const base: MovementValues = {
  code: ' A-1 ',
  warehouse: 3,
  type: 'STOCK_OPERATION',
  direction: 'in',
  units: 5,
  unique: false,
  serial: '',
  person: null,
  due: null,
  note: '',
};

describe('stock movement', () => {
  it('signs the units by direction; a UNIQUE item moves one unit', () => {
    expect(signedUnits('in', 5, false)).toBe(5);
    expect(signedUnits('out', 5, false)).toBe(-5);
    expect(signedUnits('out', -2.5, false)).toBe(-2.5);
    expect(signedUnits('out', 7, true)).toBe(-1);
  });

  it('builds the body: a receipt, an issue on loan with its person and due, a UNIQUE serial', () => {
    expect(movementBody(base)).toEqual({ code: 'A-1', warehouse: 3, type: 'STOCK_OPERATION', units: 5 });
    expect(
      movementBody({
        ...base,
        type: 'SHORT_TERM',
        direction: 'in',
        person: 9,
        due: '2025-05-01T10:00:00.000Z',
        note: ' for the night shift ',
      }),
    ).toEqual({
      code: 'A-1',
      warehouse: 3,
      type: 'SHORT_TERM',
      units: -5,
      person: 9,
      due: '2025-05-01T10:00:00.000Z',
      note: 'for the night shift',
    });
    expect(movementBody({ ...base, type: 'PERMANENT', unique: true, serial: ' SN1 ', person: 9 })).toEqual({
      code: 'A-1',
      warehouse: 3,
      type: 'PERMANENT',
      units: -1,
      serial: 'SN1',
    });
  });

  it('waits for the code, warehouse, units or serial, and the person of a lending', () => {
    expect(movementComplete(base)).toBe(true);
    expect(movementComplete({ ...base, code: ' ' })).toBe(false);
    expect(movementComplete({ ...base, warehouse: null })).toBe(false);
    expect(movementComplete({ ...base, units: 0 })).toBe(false);
    expect(movementComplete({ ...base, unique: true, units: null })).toBe(false);
    expect(movementComplete({ ...base, unique: true, serial: 'S' })).toBe(true);
    expect(movementComplete({ ...base, type: 'LONG_TERM' })).toBe(false);
    expect(movementComplete({ ...base, type: 'LONG_TERM', person: 1 })).toBe(true);
  });

  it('computes the due time from the max lending hours', () => {
    const from = Date.parse('2025-03-01T08:00:00.000Z');
    expect(computedDue(from, 24)?.toISOString()).toBe('2025-03-02T08:00:00.000Z');
    expect(computedDue(from, null)).toBeNull();
  });

  it('tells open and overdue lendings (a return is neither)', () => {
    const now = Date.parse('2025-03-02T00:00:00.000Z');
    const lending = { type: 'LONG_TERM', units: -1, returned: false, due: '2025-03-01T00:00:00.000Z' };
    expect(isOpenLending(lending)).toBe(true);
    expect(isOverdueLending(lending, now)).toBe(true);
    expect(isOverdueLending({ ...lending, due: '2025-03-03T00:00:00.000Z' }, now)).toBe(false);
    expect(isOverdueLending({ ...lending, due: null, overdue: true }, now)).toBe(true);
    expect(isOpenLending({ ...lending, returned: true })).toBe(false);
    expect(isOpenLending({ ...lending, units: 1, returnOf: { id: 1, label: '' } })).toBe(false);
    expect(isOpenLending({ ...lending, type: 'STOCK_OPERATION' })).toBe(false);
  });
});
