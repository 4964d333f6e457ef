import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardLayoutAnswer, DashboardWidget } from '@strazce/contract';
import { api, type ApiError, type NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';

/** How long the layout rests before it is saved: one save after a drag, not one per step. */
export const SAVE_DELAY_MS = 600;

/**
 * The user's dashboard layout on the current site: read from the server, changed here at once (optimistic)
 * and saved after a short rest (at once when the page is left). A failed save says so and keeps the layout on
 * the screen; the next change saves it again. `fallback` is the layout of a user who has never saved one.
 */
export function useDashboardLayout(siteId: number | null, fallback: () => DashboardWidget[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = ['dashboard', 'layout', siteId];
  const query = useQuery({
    queryKey,
    queryFn: () => api.get<DashboardLayoutAnswer>('/dashboard/layout'),
    enabled: siteId !== null,
    staleTime: Infinity,
  });
  const [widgets, setWidgets] = useState<DashboardWidget[] | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  // The change waiting to be saved, with the site it belongs to.
  const pending = useRef<{
    siteId: number;
    widgets: DashboardWidget[];
    timer: ReturnType<typeof setTimeout>;
  }>(undefined);
  const currentSite = useRef(siteId);
  currentSite.current = siteId;

  // The server's layout (or the default) once it arrives, and again for another site.
  useEffect(() => {
    if (!query.data) return;
    setWidgets(query.data.saved ? query.data.widgets : fallbackRef.current());
  }, [query.data]);

  const save = useCallback(() => {
    const waiting = pending.current;
    pending.current = undefined;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    // The server saves to the session's current site: a change of another site is dropped, never misfiled.
    if (waiting.siteId !== currentSite.current) return;
    api
      .put('/dashboard/layout', { widgets: waiting.widgets }, { silent: true })
      .catch((error: ApiError | NetworkError) =>
        message.error({
          content: `${t('home.dashboard.saveFailed')} ${apiErrorText(error, t)}`,
          key: 'dashboard-save',
        }),
      );
  }, [message, t]);

  // Leaving the page saves at once what is waiting.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => () => saveRef.current(), []);

  const change = useCallback(
    (next: DashboardWidget[]) => {
      setWidgets(next);
      if (siteId === null) return;
      // Coming back to the page shows the layout as changed, not as first read.
      queryClient.setQueryData<DashboardLayoutAnswer>(['dashboard', 'layout', siteId], {
        widgets: next,
        saved: true,
      });
      clearTimeout(pending.current?.timer);
      pending.current = { siteId, widgets: next, timer: setTimeout(save, SAVE_DELAY_MS) };
    },
    [queryClient, save, siteId],
  );

  return { widgets: query.data ? widgets : null, change, isLoading: query.isLoading, error: query.error };
}
