import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { PatrolPageName } from './patrolPageChunk';

/**
 * Pages of /patrol/... (route path → lazy page): the patrols' set-up, for the patrol administrator, and the
 * patrols in progress and finished (PATROL_ADMIN or PATROL_VIEW). They load
 * through a small chunk (`patrolPageChunk`) holding the list of the pages' files, so that the login page's start
 * chunk, which carries this map, grows as little as possible (its budget).
 */
const page =
  (name: PatrolPageName): PageLoader =>
  () =>
    import('./patrolPageChunk').then((chunk) => chunk.patrolPageLoaders[name]());

/**
 * Every route of the `patrol` area of the route table, at `/patrol/<name>` (its paths cost the start chunk less
 * than a list of names). /patrol/incidents among them is the shared incidents page: the registry lets
 * `incidentPages` override it.
 */
export const patrolPages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'patrol').map((route) => [
    route.path,
    page(route.path.slice('/patrol/'.length) as PatrolPageName),
  ]),
);
