import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bool,
  color,
  date,
  datetime,
  decimal,
  defineEntity,
  email,
  enumOf,
  exportQuerySchema,
  filterParams,
  int,
  multiEnum,
  multiRef,
  password,
  phone,
  plate,
  ref,
  text,
  textarea,
} from './entity';
import { person, user } from './entities/system';
import { visit } from './entities/visit';
import { PAGE_SIZES } from './wire';

const gadget = defineEntity({
  resource: 'test/gadget',
  module: 'MOD_STOCK',
  scope: 'site',
  read: ['STOCK_ADMIN', 'STOCK_VIEW'],
  write: ['STOCK_ADMIN'],
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 20, list: true, sort: true, filter: 'contains', unique: true }),
    note: textarea({ max: 50 }),
    contact: email(),
    phone: phone(),
    color: color(),
    count: int({ min: 0, max: 10, sort: true, filter: 'range' }),
    price: decimal({ min: 0, filter: 'eq' }),
    bought: date({ filter: 'range', sort: true }),
    checked: datetime({ filter: 'range' }),
    kind: enumOf(['BATCH', 'UNIQUE'], { required: true, filter: 'in' }),
    state: enumOf(['NEW', 'OLD'], { filter: 'eq' }),
    owner: ref('system_person', { filter: 'eq' }),
    secret: password(),
    active: bool({ default: true, filter: 'eq', sort: true }),
    serial: text({ readOnly: true }),
    tags: multiEnum(['A', 'B'] as const),
    members: multiRef('access_user'),
  },
});

