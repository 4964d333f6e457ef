import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout';
import { isChunkLoadError, reloadOnceForNewVersion } from './appUpdate';

/**
 * A lazily loaded component (its own chunk) that fails after the chunk load time-out. A chunk that is gone (a
 * new deployment replaced the build on screen) reloads the page once, onto the new build (lib/appUpdate.ts).
 */
export function lazyWithTimeout<C extends ComponentType<any>>(
  loader: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() =>
    withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS).catch((error: unknown): Promise<{ default: C }> => {
      // While the page reloads, its loading state stays.
      if (isChunkLoadError(error) && reloadOnceForNewVersion(Date.now())) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
