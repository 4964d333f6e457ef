import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardLayoutAnswer, DashboardWidget } from '@strazce/contract';
import { api, type ApiError, type NetworkError } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';

/** How long the layout rests before it is saved: one save after a drag, not one per step. */
export const SAVE_DELAY_MS = 600;

/**
 * The user's dashboard layout on the current site: read from the server, changed here at once (optimistic)
 * and saved after a short rest. A failed save says so and keeps the layout on the screen; the next change
 * saves it again. `fallback` is the layout of a user who has never saved one.
 */
export function useDashboardLayout(siteId: number | null, fallback: () => DashboardWidget[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: ['dashboard', 'layout', siteId],
    queryFn: () => api.get<DashboardLayoutAnswer>('/dashboard/layout'),
    enabled: siteId !== null,
    staleTime: Infinity,
  });
  const [widgets, setWidgets] = useState<DashboardWidget[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  // The server's layout (or the default) once it arrives, and again for another site.
  useEffect(() => {
    if (!query.data) return;
    setWidgets(query.data.saved ? query.data.widgets : fallbackRef.current());
  }, [query.data]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: DashboardWidget[]) => {
      setWidgets(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        api
          .put('/dashboard/layout', { widgets: next }, { silent: true })
          .catch((error: ApiError | NetworkError) =>
            message.error({
              content: `${t('home.dashboard.saveFailed')} ${apiErrorText(error, t)}`,
              key: 'dashboard-save',
            }),
          );
      }, SAVE_DELAY_MS);
    },
    [message, t],
  );

  return { widgets, change, isLoading: query.isLoading, error: query.error };
}
