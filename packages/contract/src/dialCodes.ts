import { NUMBER_PATTERN } from './validation';

/**
 * The dial-code picker of every phone field (spec: about 55 European countries): ISO 3166 code and the
 * international calling code. A phone number is kept as `+<code> <number>`; several countries share a code
 * (+7, +44), the first listed is the one a stored number is shown with.
 */
export const DIAL_CODES = [
  ['CZ', '420'],
  ['SK', '421'],
  ['DE', '49'],
  ['AT', '43'],
  ['PL', '48'],
  ['HU', '36'],
  ['AL', '355'],
  ['AD', '376'],
  ['AM', '374'],
  ['AZ', '994'],
  ['BY', '375'],
  ['BE', '32'],
  ['BA', '387'],
  ['BG', '359'],
  ['HR', '385'],
  ['CY', '357'],
  ['DK', '45'],
  ['EE', '372'],
  ['FO', '298'],
  ['FI', '358'],
  ['FR', '33'],
  ['GE', '995'],
  ['GI', '350'],
  ['GR', '30'],
  ['IS', '354'],
  ['IE', '353'],
  ['IT', '39'],
  ['XK', '383'],
  ['LV', '371'],
  ['LI', '423'],
  ['LT', '370'],
  ['LU', '352'],
  ['MT', '356'],
  ['MD', '373'],
  ['MC', '377'],
  ['ME', '382'],
  ['NL', '31'],
  ['MK', '389'],
  ['NO', '47'],
  ['PT', '351'],
  ['RO', '40'],
  ['RU', '7'],
  ['KZ', '7'],
  ['SM', '378'],
  ['RS', '381'],
  ['SI', '386'],
  ['ES', '34'],
  ['SE', '46'],
  ['CH', '41'],
  ['TR', '90'],
  ['UA', '380'],
  ['GB', '44'],
  ['IM', '44'],
  ['JE', '44'],
  ['VA', '379'],
] as const satisfies ReadonlyArray<readonly [string, string]>;
export type DialCountry = (typeof DIAL_CODES)[number][0];

/** The country a new phone number starts with. */
export const DEFAULT_DIAL_COUNTRY: DialCountry = 'CZ';

/**
 * A stored phone number split for the picker: the country whose code it starts with (the longest code that
 * fits, the first country listed with it) and the rest; a number without a known `+code` keeps all its text.
 */
export function splitPhone(value: string | null | undefined): {
  country: DialCountry | null;
  number: string;
} {
  const text = (value ?? '').trim();
  if (!text.startsWith('+')) return { country: null, number: text };
  const digits = text.slice(1);
  let best: (typeof DIAL_CODES)[number] | null = null;
  for (const entry of DIAL_CODES) {
    if (digits.startsWith(entry[1]) && (!best || entry[1].length > best[1].length)) best = entry;
  }
  if (!best) return { country: null, number: text };
  return { country: best[0], number: digits.slice(best[1].length).trim() };
}

/** The stored form of a picked country and a typed number: `+420 601123456`; null when no number is typed. */
export function joinPhone(country: DialCountry | null, number: string): string | null {
  const rest = number.trim();
  if (!rest) return null;
  if (!country || rest.startsWith('+')) return rest;
  const code = DIAL_CODES.find(([iso]) => iso === country)?.[1];
  return code ? `+${code} ${rest}` : rest;
}

/**
 * The phone rule (spec section 5, the number pattern: 9 to 12 digits): the number after a known dial code
 * (`+420 601 123 456`), or the whole number without one, has 9 to 12 digits; spaces may group them.
 */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  if (!/^\+?[\d ]+$/.test(text)) return false;
  const { country, number } = splitPhone(text);
  const digits = (country ? number : text).replace(/[+ ]/g, '');
  return NUMBER_PATTERN.test(digits);
}
