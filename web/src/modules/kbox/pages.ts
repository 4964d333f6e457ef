import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { KboxPageName } from './kboxPageChunk';

/**
 * Pages of /kbox/... (route path → lazy page): the keybox administrator's keyboxes, operators and workflows,
 * and the incoming and outgoing contents and the operations of every keybox role. They load through a small
 * chunk (`kboxPageChunk`) holding the list of the pages' files, so that the login page's start chunk, which
 * carries this map, grows as little as possible (its budget).
 */
const page =
  (name: KboxPageName): PageLoader =>
  () =>
    import('./kboxPageChunk').then((chunk) => chunk.kboxPageLoaders[name]());

/** Every route of the `kbox` area of the route table, at `/kbox/<name>`. */
export const kboxPages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'kbox').map((route) => [
    route.path,
    page(route.path.slice('/kbox/'.length) as KboxPageName),
  ]),
);
