import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import csCZ from 'antd/locale/cs_CZ';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import { router } from './router';
import { cspNonce } from './csp';
import { appTheme } from './theme';

/** Retry a failed query once, but never a refused one (4xx): the answer would be the same. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** Ant Design's `<style>` elements carry the page's CSP nonce (app/csp.ts). */
const csp = cspNonce ? { nonce: cspNonce } : undefined;

/** The root: data cache, Ant Design theme and locale (following the language), and the router. */
export function App() {
  const { i18n } = useTranslation();
  const locale = useMemo(() => (i18n.language === 'cs' ? csCZ : enUS), [i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={appTheme} csp={csp}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
