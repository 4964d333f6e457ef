import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../lib/csp';
import { antdLocaleOf } from '../lib/i18n';
import { appTheme } from '../lib/theme';

/** Ant Design's `<style>` elements carry the page's CSP nonce (lib/csp.ts). */
const csp = cspNonce ? { nonce: cspNonce } : undefined;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** The user's system asks for less motion (WCAG 2.3.3): dialogs and pop-ups then appear without animation. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(reducedMotionQuery).matches);
}

const stillTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };

/**
 * Ant Design's theme and locale (following the language) around what uses Ant Design: the logged-in app
 * (AppFrame) and the public pages and dialogs that load it (components/lazyWithAntd). The login page itself does not:
 * it loads before Ant Design (components/light, docs/performance.md).
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useMemo(() => antdLocaleOf(i18n.language), [i18n.language]);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={reducedMotion ? stillTheme : appTheme} csp={csp}>
      {children}
    </ConfigProvider>
  );
}
