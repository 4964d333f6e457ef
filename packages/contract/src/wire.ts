/** Names and formats fixed by the wire contract (ARCHITECTURE.md). */
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

export const WIRE_DATE = 'YYYY-MM-DD';
export const WIRE_TIME = 'HH:mm:ss';
export const UI_DATE = 'DD.MM.YYYY';
export const UI_TIME = 'HH:mm:ss';
export const UI_DATE_TIME = `${UI_DATE} ${UI_TIME}`;

/** Site session time-out in minutes when the site has no SITE_TIMEOUT property (spec section 9). */
export const DEFAULT_SITE_TIMEOUT_MINUTES = 30;

export const LANGUAGES = ['cs', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Encodes a header value so any UTF-8 message survives HTTP; the web app decodes with decodeURIComponent. */
export function encodeHeaderValue(value: string): string {
  return encodeURIComponent(value);
}
