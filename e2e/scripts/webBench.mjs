// The web app on the standard mobile lab profile (issue 36 point 1), measured the way the field measures it:
// - Lighthouse (the npm package, pinned in e2e/package.json) on its mobile preset (simulated throttling: CPU 4×
//   slower, 150 ms round trip, 1.6 Mbit/s down) in Debian's Chromium, against the production build with the demo
//   data, for the login page and the main pages of the modules (a fresh cache for each: no service worker, no
//   HTTP cache; the logged-in pages with a stored session token);
// - in Playwright, on the same profile applied by DevTools (CPU 4×, 150 ms, 1.6 Mbit/s): the login form after
//   the navigation, login form → home after the submit, and each page's first rows after its navigation: from a
//   cold cache, on a repeat visit (the service worker has the build, as on a tablet used the day before), and
//   within the app (from the home screen, as a user goes through the menu).
// Starts its own server with the demo data (e2e/support/server.mjs) on the built web app (`npm run build` first),
// by default behind the deployment's front (deploy/Caddyfile: HTTPS and HTTP/2, as compose.yaml runs it; Debian's
// `caddy`), or with `--front none` straight against the server (HTTP/1.1, six connections, as `npm start` alone
// answers), and writes the figures into docs/performance.md (between the markers of that front) with the
// Chromium version, the machine and its load.
//
//   npm run bench:web [-- --rounds 3] [-- --front caddy|none] [-- --no-write]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { caddyVersion, startCaddyFront } from './caddyFront.mjs';
import { ADMIN_PASSWORD, freePort, startDemoServer } from './demoServer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    // Only these paths (comma-separated), e.g. `--pages /login`; the report then lists only them.
    pages: { type: 'string' },
    front: { type: 'string', default: 'caddy' },
    'no-write': { type: 'boolean', default: false },
  },
});
const caddy = values.front === 'caddy' ? caddyVersion() : null;
if (values.front === 'caddy' && !caddy) {
  console.error(
    'web bench: no caddy on the PATH (apt-get install caddy), or measure without it: --front none',
  );
  process.exit(1);
}
const rounds = Number(values.rounds);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouseVersion = JSON.parse(
  readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version;

/**
 * First rows of a list page: table rows, or on a phone's width the cards that stand for them (CrudCards), or the
 * empty state.
 */
const LIST_READY = '.ant-table-row, .ant-empty, .crud-card-item, .crud-cards-empty';

/** The pages measured: the login page, the home screen and the main page of the modules the issue names. */
const PAGES = [
  { name: 'login page', path: '/login', loggedIn: false, ready: '[data-testid="login-username"]' },
  { name: 'home screen', path: '/', loggedIn: true, ready: '[data-testid="home"]' },
  { name: 'visit manager', path: '/visits/manager', loggedIn: true, ready: LIST_READY },
  { name: 'vehicle overview', path: '/vehicles/overview', loggedIn: true, ready: LIST_READY },
  {
    name: 'dispatcher board',
    path: '/logistics/manager',
    loggedIn: true,
    ready: '[data-testid="logistics-board-card"], [data-testid="logistics-queue-item"], .ant-empty',
  },
  { name: 'patrol terminal', path: '/terminal/patrol', loggedIn: false, ready: 'input, button' },
];

const chosen = values.pages?.split(',');
const MEASURED = chosen ? PAGES.filter((page) => chosen.includes(page.path)) : PAGES;

/** Lighthouse's mobile preset, applied by DevTools for the Playwright timings. */
const PROFILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpu: 4,
};

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** Milliseconds as seconds; a page that was not ready within the minute as such. */
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'not ready in 60 s');

const server = await startDemoServer();
const { newToken } = server;
/** Where the browsers go: the front, or the server itself. */
let front = null;
try {
  front = caddy ? await startCaddyFront(server.base) : null;
} catch (error) {
  await server.stop();
  throw error;
}
const base = front?.base ?? server.base;
const stop = async () => {
  await front?.stop();
  await server.stop();
};
/** The front's certificate comes from Caddy's local authority, which the browser is told to accept. */
const browserArgs = ['--no-sandbox', '--disable-gpu', ...(front ? ['--ignore-certificate-errors'] : [])];

