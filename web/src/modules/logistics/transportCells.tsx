import { useCallback } from 'react';
import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsTransport, logisticsTransportLog, type RefValue } from '@strazce/contract';
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

/** A status or an operation as a tag of its colour (a plain tag without one). */
export function ColoredTag({ value }: { value: unknown }) {
  const ref = value as ColoredRef | null | undefined;
  if (!ref) return null;
  return (
    <Tag color={ref.color ?? undefined} className="logistics-tag">
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
