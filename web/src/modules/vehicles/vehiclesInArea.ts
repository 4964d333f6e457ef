import { useQuery } from '@tanstack/react-query';
import { vehicle } from '@strazce/contract';
import { api } from '../../app/api';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { useDebounced } from '../visits/useDebounced';

/** Vehicles in the area (not trailers left behind) whose plate contains the text. */
export function useVehiclesInArea(text: string) {
  const term = useDebounced(text, 250);
  return useQuery({
    queryKey: [...entityQueryKey(vehicle), 'leaveSearch', term],
    queryFn: async ({ signal }) => {
      const query = { page: 1, size: 20, inArea: 'true', ...(term ? { plate: term } : {}) };
      const { rows } = await api.list<Row>('/vehicle/inarea', query, { signal });
      return rows;
    },
  });
}
