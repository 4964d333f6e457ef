/**
 * The sources of the logged-in app's shell and page registry, loaded with the first page after the login: what
 * index.html names for the login page to prefetch (web/vite.config.ts) and what the bundle budget counts as the
 * shell (scripts/bundleBudget.mjs). Paths from the web package's folder.
 */
export const SHELL_SOURCES = ['src/app/AppFrame.tsx', 'src/modules/registry.ts'];
