import { useQuery } from '@tanstack/react-query';
import type { RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/** A valid gate of the current site as the gate pickers show it. */
export interface GateOption {
  id: number;
  name: string;
  color: string | null;
  district: string | null;
}

interface GateRow {
  id: number;
  name: string;
  color: string | null;
  district: RefValue | null;
}

/** The valid gates of the current site, by district and name. */
export function useGates() {
  const { site } = useSession();
  return useQuery({
    queryKey: ['crud', 'system_site/district/gate', 'guard', site?.id ?? null],
    queryFn: async ({ signal }) => {
      const { rows } = await api.list<GateRow>(
        '/system_site/district/gate',
        { page: 1, size: 100, valid: 'true', sort: 'name,asc' },
        { signal },
      );
      return rows
        .map((row) => ({
          id: row.id,
          name: row.name,
          color: row.color,
          district: row.district?.label ?? null,
        }))
        .sort(
          (a, b) => (a.district ?? '').localeCompare(b.district ?? '') || a.name.localeCompare(b.name),
        ) satisfies GateOption[];
    },
    staleTime: 60_000,
    enabled: site !== null,
  });
}
