import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { StockPageName } from './stockPageChunk';

/**
 * Pages of /stock/... (route path → lazy page): the stock administrator's set-up and stock takings, and the
 * items, movements (with the lendings) and warehouses of every stock role. They load through a small chunk
 * (`stockPageChunk`) holding the list of the pages' files, so that the login page's start chunk, which carries
 * this map, grows as little as possible (its budget).
 */
const page =
  (name: StockPageName): PageLoader =>
  () =>
    import('./stockPageChunk').then((chunk) => chunk.stockPageLoaders[name]());

/**
 * Every route of the `stock` area of the route table, at `/stock/<name>`. The incident pages among them are the
 * shared ones: the registry lets `incidentPages` override these two.
 */
export const stockPages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'stock').map((route) => [
    route.path,
    page(route.path.slice('/stock/'.length) as StockPageName),
  ]),
);
