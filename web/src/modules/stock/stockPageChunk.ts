/** Loads a stock page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const stockPageLoaders = {
  categories: () => import('./CategoriesPage'),
  mu: () => import('./UnitsPage'),
  warehouses: () => import('./WarehousesPage'),
  items: () => import('./ItemsPage'),
  movements: () => import('./MovementsPage'),
  takings: () => import('./TakingsPage'),
};
export type StockPageName = keyof typeof stockPageLoaders;
