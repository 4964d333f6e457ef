import type { PageLoader } from '../registry';

/** Pages of /vehicleadvice/... (route path → lazy page). */
export const vehicleAdvicePages: Record<string, PageLoader> = {
  '/vehicleadvice/manager': () => import('./VehicleAdviceManagerPage'),
  '/vehicleadvice/categories': () => import('./VehicleAdviceCategoriesPage'),
};
