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

/** Digits with an optional two decimals after '.' or ','. */
export const CURRENCY_PATTERN = /^\d+([.,]\d{2})?$/;
export const currencySchema = z.string().regex(CURRENCY_PATTERN, { message: 'validation.currency' });

export const PIN_PATTERN = /^\d{4}$/;
export const pinSchema = z.string().regex(PIN_PATTERN, { message: 'validation.pin' });

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

/** A date (YYYY-MM-DD or ISO date-time) strictly after `now`. */
export function isInFuture(value: string, now: Date = new Date()): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && time > now.getTime();
}
