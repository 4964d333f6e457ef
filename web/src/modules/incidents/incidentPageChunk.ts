import type { IncidentModule } from '@strazce/contract';

/** The page of an incident route (see `pages.ts`): this small chunk carries the list of the page's files. */
export const incidentPage = (module: IncidentModule, types?: boolean) =>
  import('./IncidentsPage').then((pages) => ({ default: pages.incidentPageOf(module, types) }));
