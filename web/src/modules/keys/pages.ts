import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /keys/... (route path → lazy page): the key administrator's set-up, the open lend-outs (lend and
 * return at the guard's gate) and their history. /keys/incidents and /keys/incidenttypes are the shared incident
 * pages (`incident/pages.ts`).
 */
export const keyPages: Record<string, PageLoader> = {
  '/keys/frames': () => import('./FramesPage'),
  '/keys/doorgroups': () => import('./DoorGroupsPage'),
  '/keys/doors': () => import('./DoorsPage'),
  '/keys/keytypes': () => import('./KeyTypesPage'),
  '/keys/keygroups': () => import('./KeyGroupsPage'),
  '/keys/keys': () => import('./KeysPage'),
  '/keys/lendouts': () => import('./LendOutsPage'),
  '/keys/lendoutshistory': () => import('./LendOutsHistoryPage'),
};
