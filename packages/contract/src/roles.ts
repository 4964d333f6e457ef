/** Every role of the product (spec section 6), grouped by the tab they appear on in the roles editor. */
export const ROLE_TABS = {
  system: [
    'ADMINISTRATOR',
    'SITE_ADMIN',
    'AUTH_CLIENT',
    'ALL_CLIENTS',
    'VIEW_PERSONAL_INFO',
    // Not in the spec: the privacy officer's subject requests and the log of personal data read (issue 35).
    'PRIVACY_ADMIN',
  ],
  patrol: ['PATROL_ADMIN', 'PATROL_VIEW'],
  visit: ['VISIT_ADMIN', 'VISIT_USER', 'VISIT_VIEW', 'VISIT_KIOSK'],
  visitAdvice: ['VISIT_ADVICE_ADMIN', 'VISIT_ADVICE_REQUEST', 'VISIT_ADVICE_RESPONSE', 'VISIT_ADVICE_VIEW'],
  vehicle: ['VEHICLE_ADMIN', 'VEHICLE_USER', 'VEHICLE_VIEW'],
  vehicleAdvice: ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER', 'VEHICLE_ADVICE_VIEW'],
  keys: ['KM_ADMIN', 'KM_USER', 'KM_VIEW'],
  signature: ['SIG_ADMIN', 'SIG_USER', 'SIG_VIEW'],
  stock: ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW'],
  keybox: ['KBOX_ADMIN', 'KBOX_VIEW', 'KBOX_USER'],
  logistics: [
    'LOGISTICS_ADMIN',
    'LOGISTICS_VIEW',
    'LOGISTICS_CANCEL',
    'LOGISTICS_CREATE',
    'LOGISTICS_OPERATOR',
  ],
} as const;

/** Roles held only by machines (patrol terminal, cache control, plate recognition, keybox); never assignable in the UI. */
export const INTERNAL_ROLES = ['PATROL_TERMINAL', 'CACHE_CONTROL', 'ANPR', 'KBOX_TERMINAL'] as const;

/** Pseudo roles used in access rules: anybody at all, and anybody with a live session. */
export const SPECIAL_ROLES = ['ROLE_ANY', 'ROLE_ANYONE_LOGGED'] as const;

export type AssignableRole = (typeof ROLE_TABS)[keyof typeof ROLE_TABS][number];
export type InternalRole = (typeof INTERNAL_ROLES)[number];
export type SpecialRole = (typeof SPECIAL_ROLES)[number];
export type Role = AssignableRole | InternalRole | SpecialRole;

export const ASSIGNABLE_ROLES: readonly AssignableRole[] = Object.values(ROLE_TABS).flat();
export const ALL_ROLES: readonly Role[] = [...ASSIGNABLE_ROLES, ...INTERNAL_ROLES, ...SPECIAL_ROLES];

export function isAssignableRole(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

/**
 * The single access decision for role lists: `ROLE_ANY` lets anybody in, `ROLE_ANYONE_LOGGED` any
 * logged-in user, otherwise the user needs one of the listed roles. An empty or missing list denies.
 */
export function rolesAllow(
  required: readonly Role[] | undefined,
  held: readonly string[],
  loggedIn: boolean,
): boolean {
  if (!required || required.length === 0) return false;
  if (required.includes('ROLE_ANY')) return true;
  if (!loggedIn) return false;
  if (required.includes('ROLE_ANYONE_LOGGED')) return true;
  return required.some((role) => held.includes(role));
}
