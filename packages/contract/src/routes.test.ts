import { describe, expect, it } from 'vitest';
import { APP_ROUTES, MENU_AREAS, PUBLIC_PATHS, findRoute } from './routes';
import {
  ALL_ROLES,
  ASSIGNABLE_ROLES,
  INTERNAL_ROLES,
  ROLE_TABS,
  SPECIAL_ROLES,
  isAssignableRole,
  rolesAllow,
} from './roles';
import { MODULES, isModuleCode } from './modules';

describe('roles (spec section 6)', () => {
  it('names every role once: a tab role is neither internal nor special, and no two tabs share one', () => {
    const tabRoles: string[] = Object.values(ROLE_TABS).flat();
    expect(tabRoles.length).toBeGreaterThan(0);
    for (const [tab, roles] of Object.entries(ROLE_TABS)) expect(roles.length, tab).toBeGreaterThan(0);
    expect(new Set(ALL_ROLES).size).toBe(ALL_ROLES.length);
    expect([...ALL_ROLES].sort()).toEqual([...tabRoles, ...INTERNAL_ROLES, ...SPECIAL_ROLES].sort());
    for (const role of ALL_ROLES) expect(role).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
  });

  it('lets only tab roles be assigned', () => {
    expect([...ASSIGNABLE_ROLES].sort()).toEqual(Object.values(ROLE_TABS).flat().sort());
    for (const role of ASSIGNABLE_ROLES) expect(isAssignableRole(role), role).toBe(true);
    for (const role of [...INTERNAL_ROLES, ...SPECIAL_ROLES, 'admin', ''])
      expect(isAssignableRole(role)).toBe(false);
  });

  it("opens a module's pages to the roles of one tab, and every module to some page", () => {
    const tabOf = new Map<string, string>(
      Object.entries(ROLE_TABS).flatMap(([tab, roles]) => roles.map((role): [string, string] => [role, tab])),
    );
    expect(new Set(MODULES).size).toBe(MODULES.length);
    for (const module of MODULES) {
      expect(module).toMatch(/^MOD_[A-Z_]+$/);
      expect(isModuleCode(module)).toBe(true);
      const routes = APP_ROUTES.filter((route) => route.module === module);
      expect(routes.length, module).toBeGreaterThan(0);
      const tabs = new Set(routes.flatMap((route) => route.roles.map((role) => tabOf.get(role))));
      expect([...tabs], module).toHaveLength(1);
      expect([...tabs][0], module).toBeDefined();
    }
    expect(isModuleCode('MOD_UNKNOWN')).toBe(false);
    expect(isModuleCode('mod_km')).toBe(false);
  });
});

describe('rolesAllow', () => {
  it('denies a missing or empty role list, even to an administrator', () => {
    expect(rolesAllow(undefined, ['ADMINISTRATOR'], true)).toBe(false);
    expect(rolesAllow([], ['ADMINISTRATOR'], true)).toBe(false);
  });

  it('lets anybody in with ROLE_ANY', () => {
    expect(rolesAllow(['ROLE_ANY'], [], false)).toBe(true);
    expect(rolesAllow(['ROLE_ANY'], [], true)).toBe(true);
  });

  it('lets any logged-in user in with ROLE_ANYONE_LOGGED', () => {
    expect(rolesAllow(['ROLE_ANYONE_LOGGED'], [], true)).toBe(true);
    expect(rolesAllow(['ROLE_ANYONE_LOGGED'], ['ADMINISTRATOR'], false)).toBe(false);
  });

  it('needs one of the listed roles otherwise', () => {
    expect(rolesAllow(['VISIT_ADMIN', 'VISIT_USER'], ['VISIT_USER'], true)).toBe(true);
    expect(rolesAllow(['VISIT_ADMIN', 'VISIT_USER'], ['VISIT_VIEW', 'KM_ADMIN'], true)).toBe(false);
    expect(rolesAllow(['VISIT_ADMIN'], ['VISIT_ADMIN'], false)).toBe(false);
  });

  it('gives the administrator no implicit rights to module pages', () => {
    expect(rolesAllow(['KM_ADMIN'], ['ADMINISTRATOR'], true)).toBe(false);
  });
});

