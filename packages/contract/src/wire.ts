/**
 * Names and formats fixed by the wire contract (ARCHITECTURE.md). No schemas here (they are in wireSchemas.ts):
 * the web app's first page imports these constants and should not load zod's schemas with them.
 */
export const HEADERS = {
  authToken: 'X-Auth-Token',
  clientToken: 'X-Client-Token',
  tfaToken: 'X-TFA-Token',
  totalCount: 'X-Total-Count',
  errorCode: 'X-Error-Code',
  errorMessage: 'X-Error-Message',
} as const;

export const API_BASE = '/api';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const FILE_SIZE_OPTIONS_MB = [1, 10, 100] as const;

/** How long the web app waits for a page's code before it reports the page could not load (spec: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const WIRE_DATE = 'YYYY-MM-DD';
export const WIRE_TIME = 'HH:mm:ss';
export const UI_DATE = 'DD.MM.YYYY';
export const UI_TIME = 'HH:mm:ss';
export const UI_DATE_TIME = `${UI_DATE} ${UI_TIME}`;

/** Site session time-out in minutes when the site has no SITE_TIMEOUT property (spec section 9). */
export const DEFAULT_SITE_TIMEOUT_MINUTES = 30;

/** The time zone of a site that does not set SITE_TIME_ZONE. */
export const DEFAULT_TIME_ZONE = 'Europe/Prague';

/** An IANA time zone name this runtime knows (`Europe/Prague`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const LANGUAGES = ['cs', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Encodes a header value so any UTF-8 message survives HTTP; the web app decodes with decodeURIComponent. */
export function encodeHeaderValue(value: string): string {
  return encodeURIComponent(value);
}

/** Largest record id: ids are PostgreSQL `integer` (int4) serials. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id or an integer as it comes in a path or a query string: ASCII digits only (an optional leading
 * minus for integers), nothing else. `Number()` and `z.coerce.number()` would also take `+1`, `0x10`, `1e3`,
 * ` 1`, `1.0` and the empty text (as 0), so one record would answer to many spellings.
 */
export const ID_PATTERN = /^[0-9]{1,10}$/;
export const INTEGER_PATTERN = /^-?[0-9]{1,15}$/;

/** The id in `text` (digits only, 1..MAX_ID), or undefined. */
export function parseId(text: string): number | undefined {
  if (!ID_PATTERN.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** The integer in `text` (optional minus and digits, a safe integer), or undefined. */
export function parseInteger(text: string): number | undefined {
  if (!INTEGER_PATTERN.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A two-factor (TOTP) code: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
