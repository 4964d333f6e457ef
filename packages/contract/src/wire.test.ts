import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId, parseInteger } from './wire';
import { idSchema, integerQuerySchema } from './wireSchemas';

describe('strict ids', () => {
  it.each(['1', '42', '007', String(MAX_ID)])('takes %j', (text) => {
    expect(idSchema.parse(text)).toBe(Number(text));
    expect(parseId(text)).toBe(Number(text));
  });

  it.each([
    '+1',
    '0x10',
    '1e3',
    ' 1',
    '1 ',
    '1.0',
    '-1',
    '0',
    '',
    'Infinity',
    String(MAX_ID + 1),
    '99999999999',
  ])('refuses %j with a validation key', (text) => {
    const result = idSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^validation\.(integer|min|max)$/);
    expect(parseId(text)).toBeUndefined();
  });
});

describe('strict integers in query strings', () => {
  it('takes an optional minus and digits only', () => {
    expect(integerQuerySchema.parse('-3')).toBe(-3);
    expect(parseInteger('12')).toBe(12);
    for (const text of ['+1', '0x10', '1e3', ' 1', '1.5', '', '--1', '9999999999999999'])
      expect(integerQuerySchema.safeParse(text).success, text).toBe(false);
  });
});
