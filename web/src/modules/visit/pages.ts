import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /visits/... (route path → lazy page). */
export const visitPages: Record<string, PageLoader> = {
  '/visits/manager': () => import('./VisitManagerPage'),
  '/visits/overview': () => import('./VisitOverviewPage'),
  '/visits/purposes': () => import('./PurposesPage'),
  '/visits/visited': () => import('./VisitedPage'),
  '/visits/card': () => import('./CardsPage'),
};
