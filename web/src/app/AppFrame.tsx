import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { onApiError, refusesSession } from '../lib/api';
import { apiErrorContent } from '../lib/apiErrors';
import { AppLayout } from './layout/AppLayout';
import { AntdRoot } from '../components/AntdRoot';
import { queryClient } from '../lib/queryClient';
import { onCacheReset } from '../lib/session';

/**
 * A failed call that nobody handles (not `silent`) becomes a notification. A refusal of the session (401/403)
 * is the session's business (lib/session.tsx logs out), not a message.
 */
function ApiErrorNotifications() {
  const { notification } = AntApp.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      onApiError((error) => {
        if (refusesSession(error)) return;
        notification.error({ ...apiErrorContent(error, t), placement: 'topRight' });
      }),
    [notification, t],
  );
  return null;
}

/**
 * The logged-in app: the data cache, Ant Design's theme and its App context (message, notification and modal
 * hooks of the pages) around the shell. They are loaded with the shell, after the login, so the login page does
 * not carry them (web/scripts/bundleBudget.mjs).
 */
export function AppFrame() {
  useEffect(() => {
    const stop = onCacheReset((reason) => {
      if (reason === 'logout') queryClient.clear();
      else queryClient.removeQueries();
    });
    // Leaving the logged-in app (a logout, an expired session) leaves nothing of its data behind.
    return () => {
      stop();
      queryClient.clear();
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AntdRoot>
        <AntApp>
          <ApiErrorNotifications />
          <AppLayout />
        </AntApp>
      </AntdRoot>
    </QueryClientProvider>
  );
}
