import { registerSW } from 'virtual:pwa-register';

/** How often an open page asks the server whether a new version was deployed (kiosks stay open for days). */
const UPDATE_CHECK_MS = 15 * 60_000;

/**
 * Registers the app's service worker (web/vite.config.ts `serviceWorker`). A new deployment is found on every
 * navigation (the browser's own check of /sw.js), when the page becomes visible again and every
 * UPDATE_CHECK_MS; its worker then waits and `onNewVersion` (lib/appUpdate.ts) shows the 'new version' prompt,
 * given the way to activate it.
 */
export function registerServiceWorker(onNewVersion: (activate: () => Promise<void>) => void): void {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => onNewVersion(() => updateSW(true)),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
