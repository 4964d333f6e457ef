import { useCallback, useMemo } from 'react';
import { Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsStatus, logisticsTransport, logisticsTransportLog, type RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import type { Row } from '../../components/crud/fieldWire';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { enumLabel } from '../../components/crud/labels';

/** Query key of the dispatcher board (under the transports': whatever changes a transport refreshes it). */
export const BOARD_QUERY_KEY = [...entityQueryKey(logisticsTransport), 'board'] as const;

/** Reloads everything that shows transports: the lists, the board, the operation logs. */
export function useRefreshTransports(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: entityQueryKey(logisticsTransport) });
    void queryClient.invalidateQueries({ queryKey: entityQueryKey(logisticsTransportLog) });
  }, [queryClient]);
}

/** A reference the server may give with its colour (a status, an operation). */
export type ColoredRef = RefValue & { color?: string | null };

/** A status or an operation as a tag of its colour (given, or the value's own; a plain tag without one). */
export function ColoredTag({ value, color }: { value: unknown; color?: string | null }) {
  const ref = value as ColoredRef | null | undefined;
  if (!ref) return null;
  return (
    <Tag color={color ?? ref.color ?? undefined} className="logistics-tag">
      {ref.label}
    </Tag>
  );
}

/** 'Čeká na vjezd' / 'Čeká na odjezd' as a tag (nothing for a transport waiting for neither). */
export function WaitingTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value !== 'ENTRY' && value !== 'DEPARTURE') return null;
  return (
    <Tag color={value === 'ENTRY' ? 'gold' : 'blue'} className="logistics-tag">
      {enumLabel(t, logisticsTransport, 'waiting', value)}
    </Tag>
  );
}

/** The label of a reference value, or '' without one. */
export const refLabel = (value: unknown): string => (value as RefValue | null | undefined)?.label ?? '';

/** What a transport's status tells beyond its name: its colour, and whether it ends the transport (archive). */
export interface StatusLook {
  color: string | null;
  archive: boolean;
}

/** A site has a handful of statuses: one page holds them all. */
const STATUS_PAGE = 100;

/** The site's statuses by id (readable by every transport reader): the colours and archive flags of the rows. */
export function useStatusLooks(): Map<number, StatusLook> {
  const statuses = useQuery({
    queryKey: [...entityQueryKey(logisticsStatus), 'looks'],
    queryFn: ({ signal }) =>
      api.list<Row>(`/${logisticsStatus.resource}`, { page: 1, size: STATUS_PAGE }, { signal, silent: true }),
    staleTime: 60_000,
  });
  const rows = statuses.data?.rows;
  return useMemo(
    () =>
      new Map(
        (rows ?? []).map((row) => [
          row.id,
          { color: (row.color as string | null) ?? null, archive: row.archive === true },
        ]),
      ),
    [rows],
  );
}

/** Whether operations may still act on the transport: not cancelled, not in an archive status. */
export function isOpenTransport(transport: Row, looks: ReadonlyMap<number, StatusLook>): boolean {
  const status = (transport.status as RefValue | null | undefined)?.id;
  return !transport.cancelled && !(status !== undefined && looks.get(status)?.archive);
}
