import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, parseLocaleNumber } from './NumberInput';

describe('number input', () => {
  it('reads a decimal comma and a decimal point alike, and drops spaces', () => {
    expect(Number(parseLocaleNumber('12,5'))).toBe(12.5);
    expect(Number(parseLocaleNumber('12,50'))).toBe(12.5);
    expect(Number(parseLocaleNumber('12.5'))).toBe(12.5);
    expect(Number(parseLocaleNumber('1 234,5'))).toBe(1234.5);
    expect(Number(parseLocaleNumber('1\u00a0234,5'))).toBe(1234.5);
    expect(parseLocaleNumber('')).toBe('');
  });

  it('shows the separator of the language', () => {
    expect(decimalSeparatorOf('cs')).toBe(',');
    expect(decimalSeparatorOf('en-US')).toBe('.');
  });
});
