import type { PageLoader } from '../lib/pageLoader';
import { adminPages } from './admin/pages';
import { sitePages } from './site/pages';
import { visitPages } from './visit/pages';
import { advicePages } from './visitAdvice/pages';
import { vehicleAdvicePages } from './vehicleAdvice/pages';
import { vehiclePages } from './vehicle/pages';
import { incidentPages } from './incident/pages';
import { patrolPages } from './patrol/pages';
import { keyPages } from './keys/pages';
import { stockPages } from './stock/pages';
import { logisticsPages } from './logistics/pages';
import { kboxPages } from './kbox/pages';
import { signaturePages } from './signature/pages';
import { privacyPages } from './privacy/pages';

/** Pages of the shell itself: home and the user's profile. */
const shellPages: Record<string, PageLoader> = {
  '/': () => import('./dashboard/HomePage'),
  '/profile': () => import('./profile/ProfilePage'),
};

/**
 * The page component of every route path of the contract's route table (`APP_ROUTES`) that has one. Each
 * module folder exports its own map; the router looks pages up here. Every route has its page; a page without
 * a route definition is denied.
 */
export const PAGES: Record<string, PageLoader> = {
  ...shellPages,
  ...adminPages,
  ...sitePages,
  ...visitPages,
  ...advicePages,
  ...vehicleAdvicePages,
  ...vehiclePages,
  ...keyPages,
  ...patrolPages,
  ...stockPages,
  ...logisticsPages,
  ...kboxPages,
  ...signaturePages,
  ...privacyPages,
  ...incidentPages,
};
