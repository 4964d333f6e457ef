import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIResponse, Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  clickSettled,
  expect,
  loginByToken,
  openLogin,
  submitLogin,
  test,
  uniqueName,
} from '../support/fixtures';
import { signInToGate } from '../support/visits';

/**
 * The Content-Security-Policy in real Chromium: the login page and logged-in pages with a dialog, a toast and
 * a dropdown render with Ant Design's styles (nonce'd `<style>` elements) and report no violation; and the
 * security headers on a page of the app, a hashed asset, an API answer, an API error and a 404.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

/** The theme's primary colour (web/src/lib/theme.ts BRAND.primary #1d4ed8). */
const PRIMARY = 'rgb(29, 78, 216)';

/**
 * Every CSP violation of the page from now on, over reloads and navigations: the `securitypolicyviolation`
 * events, console errors naming the policy and uncaught errors (a blocked `eval` throws).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  // The page must be under the policy at all: each document loaded carries it, with a nonce.
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    const policy = response.headers()['content-security-policy'] ?? '';
    if (!/script-src 'self' 'nonce-[^']+'; style-src 'self' 'nonce-[^']+'/.test(policy))
      violations.push(`${response.url()} came without the nonce policy: ${policy}`);
  });
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}: ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
      violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content.Security.Policy|unsafe-eval|unsafe-inline/i.test(error.message))
      violations.push(error.message);
  });
  return violations;
}

/**
 * The `<style>` elements with content but without the nonce (the policy allows no others), as text. (Empty
 * ones, such as those in the `<defs>` of Ant Design's empty-state pictures, have nothing to block.)
 */
async function stylesWithoutNonce(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('style'))
      .filter((style) => !style.nonce && style.textContent?.trim())
      .map((style) => `${style.parentElement?.tagName}: ${style.outerHTML.slice(0, 200)}`),
  );
}

/** The security headers of an answer: the web app's policy on its page and files, the API's on API answers. */
function expectHeaders(response: APIResponse, label: string, kind: 'app' | 'api' = 'app') {
  const headers = response.headers();
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('no-referrer');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, label).toContain("frame-ancestors 'none'");
  if (kind === 'api') {
    // An API answer loads and runs nothing, whatever opens it.
    expect(csp, label).toBe("default-src 'none'; frame-ancestors 'none'");
    return headers;
  }
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'none'");
  expect(csp, label).toMatch(/script-src 'self'( 'nonce-[^']+')?;/);
  expect(csp, label).not.toContain('unsafe-inline');
  expect(csp, label).not.toContain('unsafe-eval');
  return headers;
}

test('the login page renders under the CSP with Ant Design styles and no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await openLogin(page);
  const submit = page.getByTestId('login-submit');
  await expect(submit).toHaveCSS('background-color', PRIMARY);
  expect(await page.locator('style').count()).toBeGreaterThan(0);
  expect(await stylesWithoutNonce(page)).toEqual([]);
  // A wrong password shows the error alert (another component's styles injected later).
  await submitLogin(page, uniqueName('nobody'), 'Wrong123!');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'csp-login.png') });
  expect(violations).toEqual([]);
});

test(
  'logged-in pages with a dialog, a toast and menus render under the CSP with no violation',
  { tag: '@smoke' },
  async ({ page }) => {
    const violations = await watchViolations(page);
    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/persons');
    const create = page.getByRole('button', { name: 'New record' });
    await expect(create).toHaveCSS('background-color', PRIMARY);

    // A dialog (its own styles, the scroll lock of the page under it), a save and its toast.
    await create.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Person – new record');
    await expect(dialog.getByRole('button', { name: 'Create' })).toHaveCSS('background-color', PRIMARY);
    await page.screenshot({ path: path.join(screenshots, 'csp-admin-dialog.png') });
    const lastName = uniqueName('Csp');
    await dialog.getByLabel('First name').fill('Nonce');
    await dialog.getByLabel('Last name').fill(lastName);
    await clickSettled(dialog.getByRole('button', { name: 'Create' }));
    await expect(dialog).toBeHidden();
    // The toast of the save (antd's message, styles of its own).
    await expect(page.locator('.ant-message-notice').first()).toBeVisible();

    // The user menu (a dropdown).
    await page.getByTestId('user-menu').click();
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeVisible();
    await page.keyboard.press('Escape');

    expect(await stylesWithoutNonce(page)).toEqual([]);
    expect(violations).toEqual([]);
  },
);

test('the visit manager and its entry form render under the CSP with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await loginByToken(page, 'user', DEMO_PASSWORD, 'en-US', '/visits/manager');
  await signInToGate(page, 'en-US');
  await page.getByTestId('action-entry').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('visit-form') });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-btn-primary').last()).toHaveCSS('background-color', PRIMARY);
  // An auto-sized text area measures itself in a hidden copy styled through setAttribute('style').
  const note = dialog.locator('textarea').first();
  await note.fill('First line\nSecond line\nThird line');
  await expect(note).toHaveValue(/Third line/);
  await page.screenshot({ path: path.join(screenshots, 'csp-visit-entry.png') });
  const hiddenTextarea = page.locator('body > textarea[name="hiddenTextarea"]');
  if ((await hiddenTextarea.count()) > 0) await expect(hiddenTextarea).toHaveCSS('position', 'absolute');
  // The typed note is not thrown away without a question (the discard confirmation, its own styles too).
  await page.keyboard.press('Escape');
  await clickSettled(page.getByRole('button', { name: 'Discard changes' }));
  await expect(dialog).toBeHidden();
  expect(await stylesWithoutNonce(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test('security headers on a page, a hashed asset, an API answer, an API error and a 404', async ({
  request,
}) => {
  const pageResponse = await request.get('/admin/persons');
  expect(pageResponse.status()).toBe(200);
  const pageHeaders = expectHeaders(pageResponse, 'page');
  expect(pageHeaders['content-type']).toContain('text/html');
  expect(pageHeaders['cache-control']).toBe('no-store');
  const html = await pageResponse.text();
  const nonce = /'nonce-([^']+)'/.exec(pageHeaders['content-security-policy'])?.[1];
  expect(nonce).toBeTruthy();
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain('__CSP_NONCE__');
  // Each answer gets a new nonce.
  const again = await request.get('/');
  expect(again.headers()['content-security-policy']).not.toContain(nonce!);

  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.status()).toBe(200);
  expect(expectHeaders(assetResponse, 'asset')['cache-control']).toContain('immutable');

  const session = await request.get('/api/session', {
    headers: { Authorization: `Basic ${Buffer.from(`user:${DEMO_PASSWORD}`).toString('base64')}` },
  });
  expect(session.status()).toBe(200);
  expect(expectHeaders(session, 'API answer', 'api')['cache-control']).toBe('no-store');

  const refused = await request.get('/api/system_site');
  expect(refused.status()).toBe(401);
  expect(expectHeaders(refused, 'API error', 'api')['cache-control']).toBe('no-store');

  const missing = await request.get('/api/no/such/thing');
  expect(missing.status()).toBe(404);
  expect(expectHeaders(missing, '404', 'api')['cache-control']).toBe('no-store');
});
