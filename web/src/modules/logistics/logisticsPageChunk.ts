/** Loads a logistics page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const logisticsPageLoaders = {
  manager: () => import('./ManagerPage'),
  transports: () => import('./TransportsPage'),
  statuses: () => import('./StatusesPage'),
  ramps: () => import('./RampsPage'),
  types: () => import('./TypesPage'),
  operations: () => import('./WorkflowOperationsPage'),
  logisticsOperations: () => import('./LogisticsOperationsPage'),
  suppliers: () => import('./SuppliersPage'),
};
export type LogisticsPageName = keyof typeof logisticsPageLoaders;
