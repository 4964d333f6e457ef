/** Error codes carried in `X-Error-Code` and in every error body; the web app shows `apiError_<CODE>`. */
export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'DATA_INTEGRITY',
  'CONFLICT',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'TFA_REQUIRED',
  'TFA_INVALID',
  'FORBIDDEN',
  'MODULE_DISABLED',
  'SITE_NOT_ALLOWED',
  'NO_SITE',
  'CLIENT_NOT_AUTHORIZED',
  'TOKEN_INVALID',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ALREADY_IN_AREA',
  'BLACKLIST_HIT',
  'CARD_NOT_FOUND',
  'NOT_IN_AREA',
  'ADVICE_NOT_USABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  /** Dotted path of the offending field, empty for the whole body. */
  path: string;
  /** Translation key of the message (`validation.<rule>`), or a plain message when no key fits. */
  message: string;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  DATA_INTEGRITY: 400,
  CONFLICT: 409,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TFA_REQUIRED: 401,
  TFA_INVALID: 401,
  FORBIDDEN: 403,
  MODULE_DISABLED: 403,
  SITE_NOT_ALLOWED: 403,
  NO_SITE: 403,
  CLIENT_NOT_AUTHORIZED: 403,
  TOKEN_INVALID: 400,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Warnings the caller may override by repeating the call with `force: true` (visit entry).
  ALREADY_IN_AREA: 409,
  BLACKLIST_HIT: 409,
  CARD_NOT_FOUND: 400,
  NOT_IN_AREA: 409,
  ADVICE_NOT_USABLE: 409,
  INTERNAL: 500,
};