/** The route table of spec section 2, written out independently of the implementation. */
const SPEC_ROUTES: Record<string, { module?: string; roles: string[]; menuRoles?: string[] }> = {
  '/': { roles: ['ROLE_ANYONE_LOGGED'] },
  ...Object.fromEntries(
    // `properties` is ours, not the specification's: the installation's settings.
    ['persons', 'users', 'clients', 'groups', 'sites', 'audits', 'emails', 'sms', 'files', 'properties'].map(
      (page) => [`/admin/${page}`, { roles: ['ADMINISTRATOR'] }],
    ),
  ),
  ...Object.fromEntries(
    [
      'districts',
      'districtgates',
      'identitydocuments',
      'holidays',
      'persons',
      'personGroups',
      'internalBlacklists',
      'reports',
      'properties',
    ].map((page) => [`/site/${page}`, { roles: ['SITE_ADMIN'] }]),
  ),
  '/patrol/unfinished': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN', 'PATROL_VIEW'] },
  '/patrol/archive': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN', 'PATROL_VIEW'] },
  '/patrol/checkpoints': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN'] },
  '/patrol/guards': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN'] },
  '/patrol/routes': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN'] },
  '/patrol/terminals': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN'] },
  '/patrol/incidents': { module: 'MOD_PATROL', roles: ['PATROL_ADMIN', 'PATROL_VIEW'] },
  '/visits/manager': { module: 'MOD_VISIT', roles: ['VISIT_ADMIN', 'VISIT_USER'] },
  '/visits/overview': {
    module: 'MOD_VISIT',
    roles: ['VISIT_ADMIN', 'VISIT_VIEW', 'VISIT_KIOSK'],
    menuRoles: ['VISIT_ADMIN', 'VISIT_VIEW'],
  },
  '/visits/purposes': { module: 'MOD_VISIT', roles: ['VISIT_ADMIN'] },
  '/visits/visited': { module: 'MOD_VISIT', roles: ['VISIT_ADMIN'] },
  '/visits/card': { module: 'MOD_VISIT', roles: ['VISIT_ADMIN'] },
  '/advice/manager': {
    module: 'MOD_VISIT_ADVICE',
    roles: ['VISIT_ADVICE_ADMIN', 'VISIT_ADVICE_REQUEST', 'VISIT_ADVICE_RESPONSE', 'VISIT_ADVICE_VIEW'],
  },
  '/advice/categories': { module: 'MOD_VISIT_ADVICE', roles: ['VISIT_ADVICE_ADMIN'] },
  '/advice/requests': { module: 'MOD_VISIT_ADVICE', roles: ['VISIT_ADVICE_REQUEST'] },
  '/advice/responses': { module: 'MOD_VISIT_ADVICE', roles: ['VISIT_ADVICE_RESPONSE'] },
  '/vehicleadvice/manager': {
    module: 'MOD_VEHICLE_ADVICE',
    roles: ['VEHICLE_ADVICE_ADMIN', 'VEHICLE_ADVICE_USER'],
  },
  '/vehicleadvice/categories': { module: 'MOD_VEHICLE_ADVICE', roles: ['VEHICLE_ADVICE_ADMIN'] },
  '/kbox/manager': { module: 'MOD_KBOX', roles: ['KBOX_ADMIN'] },
  '/kbox/operator': { module: 'MOD_KBOX', roles: ['KBOX_ADMIN'] },
  '/kbox/workflow': { module: 'MOD_KBOX', roles: ['KBOX_ADMIN'] },
  '/kbox/contentincoming': { module: 'MOD_KBOX', roles: ['KBOX_USER', 'KBOX_VIEW'] },
  '/kbox/contentoutgoing': { module: 'MOD_KBOX', roles: ['KBOX_USER', 'KBOX_VIEW'] },
  '/kbox/operation': { module: 'MOD_KBOX', roles: ['KBOX_USER', 'KBOX_VIEW'] },
  '/logistics/manager': {
    module: 'MOD_LOGISTICS',
    roles: ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE', 'LOGISTICS_VIEW'],
  },
  // The spec's roles plus LOGISTICS_CANCEL: a user who may only cancel finds the transports to cancel here
  // (issue 32, point 8; docs/logistics.md).
  '/logistics/transports': {
    module: 'MOD_LOGISTICS',
    roles: ['LOGISTICS_ADMIN', 'LOGISTICS_VIEW', 'LOGISTICS_OPERATOR', 'LOGISTICS_CANCEL'],
  },
  '/logistics/statuses': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN'] },
  '/logistics/ramps': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN'] },
  '/logistics/types': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN'] },
  '/logistics/operations': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN'] },
  '/logistics/logisticsOperations': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN'] },
  '/logistics/suppliers': { module: 'MOD_LOGISTICS', roles: ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE'] },
  ...Object.fromEntries(
    ['incidenttypes', 'frames', 'doorgroups', 'doors', 'keytypes', 'keygroups', 'keys', 'incidents'].map(
      (page) => [`/keys/${page}`, { module: 'MOD_KM', roles: ['KM_ADMIN'] }],
    ),
  ),
  '/keys/lendouts': { module: 'MOD_KM', roles: ['KM_ADMIN', 'KM_USER', 'KM_VIEW'] },
  '/keys/lendoutshistory': { module: 'MOD_KM', roles: ['KM_ADMIN', 'KM_VIEW'] },
  '/signatures/documents': { module: 'MOD_SIGNATURE', roles: ['SIG_ADMIN'] },
  '/signatures/signing': { module: 'MOD_SIGNATURE', roles: ['SIG_USER'] },
  '/signatures/archive': { module: 'MOD_SIGNATURE', roles: ['SIG_ADMIN', 'SIG_USER', 'SIG_VIEW'] },
  '/vehicles/manager': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN', 'VEHICLE_USER'] },
  '/vehicles/overview': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN', 'VEHICLE_VIEW'] },
  '/vehicles/forwarders': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN'] },
  '/vehicles/entrypurposes': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN'] },
  '/vehicles/material': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN'] },
  '/vehicles/types': { module: 'MOD_VEHICLE', roles: ['VEHICLE_ADMIN'] },
  ...Object.fromEntries(
    ['incidenttypes', 'takings', 'categories', 'mu', 'incidents'].map((page) => [
      `/stock/${page}`,
      { module: 'MOD_STOCK', roles: ['STOCK_ADMIN'] },
    ]),
  ),
  ...Object.fromEntries(
    ['items', 'movements', 'warehouses'].map((page) => [
      `/stock/${page}`,
      { module: 'MOD_STOCK', roles: ['STOCK_ADMIN', 'STOCK_USER', 'STOCK_VIEW'] },
    ]),
  ),
};

describe('route table (spec section 2)', () => {
  it.each(Object.entries(SPEC_ROUTES))(
    '%s has the module and roles of the specification',
    (path, expected) => {
      const route = findRoute(path);
      expect(route, path).toBeDefined();
      expect(route!.module).toBe(expected.module);
      expect([...route!.roles].sort()).toEqual([...expected.roles].sort());
      expect(route!.menuRoles ? [...route!.menuRoles].sort() : undefined).toEqual(expected.menuRoles?.sort());
    },
  );

  it('has no page the specification does not name, apart from the profile and privacy (issue 35)', () => {
    const extra = APP_ROUTES.map((route) => route.path).filter((path) => !(path in SPEC_ROUTES));
    expect(extra).toEqual([
      '/profile',
      '/admin/privacy/preview',
      '/admin/privacy',
      '/admin/privacy/requests',
      '/admin/privacy/access',
    ]);
    expect(findRoute('/profile')!.roles).toEqual(['ROLE_ANYONE_LOGGED']);
  });

  it('shows the visit overview in the menu to VisitAdmin and VisitView but lets the kiosk open it', () => {
    const overview = findRoute('/visits/overview')!;
    expect(rolesAllow(overview.roles, ['VISIT_KIOSK'], true)).toBe(true);
    expect(rolesAllow(overview.menuRoles, ['VISIT_KIOSK'], true)).toBe(false);
    expect(rolesAllow(overview.menuRoles, ['VISIT_VIEW'], true)).toBe(true);
    expect(APP_ROUTES.filter((route) => route.menuRoles).map((route) => route.path)).toEqual([
      '/visits/overview',
    ]);
  });

  it('declares a role requirement, a unique path and a known menu area for every page', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of APP_ROUTES) {
      expect(route.roles.length, route.path).toBeGreaterThan(0);
      for (const role of route.roles) expect(ALL_ROLES, route.path).toContain(role);
      if (route.area) {
        expect(MENU_AREAS).toContain(route.area);
        expect(route.path.startsWith(`/${route.area}/`)).toBe(true);
      }
      if (route.module) expect(MODULES).toContain(route.module);
    }
  });

  it('keeps the public pages out of the role table', () => {
    expect(PUBLIC_PATHS).toEqual(['/login', '/resetPassword', '/clearstore', '/autologin', '/404']);
    for (const path of PUBLIC_PATHS) expect(findRoute(path)).toBeUndefined();
    expect(findRoute('/unknown/page')).toBeUndefined();
  });
});
