/** Runs `run` when the browser is idle (a second later where it cannot tell). */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run());
  else window.setTimeout(run, 1000);
}

/**
 * Runs `run` once the page has loaded and the browser is then idle: for what the next screen needs, fetched
 * without competing with this one's first paint.
 */
export function afterLoadWhenIdle(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}
