/**
 * Loads the patrol terminal's page. The router reaches it through this small chunk: a dynamic import in the
 * start chunk lists the files the imported chunk needs (to preload them), and the page needs many; this chunk
 * needs none, so the login page's start chunk stays as small as its budget asks (web/scripts/bundleBudget.mjs).
 * A default export and a short file name: both are spelled out in the start chunk.
 */
export default () => import('./PatrolTerminalPage');
