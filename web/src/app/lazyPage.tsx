import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { whenIdle } from '../lib/idle';

/**
 * The page registry (every module's map of route path → page) is a chunk of its own, loaded with the first
 * page after the login and not by the login page: the login page's budget does not grow with each module.
 */
const loadRegistry = () => import('../modules/registry');

/** The list machinery (CrudPage with the table, filters and dialog) that most pages stand on. */
const loadListPages = () => import('../components/crud/CrudPage');
let listPagesRequested = false;

/**
 * Starts loading the page registry (once logged in, beside the shell), and once the browser is idle the list
 * machinery: a first visit of a list page then waits only for its own code (issue 33 point 11).
 */
export function preloadPages(): void {
  void loadRegistry().catch(() => undefined);
  if (listPagesRequested) return;
  listPagesRequested = true;
  whenIdle(() => void loadListPages().catch(() => undefined));
}

/**
 * With a stored session, the page of the address the app opens on loads beside the session's restore and the
 * shell, not after them. A path with parameters, or none in the registry, loads nothing here (its route loads it
 * as usual).
 */
export function preloadPageOf(path: string): void {
  void loadRegistry()
    .then((registry) => registry.PAGES[path]?.())
    .catch(() => undefined);
}

const pageCache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page of a route path from the page registry (every path of the route table has one). */
export function pageOf(path: string): LazyExoticComponent<ComponentType> {
  let page = pageCache.get(path);
  if (!page) {
    page = lazyWithTimeout(() =>
      loadRegistry().then((registry) => {
        const loader = registry.PAGES[path];
        if (!loader) throw new Error(`No page for ${path}`);
        return loader();
      }),
    );
    pageCache.set(path, page);
  }
  return page;
}
