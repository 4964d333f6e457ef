/**
 * The gate desk's searches of who is in the area now: visitors (the visit's departure, a key's lend-out to a
 * visitor) and vehicles (the vehicle's departure, a key's lend-out to a driver).
 */
import { useQuery } from '@tanstack/react-query';
import { visit } from '@strazce/contract';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { entityQueryKey } from '../crud/CrudDialog';
import type { Row } from '../crud/fieldWire';
import { useDebounced } from '../../lib/useDebounced';
import { isMasked } from './visitCells';

/** How a visitor in the area reads in a search (the departure dialog, a key's lend-out). */
export function visitorLabel(entry: Row): string {
  const name = isMasked(entry.lastName) ? '***' : [entry.lastName, entry.firstName].filter(Boolean).join(' ');
  return [name, entry.company, entry.tag ? `#${entry.tag}` : null, formatTime(entry.movementTime as string)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Visitors in the area whose card is the text, or (with VIEW_PERSONAL_INFO) whose last name contains it; asked
 * only while `enabled` (a dialog offering other holders asks only when visitors are chosen).
 */
export function useVisitorsInArea(text: string, byName: boolean, enabled = true) {
  const term = useDebounced(text, 250);
  return useQuery({
    queryKey: [...entityQueryKey(visit), 'inArea', term, byName],
    queryFn: async ({ signal }) => {
      const base = { page: 1, size: 10, sort: 'movementTime,desc' };
      const searches = [api.list<Row>('/visit/overview', term ? { ...base, tag: term } : base, { signal })];
      if (term && byName)
        searches.push(api.list<Row>('/visit/overview', { ...base, lastName: term }, { signal }));
      const pages = await Promise.all(searches);
      const byId = new Map<number, Row>();
      for (const page of pages) for (const row of page.rows) byId.set(row.id, row);
      return [...byId.values()];
    },
    enabled,
  });
}

/** Vehicles in the area (not trailers left behind) whose plate contains the text; asked only while `enabled`. */
export function useVehiclesInArea(text: string, enabled = true) {
  const term = useDebounced(text, 250);
  return useQuery({
    // Under the vehicle movements' cache key (`entityQueryKey(vehicle)`), without loading their entity here.
    queryKey: ['crud', 'vehicle', 'leaveSearch', term],
    queryFn: async ({ signal }) => {
      const query = { page: 1, size: 25, inArea: 'true', ...(term ? { plate: term } : {}) };
      const { rows } = await api.list<Row>('/vehicle/inarea', query, { signal });
      return rows;
    },
    enabled,
  });
}
