import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { client, patrolInstance, person, user } from '@strazce/contract';
import {
  activeFilterCount,
  buildListQuery,
  initialTableState,
  loadTableState,
  sanitizeTableState,
  saveTableState,
} from './tableState';

describe('table state → list query', () => {
  it('starts on page 1 with the first page size and the entity default sort', () => {
    const state = initialTableState(person);
    expect(state).toEqual({
      page: 1,
      size: 10,
      sort: { field: 'lastName', direction: 'asc' },
      filters: {},
      hidden: [],
    });
    expect(buildListQuery(person, state)).toEqual({ page: 1, size: 10, sort: 'lastName,asc' });
  });

  it('turns each filter kind into the parameters the server parses', () => {
    const state = {
      page: 3,
      size: 25,
      sort: { field: 'expires', direction: 'desc' as const },
      filters: {
        name: '  kiosk ',
        authorized: true,
        person: { id: 12, label: 'Novák Jan' },
        expires: ['2024-01-01', '2024-01-31'] as [string, string],
      },
      hidden: [],
    };
    const query = buildListQuery(client, state);
    expect(query).toMatchObject({
      page: 3,
      size: 25,
      sort: 'expires,desc',
      name: 'kiosk',
      authorized: 'true',
      person: 12,
    });
    expect(dayjs(String(query.expiresFrom)).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe(
      '2024-01-01 00:00:00.000',
    );
    expect(dayjs(String(query.expiresTo)).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2024-01-31 23:59:59.999');
    const parsed = client.schemas.listQuery.safeParse(
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    );
    expect(parsed.success).toBe(true);
  });

  it('leaves out empty filters and an open range end, and counts active filters', () => {
    const state = {
      ...initialTableState(client),
      filters: { name: '', expires: [null, '2024-02-01'] as [null, string] },
    };
    const query = buildListQuery(client, state);
    expect(query.name).toBeUndefined();
    expect(query.expiresFrom).toBeUndefined();
    expect(query.expiresTo).toBeDefined();
    expect(activeFilterCount(state)).toBe(1);
  });

  it('sends a range of numbers as it is (a score from 70), with the fixed filters of the page beside', () => {
    const query = buildListQuery(patrolInstance, {
      ...initialTableState(patrolInstance),
      filters: { score: ['70', null] },
    });
    expect(query.scoreFrom).toBe('70');
    expect(query.scoreTo).toBeUndefined();
    const parsed = patrolInstance.schemas.listQuery.safeParse(
      Object.fromEntries(Object.entries({ ...query, inProgress: 'false' }).map(([k, v]) => [k, String(v)])),
    );
    expect(parsed.success).toBe(true);
  });

  it('joins an "in" filter with commas and ignores fields without a filter', () => {
    const entity = {
      ...user,
      fields: { ...user.fields, authProvider: { ...user.fields.authProvider, filter: 'in' as const } },
    };
    const query = buildListQuery(entity, {
      ...initialTableState(user),
      filters: { authProvider: ['LOCAL', 'LDAP'], phone: 'x' },
    });
    expect(query.authProvider).toBe('LOCAL,LDAP');
    expect(query.phone).toBeUndefined();
  });
});

describe('remembered state', () => {
  const memoryStorage = () => {
    const store = new Map<string, string>();
    return {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      clear: () => store.clear(),
      key: () => null,
      length: 0,
    } as Storage;
  };
  beforeEach(() => {
    globalThis.sessionStorage = memoryStorage();
    globalThis.localStorage = memoryStorage();
  });

  it('restores what a screen saved and keeps screens apart', () => {
    const saved = {
      page: 2,
      size: 50,
      sort: { field: 'firstName', direction: 'desc' as const },
      filters: { valid: false },
      hidden: ['note'],
    };
    saveTableState('/admin/persons', saved);
    expect(loadTableState('/admin/persons', person, initialTableState(person))).toEqual(saved);
    expect(loadTableState('/site/persons', person, initialTableState(person))).toEqual(
      initialTableState(person),
    );
  });

  it('keeps the column choice beyond the session, and forgets it when every column shows again', () => {
    const state = { ...initialTableState(person), page: 3, hidden: ['email', 'phone'] };
    saveTableState('/admin/persons', state);
    globalThis.sessionStorage = memoryStorage(); // a new session
    expect(loadTableState('/admin/persons', person, initialTableState(person))).toEqual({
      ...initialTableState(person),
      hidden: ['email', 'phone'],
    });
    saveTableState('/admin/persons', { ...state, hidden: [] });
    expect(localStorage.getItem('strazce.columns./admin/persons')).toBeNull();
    expect(loadTableState('/admin/persons', person, initialTableState(person)).hidden).toEqual([]);
  });

  it('starts with the optional columns hidden and keeps a choice per list, even one that shows them all', () => {
    const initial = initialTableState(person, { hidden: ['phone'] });
    expect(initial.hidden).toEqual(['phone']);
    // The default choice is not stored: a list whose default columns change shows the new ones.
    saveTableState('/admin/persons', initial, initial.hidden);
    expect(localStorage.getItem('strazce.columns./admin/persons')).toBeNull();
    // Every column shown: stored, and restored in a new session.
    saveTableState('/admin/persons', { ...initial, hidden: [] }, initial.hidden);
    globalThis.sessionStorage = memoryStorage();
    expect(loadTableState('/admin/persons', person, initial).hidden).toEqual([]);
    expect(loadTableState('/site/persons', person, initial).hidden).toEqual(['phone']);
  });

  it('drops stale parts: unknown sizes, unsortable fields, unfilterable filters', () => {
    const fallback = initialTableState(person);
    const state = sanitizeTableState(
      person,
      {
        page: 0,
        size: 30,
        sort: { field: 'note', direction: 'asc' },
        filters: { note: 'x', lastName: 'Nov' },
        hidden: ['email', 'renamedField', 3],
      },
      fallback,
    );
    expect(state).toEqual({
      page: 1,
      size: 10,
      sort: fallback.sort,
      filters: { lastName: 'Nov' },
      hidden: ['email', 'renamedField'],
    });
    expect(sanitizeTableState(person, 'garbage', fallback)).toBe(fallback);
  });
});
