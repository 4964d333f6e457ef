import { useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppRouter } from './router';
import { AppUpdatePrompt } from './AppUpdatePrompt';
import { cspNonce } from './csp';
import { antdLocaleOf } from '../lib/i18n';
import { appTheme } from './theme';

/** Ant Design's `<style>` elements carry the page's CSP nonce (app/csp.ts). */
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

/** The root: Ant Design theme and locale (following the language), the router and the 'new version' prompt. */
export function App() {
  const { i18n } = useTranslation();
  const locale = useMemo(() => antdLocaleOf(i18n.language), [i18n.language]);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={reducedMotion ? stillTheme : appTheme} csp={csp}>
      <AppRouter />
      <AppUpdatePrompt />
    </ConfigProvider>
  );
}
