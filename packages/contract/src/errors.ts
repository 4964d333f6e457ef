import type { BlacklistHit } from './blacklist';

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
  /** A right two-factor code used already (replay protection): `Retry-After` says when the next comes. */
  'TFA_CODE_USED',
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
  'IN_USE',
  'CANNOT_DELETE_SELF',
  'FILE_TYPE_MISMATCH',
  'FILE_TYPE_REFUSED',
  /** The disk of the stored files is full (or over its quota): the upload was not kept, nothing else failed. */
  'STORAGE_FULL',
  'PERSONAL_DATA_REQUIRED',
  'ADVICE_ANSWERED',
  'TERMINAL_REQUIRED',
  'SESSION_REQUIRED',
  /** A patrol terminal's sign-in with a PIN no valid guard of the site has. */
  'PIN_INVALID',
  /** Patrols (docs/patrol.md): the patrol is finished already (an event after its finish, a second finish). */
  'PATROL_FINISHED',
  /** A patrol terminal's event names a patrol the server does not know (its start was never accepted). */
  'PATROL_UNKNOWN',
  /** A start event for a patrol that was started already (by another event). */
  'PATROL_EXISTS',
  /** A start event's route is not a valid route of the terminal's site. */
  'PATROL_ROUTE_INVALID',
  /** A start event's guard is not a valid guard of the terminal's site. */
  'PATROL_GUARD_INVALID',
  /** A task event's index names no task of the patrol's route (as it was at the start). */
  'PATROL_TASK_INVALID',
  /** An incident event's type is not a valid patrol incident type of the site. */
  'PATROL_INCIDENT_TYPE_INVALID',
  /** An incident event's checkpoint is not a checkpoint of the site. */
  'PATROL_CHECKPOINT_INVALID',
  /** A start event without a valid sign-in proof of its guard on this terminal (the guard's PIN sign-in). */
  'PATROL_SIGNIN_REQUIRED',
  /** Key management (docs/keys.md): no key of the site has this code ('There is no key with this code'). */
  'KEY_UNKNOWN',
  /** The holder may not hold the key by the privileges ('This person does not have privileges to this key'). */
  'KEY_NOT_PERMITTED',
  /** The key is lent out already (one open lend-out per key). */
  'KEY_LENT',
  /** The lend-out is returned already. */
  'KEY_RETURNED',
  /** The key (or its type) is not valid: it is not lent. */
  'KEY_INVALID',
  /** Only a key of the VEHICLE workflow is lent to the driver of a vehicle. */
  'KEY_NOT_FOR_VEHICLE',
  /** Stock (docs/stock.md): no item of the site has this code ('There is no stock item with this code'). */
  'STOCK_UNKNOWN',
  /** The movement would leave the stock of an item negative, in a warehouse or in total (or a serial not in stock). */
  'STOCK_NEGATIVE',
  /** A UNIQUE item's serial is in stock already (at most one unit per serial). */
  'STOCK_SERIAL_IN_STOCK',
  /** The lending is returned already. */
  'STOCK_RETURNED',
  /** The stock taking is closed: neither it nor its lines change any more. */
  'STOCK_TAKING_CLOSED',
  /** A stock taking without lines cannot be closed ('Stock taking cannot be closed with no items'). */
  'STOCK_TAKING_EMPTY',
  /**
   * Logistics (docs/logistics.md): the transport changed since the caller read it ('Operaci nelze provést,
   * záznam byl upraven, obnovte stránku a zkuste to znovu').
   */
  'LOGISTICS_CONFLICT',
  /** The workflow operation is not offered for the transport's status or the caller's roles (or is inactive). */
  'LOGISTICS_OPERATION_NOT_ALLOWED',
  /** A workflow operation with this name and start status exists ('Duplicitní záznam'); `force` continues. */
  'LOGISTICS_DUPLICATE',
  /** No active, non-archive status exists for a new transport to start in. */
  'LOGISTICS_NO_INITIAL_STATUS',
  /**
   * Another transport holds the ramp in an overlapping time (`logisticsRampOccupancy`); `force` plans it all
   * the same. The body's `details` name the other transports (`path` `ramp`, `message` their ids).
   */
  'LOGISTICS_RAMP_OCCUPIED',
  /** The transport is cancelled or in an archive status: no operation, edit or cancel any more. */
  'LOGISTICS_TRANSPORT_CLOSED',
  /**
   * The electronic identity document provider failed, did not answer in time or answered malformed
   * (docs/egov-provider.md): 'Error communicating with the service provider. Please try again later.'
   */
  'EGOV_UNAVAILABLE',
  /** Keyboxes (docs/kbox.md): the content is not in a status this operation takes (a deposit of a deposited one). */
  'KBOX_STATE',
  /** The pick-up PIN was right but has expired (the keybox's `pinHours`). */
  'KBOX_PIN_EXPIRED',
  /** The content's payment is PENDING: it is not handed out until paid. */
  'KBOX_UNPAID',
  /** No content of the locker has this `contentId`. */
  'KBOX_CONTENT_UNKNOWN',
  /** Signatures (docs/signatures.md): the prepared document is past its max age ('Document has expired'). */
  'SIGNATURE_EXPIRED',
  /** The document is signed already (or shredded): it is signed once. */
  'SIGNATURE_SIGNED',
  /** The document has no valid version with a template to sign. */
  'SIGNATURE_NO_TEMPLATE',
  /** A re-send of e-mail or SMS while no transport for it is configured (SMTP_URL, MAIL_DIR, SMS_URL). */
  'NO_TRANSPORT',
  /** The server is stopping or its database is not ready (readiness check, docs/operations.md). */
  'UNAVAILABLE',
  /**
   * The server listens but is still preparing its data (the demo data of a first start on a new data folder):
   * every API call but health and info answers this for a few seconds (platform/health.ts).
   */
  'STARTING',
  /** The company directory (LDAP) does not answer: directory users cannot log in now, local users can. */
  'DIRECTORY_UNAVAILABLE',
  /** An OpenID Connect issuer does not answer (down, time-out): its users cannot sign in now, others can. */
  'OIDC_UNAVAILABLE',
  /**
   * The sign-in at an OpenID Connect issuer did not hold: refused there, taken too long, started in another
   * browser, a code used already, an ID token that fails its checks.
   */
  'OIDC_FAILED',
  /** The issuer's user may not sign in here: no such user with the provider OIDC, disabled, in no mapped group. */
  'OIDC_USER_REFUSED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  /** Dotted path of the offending field, empty for the whole body. */
  path: string;
  /** Translation key of the message (`validation.<rule>`), or a plain message when no key fits. */
  message: string;
  /** Values the translated message names (`{{count}}`), e.g. how many records use the one being deleted. */
  params?: Record<string, string | number>;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  /** BLACKLIST_HIT (and ALREADY_IN_AREA with hits): each hit with its list, value, reason and note. */
  blacklistHits?: BlacklistHit[];
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
  TFA_CODE_USED: 401,
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
  /**
   * A record other records refer to cannot be deleted; `details` name what uses it (`path`: the referring
   * resource and field, `params.count`: how many). It can be deactivated (`valid: false`) instead.
   */
  IN_USE: 409,
  /** An administrator cannot delete their own account. */
  CANNOT_DELETE_SELF: 409,
  /** An uploaded file's content is not what its type or name says (a renamed file, not the image it claims). */
  FILE_TYPE_MISMATCH: 415,
  /** A kind of file never accepted (executables). */
  FILE_TYPE_REFUSED: 415,
  /** 507 Insufficient Storage: the files folder has no space left (ENOSPC, EDQUOT). */
  STORAGE_FULL: 507,
  /** Reading, searching or changing personal data needs VIEW_PERSONAL_INFO. */
  PERSONAL_DATA_REQUIRED: 403,
  /** A requester's advice that was already answered cannot be changed or withdrawn. */
  ADVICE_ANSWERED: 409,
  /** A machine route (ANPR, ...) takes a valid terminal token of its role, never a user session. */
  TERMINAL_REQUIRED: 401,
  /** A user route called with a terminal token and no user session. */
  SESSION_REQUIRED: 401,
  PIN_INVALID: 401,
  PATROL_FINISHED: 409,
  PATROL_UNKNOWN: 404,
  PATROL_EXISTS: 409,
  PATROL_ROUTE_INVALID: 400,
  PATROL_GUARD_INVALID: 400,
  PATROL_TASK_INVALID: 400,
  PATROL_INCIDENT_TYPE_INVALID: 400,
  PATROL_CHECKPOINT_INVALID: 400,
  PATROL_SIGNIN_REQUIRED: 401,
  KEY_UNKNOWN: 404,
  // A business refusal, not a refusal of the session: the web app logs out on 401 and 403.
  KEY_NOT_PERMITTED: 409,
  KEY_LENT: 409,
  KEY_RETURNED: 409,
  KEY_INVALID: 409,
  KEY_NOT_FOR_VEHICLE: 409,
  STOCK_UNKNOWN: 404,
  STOCK_NEGATIVE: 409,
  STOCK_SERIAL_IN_STOCK: 409,
  STOCK_RETURNED: 409,
  STOCK_TAKING_CLOSED: 409,
  STOCK_TAKING_EMPTY: 409,
  LOGISTICS_CONFLICT: 409,
  LOGISTICS_OPERATION_NOT_ALLOWED: 409,
  LOGISTICS_DUPLICATE: 409,
  LOGISTICS_NO_INITIAL_STATUS: 409,
  LOGISTICS_RAMP_OCCUPIED: 409,
  LOGISTICS_TRANSPORT_CLOSED: 409,
  EGOV_UNAVAILABLE: 502,
  KBOX_STATE: 409,
  KBOX_PIN_EXPIRED: 401,
  KBOX_UNPAID: 409,
  KBOX_CONTENT_UNKNOWN: 404,
  SIGNATURE_EXPIRED: 409,
  SIGNATURE_SIGNED: 409,
  SIGNATURE_NO_TEMPLATE: 400,
  NO_TRANSPORT: 409,
  UNAVAILABLE: 503,
  STARTING: 503,
  DIRECTORY_UNAVAILABLE: 503,
  OIDC_UNAVAILABLE: 503,
  OIDC_FAILED: 400,
  // A refusal of the sign-in, not of a session (the web app logs out on 401 and 403): never from a session call.
  OIDC_USER_REFUSED: 403,
  INTERNAL: 500,
};
