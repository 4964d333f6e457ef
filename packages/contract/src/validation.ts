import { z } from 'zod';

/**
 * Validation rules of spec section 5. Each rule is a regular expression (usable by any form library) and a
 * zod schema whose message is a translation key under `validation.*` in both locale files.
 */
export const PASSWORD_SPECIALS = '@#$%!.,';

export const PASSWORD_RULES = {
  minLength: (value: string) => value.length >= 8,
  digit: (value: string) => /\d/.test(value),
  lowercase: (value: string) => /[a-z]/.test(value),
  uppercase: (value: string) => /[A-Z]/.test(value),
  special: (value: string) => /[@#$%!.,]/.test(value),
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;

/** The rules a password still fails, in display order; an empty list means the password is acceptable. */
export function failedPasswordRules(value: string): PasswordRule[] {
  return (Object.keys(PASSWORD_RULES) as PasswordRule[]).filter((rule) => !PASSWORD_RULES[rule](value));
}

export const passwordSchema = z
  .string()
  .max(200)
  .refine((value) => failedPasswordRules(value).length === 0, { message: 'validation.password' });

// A pragmatic address check: one @, no spaces, a dot in the domain, no leading/trailing dot in labels.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const emailSchema = z.string().max(254).regex(EMAIL_PATTERN, { message: 'validation.email' });

/** 9 to 12 digits (phone numbers and similar identifiers). */
export const NUMBER_PATTERN = /^\d{9,12}$/;
export const numberSchema = z.string().regex(NUMBER_PATTERN, { message: 'validation.number' });

/** Digits with an optional two decimals after '.' or ',' (an amount as typed). */
export const CURRENCY_PATTERN = /^\d+([.,]\d{2})?$/;
export const currencySchema = z.string().regex(CURRENCY_PATTERN, { message: 'validation.currency' });

/**
 * The currency rule for an amount on the wire (a JSON number): not negative, at most two decimals, i.e. the
 * number written with two decimals matches `CURRENCY_PATTERN` and is the same number (12.5 is 12.50; 12.345
 * is refused, never rounded).
 */
export function isCurrencyAmount(value: number): boolean {
  if (!Number.isFinite(value) || value < 0) return false;
  const text = value.toFixed(2);
  return CURRENCY_PATTERN.test(text) && Number(text) === value;
}

export const PIN_PATTERN = /^\d{4}$/;
export const pinSchema = z.string().regex(PIN_PATTERN, { message: 'validation.pin' });

/** Letters and digits only (any script): codes typed by users (`code` fields of the contract). */
export const ALPHANUMERIC_PATTERN = /^[\p{L}\p{N}]+$/u;
export const alphanumericSchema = z
  .string()
  .regex(ALPHANUMERIC_PATTERN, { message: 'validation.alphanumeric' });

/** Licence plates: letters, digits, spaces and dashes, normalised to upper case without spaces for comparison. */
export const PLATE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,14}$/;
export const plateSchema = z.string().regex(PLATE_PATTERN, { message: 'validation.plate' });

export function normalizePlate(plate: string): string {
  return plate.replace(/[\s-]/g, '').toUpperCase();
}

/** Vehicle and trailer plates cannot be equal; a trailer plate may be required. */
export function checkPlates(
  vehiclePlate: string | null | undefined,
  trailerPlate: string | null | undefined,
  trailerRequired = false,
): 'validation.trailerPlateRequired' | 'validation.platesEqual' | null {
  if (trailerRequired && !trailerPlate) return 'validation.trailerPlateRequired';
  if (vehiclePlate && trailerPlate && normalizePlate(vehiclePlate) === normalizePlate(trailerPlate)) {
    return 'validation.platesEqual';
  }
  return null;
}

/**
 * 'Date must be in the future' for a calendar day (YYYY-MM-DD): not before `today`, the site's day. Today
 * itself is accepted: a day-valued date (an advice's day) lasts until the day's end, and an advice for the same
 * day is a real use (announced in the morning, used at the gate that day).
 */
export function isNotPastDay(day: string, today: string): boolean {
  return day >= today;
}

/**
 * A zod issue as the server meets it: straight from zod, or reshaped by fastify-type-provider-zod (which
 * moves the code to `keyword` and the rest into `params`; the caller passes the issue fields).
 */
export interface ValidationIssue {
  code: string;
  message?: string;
  /** What was measured (too_small, too_big): `string`, `number`, `array`, … */
  origin?: string;
  /** Which format failed (invalid_format): `email`, `date`, `datetime`, `regex`, … */
  format?: string;
  /** Unknown fields (unrecognized_keys). */
  keys?: readonly string[];
}

/**
 * Every translation key `validationKeyOf` derives from an issue code (a schema's own `validation.*` message
 * aside). `validation.unknownField` is answered as `validation.unknownField:<names>`.
 */
export const ISSUE_VALIDATION_KEYS = [
  'validation.required',
  'validation.invalid',
  'validation.minLength',
  'validation.maxLength',
  'validation.min',
  'validation.max',
  'validation.pattern',
  'validation.email',
  'validation.date',
  'validation.datetime',
  'validation.enum',
  'validation.unknownField',
] as const;
export type IssueValidationKey = (typeof ISSUE_VALIDATION_KEYS)[number];

const SIZED_NUMBERS = new Set(['number', 'int', 'bigint', 'date']);

/**
 * The translation key (under `validation.*`, in both locale files) of one zod issue: the schema's own
 * message when it is a key, else one derived from the issue code; zod's English default texts never reach
 * the client. `missing`: the value at the issue's path was absent (a missing required field).
 */
export function validationKeyOf(issue: ValidationIssue, missing = false): string {
  if (issue.code === 'unrecognized_keys') return `validation.unknownField:${(issue.keys ?? []).join(',')}`;
  if (issue.message?.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string') return 'validation.minLength';
      return SIZED_NUMBERS.has(issue.origin ?? '') ? 'validation.min' : 'validation.invalid';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.maxLength';
      return SIZED_NUMBERS.has(issue.origin ?? '') ? 'validation.max' : 'validation.invalid';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'date') return 'validation.date';
      if (issue.format === 'datetime') return 'validation.datetime';
      return 'validation.pattern';
    case 'invalid_value':
      return 'validation.enum';
    default:
      return 'validation.invalid';
  }
}
