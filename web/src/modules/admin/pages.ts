import type { PageLoader } from '../registry';
import type { AdminPageName } from './adminPageChunk';

/**
 * Pages of /admin/... (route path → lazy page). They load through a small chunk (`adminPageChunk`) holding the
 * list of the pages' files, so that the login page's start chunk, which carries this map, stays small (its
 * budget): each page imported here directly would bring the list of its files' names into it.
 */
const page =
  (name: AdminPageName): PageLoader =>
  () =>
    import('./adminPageChunk').then((chunk) => chunk.adminPageLoaders[name]());

export const adminPages: Record<string, PageLoader> = {
  '/admin/persons': page('persons'),
  '/admin/users': page('users'),
  '/admin/groups': page('groups'),
  '/admin/sites': page('sites'),
  '/admin/clients': page('clients'),
  '/admin/audits': page('audits'),
  '/admin/emails': page('emails'),
  '/admin/sms': page('sms'),
  '/admin/files': page('files'),
  '/admin/properties': page('properties'),
};
