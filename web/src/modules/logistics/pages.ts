import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { LogisticsPageName } from './logisticsPageChunk';

/**
 * Pages of /logistics/... (route path → lazy page): the dispatcher board with the turn-time report, the
 * transports with their operation log, and the logistics administrator's set-up. They load through a small
 * chunk (`logisticsPageChunk`) holding the list of the pages' files, so that the start chunk grows little.
 */
const page =
  (name: LogisticsPageName): PageLoader =>
  () =>
    import('./logisticsPageChunk').then((chunk) => chunk.logisticsPageLoaders[name]());

/** Every route of the `logistics` area of the route table, at `/logistics/<name>`. */
export const logisticsPages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'logistics').map((route) => [
    route.path,
    page(route.path.slice('/logistics/'.length) as LogisticsPageName),
  ]),
);
