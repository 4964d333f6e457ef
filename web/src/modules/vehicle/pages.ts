import type { PageLoader } from '../../lib/pageLoader';

/** Pages of /vehicles/... (route path → lazy page). */
export const vehiclePages: Record<string, PageLoader> = {
  '/vehicles/manager': () => import('./VehicleManagerPage'),
  '/vehicles/overview': () => import('./VehicleOverviewPage'),
  '/vehicles/forwarders': () => import('./ForwardersPage'),
  '/vehicles/entrypurposes': () => import('./EntryPurposesPage'),
  '/vehicles/material': () => import('./MaterialsPage'),
  '/vehicles/types': () => import('./TypesPage'),
};
