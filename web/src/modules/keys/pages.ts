import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { KeyPageName } from './keysPageChunk';

/**
 * Pages of /keys/... (route path → lazy page): the key administrator's set-up, the open lend-outs (lend and
 * return at the guard's gate) and their history. They load through a small chunk (`keysPageChunk`) holding the
 * list of the pages' files, so that the login page's start chunk, which carries this map, grows as little as
 * possible (its budget).
 */
const page =
  (name: KeyPageName): PageLoader =>
  () =>
    import('./keysPageChunk').then((chunk) => chunk.keyPageLoaders[name]());

/**
 * Every route of the `keys` area of the route table, at `/keys/<name>` (its paths cost the start chunk less than
 * a list of names). The incident pages among them are the shared ones: the registry lets `incidentPages`
 * override these two.
 */
export const keyPages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'keys').map((route) => [
    route.path,
    page(route.path.slice('/keys/'.length) as KeyPageName),
  ]),
);
