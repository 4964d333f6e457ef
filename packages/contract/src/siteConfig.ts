import { z } from 'zod';
import { bool, defineEntity, enumOf, json, text } from './entity';
import { DEFAULT_TIME_ZONE, isTimeZone } from './wire';
import { RETENTION_PROPERTIES } from './privacy/retention';

/** Value types of site config properties (spec section 9): Long, String, Boolean, Double and arrays of each. */
export const CONFIG_VALUE_TYPES = [
  'LONG',
  'STRING',
  'BOOLEAN',
  'DOUBLE',
  'LONG_ARRAY',
  'STRING_ARRAY',
  'BOOLEAN_ARRAY',
  'DOUBLE_ARRAY',
] as const;
export type ConfigValueType = (typeof CONFIG_VALUE_TYPES)[number];

const long = z.number().int({ message: 'validation.long' });
const double = z.number({ message: 'validation.double' });
const string = z.string().max(4000);
const boolean = z.boolean({ message: 'validation.boolean' });

export const CONFIG_VALUE_SCHEMAS: Record<ConfigValueType, z.ZodType> = {
  LONG: long,
  STRING: string,
  BOOLEAN: boolean,
  DOUBLE: double,
  LONG_ARRAY: z.array(long),
  STRING_ARRAY: z.array(string),
  BOOLEAN_ARRAY: z.array(boolean),
  DOUBLE_ARRAY: z.array(double),
};

export type ConfigValue = number | string | boolean | number[] | string[] | boolean[];

/** Properties the product itself reads, with their type and the value used when a site does not set them. */
export const KNOWN_CONFIG_PROPERTIES = {
  SITE_TIMEOUT: { type: 'LONG', default: 30 },
  /**
   * Hours after login a session on this site ends however active (0: never, every call extends it as the spec
   * says); unset: the system property SESSION_MAX_HOURS. Never for sessions on a terminal or of a kiosk user.
   */
  SESSION_MAX_HOURS: { type: 'LONG', default: 12 },
  FILE_MAX_SIZE_MB: { type: 'LONG', default: 10 },
  /**
   * The site's IANA time zone: its business days (an advice's "today") and the times in its e-mails.
   */
  SITE_TIME_ZONE: { type: 'STRING', default: DEFAULT_TIME_ZONE },
  /** Hours a vehicle or trailer may stay in the area before the overview flags it (dwell time). */
  VEHICLE_DWELL_LIMIT_HOURS: { type: 'LONG', default: 12 },
  /**
   * How far before now a time a client gives for a record (a plate read, a key lent, a stock movement) may lie,
   * in minutes (a week); older ones are refused (`validation.timeWindow`).
   */
  CLIENT_TIME_PAST_MINUTES: { type: 'LONG', default: 7 * 24 * 60 },
  /** How far after now such a time may lie, in minutes (a client's clock running a little fast). */
  CLIENT_TIME_FUTURE_MINUTES: { type: 'LONG', default: 5 },
  /** The currency of the site's stock prices (ISO 4217 code): stock-taking values are shown in it. */
  STOCK_CURRENCY: { type: 'STRING', default: 'CZK' },
  /** Days of each retention rule (docs/privacy.md), set on /admin/privacy. */
  ...RETENTION_PROPERTIES,
  /**
   * Document numbers of visits and vehicle entries (and of their companions) are withheld from lists and
   * records even for VIEW_PERSONAL_INFO: shown on request, and every request is logged as a read of personal
   * data (issue 35 point 6).
   */
  DOCUMENT_NUMBERS_ON_REQUEST: { type: 'BOOLEAN', default: false },
} as const satisfies Record<string, { type: ConfigValueType; default: ConfigValue }>;

export const CONFIG_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** A property of the current site: value checked against its declared type. */
export const siteProperty = defineEntity({
  resource: 'system_site/property',
  scope: 'site',
  read: ['ADMINISTRATOR', 'SITE_ADMIN'],
  write: ['ADMINISTRATOR', 'SITE_ADMIN'],
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({
      required: true,
      max: 100,
      pattern: CONFIG_NAME_PATTERN,
      patternMessage: 'validation.configName',
      list: true,
      sort: true,
      filter: 'contains',
      unique: true,
    }),
    type: enumOf(CONFIG_VALUE_TYPES, { required: true, list: true, filter: 'eq' }),
    value: json(z.union([string, double, boolean, z.array(z.union([string, double, boolean]))]), {
      list: true,
    }),
    active: bool({ default: true, list: true, filter: 'eq' }),
  },
});

/**
 * Checks a property value against its declared type (and, for a property the product reads, its meaning:
 * SITE_TIME_ZONE must name a time zone); returns a translation key of the problem or null.
 */
export function checkConfigValue(type: ConfigValueType, value: unknown, name?: string): string | null {
  const result = CONFIG_VALUE_SCHEMAS[type].safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    return message?.startsWith('validation.') ? message : 'validation.configValue';
  }
  if (name === 'SITE_TIME_ZONE' && (type !== 'STRING' || !isTimeZone(value as string)))
    return 'validation.timeZone';
  if (name === 'STOCK_CURRENCY' && !isCurrencyCode(value)) return 'validation.currencyCode';
  if (
    name === 'SESSION_MAX_HOURS' &&
    (type !== 'LONG' || !Number.isInteger(value) || (value as number) < 0 || (value as number) > 720)
  )
    return 'validation.sessionMaxHours';
  return null;
}

/** An ISO 4217 currency code (three capital letters: CZK, EUR). */
export const isCurrencyCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Z]{3}$/.test(value);

export const siteConfigEntrySchema = z.object({
  name: z.string(),
  type: z.enum(CONFIG_VALUE_TYPES),
  value: z.unknown(),
});
export type SiteConfigEntry = { name: string; type: ConfigValueType; value: ConfigValue };
