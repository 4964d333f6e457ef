import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGES, type PageLoader } from '../modules/registry';

/** How long a page chunk may take to load before the load counts as failed (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Page load timed out');
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A lazily loaded component (its own chunk) that fails after the chunk load time-out. */
export function lazyWithTimeout(loader: PageLoader): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS));
}

const pageCache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page of a route path from the page registry, or null when the module has no page yet. */
export function pageOf(path: string): LazyExoticComponent<ComponentType> | null {
  const loader = PAGES[path];
  if (!loader) return null;
  let page = pageCache.get(path);
  if (!page) {
    page = lazyWithTimeout(loader);
    pageCache.set(path, page);
  }
  return page;
}
