import type { IncidentModule } from '@strazce/contract';
import type { PageLoader } from '../../lib/pageLoader';

/** The incident pages of patrols, key management and stock: one page each, parameterised by module. */
const page =
  (module: IncidentModule, types?: boolean): PageLoader =>
  () =>
    import('./IncidentsPage').then((pages) => ({ default: pages.incidentPageOf(module, types) }));

export const incidentPages: Record<string, PageLoader> = {
  '/patrol/incidents': page('MOD_PATROL'),
  '/keys/incidents': page('MOD_KM'),
  '/keys/incidenttypes': page('MOD_KM', true),
  '/stock/incidents': page('MOD_STOCK'),
  '/stock/incidenttypes': page('MOD_STOCK', true),
};
