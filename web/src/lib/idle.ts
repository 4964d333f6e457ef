/** Runs `run` when the browser is idle (a second later where it cannot tell). */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run());
  else window.setTimeout(run, 1000);
}

/**
 * Runs `run` once, at the user's first key press, input (a password manager's too), click or touch on the page:
 * for what the next screen needs (the logged-in app after the login form), fetched while the user types instead
 * of beside the first paint.
 */
export function onFirstInteraction(run: () => void): void {
  const events = ['keydown', 'input', 'pointerdown', 'touchstart'] as const;
  const once = () => {
    for (const name of events) window.removeEventListener(name, once, true);
    run();
  };
  for (const name of events) window.addEventListener(name, once, { capture: true, passive: true });
}
