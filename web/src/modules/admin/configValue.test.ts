import { describe, expect, it } from 'vitest';
import { checkConfigValue } from '@strazce/contract';
import { convertConfigValue, fromJsonText, toJsonText, toScalar } from './configValue';

describe('config values in the property form', () => {
  it('keeps the value as JSON text, as the form keeps JSON fields', () => {
    expect(toJsonText(30)).toBe('30');
    expect(toJsonText('30')).toBe('"30"');
    expect(toJsonText(undefined)).toBe('');
    expect(fromJsonText('"30"')).toBe('30');
    expect(fromJsonText('[1,2]')).toEqual([1, 2]);
    expect(fromJsonText('')).toBeUndefined();
    expect(fromJsonText('{broken')).toBeUndefined();
  });

  it('reads scalars of each type', () => {
    expect(toScalar('12', 'LONG')).toBe(12);
    expect(toScalar(2.6, 'LONG')).toBe(3);
    expect(toScalar('2,5', 'DOUBLE')).toBe(2.5);
    expect(toScalar('abc', 'DOUBLE')).toBeUndefined();
    expect(toScalar('true', 'BOOLEAN')).toBe(true);
    expect(toScalar(1, 'BOOLEAN')).toBeUndefined();
    expect(toScalar(10, 'STRING')).toBe('10');
    expect(toScalar(null, 'STRING')).toBeUndefined();
  });

  it('carries a value over to another type so that the server accepts it', () => {
    const cases: [unknown, Parameters<typeof convertConfigValue>[1], unknown][] = [
      [30, 'LONG_ARRAY', [30]],
      [[30, 40], 'LONG', 30],
      [30, 'STRING', '30'],
      ['30', 'DOUBLE', 30],
      [['a', 'true'], 'BOOLEAN_ARRAY', [true]],
      [true, 'LONG', undefined],
      [undefined, 'STRING_ARRAY', []],
    ];
    for (const [value, type, expected] of cases) {
      const converted = convertConfigValue(value, type);
      expect(converted, `${JSON.stringify(value)} → ${type}`).toEqual(expected);
      if (converted !== undefined) expect(checkConfigValue(type, converted)).toBeNull();
    }
  });
});
