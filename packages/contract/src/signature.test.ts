import { describe, expect, it } from 'vitest';
import {
  attributeRules,
  checkAttributeValue,
  pageRule,
  setValues,
  signatureAttribute,
  type SignatureAttributeType,
  type SigningAttribute,
} from './entities/signature';

const attribute = (fields: Partial<SigningAttribute>): SigningAttribute => ({
  id: 1,
  name: 'a',
  printName: null,
  type: 'TEXT',
  mandatory: false,
  min: null,
  max: null,
  values: [],
  ...fields,
});
const check = (fields: Partial<SigningAttribute>, value: unknown) =>
  checkAttributeValue(attribute(fields), value);

describe('signature attribute rules', () => {
  it('refuses max below min and a SET without values, on their fields', () => {
    expect(attributeRules({ type: 'INTEGER', min: 5, max: 1 })).toEqual([
      { path: 'max', message: 'validation.maxBelowMin' },
    ]);
    expect(attributeRules({ type: 'INTEGER', min: 1, max: 1 })).toEqual([]);
    expect(attributeRules({ type: 'SET', values: ' ; ;' })).toEqual([
      { path: 'values', message: 'validation.setValues' },
    ]);
    expect(attributeRules({ type: 'SET', values: 'a;b' })).toEqual([]);
    expect(setValues(' red ; ;green')).toEqual(['red', 'green']);
  });

  it('needs the page to exist in the template', () => {
    expect(pageRule(3, 2)).toEqual([
      { path: 'page', message: 'validation.pageMissing', params: { pages: 2 } },
    ]);
    expect(pageRule(2, 2)).toEqual([]);
  });

  it('checks a value of every attribute type it declares, and refuses a wrong one', () => {
    // Keyed by the type: the compiler asks for a sample of each declared type, no list is copied here.
    const samples: Record<SignatureAttributeType, { good: unknown; bad?: unknown }> = {
      TEXT: { good: 'abc' },
      INTEGER: { good: '12', bad: '1.5' },
      BOOLEAN: { good: true, bad: 'maybe' },
      FLOAT: { good: '1,5', bad: 'x' },
      SET: { good: 'a', bad: 'c' },
      DATE: { good: '2026-02-28', bad: '2026-02-30' },
      DATETIME: { good: '2026-02-28T10:00:00', bad: 'now' },
      TIME: { good: '23:59', bad: '24:00' },
    };
    const types = signatureAttribute.fields.type.values ?? [];
    expect(types.length).toBeGreaterThan(0);
    for (const type of types as SignatureAttributeType[]) {
      const sample = samples[type];
      expect(check({ type, values: ['a', 'b'] }, sample.good), type).toHaveProperty('value');
      if (sample.bad !== undefined)
        expect(check({ type, values: ['a', 'b'] }, sample.bad), type).toHaveProperty('error');
    }
  });
});

describe('an attribute value by its type', () => {
  it('checks texts by length and numbers by value', () => {
    expect(check({ min: 3 }, 'ab')).toEqual({ error: 'validation.minLength', params: { min: 3 } });
    expect(check({ max: 3 }, ' abc ')).toEqual({ value: 'abc' });
    expect(check({ type: 'INTEGER', max: 10 }, 11)).toEqual({ error: 'validation.max', params: { max: 10 } });
    expect(check({ type: 'INTEGER' }, '2.5')).toEqual({ error: 'validation.integer' });
    expect(check({ type: 'INTEGER' }, 'x')).toEqual({ error: 'validation.double' });
    expect(check({ type: 'FLOAT', min: 0 }, '12,5')).toEqual({ value: 12.5 });
  });

  it('checks choices, dates, times and yes/no', () => {
    expect(check({ type: 'SET', values: ['a', 'b'] }, 'c')).toEqual({ error: 'validation.enum' });
    expect(check({ type: 'SET', values: ['a', 'b'] }, 'b')).toEqual({ value: 'b' });
    expect(check({ type: 'DATE' }, '2026-02-30')).toEqual({ error: 'validation.date' });
    expect(check({ type: 'DATE' }, '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(check({ type: 'DATETIME' }, '2026-02-28T10:00:00')).toEqual({ value: '2026-02-28T10:00:00' });
    expect(check({ type: 'DATETIME' }, 'now')).toEqual({ error: 'validation.datetime' });
    expect(check({ type: 'TIME' }, '24:00')).toEqual({ error: 'validation.timeOfDay' });
    expect(check({ type: 'TIME' }, '23:59')).toEqual({ value: '23:59' });
    expect(check({ type: 'BOOLEAN', mandatory: true }, false)).toEqual({ error: 'validation.required' });
    expect(check({ type: 'BOOLEAN' }, null)).toEqual({ value: false });
  });

  it('needs a mandatory value and leaves an optional one empty', () => {
    expect(check({ mandatory: true }, '  ')).toEqual({ error: 'validation.required' });
    expect(check({ type: 'INTEGER' }, '')).toEqual({ value: null });
  });
});