function issues(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('defineEntity: create schema', () => {
  const create = gadget.schemas.create;

  it('accepts a minimal and a full valid input', () => {
    expect(create.parse({ name: 'Drill', kind: 'BATCH' })).toEqual({ name: 'Drill', kind: 'BATCH' });
    const full = {
      name: '  Drill  ',
      note: 'n',
      contact: 'a@b.cz',
      phone: '+420 123 456 789',
      color: '#a0B0c0',
      count: 3,
      price: 12.5,
      bought: '2024-02-29',
      checked: '2024-02-29T10:00:00.000+01:00',
      kind: 'UNIQUE',
      state: null,
      owner: 7,
      secret: 'Secret123!',
      active: false,
      tags: ['A'],
      members: [1, 2],
    };
    expect(create.parse(full)).toEqual({ ...full, name: 'Drill' });
  });

  it('rejects unknown fields, read-only fields and the id', () => {
    expect(issues(create, { name: 'x', kind: 'BATCH', colour: 'red' })).toEqual([
      { path: '', message: expect.stringContaining('colour') },
    ]);
    expect(issues(create, { name: 'x', kind: 'BATCH', serial: 'S1' })[0].message).toContain('serial');
    expect(issues(create, { name: 'x', kind: 'BATCH', id: 5 })[0].message).toContain('id');
  });

  it('requires required fields (blank text counts as missing)', () => {
    expect(issues(create, { kind: 'BATCH' }).map((issue) => issue.path)).toEqual(['name']);
    expect(issues(create, { name: '   ', kind: 'BATCH' })).toEqual([
      { path: 'name', message: 'validation.required' },
    ]);
    expect(issues(create, { name: 'x' }).map((issue) => issue.path)).toEqual(['kind']);
  });

  it.each([
    ['name', 'x'.repeat(21), 'validation.maxLength'],
    ['note', 'x'.repeat(51), 'validation.maxLength'],
    ['contact', 'not-an-address', 'validation.email'],
    ['phone', '12-34', 'validation.phone'],
    ['color', 'red', 'validation.color'],
    ['count', -1, 'validation.min'],
    ['count', 11, 'validation.max'],
    ['price', -0.01, 'validation.min'],
    ['bought', '29.02.2024', 'validation.date'],
    ['checked', '2024-02-29 10:00', 'validation.datetime'],
    ['kind', 'OTHER', 'validation.enum'],
    ['owner', 0, 'validation.ref'],
    ['secret', 'weak', 'validation.password'],
    ['tags', ['C'], 'validation.enum'],
    ['members', [-1], 'validation.ref'],
  ])('reports %s = %j as %s', (field, value, message) => {
    const found = issues(create, { name: 'x', kind: 'BATCH', [field]: value });
    expect(found).toHaveLength(1);
    expect(found[0].path.split('.')[0]).toBe(field);
    expect(found[0].message).toBe(message);
  });

  it('takes null for optional fields but not for required ones', () => {
    expect(create.safeParse({ name: 'x', kind: 'BATCH', note: null, owner: null, count: null }).success).toBe(
      true,
    );
    expect(create.safeParse({ name: null, kind: 'BATCH' }).success).toBe(false);
    expect(create.safeParse({ name: 'x', kind: 'BATCH', active: null }).success).toBe(false);
  });

  it('rejects values of the wrong type', () => {
    expect(create.safeParse({ name: 5, kind: 'BATCH' }).success).toBe(false);
    expect(create.safeParse({ name: 'x', kind: 'BATCH', count: 1.5 }).success).toBe(false);
    expect(create.safeParse({ name: 'x', kind: 'BATCH', count: '1' }).success).toBe(false);
    expect(create.safeParse({ name: 'x', kind: 'BATCH', active: 'true' }).success).toBe(false);
  });
});

describe('defineEntity: update schema', () => {
  const update = gadget.schemas.update;
  it('needs the version and nothing else', () => {
    expect(update.parse({ version: 0 })).toEqual({ version: 0 });
    expect(issues(update, { name: 'x' }).map((issue) => issue.path)).toEqual(['version']);
    expect(update.safeParse({ version: -1 }).success).toBe(false);
    expect(update.safeParse({ version: '1' }).success).toBe(false);
  });
  it('validates the fields it gets and rejects unknown ones', () => {
    expect(issues(update, { version: 1, name: '' })).toEqual([
      { path: 'name', message: 'validation.required' },
    ]);
    expect(issues(update, { version: 1, unknown: true })[0].message).toContain('unknown');
    expect(issues(update, { version: 1, serial: 'S' })[0].message).toContain('serial');
  });
});

describe('defineEntity: record schema', () => {
  it('never carries write-only fields and keeps read-only ones', () => {
    const shape = (gadget.schemas.record as unknown as z.ZodObject).shape;
    expect(Object.keys(shape)).not.toContain('secret');
    expect(Object.keys(shape)).toContain('serial');
    expect(Object.keys((user.schemas.record as unknown as z.ZodObject).shape)).not.toContain('password');
  });
  it('strips anything not declared, e.g. a password hash', () => {
    const parsed = user.schemas.record.parse({
      id: 1,
      version: 0,
      createdAt: 'c',
      updatedAt: 'u',
      userName: 'jan',
      authProvider: 'LOCAL',
      person: null,
      lastLogin: null,
      valid: true,
      forceTfa: false,
      tfa: false,
      mustChangePassword: false,
      roles: [],
      groups: [],
      sites: [],
      passwordHash: '$argon2id$…',
      password: 'Secret123!',
    });
    expect(parsed).not.toHaveProperty('passwordHash');
    expect(parsed).not.toHaveProperty('password');
  });
});

describe('defineEntity: list query', () => {
  const listQuery = gadget.schemas.listQuery;

  it('defaults to page 1 of the first page size, sorted by the default', () => {
    expect(listQuery.parse({})).toEqual({ page: 1, size: 10, sort: undefined, filters: {} });
  });

  it.each(PAGE_SIZES.map(String))('accepts the page size %s', (size) => {
    expect(listQuery.parse({ size }).size).toBe(Number(size));
  });

  it.each(['0', '5', '20', '101', '1000', 'all', '25.5'])('rejects the page size %s', (size) => {
    expect(listQuery.safeParse({ size }).success).toBe(false);
  });

  it('rejects pages below 1 and non-numeric pages', () => {
    expect(listQuery.parse({ page: '3' }).page).toBe(3);
    for (const page of ['0', '-1', 'x', '1.5']) expect(listQuery.safeParse({ page }).success).toBe(false);
  });

  it('parses the sort of a sortable field, asc by default', () => {
    expect(listQuery.parse({ sort: 'name,desc' }).sort).toEqual({ field: 'name', direction: 'desc' });
    expect(listQuery.parse({ sort: 'count' }).sort).toEqual({ field: 'count', direction: 'asc' });
    expect(listQuery.parse({ sort: 'id,asc' }).sort).toEqual({ field: 'id', direction: 'asc' });
  });

  it.each(['note,asc', 'secret', 'name,up', 'name,ASC', 'unknown,desc', ',asc'])(
    'rejects the sort %j',
    (sort) => {
      expect(issues(listQuery, { sort })).toEqual([{ path: 'sort', message: 'validation.sort' }]);
    },
  );

  it('takes declared filters with typed values and range bounds', () => {
    expect(
      listQuery.parse({
        name: 'dr',
        countFrom: '2',
        countTo: '5',
        price: '1.5',
        boughtFrom: '2024-01-01',
        checkedTo: '2024-01-01T00:00:00.000Z',
        kind: 'BATCH,UNIQUE',
        state: 'NEW',
        owner: '3',
        active: 'false',
      }).filters,
    ).toEqual({
      name: 'dr',
      countFrom: 2,
      countTo: 5,
      price: 1.5,
      boughtFrom: '2024-01-01',
      checkedTo: '2024-01-01T00:00:00.000Z',
      kind: 'BATCH,UNIQUE',
      state: 'NEW',
      owner: 3,
      active: false,
    });
  });

  it.each([
    { note: 'x' },
    { count: '3' },
    { secret: 'x' },
    { foo: 'bar' },
    { active: 'yes' },
    { state: 'BROKEN' },
    { owner: 'abc' },
    { boughtFrom: '1.1.2024' },
    { countFrom: 'many' },
  ])('rejects the query %j', (query) => {
    expect(listQuery.safeParse(query).success).toBe(false);
  });

  it('names the query parameters of each filter', () => {
    expect(filterParams('count', gadget.fields.count)).toEqual(['countFrom', 'countTo']);
    expect(filterParams('name', gadget.fields.name)).toEqual(['name']);
    expect(filterParams('note', gadget.fields.note)).toEqual([]);
  });
});

describe('declared system entities', () => {
  it('keeps persons and users for administrators', () => {
    for (const entity of [person, user]) {
      expect(entity.read).toEqual(['ADMINISTRATOR']);
      expect(entity.write).toEqual(['ADMINISTRATOR']);
      expect(entity.scope).toBe('global');
    }
  });
  it('accepts a user with roles, groups and sites and refuses unknown roles', () => {
    const input = { userName: 'jan', password: 'Secret123!', roles: ['KM_USER'], groups: [1], sites: [2] };
    expect(user.schemas.create.parse(input)).toEqual(input);
    expect(user.schemas.create.safeParse({ ...input, roles: ['ANPR'] }).success).toBe(false);
    expect(user.schemas.create.safeParse({ ...input, roles: ['ROLE_ANY'] }).success).toBe(false);
    expect(user.schemas.create.safeParse({ ...input, userName: 'ab' }).success).toBe(false);
    expect(user.schemas.create.safeParse({ ...input, tfa: true }).success).toBe(false);
  });
});

describe('exportQuerySchema', () => {
  const exportQuery = exportQuerySchema(visit.schemas.listQuery);

  it("takes the list's parameters and the language of the file", () => {
    expect(exportQuery.parse({ direction: 'IN', inArea: 'true', sort: 'lastName,asc', lang: 'en' })).toEqual({
      page: 1,
      size: 10,
      sort: { field: 'lastName', direction: 'asc' },
      filters: { direction: 'IN', inArea: true },
      lang: 'en',
    });
    expect(exportQuery.parse({})).not.toHaveProperty('lang');
    // The web app may name its own language as it is.
    expect(exportQuery.parse({ lang: 'en-US' }).lang).toBe('en-US');
  });

  it('refuses what the list refuses, and an unknown language', () => {
    expect(exportQuery.safeParse({ sort: 'bogus,asc' }).error?.issues).toMatchObject([
      { path: ['sort'], message: 'validation.sort' },
    ]);
    expect(exportQuery.safeParse({ nonsense: '1' }).success).toBe(false);
    expect(exportQuery.safeParse({ lang: 'de' }).success).toBe(false);
  });
});

describe('plate fields', () => {
  const parked = defineEntity({
    resource: 'test/parked',
    scope: 'site',
    read: ['ROLE_ANYONE_LOGGED'],
    write: ['ROLE_ANYONE_LOGGED'],
    fields: { plate: plate({ required: true, list: true, filter: 'contains' }), trailer: plate() },
  });

  it('stores one normal form of a plate however it is written', () => {
    for (const written of ['1AB 2345', '1ab-2345', '1AB2345'])
      expect(parked.schemas.create.parse({ plate: written, trailer: `${written}x` })).toEqual({
        plate: '1AB2345',
        trailer: '1AB2345X',
      });
    expect(parked.schemas.update.parse({ version: 1, trailer: null })).toEqual({ version: 1, trailer: null });
  });

  it('refuses what is no plate, with the plate message', () => {
    const result = parked.schemas.create.safeParse({ plate: 'AB_12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.plate']);
  });

  it('filters by the normal form of what is typed', () => {
    expect(parked.schemas.listQuery.parse({ plate: '1ab 23' }).filters).toEqual({ plate: '1AB23' });
  });
});
