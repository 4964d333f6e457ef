import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /vehicleadvice/... (route path → lazy page). */
export const vehicleAdvicePages: Record<string, PageLoader> = {
  '/vehicleadvice/manager': () => import('./VehicleAdviceManagerPage'),
  '/vehicleadvice/categories': () => import('./VehicleAdviceCategoriesPage'),
};
