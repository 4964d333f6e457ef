import {
  APP_ROUTES,
  findRoute,
  rolesAllow,
  type AppRoute,
  type ModuleCode,
  type Role,
} from '@strazce/contract';

/** What an access decision needs to know about the current user: held roles and the site's enabled modules. */
export interface AccessSubject {
  roles: readonly string[];
  modules: readonly ModuleCode[];
}

/**
 * The one access function of the web app (routes, menu and buttons): the user holds one of `roles` (with
 * the contract's special roles) and, when a module is named, the current site has it enabled. A missing
 * subject is a guest. The server enforces the same rules; this only hides what would be refused.
 */
export function canAccess(
  subject: AccessSubject | null,
  roles: readonly Role[] | undefined,
  module?: ModuleCode,
): boolean {
  if (!rolesAllow(roles, subject?.roles ?? [], subject !== null)) return false;
  return module === undefined || (subject?.modules.includes(module) ?? false);
}

/** A route may be opened when it has a definition in the route table and its roles and module allow it. */
export function canOpenRoute(subject: AccessSubject | null, route: AppRoute | string | undefined): boolean {
  const definition = typeof route === 'string' ? findRoute(route) : route;
  return definition !== undefined && canAccess(subject, definition.roles, definition.module);
}

/** The pages of the side menu for this user, in route table order (menu roles where they differ). */
export function menuRoutes(subject: AccessSubject | null): AppRoute[] {
  return APP_ROUTES.filter(
    (route) =>
      route.area !== null &&
      canOpenRoute(subject, route) &&
      canAccess(subject, route.menuRoles ?? route.roles, route.module),
  );
}

/** Why a route may not be opened: no definition, a role the user lacks, or a module off on this site. */
export function deniedBecause(
  subject: AccessSubject | null,
  route: string,
): 'unknown' | 'role' | 'module' | null {
  const definition = findRoute(route);
  if (!definition) return 'unknown';
  if (!canAccess(subject, definition.roles)) return 'role';
  if (!canAccess(subject, definition.roles, definition.module)) return 'module';
  return null;
}

/** The visit overview a kiosk shows. */
export const KIOSK_PAGE = '/visits/overview';

/**
 * Where a user lands (the home path `/`): a kiosk user, whose role is the gate's visit overview and who has
 * no page in the menu, lands on that overview; everybody else on the home overview.
 */
export function landingPath(subject: AccessSubject | null): string {
  if (!subject?.roles.includes('VISIT_KIOSK')) return '/';
  if (!canOpenRoute(subject, KIOSK_PAGE) || menuRoutes(subject).length > 0) return '/';
  return KIOSK_PAGE;
}
