import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /kbox/... (route path → lazy page): the keybox administrator's keyboxes, operators and workflows,
 * and the incoming and outgoing contents and the operations of every keybox role.
 */
export const kboxPages: Record<string, PageLoader> = {
  '/kbox/manager': () => import('./ManagerPage'),
  '/kbox/operator': () => import('./OperatorsPage'),
  '/kbox/workflow': () => import('./WorkflowsPage'),
  '/kbox/contentincoming': () => import('./ContentIncomingPage'),
  '/kbox/contentoutgoing': () => import('./ContentOutgoingPage'),
  '/kbox/operation': () => import('./OperationsPage'),
};
