/** Loads a key management page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const keyPageLoaders = {
  frames: () => import('./FramesPage'),
  doorgroups: () => import('./DoorGroupsPage'),
  doors: () => import('./DoorsPage'),
  keytypes: () => import('./KeyTypesPage'),
  keygroups: () => import('./KeyGroupsPage'),
  keys: () => import('./KeysPage'),
  lendouts: () => import('./LendOutsPage'),
  lendoutshistory: () => import('./LendOutsHistoryPage'),
};
export type KeyPageName = keyof typeof keyPageLoaders;
