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

export const patrolPages: Record<string, PageLoader> = {
  '/patrol/checkpoints': page('checkpoints'),
  '/patrol/guards': page('guards'),
  '/patrol/routes': page('routes'),
  '/patrol/terminals': page('terminals'),
  '/patrol/unfinished': page('unfinished'),
  '/patrol/archive': page('archive'),
};
