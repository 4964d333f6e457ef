import type { IncidentModule } from '@strazce/contract';
import type { PageLoader } from '../registry';

/**
 * The incident pages of patrols, key management and stock: one page each, parameterised by module. They load
 * through a small chunk (`incidentPageChunk`) holding the list of the pages' files, so that the login page's
 * start chunk, which carries this map, grows as little as possible (its budget).
 */
const page =
  (module: IncidentModule, types?: boolean): PageLoader =>
  () =>
    import('./incidentPageChunk').then((chunk) => chunk.incidentPage(module, types));

export const incidentPages: Record<string, PageLoader> = {
  '/patrol/incidents': page('MOD_PATROL'),
  '/keys/incidents': page('MOD_KM'),
  '/keys/incidenttypes': page('MOD_KM', true),
  '/stock/incidents': page('MOD_STOCK'),
  '/stock/incidenttypes': page('MOD_STOCK', true),
};
