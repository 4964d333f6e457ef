// How long a list page takes to show its first rows as a user feels it (issue 33 point 11): a fresh browser
// (nothing cached), logged in on the home screen, then the page opened by in-app navigation (as a menu click
// does) until its first table row (or its empty state) is on screen. Starts its own server with the demo data
// (e2e/support/server.mjs) on the built web app (`npm run build -w @strazce/web` first).
//
//   node e2e/scripts/firstRows.mjs [--rounds 5] [--cpu 4] [--pages /stock/movements,/kbox/manager]
//
// --cpu N slows the browser's CPU N times (Chrome's throttling, as Lighthouse's mobile profile does with 4).
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startDemoServer } from './demoServer.mjs';

const DEFAULT_PAGES = [
  '/visits/overview',
  '/vehicles/overview',
  '/admin/users',
  '/logistics/transports',
  '/stock/movements',
  '/kbox/manager',
];
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '1' },
    pages: { type: 'string', default: DEFAULT_PAGES.join(',') },
  },
});
const rounds = Number(values.rounds);
const cpu = Number(values.cpu);
const pages = values.pages.split(',');
const { base, stop, newToken } = await startDemoServer();
try {
  const token = await newToken();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const times = new Map(pages.map((page) => [page, []]));
  for (let round = 0; round < rounds; round++)
    for (const target of pages) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
      await context.addInitScript((token) => localStorage.setItem('strazce.token', token), token);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByTestId('home').waitFor();
      await page.waitForLoadState('networkidle');
      if (cpu > 1)
        await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
      const started = await page.evaluate(() => performance.now());
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, target);
      await page.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 60_000 });
      const shown = await page.evaluate(() => performance.now());
      times.get(target).push(shown - started);
      await context.close();
    }
  const version = browser.version();
  await browser.close();
  console.log(`first rows after in-app navigation, ${rounds} rounds, CPU ×${cpu}, Chromium ${version}`);
  for (const [target, list] of times) {
    list.sort((a, b) => a - b);
    const median = list[Math.floor(list.length / 2)];
    console.log(
      `${target.padEnd(24)} median ${median.toFixed(0).padStart(5)} ms   ${list.map((ms) => ms.toFixed(0)).join(' ')}`,
    );
  }
} finally {
  await stop();
}
