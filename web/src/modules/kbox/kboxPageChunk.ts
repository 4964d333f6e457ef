/** Loads a keybox page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const kboxPageLoaders = {
  manager: () => import('./ManagerPage'),
  operator: () => import('./OperatorsPage'),
  workflow: () => import('./WorkflowsPage'),
  contentincoming: () => import('./ContentIncomingPage'),
  contentoutgoing: () => import('./ContentOutgoingPage'),
  operation: () => import('./OperationsPage'),
};
export type KboxPageName = keyof typeof kboxPageLoaders;
