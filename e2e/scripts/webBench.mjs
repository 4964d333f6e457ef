// The web app on the standard mobile lab profile (issue 36 point 1), measured the way the field measures it:
// - Lighthouse (the npm package, pinned in e2e/package.json) on its mobile preset (simulated throttling: CPU 4×
//   slower, 150 ms round trip, 1.6 Mbit/s down) in Debian's Chromium, against the production build with the demo
//   data, for the login page and the main pages of the modules (a fresh cache for each: no service worker, no
//   HTTP cache; the logged-in pages with a stored session token);
// - in Playwright, on the same profile applied by DevTools (CPU 4×, 150 ms, 1.6 Mbit/s): the login form after
//   the navigation, login form → home after the submit, and each page's first rows after its navigation.
// Starts its own server with the demo data (e2e/support/server.mjs) on the built web app (`npm run build` first),
// and writes the figures into docs/performance.md (between its web bench markers) with the Chromium version, the
// machine and its load.
//
//   npm run bench:web [-- --rounds 3] [-- --no-write]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { ADMIN_PASSWORD, freePort, startDemoServer } from './demoServer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    // Only these paths (comma-separated), e.g. `--pages /login`; the report then lists only them.
    pages: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
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

const { base, stop, newToken } = await startDemoServer();

/**
 * The gate the administrator works at, as the visit manager remembers it (web/src/components/gate/guardGate.ts):
 * a guard at work has one, and the page shows the list instead of asking for it.
 */
async function rememberedGate() {
  const token = await newToken();
  const headers = { 'X-Auth-Token': token };
  const session = await (await fetch(`${base}/api/session`, { headers })).json();
  const [gate] = await (await fetch(`${base}/api/system_site/district/gate?size=10`, { headers })).json();
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
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debuggingPort}`],
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
      process.stdout.write('.');
    }
  process.stdout.write('\n');

  // Playwright on the same profile, applied by DevTools: what a user waits for, a fresh browser each time.
  const timings = { loginForm: [], loginApp: [], loginToHome: [], firstRows: new Map() };
  const bench = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const throttledPage = async (token) => {
    const context = await bench.newContext({
      baseURL: base,
      viewport: { width: 412, height: 823 },
      serviceWorkers: 'block',
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
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latency,
      downloadThroughput: PROFILE.downloadThroughput,
      uploadThroughput: PROFILE.uploadThroughput,
    });
    await session.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
    return { context, page };
  };
  for (let round = 0; round < rounds; round++) {
    {
      const { context, page } = await throttledPage(null);
      const started = Date.now();
      await page.goto('/login');
      // The form as the user sees it: index.html's copy (web/src/lib/loginShell.ts), then the app's, which works.
      await page.locator('#login_userName').first().waitFor({ timeout: 60_000 });
      timings.loginForm.push(Date.now() - started);
      await page.getByTestId('login-username').waitFor({ timeout: 60_000 });
      timings.loginApp.push(Date.now() - started);
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      const submitted = Date.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home').waitFor({ timeout: 60_000 });
      timings.loginToHome.push(Date.now() - submitted);
      await context.close();
    }
    for (const target of MEASURED.filter((page) => page.loggedIn)) {
      const { context, page } = await throttledPage(await newToken());
      const started = Date.now();
      await page.goto(target.path);
      // A page not ready within a minute counts as such (Infinity), and the run goes on.
      const ready = await page
        .locator(target.ready)
        .first()
        .waitFor({ timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      const list = timings.firstRows.get(target.name) ?? [];
      list.push(ready ? Date.now() - started : Infinity);
      timings.firstRows.set(target.name, list);
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
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web\` (median of ${rounds} runs): ${chromiumVersion},`,
    `Lighthouse ${lighthouseVersion} (mobile preset, simulated throttling), Node ${process.version}, ${machine}.`,
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
  lines.push(
    '',
    'In Playwright on the same profile applied by DevTools (CPU 4×, 150 ms, 1.6 Mbit/s down; a fresh browser each time):',
    '',
    '| what | median | runs |',
    '|---|---:|---|',
    `| navigation → login form | ${seconds(median(timings.loginForm))} | ${timings.loginForm.map(seconds).join(', ')} |`,
    `| navigation → the app's login form (takes over what was typed) | ${seconds(median(timings.loginApp))} | ${timings.loginApp.map(seconds).join(', ')} |`,
    `| login submitted → home screen | ${seconds(median(timings.loginToHome))} | ${timings.loginToHome.map(seconds).join(', ')} |`,
  );
  for (const [name, list] of timings.firstRows)
    lines.push(
      `| navigation → ${name}, first rows | ${seconds(median(list))} | ${list.map(seconds).join(', ')} |`,
    );
  const report = lines.join('\n');
  console.log(report);

  if (!values['no-write']) {
    const docPath = path.join(root, 'docs', 'performance.md');
    const start = '<!-- web-bench:start -->';
    const end = '<!-- web-bench:end -->';
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