/**
 * The gate the administrator works at, as the visit manager remembers it (web/src/components/gate/guardGate.ts):
 * a guard at work has one, and the page shows the list instead of asking for it.
 */
async function rememberedGate() {
  const token = await newToken();
  const headers = { 'X-Auth-Token': token };
  const session = await (await fetch(`${server.base}/api/session`, { headers })).json();
  const [gate] = await (
    await fetch(`${server.base}/api/system_site/district/gate?size=10`, { headers })
  ).json();
  if (!gate) throw new Error('the demo site has no gate');
  return JSON.stringify({
    siteId: session.site.id,
    id: gate.id,
    name: gate.name,
    color: gate.color ?? null,
    district: gate.district?.label ?? null,
  });
}
const GATE = await rememberedGate();
// Keyed by the user name of the administrator whom newToken() logs in (demoServer.mjs).
const GATE_KEY = 'strazce.gate.admin';
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'strazce-web-bench-'));
try {
  // Lighthouse drives the same browser over its debugging port; Playwright seeds and clears its storage.
  const debuggingPort = await freePort();
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...browserArgs, `--remote-debugging-port=${debuggingPort}`],
    ignoreHTTPSErrors: Boolean(front),
  });
  const control = browser.pages()[0] ?? (await browser.newPage());
  await control.goto(`${base}/api/info`);
  const cdp = await browser.newCDPSession(control);
  const chromiumVersion = (await cdp.send('Browser.getVersion')).product;

  /** A cold start for the next run: no HTTP cache, no service worker, no cache storage; the token as asked. */
  async function coldStart(token) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'service_workers,cache_storage,indexeddb,local_storage,session_storage',
    });
    await control.evaluate(
      ([value, gateKey, gate]) => {
        if (value) localStorage.setItem('strazce.token', value);
        if (value) localStorage.setItem(gateKey, gate);
        localStorage.setItem('strazce.language', 'cs');
      },
      [token, GATE_KEY, GATE],
    );
  }

  /** Lighthouse's measure of the machine's CPU (docs/throttling.md of Lighthouse), once per run. */
  const benchmarkIndexes = [];
  const lighthouseRuns = new Map(MEASURED.map((page) => [page.name, []]));
  for (let round = 0; round < rounds; round++)
    for (const page of MEASURED) {
      await coldStart(page.loggedIn ? await newToken() : null);
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The storage was cleared above, but for the stored session token.
          disableStorageReset: true,
        },
        undefined,
      );
      const { audits, categories } = result.lhr;
      lighthouseRuns.get(page.name).push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
        requests: audits['network-requests']?.details?.items?.length ?? 0,
      });
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      process.stdout.write('.');
    }
  process.stdout.write('\n');

  // Playwright on the same profile, applied by DevTools: what a user waits for, a fresh browser context each time.
  const timings = {
    loginForm: [],
    loginApp: [],
    loginToHome: [],
    firstRows: new Map(),
    repeatLoginPainted: [],
    repeatLoginForm: [],
    repeatFirstRows: new Map(),
    inAppFirstRows: new Map(),
  };
  const record = (map, name, ms) => map.set(name, [...(map.get(name) ?? []), ms]);
  const bench = await chromium.launch({ executablePath: chromiumPath, args: browserArgs });
  /**
   * A fresh context with the token (or none) stored, and `throttle()` applying the profile to its page. With
   * `worker`, the app's service worker may register (a repeat visit); otherwise it is blocked (a first visit).
   */
  const newPage = async (token, { worker = false } = {}) => {
    const context = await bench.newContext({
      baseURL: base,
      viewport: { width: 412, height: 823 },
      serviceWorkers: worker ? 'allow' : 'block',
      ignoreHTTPSErrors: Boolean(front),
    });
    await context.addInitScript(
      ([value, gateKey, gate]) => {
        if (value && !sessionStorage.getItem('bench.seeded')) {
          localStorage.setItem('strazce.token', value);
          localStorage.setItem(gateKey, gate);
        }
        sessionStorage.setItem('bench.seeded', '1');
        localStorage.setItem('strazce.language', 'cs');
      },
      [token, GATE_KEY, GATE],
    );
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const throttle = async () => {
      await session.send('Network.enable');
      await session.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PROFILE.latency,
        downloadThroughput: PROFILE.downloadThroughput,
        uploadThroughput: PROFILE.uploadThroughput,
      });
      await session.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
    };
    return { context, page, throttle };
  };
  /** Milliseconds from now until `selector` shows on `page`; Infinity when not within a minute (the run goes on). */
  const timeUntil = async (page, selector, started = Date.now()) =>
    page
      .locator(selector)
      .first()
      .waitFor({ timeout: 60_000 })
      .then(
        () => Date.now() - started,
        async () => {
          // What the page showed instead, for the report's reader: its address and the start of its text.
          const shown = await page
            .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300))
            .catch(() => '(the page did not answer)');
          console.error(`\nnot ready in 60 s: ${page.url()} showed: ${shown}`);
          return Infinity;
        },
      );
  /**
   * Milliseconds until the login form painted from index.html's copy (web/src/lib/loginShell.ts): the copy is
   * the page's first content, so its time is the browser's first contentful paint (a check from Playwright runs
   * on the page's main thread and would wait behind the app's scripts being evaluated); Infinity when not shown.
   */
  const loginFormPainted = async (page, started) => {
    const shown = await timeUntil(page, '#login_userName', started);
    const painted = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    return shown === Infinity || painted === null ? shown : painted;
  };
  /**
   * The visit of the day before: the page loads unthrottled and the service worker installs (it precaches the
   * build before it activates).
   */
  const visitedBefore = async (page, path) => {
    await page.goto(path);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A first visit's worker controls the pages loaded after it activated (it claims none).
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
  };
  const loggedInPages = MEASURED.filter((page) => page.loggedIn);
  const modulePages = loggedInPages.filter((page) => page.path !== '/');
  const home = PAGES.find((page) => page.path === '/');
  for (let round = 0; round < rounds; round++) {
    if (MEASURED.some((page) => !page.loggedIn)) {
      const { context, page, throttle } = await newPage(null);
      await throttle();
      const started = Date.now();
      await page.goto('/login');
      // The form as the user sees it: index.html's copy, then the app's, which works.
      timings.loginForm.push(await loginFormPainted(page, started));
      timings.loginApp.push(await timeUntil(page, '[data-testid="login-username"]', started));
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      const submitted = Date.now();
      await page.getByTestId('login-submit').click();
      timings.loginToHome.push(await timeUntil(page, '[data-testid="home"]', submitted));
      await context.close();
    }
    if (MEASURED.some((page) => !page.loggedIn)) {
      const { context, page, throttle } = await newPage(null, { worker: true });
      await visitedBefore(page, '/login');
      await throttle();
      const started = Date.now();
      await page.goto('/login');
      // The page itself still comes from the server (the worker keeps no page but for a network failure).
      timings.repeatLoginPainted.push(await loginFormPainted(page, started));
      timings.repeatLoginForm.push(await timeUntil(page, '[data-testid="login-username"]', started));
      await context.close();
    }
    for (const target of loggedInPages) {
      const { context, page, throttle } = await newPage(await newToken());
      await throttle();
      const started = Date.now();
      await page.goto(target.path);
      record(timings.firstRows, target.name, await timeUntil(page, target.ready, started));
      await context.close();
    }
    for (const target of loggedInPages) {
      const { context, page, throttle } = await newPage(await newToken(), { worker: true });
      await visitedBefore(page, '/');
      await throttle();
      const started = Date.now();
      await page.goto(target.path);
      record(timings.repeatFirstRows, target.name, await timeUntil(page, target.ready, started));
      await context.close();
    }
    // From the home screen, loaded on the profile from a cold cache, to a module's page as the menu goes there
    // (the router follows the history; the page's own files still come from the network).
    for (const target of modulePages) {
      const { context, page, throttle } = await newPage(await newToken());
      await throttle();
      await page.goto('/');
      if ((await timeUntil(page, home.ready)) === Infinity) {
        record(timings.inAppFirstRows, target.name, Infinity);
        await context.close();
        continue;
      }
      const started = Date.now();
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target.path);
      record(timings.inAppFirstRows, target.name, await timeUntil(page, target.ready, started));
      await context.close();
    }
  }
  await bench.close();
  await browser.close();

  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${load} (1/5/15 min) at the end`;
  const lines = [
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web${front ? '' : ' -- --front none'}\` (median of ${rounds} runs), ${front ? `behind deploy/Caddyfile (Caddy ${caddy}: HTTPS, HTTP/2)` : 'straight against the server (HTTP/1.1)'}: ${chromiumVersion},`,
    `Lighthouse ${lighthouseVersion} (mobile preset, simulated throttling), Node ${process.version}, ${machine}; Lighthouse's`,
    `benchmark index of the machine ${benchmarkIndexes.length ? Math.round(median(benchmarkIndexes)) : 'not measured'} (its documentation: 1500–2000 a high-end desktop, from which 4× slower is a mid-tier phone).`,
    '',
    '| page | score | LCP | TBT | transfer | requests |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const page of MEASURED) {
    const runs = lighthouseRuns.get(page.name);
    lines.push(
      `| ${page.name} (\`${page.path}\`) | ${median(runs.map((run) => run.score))} | ${(median(runs.map((run) => run.lcp)) / 1000).toFixed(1)} s | ${Math.round(median(runs.map((run) => run.tbt)))} ms | ${Math.round(median(runs.map((run) => run.bytes)) / 1000)} kB | ${median(runs.map((run) => run.requests))} |`,
    );
  }
  const row = (what, list) =>
    list.length ? [`| ${what} | ${seconds(median(list))} | ${list.map(seconds).join(', ')} |`] : [];
  lines.push(
    '',
    'In Playwright on the same profile applied by DevTools (CPU 4×, 150 ms, 1.6 Mbit/s down; a fresh browser context each',
    'time). A first visit has nothing cached; a repeat visit has the build in the service worker, as a tablet used the',
    'day before; within the app is a module page opened from the home screen, as the menu opens it:',
    '',
    '| what | median | runs |',
    '|---|---:|---|',
    ...row("first visit: navigation → login form painted (index.html's copy)", timings.loginForm),
    ...row("first visit: navigation → the app's login form (takes over what was typed)", timings.loginApp),
    ...row('first visit: login submitted → home screen', timings.loginToHome),
    ...row("repeat visit: navigation → login form painted (index.html's copy)", timings.repeatLoginPainted),
    ...row("repeat visit: navigation → the app's login form", timings.repeatLoginForm),
  );
  for (const [name, list] of timings.firstRows)
    lines.push(...row(`first visit: navigation → ${name}, first rows`, list));
  for (const [name, list] of timings.repeatFirstRows)
    lines.push(...row(`repeat visit: navigation → ${name}, first rows`, list));
  for (const [name, list] of timings.inAppFirstRows)
    lines.push(...row(`within the app: home screen → ${name}, first rows`, list));
  const report = lines.join('\n');
  console.log(report);

  if (!values['no-write']) {
    const docPath = path.join(root, 'docs', 'performance.md');
    // One section for each front: behind the deployment's Caddy, and straight against the server.
    const marker = front ? 'web-bench' : 'web-bench-direct';
    const start = `<!-- ${marker}:start -->`;
    const end = `<!-- ${marker}:end -->`;
    const doc = readFileSync(docPath, 'utf8');
    const from = doc.indexOf(start);
    // (a run of some pages only still replaces the whole section: its text says which were measured)
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${start} … ${end} section`);
    writeFileSync(docPath, `${doc.slice(0, from + start.length)}\n${report}\n${doc.slice(to)}`);
    console.log('written into docs/performance.md');
  }
} finally {
  await stop();
  rmSync(profileDir, { recursive: true, force: true });
}
