import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  bool,
  date,
  datetime,
  defineEntity,
  int,
  json,
  multiRef,
  password,
  ref,
  text,
} from '@strazce/contract';
import { z } from 'zod';
import { INVALID_JSON, formValuesToInput, recordToFormValues, toInputValue } from './fieldWire';
import { formatDate, formatDateTime, toWireDateTime } from '../../lib/format';

const entity = defineEntity({
  resource: 'test/thing',
  scope: 'global',
  read: ['ADMINISTRATOR'],
  write: ['ADMINISTRATOR'],
  fields: {
    name: text({ required: true }),
    note: text(),
    born: date(),
    seen: datetime({ readOnly: true }),
    due: datetime(),
    owner: ref('system_person'),
    groups: multiRef('access_group'),
    secret: password(),
    count: int(),
    valid: bool({ default: true }),
    extra: json(z.record(z.string(), z.number())),
  },
});

describe('dates on the wire and on screen', () => {
  it('shows wire dates as DD.MM.YYYY and date-times as DD.MM.YYYY HH:mm:ss in local time', () => {
    expect(formatDate('2024-03-09')).toBe('09.03.2024');
    const local = dayjs('2024-03-09T07:05:03.120');
    expect(formatDateTime(local.toISOString())).toBe('09.03.2024 07:05:03');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('sends date-times as ISO with milliseconds and zone, accepted by the contract', () => {
    const wire = toWireDateTime(dayjs('2024-03-09T07:05:03.120'))!;
    expect(wire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.120(Z|[+-]\d{2}:\d{2})$/);
    expect(z.iso.datetime({ offset: true }).safeParse(wire).success).toBe(true);
    expect(dayjs(wire).valueOf()).toBe(dayjs('2024-03-09T07:05:03.120').valueOf());
  });
});

describe('record ↔ form values ↔ request body', () => {
  const record = {
    id: 7,
    version: 3,
    name: 'Alpha',
    note: null,
    born: '1990-05-17',
    seen: '2024-01-01T10:00:00.000Z',
    due: '2024-02-01T08:30:00.000Z',
    owner: { id: 4, label: 'Nováková Jana' },
    groups: [
      { id: 1, label: 'A' },
      { id: 2, label: 'B' },
    ],
    count: 5,
    valid: false,
    extra: { a: 1 },
  };

  it('turns dates into dayjs, references into ids and never pre-fills a password', () => {
    const values = recordToFormValues(entity, record);
    expect(dayjs.isDayjs(values.born)).toBe(true);
    expect((values.born as dayjs.Dayjs).format('DD.MM.YYYY')).toBe('17.05.1990');
    expect(values.owner).toBe(4);
    expect(values.groups).toEqual([1, 2]);
    expect(values.secret).toBeUndefined();
    expect(values.extra).toBe('{\n  "a": 1\n}');
  });

  it('starts a new record from the declared defaults', () => {
    const values = recordToFormValues(entity, null);
    expect(values.valid).toBe(true);
    expect(values.groups).toEqual([]);
    expect(values.owner).toBeNull();
  });

  it('builds an update body the server schema accepts, with version and without read-only fields', () => {
    const input = formValuesToInput(entity, recordToFormValues(entity, record), 'edit', record.version);
    expect(input).toEqual({
      name: 'Alpha',
      note: null,
      born: '1990-05-17',
      due: toWireDateTime(dayjs('2024-02-01T08:30:00.000Z')),
      owner: 4,
      groups: [1, 2],
      count: 5,
      valid: false,
      extra: { a: 1 },
      version: 3,
    });
    expect(entity.schemas.update.safeParse(input).success).toBe(true);
  });

  it('sends an empty optional text as null, keeps an empty required one for the "required" message', () => {
    expect(toInputValue(entity.fields.note, '  ')).toBeNull();
    expect(toInputValue(entity.fields.name, '')).toBe('');
    expect(toInputValue(entity.fields.secret, '')).toBeUndefined();
    expect(toInputValue(entity.fields.extra, '{oops')).toBe(INVALID_JSON);
  });
});
