import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /stock/... (route path → lazy page): the stock administrator's set-up and stock takings, and the
 * items, movements (with the lendings) and warehouses of every stock role. /stock/incidents and
 * /stock/incidenttypes are the shared incident pages (`incident/pages.ts`).
 */
export const stockPages: Record<string, PageLoader> = {
  '/stock/categories': () => import('./CategoriesPage'),
  '/stock/mu': () => import('./UnitsPage'),
  '/stock/warehouses': () => import('./WarehousesPage'),
  '/stock/items': () => import('./ItemsPage'),
  '/stock/movements': () => import('./MovementsPage'),
  '/stock/takings': () => import('./TakingsPage'),
};
