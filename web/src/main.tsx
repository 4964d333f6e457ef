// The page's CSP set-up (lib/csp.ts) runs before any other module of the app is evaluated: Zod decides whether
// to compile with eval as its first schema is built, and the bundler may evaluate shared chunks (the contract's
// schemas among them) before the entry's own code. The app is loaded by a dynamic import, after it.
import './lib/csp';
import { preloadShell } from './lib/prefetchShell';
import { storage } from './lib/storage';
import { startEarlyRestore } from './lib/earlyRestore';

// With a stored session the logged-in app's shell comes next: it is fetched now, beside the app's own chunks, and
// the session is asked for at once.
if (storage.token.get()) {
  preloadShell();
  startEarlyRestore();
}

void import('./start');
