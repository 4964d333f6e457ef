import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /advice/... (route path → lazy page). */
export const advicePages: Record<string, PageLoader> = {
  '/advice/manager': () => import('./AdviceManagerPage'),
  '/advice/categories': () => import('./AdviceCategoriesPage'),
  '/advice/requests': () => import('./AdviceRequestsPage'),
  '/advice/responses': () => import('./AdviceResponsesPage'),
};
