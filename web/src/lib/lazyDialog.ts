import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout';
import { whenIdle } from './idle';

/**
 * A dialog in a chunk of its own: not part of its page's first download (the page budget of
 * web/scripts/bundleBudget.mjs), fetched ahead once the browser is idle (`preload`, from the page's first
 * render) so that the guard's first click opens it at once. A failed fetch is tried again at the next use.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> & { preload(): void } {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchChunk = () =>
    (loading ??= withTimeout(
      load().then((component) => ({ default: component })),
      CHUNK_LOAD_TIMEOUT_MS,
    ).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const preload = () => {
    whenIdle(() => void fetchChunk().catch(() => undefined));
  };
  return Object.assign(lazy(fetchChunk), { preload });
}
