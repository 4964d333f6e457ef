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

/** The pages, each at `/patrol/<name>` (a list of names costs the start chunk less than a map of paths). */
const names: PatrolPageName[] = ['checkpoints', 'guards', 'routes', 'terminals', 'unfinished', 'archive'];

export const patrolPages: Record<string, PageLoader> = Object.fromEntries(
  names.map((name) => [`/patrol/${name}`, page(name)]),
);
