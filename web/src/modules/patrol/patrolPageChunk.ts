/** Loads a patrol page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const patrolPageLoaders = {
  checkpoints: () => import('./CheckpointsPage'),
  guards: () => import('./GuardsPage'),
  routes: () => import('./RoutesPage'),
  terminals: () => import('./TerminalsPage'),
  unfinished: () => import('./UnfinishedPatrolsPage'),
  archive: () => import('./PatrolArchivePage'),
};
export type PatrolPageName = keyof typeof patrolPageLoaders;
