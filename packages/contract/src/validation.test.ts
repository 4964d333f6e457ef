import { describe, expect, it } from 'vitest';
import {
  alphanumericSchema,
  checkPlates,
  currencySchema,
  emailSchema,
  failedPasswordRules,
  isCurrencyAmount,
  isNotPastDay,
  normalizePlate,
  numberSchema,
  passwordSchema,
  pinSchema,
  plateSchema,
  validationKeyOf,
} from './validation';
import { z } from 'zod';

/** The translation key of the first problem, or null when the value is accepted. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

describe('password rule (8+ characters, digit, lower, upper, one of @#$%!.,)', () => {
  it.each([
    'Abcdef1!',
    'Secret123!',
    'aB3@aaaa',
    'Zz9#Zz9#Zz9#',
    'Pass.word1',
    'Pass,word1',
    'P$ssw0rdX',
    'P%ssw0rdX',
  ])('accepts %s', (value) => {
    expect(failedPasswordRules(value)).toEqual([]);
    expect(problem(passwordSchema, value)).toBeNull();
  });

  it.each([
    ['Abcde1!', ['minLength']],
    ['Abcdefg!', ['digit']],
    ['ABCDEF1!', ['lowercase']],
    ['abcdef1!', ['uppercase']],
    ['Abcdefg1', ['special']],
    ['Abcdefg1?', ['special']],
    ['Abcdefg1 ', ['special']],
    ['', ['minLength', 'digit', 'lowercase', 'uppercase', 'special']],
    ['abc', ['minLength', 'digit', 'uppercase', 'special']],
  ])('refuses %j, failing %j', (value, failed) => {
    expect(failedPasswordRules(value)).toEqual(failed);
    expect(problem(passwordSchema, value)).toBe('validation.password');
  });

  it('accepts long passphrases (ASVS V6.2.9: at least 64 characters)', () => {
    expect(problem(passwordSchema, `Aa1!${'passphrase '.repeat(17)}`)).toBeNull();
  });

  it('refuses anything that is not a string and overlong values', () => {
    expect(problem(passwordSchema, 12345678)).not.toBeNull();
    expect(problem(passwordSchema, `Aa1!${'x'.repeat(200)}`)).not.toBeNull();
  });
});

describe('e-mail', () => {
  it.each(['jan.novak@example.com', 'a@b.cz', 'x+tag@mail.example.org', 'žluť@příklad.cz'])(
    'accepts %s',
    (value) => {
      expect(problem(emailSchema, value)).toBeNull();
    },
  );
  it.each([
    '',
    'plain',
    'a@b',
    '@example.com',
    'a@',
    'a b@example.com',
    'a@exa mple.com',
    'a@@example.com',
    'a@.example.com',
    'a@example..com',
    'a@example.com.',
  ])('refuses %j', (value) => {
    expect(problem(emailSchema, value)).toBe('validation.email');
  });
  it('refuses addresses longer than 254 characters', () => {
    expect(problem(emailSchema, `${'a'.repeat(250)}@b.cz`)).not.toBeNull();
  });
});

describe('number (9 to 12 digits)', () => {
  it.each(['123456789', '1234567890', '123456789012', '000000000'])('accepts %s', (value) => {
    expect(problem(numberSchema, value)).toBeNull();
  });
  it.each(['', '12345678', '1234567890123', '12345678a', '+420123456789', '123 456 789', '-123456789'])(
    'refuses %j',
    (value) => {
      expect(problem(numberSchema, value)).toBe('validation.number');
    },
  );
});

describe('currency (digits, optional two decimals after . or ,)', () => {
  it.each(['0', '10', '1250', '10.50', '10,50', '0.99'])('accepts %s', (value) => {
    expect(problem(currencySchema, value)).toBeNull();
  });
  it.each(['', '10.5', '10,500', '10.', '.50', '-10', '10.5a', '1 000', '10,5'])('refuses %j', (value) => {
    expect(problem(currencySchema, value)).toBe('validation.currency');
  });
});

describe('PIN (four digits)', () => {
  it.each(['0000', '1234', '9876'])('accepts %s', (value) => {
    expect(problem(pinSchema, value)).toBeNull();
  });
  it.each(['', '123', '12345', '12a4', ' 1234', '１２３４'])('refuses %j', (value) => {
    expect(problem(pinSchema, value)).toBe('validation.pin');
  });
});

describe('alphanumeric only', () => {
  it.each(['abc', 'ABC123', 'Žluťoučký1', '42'])('accepts %s', (value) => {
    expect(problem(alphanumericSchema, value)).toBeNull();
  });
  it.each(['', 'a b', 'a-b', 'a_b', 'abc!', 'a.b'])('refuses %j', (value) => {
    expect(problem(alphanumericSchema, value)).toBe('validation.alphanumeric');
  });
});

describe('licence plates', () => {
  it.each(['1AB 2345', 'ABC-123', '1A23456', 'x', 'AB12CD34EF56GH7'])('accepts %s', (value) => {
    expect(problem(plateSchema, value)).toBeNull();
  });
  it.each(['', ' 1AB2345', '-AB', 'AB_12', 'AB12CD34EF56GH78', 'ŘÁ 123'])('refuses %j', (value) => {
    expect(problem(plateSchema, value)).toBe('validation.plate');
  });

  it('normalises plates to upper case without spaces and dashes', () => {
    expect(normalizePlate('1ab 23-45')).toBe('1AB2345');
    for (const written of ['1AB2345', '1AB 2345', '1ab-2345', ' 1ab - 23 45 ', '1Ab\t2345'])
      expect(normalizePlate(written)).toBe('1AB2345');
  });

  it('refuses equal vehicle and trailer plates, also when written differently', () => {
    expect(checkPlates('1AB 2345', '1AB 2345')).toBe('validation.platesEqual');
    expect(checkPlates('1ab-2345', '1AB 2345')).toBe('validation.platesEqual');
  });

  it('requires a trailer plate only when asked to', () => {
    expect(checkPlates('1AB 2345', null, true)).toBe('validation.trailerPlateRequired');
    expect(checkPlates('1AB 2345', '', true)).toBe('validation.trailerPlateRequired');
    expect(checkPlates('1AB 2345', undefined)).toBeNull();
    expect(checkPlates('1AB 2345', '2XY 9999', true)).toBeNull();
  });

  it('accepts different plates and a missing vehicle plate', () => {
    expect(checkPlates('1AB 2345', '2XY 9999')).toBeNull();
    expect(checkPlates(null, '2XY 9999')).toBeNull();
  });
});

describe('date in the future (a calendar day of the site)', () => {
  it.each(['2025-06-15', '2025-06-16', '2030-01-01'])('accepts %s on 2025-06-15', (day) => {
    expect(isNotPastDay(day, '2025-06-15')).toBe(true);
  });
  it.each(['2025-06-14', '2020-01-01'])('refuses %s on 2025-06-15', (day) => {
    expect(isNotPastDay(day, '2025-06-15')).toBe(false);
  });
});

describe('currency amount on the wire (a number with at most two decimals)', () => {
  it.each([0, 10, 1250, 10.5, 10.5, 0.99, 12.34, 10_000_000])('accepts %s', (value) => {
    expect(isCurrencyAmount(value)).toBe(true);
  });
  it.each([12.345, 0.001, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    expect(isCurrencyAmount(value)).toBe(false);
  });
});

describe('validationKeyOf: zod issues as translation keys', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues;
  };
  const keys = (schema: z.ZodType, value: unknown, missing = false) =>
    issues(schema, value).map((issue) => validationKeyOf(issue, missing));

  it('keeps a schema message that is already a key', () => {
    expect(keys(z.string().max(2, { message: 'validation.plate' }), 'abc')).toEqual(['validation.plate']);
  });
  it('tells a missing value from a wrong type', () => {
    expect(keys(z.number(), undefined, true)).toEqual(['validation.required']);
    expect(keys(z.number(), 'x')).toEqual(['validation.invalid']);
  });
  it('maps lengths of texts and bounds of numbers', () => {
    expect(keys(z.string().min(3), 'a')).toEqual(['validation.minLength']);
    expect(keys(z.string().max(3), 'abcd')).toEqual(['validation.maxLength']);
    expect(keys(z.number().min(3), 1)).toEqual(['validation.min']);
    expect(keys(z.number().int().max(3), 4)).toEqual(['validation.max']);
    expect(keys(z.array(z.number()).max(1), [1, 2])).toEqual(['validation.invalid']);
  });
  it('maps formats, choices and unknown fields', () => {
    expect(keys(z.email(), 'x')).toEqual(['validation.email']);
    expect(keys(z.iso.date(), '2026-13-01')).toEqual(['validation.date']);
    expect(keys(z.iso.datetime(), 'now')).toEqual(['validation.datetime']);
    expect(keys(z.string().regex(/^a$/), 'b')).toEqual(['validation.pattern']);
    expect(keys(z.enum(['A', 'B']), 'C')).toEqual(['validation.enum']);
    expect(keys(z.literal('A'), 'B')).toEqual(['validation.enum']);
    expect(keys(z.strictObject({}), { a: 1, b: 2 })).toEqual(['validation.unknownField:a,b']);
    expect(keys(z.number().multipleOf(2), 3)).toEqual(['validation.invalid']);
  });
});
