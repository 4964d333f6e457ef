// The JavaScript budget of the built web app (`npm test`, after the web build), in gzip bytes as the server
// sends them: the login page loads at most LOGIN_BUDGET, and every lazily loaded page (each module route's
// page, and the shell around them) at most PAGE_BUDGET more than the login page did.
//
// What a route loads is read from Vite's build manifest (web/dist/.vite/manifest.json, `build.manifest`):
// a chunk and, transitively, its static imports (Vite preloads them with the chunk). The login page is the
// entry (index.html → main.tsx), the app it imports (start.tsx), the page a guest is sent through first
// (/autologin) and the login page itself. A module route is that, plus the shell of the logged-in app
// (AppFrame: Ant Design's App context and the layout) and the page registry, plus its page: what it loads beyond
// the login page counts the shell and the page (every route page has both; the shell is not free because the
// login page does not load it).
//
// `node web/scripts/bundleBudget.mjs [--login-limit=kB] [--page-limit=kB] [distDir]`; exits 1 above a limit, or
// when a chunk it needs is missing. The limits are the budgets below unless given: `npm test` gives the sizes
// reached so far (a ceiling against growth) until the budgets are met, and the output names both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SHELL_SOURCES } from './shellSources.mjs';

/**
 * The budgets (issue 36, the mobile lab profile; issue 10 had 250 and 150): login page, and what any other page
 * loads beyond it. Not met yet: `npm test` holds the sizes reached so far as the limits (scripts/test.mjs).
 */
export const LOGIN_BUDGET = 170 * 1000;
export const PAGE_BUDGET = 120 * 1000;

const args = process.argv.slice(2);
/** A `--name=kB` argument in bytes, or `fallback`. */
function limitArg(name, fallback) {
  const arg = args.find((value) => value.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) * 1000 : fallback;
}
const LOGIN_LIMIT = limitArg('login-limit', LOGIN_BUDGET);
const PAGE_LIMIT = limitArg('page-limit', PAGE_BUDGET);

/** Source files (manifest keys) that the login page loads. */
const LOGIN_SOURCES = [
  'src/start.tsx',
  'src/modules/auth/AutoLoginPage.tsx',
  'src/modules/auth/LoginPage.tsx',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(args.find((value) => !value.startsWith('--')) ?? path.join(here, '..', 'dist'));
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`bundle budget: no ${manifestPath}; build the web app first (npm run build -w @strazce/web)`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const gzipSizes = new Map();
/** Gzip size of one output file (level 9, as a precompressed or well-compressed answer). */
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The JavaScript files a set of manifest keys loads: their chunks and their static imports, transitively. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: ${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`bundle budget: expected one entry in the manifest, found ${entries.length}`);
  process.exit(1);
}
const [entryKey] = entries[0];
for (const key of [...LOGIN_SOURCES, ...SHELL_SOURCES]) {
  if (!manifest[key]) {
    console.error(`bundle budget: ${key} is not a chunk of its own in the build manifest`);
    process.exit(1);
  }
}

const login = closure([entryKey, ...LOGIN_SOURCES]);
const loginSize = total(login);
let failed = loginSize > LOGIN_LIMIT;
const limits = (limit, budget) =>
  limit === budget ? `budget ${kB(budget)}` : `limit ${kB(limit)}, budget ${kB(budget)}`;
console.log(
  `login page: ${kB(loginSize)} of JS gzip (${limits(LOGIN_LIMIT, LOGIN_BUDGET)})${failed ? ' OVER THE LIMIT' : ''}`,
);
if (failed || process.env.BUNDLE_BUDGET_VERBOSE) {
  for (const file of [...login].sort((a, b) => gzipSize(b) - gzipSize(a)))
    console.log(`  ${kB(gzipSize(file)).padStart(9)}  ${file}`);
}

// Every lazily loaded chunk: the module routes' pages, and the dialogs and parts they load on demand. A route's
// page counts with the shell beyond the login page; a part loaded on demand (a chart, a rare dialog) beyond the
// page that loads it, as that page is on screen when it does.
const shell = closure(SHELL_SOURCES);
const shellSize = total([...shell].filter((file) => !login.has(file)));
console.log(
  `other pages, beyond the login page (${limits(PAGE_LIMIT, PAGE_BUDGET)}); a route's page with the shell (${kB(shellSize)}):`,
);
/** The pages of the module routes: what the page registry loads (registry.test.ts: one for every route). */
const routePages = new Set(manifest['src/modules/registry.ts']?.dynamicImports ?? []);
/** What loading a chunk loads beyond what is there already: a route's page comes with the shell. */
const loads = (key) => (routePages.has(key) ? new Set([...shell, ...closure([key])]) : closure([key]));
const importersOf = (key) =>
  Object.entries(manifest)
    .filter(([, chunk]) => (chunk.dynamicImports ?? []).includes(key))
    .map(([importer]) => importer);
const pages = Object.entries(manifest)
  .filter(
    ([key, chunk]) => chunk.isDynamicEntry && !LOGIN_SOURCES.includes(key) && !SHELL_SOURCES.includes(key),
  )
  .map(([key]) => {
    const own = loads(key);
    const beyond = (loaded) => [...own].filter((file) => !login.has(file) && !loaded.has(file));
    // Alone (from the login page), or with a page that loads it on screen, whichever costs less.
    const extras = [new Set(), ...importersOf(key).map(loads)].map(beyond);
    const extra = extras.reduce((smallest, next) => (total(next) < total(smallest) ? next : smallest));
    return { key, extra, size: total(extra) };
  })
  .sort((a, b) => b.size - a.size);
for (const { key, extra, size } of pages) {
  const over = size > PAGE_LIMIT;
  failed ||= over;
  console.log(`  ${kB(size).padStart(9)} more  ${key}${over ? `  OVER THE LIMIT (${kB(PAGE_LIMIT)})` : ''}`);
  if (over) {
    for (const file of extra.sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`      ${kB(gzipSize(file)).padStart(9)}  ${file}`);
  }
}
const summary = `login ${kB(loginSize)}, largest page ${kB(pages[0]?.size ?? 0)} more`;
const met = loginSize <= LOGIN_BUDGET && (pages[0]?.size ?? 0) <= PAGE_BUDGET;
console.log(
  failed
    ? `bundle budget: FAILED (${summary})`
    : `bundle budget: passed (${summary}; ${met ? 'within the budgets' : `budgets ${kB(LOGIN_BUDGET)} and ${kB(PAGE_BUDGET)} not met yet`})`,
);
process.exit(failed ? 1 : 0);
