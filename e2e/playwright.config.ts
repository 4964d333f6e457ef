import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './support/freePort';

/**
 * Debian's headless shell when installed (the old headless mode: about a fifth less CPU per test than the full
 * browser, which composites every frame through its GPU process), else Debian's full Chromium.
 */
function debianChromium(): string {
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

const here = path.dirname(fileURLToPath(import.meta.url));

// Chosen once in the runner process; the workers inherit the environment and reuse it.
process.env.E2E_PORT ??= String(await freePort());
// The administrator of the throw-away test database (the server creates it with this password).
process.env.ADMIN_PASSWORD ??= 'Admin123!';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, '.tmp', 'results'),
  // A 2-core CI machine running Chromium, the server and two workers at once is sometimes slow to paint:
  // more time there, for each test and for each expectation.
  timeout: process.env.CI ? 90_000 : 45_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  // In CI the whole run stops after 40 minutes (all of `npm test` aims at about 30 on 2 cores): a hung browser or
  // server fails the job with a message instead of holding it until the CI system's own limit. None locally.
  globalTimeout: process.env.CI ? 40 * 60_000 : 0,
  fullyParallel: true,
  // The server (one embedded database) is shared; more browsers than cores only slow every test down.
  workers: Math.max(1, Math.min(4, availableParallelism())),
  // No retries: a test that passes only the second time hides a fault (the pickers once lost clicks so).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'en-US',
    // The app honours the system's reduced-motion setting (no dialog or pop-up animation): a click never
    // lands on a pop-up that is still sliding into place, which once lost a click on a loaded CI machine.
    reducedMotion: 'reduce',
    // The app's service worker would precache the whole build (300 files) in every test's fresh context: only the
    // tests about it let it run (app-update.spec.ts).
    serviceWorkers: 'block',
    // Recording a trace costs a screencast of every test (a third more CPU on a 2-core machine): not on CI,
    // where the failure's screenshot and message stay.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? debianChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    // A fresh database with the demo data (on the PostgreSQL server of TEST_DATABASE_URL when set, else the
    // embedded one), and the built web app from web/dist.
    command: `node ${JSON.stringify(path.join(here, 'support', 'server.mjs'))}`,
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets server.mjs remove the run's database when the server has stopped.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { PORT: String(port), ADMIN_PASSWORD: process.env.ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
  },
});
