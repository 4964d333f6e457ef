import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /site/... (route path → lazy page): the current site's data, for its SiteAdmin. */
export const sitePages: Record<string, PageLoader> = {
  '/site/districts': () => import('./DistrictsPage'),
  '/site/districtgates': () => import('./DistrictGatesPage'),
  '/site/identitydocuments': () => import('./IdentityDocumentsPage'),
  '/site/holidays': () => import('./HolidaysPage'),
  '/site/persons': () => import('./SitePersonsPage'),
  '/site/personGroups': () => import('./PersonGroupsPage'),
  '/site/internalBlacklists': () => import('./BlacklistPage'),
  '/site/reports': () => import('./ReportsPage'),
  '/site/properties': () => import('./SitePropertiesPage'),
};
