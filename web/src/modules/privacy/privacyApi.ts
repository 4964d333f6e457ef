import { useQuery } from '@tanstack/react-query';
import type { RetentionKey, RetentionPreview, RetentionSettings } from '@strazce/contract';
import { api } from '../../lib/api';

export const RETENTION_QUERY_KEY = ['privacy', 'retention'] as const;

/** The site's retention days per rule. */
export function useRetentionSettings() {
  return useQuery({
    queryKey: RETENTION_QUERY_KEY,
    queryFn: () => api.get<RetentionSettings>('/privacy/retention'),
  });
}

/** What the next run would anonymize: with the saved days, or with `days` tried before saving. */
export function fetchPreview(days?: Partial<Record<RetentionKey, number>>) {
  return api.get<RetentionPreview[]>('/privacy/retention/preview', { query: days ?? {} });
}

export function useRetentionPreview(days?: Partial<Record<RetentionKey, number>>) {
  return useQuery({
    queryKey: [...RETENTION_QUERY_KEY, 'preview', days ?? null],
    queryFn: () => fetchPreview(days),
  });
}
