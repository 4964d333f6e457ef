import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, expect, loginByToken, openLogin, test } from '../support/fixtures';

/**
 * Repeat visits and new versions (issue 36 point 3, docs/performance.md): the service worker precaches the
 * build and serves a repeat visit's files without the network, keeps no API answer, and a new deployment shows
 * the 'new version' prompt; a page chunk that a new deployment replaced reloads the page once, and only once.
 */

/** Waits until the app's service worker is active and controls the page. */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** What the page's caches hold: each cache's name and the paths of its entries. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}

/** The service worker the test server serves (from the build on disk, read at each request). */
const serviceWorkerFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/sw.js');

/**
 * A new deployment, as the browser sees it: /sw.js answers with other bytes (as with a new precache manifest).
 * The browser's check of the worker's script cannot be routed, so the file itself changes, until `undo`.
 */
function deployNewVersion(): { undo: () => void } {
  const original = readFileSync(serviceWorkerFile, 'utf8');
  writeFileSync(serviceWorkerFile, `${original}\n// the next deployment\n`);
  return { undo: () => writeFileSync(serviceWorkerFile, original) };
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  // One at a time: a test's new deployment (the file on disk) must not reach the others.
  test.describe.configure({ mode: 'serial' });

  test('a repeat visit takes the build from the cache, and no API answer is ever kept', async ({ page }) => {
    await openLogin(page);
    await workerReady(page);
    const fromNetwork: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && !response.fromServiceWorker())
        fromNetwork.push(url.pathname);
    });
    await page.reload();
    await expect(page.getByTestId('login-username')).toBeVisible();
    expect(fromNetwork).toEqual([]);

    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('home')).toBeVisible();
    const caches = await cachedPaths(page);
    const paths = Object.values(caches).flat();
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => /^\/+api/i.test(path))).toEqual([]);
    // Only the build's files, and the page itself under one key (no path of a page visited).
    expect(paths.filter((path) => !path.startsWith('/assets/'))).toEqual(
      expect.arrayContaining(['/favicon.svg']),
    );
    expect(paths.filter((path) => !path.startsWith('/assets/') && path !== '/favicon.svg')).toEqual(
      paths.includes('/') ? ['/'] : [],
    );
  });

  test('a new deployment is picked up on the next navigation with the new version prompt', async ({
    page,
  }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD);
    await workerReady(page);
    await expect(page.getByText('A new version of Strážce is available.')).toBeHidden();

    const deployment = deployNewVersion();
    try {
      await page.goto('/');
      await expect(page.getByTestId('home')).toBeVisible();
      const prompt = page.getByText('A new version of Strážce is available.');
      await expect(prompt).toBeVisible();
      const waiting = () =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      expect(await waiting()).toBe(true);

      // The page keeps working on the old version until the user takes the new one.
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(prompt).toBeHidden();
      await expect.poll(waiting).toBe(false);
    } finally {
      deployment.undo();
    }
  });

  test('a kiosk reloaded without a network shows the cached page and continues when the network is back', async ({
    page,
    context,
  }) => {
    await loginByToken(page, 'kiosk', DEMO_PASSWORD, 'en-US', '/visits/overview');
    await workerReady(page);
    await context.setOffline(true);
    await page.reload();
    // The page is the cached one; the session cannot be restored without the server: no login form, a word.
    await expect(page.getByText('No connection to the server')).toBeVisible();
    await expect(page.getByTestId('login-username')).toHaveCount(0);
    // Back online, the kiosk continues by itself.
    await context.setOffline(false);
    await expect(page.getByTestId('kiosk-layout')).toBeVisible();
    await expect(page.getByTestId('kiosk-connection')).toHaveText('Online');
  });
});

test('a page chunk that a new deployment replaced reloads the page once, then offers the reload', async ({
  page,
}) => {
  const loaded = new Set<string>();
  page.on('requestfinished', (request) => loaded.add(request.url()));
  await loginByToken(page, 'admin', ADMIN_PASSWORD);
  // The build on screen is replaced: every file it has not loaded yet is gone from the server.
  await page.route('**/assets/**', (route) =>
    loaded.has(route.request().url()) ? route.continue() : route.fulfill({ status: 404, body: 'gone' }),
  );
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  // An in-app navigation to a page whose chunk is gone.
  await page.evaluate(() => {
    history.pushState({}, '', '/visits/purposes');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  // One automatic reload (onto the new build; the prompt may show a moment before it), then no more: the chunk
  // is gone after it too, and the prompt stays.
  await expect.poll(() => reloads).toBe(1);
  const notice = page.getByText('A new version of Strážce has been deployed: reload the page to continue.');
  await expect(notice.first()).toBeVisible();
  await expect(page).toHaveURL(/\/visits\/purposes$/);
  await page.waitForTimeout(1000);
  expect(reloads).toBe(1);

  // The deployment is complete: the reload button opens the page.
  await page.unroute('**/assets/**');
  // (On a very slow machine the guard's minute may have passed and a later chunk load reloaded on its own.)
  const reload = page.getByRole('button', { name: 'Reload' }).first();
  if (await reload.isVisible()) await reload.click();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
