import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /logistics/... (route path → lazy page): the dispatcher board with the turn-time report, the
 * transports with their operation log, and the logistics administrator's set-up.
 */
export const logisticsPages: Record<string, PageLoader> = {
  '/logistics/manager': () => import('./ManagerPage'),
  '/logistics/transports': () => import('./TransportsPage'),
  '/logistics/statuses': () => import('./StatusesPage'),
  '/logistics/ramps': () => import('./RampsPage'),
  '/logistics/types': () => import('./TypesPage'),
  '/logistics/operations': () => import('./WorkflowOperationsPage'),
  '/logistics/logisticsOperations': () => import('./LogisticsOperationsPage'),
  '/logistics/suppliers': () => import('./SuppliersPage'),
};
