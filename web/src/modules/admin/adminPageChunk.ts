/** Loads an administration page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const adminPageLoaders = {
  persons: () => import('./PersonsPage'),
  users: () => import('./UsersPage'),
  groups: () => import('./GroupsPage'),
  sites: () => import('./SitesPage'),
  clients: () => import('./ClientsPage'),
  audits: () => import('./AuditsPage'),
  emails: () => import('./EmailsPage'),
  sms: () => import('./SmsPage'),
  files: () => import('./FilesPage'),
  properties: () => import('./SystemPropertiesPage'),
};
export type AdminPageName = keyof typeof adminPageLoaders;
