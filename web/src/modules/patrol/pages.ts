import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /patrol/... (route path → lazy page): the patrols' set-up, for the patrol administrator, and the
 * patrols in progress and finished (PATROL_ADMIN or PATROL_VIEW). /patrol/incidents is the shared incidents page
 * (`incident/pages.ts`).
 */
export const patrolPages: Record<string, PageLoader> = {
  '/patrol/checkpoints': () => import('./CheckpointsPage'),
  '/patrol/guards': () => import('./GuardsPage'),
  '/patrol/routes': () => import('./RoutesPage'),
  '/patrol/terminals': () => import('./TerminalsPage'),
  '/patrol/unfinished': () => import('./UnfinishedPatrolsPage'),
  '/patrol/archive': () => import('./PatrolArchivePage'),
};
