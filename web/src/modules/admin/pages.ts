import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /admin/... (route path → lazy page). */
export const adminPages: Record<string, PageLoader> = {
  '/admin/persons': () => import('./PersonsPage'),
  '/admin/users': () => import('./UsersPage'),
  '/admin/groups': () => import('./GroupsPage'),
  '/admin/sites': () => import('./SitesPage'),
  '/admin/clients': () => import('./ClientsPage'),
  '/admin/audits': () => import('./AuditsPage'),
  '/admin/emails': () => import('./EmailsPage'),
  '/admin/sms': () => import('./SmsPage'),
  '/admin/files': () => import('./FilesPage'),
  '/admin/properties': () => import('./SystemPropertiesPage'),
};
