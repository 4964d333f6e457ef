import { describe, expect, it } from 'vitest';
import { DIAL_CODES, isPhoneNumber, joinPhone, splitPhone } from './dialCodes';

describe('dial codes', () => {
  it('lists about 55 European countries, each once', () => {
    expect(DIAL_CODES.length).toBeGreaterThanOrEqual(50);
    expect(DIAL_CODES.length).toBeLessThanOrEqual(60);
    expect(new Set(DIAL_CODES.map(([iso]) => iso)).size).toBe(DIAL_CODES.length);
  });

  it('splits a stored number by the longest code that fits', () => {
    expect(splitPhone('+420 601 123 456')).toEqual({ country: 'CZ', number: '601 123 456' });
    expect(splitPhone('+421905123456')).toEqual({ country: 'SK', number: '905123456' });
    expect(splitPhone('+358401234567')).toEqual({ country: 'FI', number: '401234567' });
    expect(splitPhone('+44 7700 900123')).toEqual({ country: 'GB', number: '7700 900123' });
  });

  it('keeps a number without a known code as it is', () => {
    expect(splitPhone('601123456')).toEqual({ country: null, number: '601123456' });
    expect(splitPhone('+1 202 555 0100')).toEqual({ country: null, number: '+1 202 555 0100' });
    expect(splitPhone(null)).toEqual({ country: null, number: '' });
  });

  it('joins a country and a number, and nothing typed is no number', () => {
    expect(joinPhone('CZ', '601 123 456')).toBe('+420 601 123 456');
    expect(joinPhone('DE', '  ')).toBeNull();
    expect(joinPhone(null, '601123456')).toBe('601123456');
    expect(joinPhone('CZ', '+49 301234')).toBe('+49 301234');
    expect(splitPhone(joinPhone('UA', '501234567'))).toEqual({ country: 'UA', number: '501234567' });
  });

  it('takes a phone number of 9 to 12 digits after its dial code (spec: the number pattern)', () => {
    for (const valid of [
      '+420 601 123 456',
      '+420601123456',
      '601123456',
      '+49 1512 3456789',
      '+1 202 555 0100',
    ])
      expect(isPhoneNumber(valid)).toBe(true);
    // '12' after the Czech code, too short or too long after a code, letters, dashes.
    for (const invalid of [
      '+420 12',
      '12',
      '+420 60112345',
      '+420 6011234567890',
      '+420 601-123-456',
      '60112345x',
      '',
    ])
      expect(isPhoneNumber(invalid)).toBe(false);
  });
});
