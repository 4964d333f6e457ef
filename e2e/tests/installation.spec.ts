import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  AdminApi,
  type Language,
  expect,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { entryDialog } from '../support/blacklist';
import { startInstallation, type Installation } from '../support/installation';
import { text } from '../support/texts';
import { SCREENSHOTS, signInToGate } from '../support/visits';

/**
 * Nothing pretends on a production-like installation (issue 32 point 1; the rules: server/src/config.test.ts and
 * the health tests): servers of their own, without the demo data. By default the identity-document reader is
 * off there (no fictitious people: "Read ID" is not offered); a simulator named explicitly is offered, and the
 * administrator is told that a simulator answers on an installation without demo data.
 */

// Each test starts a server of its own (migrations on a new database) beside the shared one.
test.describe.configure({ timeout: 240_000 });

/** The administrator of the installation in a browser of its own, at the visits' gate of a new gate. */
async function receptionOf(browser: Browser, installation: Installation, language: Language): Promise<Page> {
  const context = await browser.newContext({
    baseURL: installation.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const api = await AdminApi.login(context.request);
  // The only site of a new installation has no gate yet.
  const district = await api.post<{ id: number }>('/system_site/district', { name: uniqueName('Areál') });
  await api.post('/system_site/district/gate', { name: uniqueName('Vrátnice'), district: district.id });
  const page = await context.newPage();
  await loginByToken(page, 'admin', ADMIN_PASSWORD, language, '/visits/manager');
  await signInToGate(page, language);
  return page;
}

/** Opens the entry dialog and waits until it knows whether documents can be read here. */
async function openEntry(page: Page): Promise<void> {
  const status = page.waitForResponse((response) => response.url().includes('/api/egov/status'));
  await page.getByTestId('action-entry').click();
  await expect(entryDialog(page)).toBeVisible();
  expect(((await (await status).json()) as { available: boolean }).available).toBeDefined();
}

test('without demo data the ID reader is off: the entry dialog offers no "Read ID" (cs)', async ({
  browser,
}) => {
  const installation = await startInstallation({ E2E_DEMO_DATA: 'false' });
  try {
    const page = await receptionOf(browser, installation, 'cs');
    await openEntry(page);
    await expect(entryDialog(page).getByTestId('visit-lastName')).toBeVisible();
    await expect(page.getByTestId('egov-read')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'installation-entry-no-eid-cs.png') });
  } finally {
    await installation.stop();
  }
});

test('a simulator named on an installation without demo data is said to the administrator (en)', async ({
  browser,
}) => {
  const installation = await startInstallation({ E2E_DEMO_DATA: 'false', EGOV_PROVIDER: 'simulator' });
  try {
    const page = await receptionOf(browser, installation, 'en-US');
    await page.goto('/');
    const notice = page.getByTestId('config-notices').locator('[data-notice="EGOV_SIMULATOR"]');
    await expect(notice).toContainText(text('en-US', 'configNotices.EGOV_SIMULATOR'));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'installation-simulator-notice-en.png') });
    // Named explicitly, it is offered: whoever named it knows.
    await page.goto('/visits/manager');
    await openEntry(page);
    await expect(entryDialog(page).getByTestId('egov-read')).toBeVisible();
  } finally {
    await installation.stop();
  }
});
