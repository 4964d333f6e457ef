import { useSyncExternalStore } from 'react';

/**
 * A newer version of the app than the one on screen (docs/performance.md "Repeat visits and new versions"):
 * - `newVersion`: the service worker of a new deployment is installed and waits; the page on screen still runs
 *   on the old build, whose files the old worker keeps serving, until the user reloads (the prompt).
 * - `staleChunk`: a file of the build on screen could not be loaded (a new deployment replaced it, and no worker
 *   kept it): the page must be reloaded to run on the new build.
 */
export type AppUpdate = 'newVersion' | 'staleChunk';

let pending: AppUpdate | null = null;
/** Activates the waiting worker and reloads once it controls the page (vite-plugin-pwa's `updateSW(true)`). */
let activateWaiting: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function announce(update: AppUpdate): void {
  // A failed chunk is the more urgent news: the page cannot go on without a reload.
  if (pending === 'staleChunk') return;
  pending = update;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The pending update, or null while the page runs on the newest build it knows of. */
export function useAppUpdate(): AppUpdate | null {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Reloads the page on the new version (through the waiting service worker when there is one). */
export function reloadApp(): void {
  if (activateWaiting) void activateWaiting();
  else window.location.reload();
}

/**
 * The browser's words for a module script (or a style sheet Vite preloads with it) that could not be loaded:
 * Chromium, Firefox, Safari, and Vite's preload helper.
 */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|module script/i;

/** Whether `error` says that a chunk of the app could not be loaded (not that it loaded and failed). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && error.name !== 'ChunkLoadTimeoutError' && CHUNK_LOAD_FAILURE.test(error.message)
  );
}

/** Where the time of the last automatic reload is kept (per tab), and how long it stops another. */
export const AUTO_RELOAD_KEY = 'strazce.autoReload';
export const AUTO_RELOAD_GUARD_MS = 60_000;

/**
 * A page's chunk failed to load: reloads the page once, so a navigation after a new deployment simply lands on
 * the new build. Not again within AUTO_RELOAD_GUARD_MS (a chunk that fails after the reload too is no stale
 * build: the prompt shows instead, and the page its error), so a broken deployment cannot loop.
 * Returns whether the page is being reloaded.
 */
export function reloadOnceForNewVersion(now: number, reload = () => window.location.reload()): boolean {
  try {
    const last = Number(sessionStorage.getItem(AUTO_RELOAD_KEY) ?? 0);
    if (now >= last && now - last < AUTO_RELOAD_GUARD_MS) {
      announce('staleChunk');
      return false;
    }
    sessionStorage.setItem(AUTO_RELOAD_KEY, String(now));
  } catch {
    // No session storage (a locked-down kiosk browser): no guard against a loop, so no automatic reload.
    announce('staleChunk');
    return false;
  }
  reload();
  return true;
}

/** The service worker of a new deployment is installed and waits; `activate` moves the page onto it. */
export function newVersionWaiting(activate: () => Promise<void>): void {
  activateWaiting = activate;
  announce('newVersion');
}

/**
 * Watches for new versions: Vite's `vite:preloadError` (any lazily loaded chunk, a dialog's too, that failed)
 * and, in the production build, the service worker (lib/serviceWorker.ts), registered once the page has
 * loaded so that it does not compete with the first paint.
 */
export function watchAppUpdates(): void {
  window.addEventListener('vite:preloadError', () => announce('staleChunk'));
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./serviceWorker').then(
      (chunk) => chunk.registerServiceWorker(newVersionWaiting),
      () => {},
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
