import type { ModuleCode } from './modules';
import type { Role } from './roles';

/** One page of the web app: where it lives, which module it belongs to and who may open it (spec section 2). */
export interface AppRoute {
  path: string;
  /** Translation key of the page title and menu item: `route.<name>`. */
  name: string;
  /** Menu group the page belongs to; `null` for pages outside the side menu. */
  area: MenuArea | null;
  module?: ModuleCode;
  roles: readonly Role[];
  /** Who sees the page in the menu, when that differs from who may open it. */
  menuRoles?: readonly Role[];
}

export const MENU_AREAS = [
  'admin',
  'site',
  'patrol',
  'visits',
  'advice',
  'vehicles',
  'vehicleadvice',
  'keys',
  'signatures',
  'stock',
  'kbox',
  'logistics',
] as const;
export type MenuArea = (typeof MENU_AREAS)[number];

export const PUBLIC_PATHS = ['/login', '/resetPassword', '/clearstore', '/autologin', '/404'] as const;

const ADMIN = ['ADMINISTRATOR'] as const;
const SITE_ADMIN = ['SITE_ADMIN'] as const;

function area(
  prefix: MenuArea,
  module: ModuleCode | undefined,
  pages: Array<[page: string, roles: readonly Role[], menuRoles?: readonly Role[]]>,
): AppRoute[] {
  return pages.map(([page, roles, menuRoles]) => ({
    path: `/${prefix}/${page}`,
    name: `${prefix}.${page}`,
    area: prefix,
    module,
    roles,
    ...(menuRoles ? { menuRoles } : {}),
  }));
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', name: 'home', area: null, roles: ['ROLE_ANYONE_LOGGED'] },
  { path: '/profile', name: 'profile', area: null, roles: ['ROLE_ANYONE_LOGGED'] },
  // What the next retention run will anonymize (docs/privacy.md), opened from /admin/privacy.
  {
    path: '/admin/privacy/preview',
    name: 'admin.privacyPreview',
    area: null,
    roles: ['ADMINISTRATOR', 'SITE_ADMIN'],
  },
  ...area('admin', undefined, [
    ['persons', ADMIN],
    ['users', ADMIN],
    ['clients', ADMIN],
    ['groups', ADMIN],
    ['sites', ADMIN],
    ['audits', ADMIN],
    ['emails', ADMIN],
    ['sms', ADMIN],
    ['files', ADMIN],
    // Not in the specification's table: the installation's settings (session lifetime, audit retention).
    ['properties', ADMIN],
    // Privacy by design (docs/privacy.md): the site's retention, legal holds and the record of processing.
    ['privacy', ['ADMINISTRATOR', 'SITE_ADMIN']],
  ]),
  // Subject requests (GDPR art. 15, 17, 18; docs/privacy.md): the privacy officer's search, export, erasure.
  {
    path: '/admin/privacy/requests',
    name: 'admin.privacyRequests',
    area: 'admin',
    roles: ['PRIVACY_ADMIN', 'ADMINISTRATOR'],
  },
  // Reads of personal data (docs/privacy.md): downloads of files and exports with personal fields, read-only.
  {
    path: '/admin/privacy/access',
    name: 'admin.privacyAccess',
    area: 'admin',
    roles: ['PRIVACY_ADMIN', 'ADMINISTRATOR'],
  },
  ...area('site', undefined, [
    ['districts', SITE_ADMIN],
    ['districtgates', SITE_ADMIN],
    ['identitydocuments', SITE_ADMIN],
    ['holidays', SITE_ADMIN],
    ['persons', SITE_ADMIN],
    ['personGroups', SITE_ADMIN],
    ['internalBlacklists', SITE_ADMIN],
    ['reports', SITE_ADMIN],
    // The spec's 'config properties' of the site tables: the current site's properties.
    ['properties', SITE_ADMIN],
  ]),
  ...area('patrol', 'MOD_PATROL', [
    ['unfinished', ['PATROL_ADMIN', 'PATROL_VIEW']],
    ['archive', ['PATROL_ADMIN', 'PATROL_VIEW']],
    ['checkpoints', ['PATROL_ADMIN']],
    ['guards', ['PATROL_ADMIN']],
    ['routes', ['PATROL_ADMIN']],
    ['terminals', ['PATROL_ADMIN']],
    ['incidents', ['PATROL_ADMIN', 'PATROL_VIEW']],
  ]),
  ...area('visits', 'MOD_VISIT', [
    ['manager', ['VISIT_ADMIN', 'VISIT_USER']],
    ['overview', ['VISIT_ADMIN', 'VISIT_VIEW', 'VISIT_KIOSK'], ['VISIT_ADMIN', 'VISIT_VIEW']],
    ['purposes', ['VISIT_ADMIN']],
    ['visited', ['VISIT_ADMIN']],
    ['card', ['VISIT_ADMIN']],
  ]),
  ...area('advice', 'MOD_VISIT_ADVICE', [
    // The spec's 'User' of the advice manager is whoever requests or responds: there is no VISIT_ADVICE_USER role.
    ['manager', ['VISIT_ADVICE_ADMIN', 'VISIT_ADVICE_REQUEST', 'VISIT_ADVICE_RESPONSE', 'VISIT_ADVICE_VIEW']],
    ['categories', ['VISIT_ADVICE_ADMIN']],
    ['requests', ['VISIT_ADVICE_REQUEST']],
    ['responses', ['VISIT_ADVICE_RESPONSE']],
  ]),
  ...area('vehicleadvice', 'MOD_VEHICLE_ADVICE', [
    ['manager', ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER']],
    ['categories', ['VEHICLE_ADVICE_ADMIN']],
  ]),
  ...area('kbox', 'MOD_KBOX', [
    ['manager', ['KBOX_ADMIN']],
    ['operator', ['KBOX_ADMIN']],
    ['workflow', ['KBOX_ADMIN']],
    ['contentincoming', ['KBOX_USER', 'KBOX_VIEW']],
    ['contentoutgoing', ['KBOX_USER', 'KBOX_VIEW']],
    ['operation', ['KBOX_USER', 'KBOX_VIEW']],
  ]),
  ...area('logistics', 'MOD_LOGISTICS', [
    ['manager', ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE', 'LOGISTICS_VIEW']],
    // LOGISTICS_CANCEL too: a user who may only cancel finds here the transports to cancel.
    ['transports', ['LOGISTICS_ADMIN', 'LOGISTICS_VIEW', 'LOGISTICS_OPERATOR', 'LOGISTICS_CANCEL']],
    ['statuses', ['LOGISTICS_ADMIN']],
    ['ramps', ['LOGISTICS_ADMIN']],
    ['types', ['LOGISTICS_ADMIN']],
    ['operations', ['LOGISTICS_ADMIN']],
    ['logisticsOperations', ['LOGISTICS_ADMIN']],
    ['suppliers', ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE']],
  ]),
  ...area('keys', 'MOD_KM', [
    ['incidenttypes', ['KM_ADMIN']],
    ['frames', ['KM_ADMIN']],
    ['doorgroups', ['KM_ADMIN']],
    ['doors', ['KM_ADMIN']],
    ['keytypes', ['KM_ADMIN']],
    ['keygroups', ['KM_ADMIN']],
    ['keys', ['KM_ADMIN']],
    ['incidents', ['KM_ADMIN']],
    ['lendouts', ['KM_ADMIN', 'KM_USER', 'KM_VIEW']],
    ['lendoutshistory', ['KM_ADMIN', 'KM_VIEW']],
  ]),
  ...area('signatures', 'MOD_SIGNATURE', [
    ['documents', ['SIG_ADMIN']],
    ['signing', ['SIG_USER']],
    ['archive', ['SIG_ADMIN', 'SIG_USER', 'SIG_VIEW']],
  ]),
  ...area('vehicles', 'MOD_VEHICLE', [
    ['manager', ['VEHICLE_ADMIN', 'VEHICLE_USER']],
    ['overview', ['VEHICLE_ADMIN', 'VEHICLE_VIEW']],
    ['forwarders', ['VEHICLE_ADMIN']],
    ['entrypurposes', ['VEHICLE_ADMIN']],
    ['material', ['VEHICLE_ADMIN']],
    ['types', ['VEHICLE_ADMIN']],
  ]),
  ...area('stock', 'MOD_STOCK', [
    ['incidenttypes', ['STOCK_ADMIN']],
    ['takings', ['STOCK_ADMIN']],
    ['categories', ['STOCK_ADMIN']],
    ['mu', ['STOCK_ADMIN']],
    ['incidents', ['STOCK_ADMIN']],
    ['items', ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW']],
    ['movements', ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW']],
    ['warehouses', ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW']],
  ]),
];

export function findRoute(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === path);
}
