import { describe, expect, it } from 'vitest';
import type { VisitKey } from '@strazce/contract';
import { holderQuery } from './LendDialog';
import { returnBody } from './ReturnDialog';
import { heldKeys, keyName } from './visitKeys';

const lend = (id: number, code: string, label: string, returned: boolean): VisitKey => ({
  lend: id,
  key: { id, code, label },
  lendDateTime: '2026-03-10T08:00:00.000Z',
  due: null,
  returned,
});

describe('the holder of a lend', () => {
  it('is exactly one of person, visit and vehicle, and none until chosen', () => {
    expect(holderQuery('person', 7)).toEqual({ person: 7 });
    expect(holderQuery('visit', 12)).toEqual({ visit: 12 });
    expect(holderQuery('vehicle', 3)).toEqual({ vehicle: 3 });
    expect(holderQuery('visit', null)).toEqual({});
  });
});

describe('the body of a return', () => {
  it('leaves out what was not filled in (the holder brought it, now)', () => {
    expect(returnBody({ gateId: 4, person: '  ', notes: '', time: null })).toEqual({ gate: 4 });
  });

  it('sends who brought the key, the notes and the time, trimmed', () => {
    expect(
      returnBody({ gateId: 4, person: ' Jan Novák ', notes: ' bent ', time: '2026-03-10T09:00:00.000Z' }),
    ).toEqual({ gate: 4, person: 'Jan Novák', notes: 'bent', time: '2026-03-10T09:00:00.000Z' });
  });
});

describe('the keys a visitor holds', () => {
  it('are named by code and name, once', () => {
    expect(keyName({ id: 1, code: 'K-001', label: 'Main gate' })).toBe('K-001 Main gate');
    expect(keyName({ id: 1, code: 'K-001', label: 'K-001 Main gate' })).toBe('K-001 Main gate');
  });

  it('are those not returned yet', () => {
    const keys = [
      lend(1, 'K-001', 'Main gate', false),
      lend(2, 'K-002', 'Store', true),
      lend(3, 'K-003', 'Roof', false),
    ];
    expect(heldKeys(keys)).toEqual({ count: 2, names: 'K-001 Main gate, K-003 Roof' });
    expect(heldKeys(undefined)).toEqual({ count: 0, names: '' });
  });
});
