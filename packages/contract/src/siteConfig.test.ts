import { describe, expect, it } from 'vitest';
import { CONFIG_VALUE_TYPES, KNOWN_CONFIG_PROPERTIES, checkConfigValue, siteProperty } from './siteConfig';
import { DEFAULT_SITE_TIMEOUT_MINUTES, DEFAULT_TIME_ZONE, isTimeZone } from './wire';

describe('site config values (spec section 9: Long, String, Boolean, Double and arrays)', () => {
  it.each([
    ['LONG', 30],
    ['LONG', -5],
    ['STRING', 'text'],
    ['STRING', ''],
    ['BOOLEAN', false],
    ['DOUBLE', 1.5],
    ['DOUBLE', 2],
    ['LONG_ARRAY', [1, 2, 3]],
    ['LONG_ARRAY', []],
    ['STRING_ARRAY', ['a', 'b']],
    ['BOOLEAN_ARRAY', [true, false]],
    ['DOUBLE_ARRAY', [0.5, 1]],
  ] as const)('accepts a %s value %j', (type, value) => {
    expect(checkConfigValue(type, value)).toBeNull();
  });

  it.each([
    ['LONG', 1.5],
    ['LONG', '30'],
    ['LONG', null],
    ['STRING', 5],
    ['STRING', 'x'.repeat(4001)],
    ['BOOLEAN', 'true'],
    ['BOOLEAN', 0],
    ['DOUBLE', '1.5'],
    ['LONG_ARRAY', [1, 2.5]],
    ['LONG_ARRAY', 1],
    ['STRING_ARRAY', ['a', 1]],
    ['BOOLEAN_ARRAY', [true, 'false']],
    ['DOUBLE_ARRAY', ['1']],
  ] as const)('refuses a %s value %j', (type, value) => {
    expect(checkConfigValue(type, value)).toMatch(/^validation\./);
  });

  it('knows every value type and the defaults the product reads', () => {
    expect(CONFIG_VALUE_TYPES).toHaveLength(8);
    expect(KNOWN_CONFIG_PROPERTIES.SITE_TIMEOUT).toEqual({
      type: 'LONG',
      default: DEFAULT_SITE_TIMEOUT_MINUTES,
    });
    for (const [name, known] of Object.entries(KNOWN_CONFIG_PROPERTIES)) {
      expect(checkConfigValue(known.type, known.default, name)).toBeNull();
    }
  });

  it('knows the site time zone (Europe/Prague by default) and refuses a zone that does not exist', () => {
    expect(KNOWN_CONFIG_PROPERTIES.SITE_TIME_ZONE).toEqual({ type: 'STRING', default: DEFAULT_TIME_ZONE });
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Prague');
    expect(checkConfigValue('STRING', 'America/New_York', 'SITE_TIME_ZONE')).toBeNull();
    expect(checkConfigValue('STRING', 'UTC', 'SITE_TIME_ZONE')).toBeNull();
    expect(checkConfigValue('STRING', 'Europe/Atlantis', 'SITE_TIME_ZONE')).toBe('validation.timeZone');
    expect(checkConfigValue('LONG', 1, 'SITE_TIME_ZONE')).toBe('validation.timeZone');
    // The stock's currency is an ISO 4217 code (issue 33: stock-taking values are shown in it).
    expect(checkConfigValue('STRING', 'EUR', 'STOCK_CURRENCY')).toBeNull();
    expect(checkConfigValue('STRING', 'Kč', 'STOCK_CURRENCY')).toBe('validation.currencyCode');
    expect(checkConfigValue('STRING', 'eur', 'STOCK_CURRENCY')).toBe('validation.currencyCode');
    // Another property may hold any text.
    expect(checkConfigValue('STRING', 'Europe/Atlantis', 'MY_TEXT')).toBeNull();
    expect(isTimeZone('Europe/Prague')).toBe(true);
    expect(isTimeZone('Prague')).toBe(false);
  });

  it('declares properties with upper-case names and a type', () => {
    const create = siteProperty.schemas.create;
    expect(create.safeParse({ name: 'SITE_TIMEOUT', type: 'LONG', value: 15 }).success).toBe(true);
    expect(create.safeParse({ name: 'site_timeout', type: 'LONG', value: 15 }).success).toBe(false);
    expect(create.safeParse({ name: '1X', type: 'LONG', value: 15 }).success).toBe(false);
    expect(create.safeParse({ name: 'X', type: 'INTEGER', value: 15 }).success).toBe(false);
    expect(create.safeParse({ name: 'X', type: 'LONG' }).success).toBe(false);
    expect(siteProperty.scope).toBe('site');
  });
});
