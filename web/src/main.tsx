// The page's CSP set-up (lib/csp.ts) runs before any other module of the app is evaluated: Zod decides whether
// to compile with eval as its first schema is built, and the bundler may evaluate shared chunks (the contract's
// schemas among them) before the entry's own code. Everything else is loaded by a dynamic import, after it.
import './lib/csp';

void import('./start');
