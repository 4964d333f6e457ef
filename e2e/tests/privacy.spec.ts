import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  clickSettled,
  expect,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { signInToGate } from '../support/visits';

/**
 * Privacy (docs/privacy.md, issue 35): the site administrator sets the retention with a preview of the next run
 * before saving, opens the next run on its own page, puts a person on a legal hold, and reads the record of
 * processing in both languages. The retention is set back afterwards (the demo site is shared).
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
const PASSWORD = 'Privacy-e2e-1!';
const PRAHA = 'Praha – centrála';
const DEFAULTS = { visits: 90, vehicles: 90, anpr: 7, kbox: 30, incidents: 365 };

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const form = (page: Page) => page.locator('.crud-dialog');
const option = (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text });

async function newSiteAdmin(adminApi: AdminApi) {
  const user = await adminApi.createUser({
    userName: uniqueName('Privacy'),
    password: PASSWORD,
    roles: ['SITE_ADMIN'],
    sites: [PRAHA],
  });
  const session = await apiLogin(adminApi.request, user.userName, PASSWORD);
  return { ...user, token: session.session.token };
}

async function snap(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.screenshot({
    path: path.join(screenshots, `${name}.png`),
    animations: 'disabled',
    style: '.ant-message { display: none !important; }',
  });
}

test.describe('privacy', () => {
  test('retention with a preview before saving, the next run, and a legal hold', async ({
    page,
    adminApi,
  }) => {
    // Four screen widths and two pages of a busy browser.
    test.slow();
    const admin = await newSiteAdmin(adminApi);
    try {
      await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/privacy');
      await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
      const days = page.getByTestId('retention-days-visits');
      await expect(days).toHaveValue('90');

      // Tried before saving: the preview counts with the typed days.
      await days.fill('45');
      await page.getByTestId('retention-preview-button').click();
      const preview = page.getByTestId('retention-preview');
      await expect(preview.locator('tr', { hasText: 'Visits' })).toContainText('45 days after the departure');
      await expect(page.getByTestId('preview-count-visits')).toHaveText(/^\d+$/);
      for (const width of [390, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await snap(page, `privacy-retention-${width}`);
      }

      // Saving asks again with what the next run will do.
      await page.getByTestId('retention-save').click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect(confirm).toContainText('The next run will anonymize');
      await clickSettled(confirm.getByRole('button', { name: 'Save' }));
      await expect(page.getByText('Retention saved')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('retention-days-visits')).toHaveValue('45');

      // The next run on a page of its own, with the saved days.
      await page.getByRole('link', { name: 'Next run' }).click();
      await expect(page).toHaveURL(/\/admin\/privacy\/preview$/);
      await expect(page.getByTestId('retention-preview').locator('tr', { hasText: 'Visits' })).toContainText(
        '45 days',
      );
      await snap(page, 'privacy-preview-1440');

      // A person on a legal hold, listed on the privacy page.
      await page.goto('/admin/privacy?tab=holds');
      await page.getByRole('button', { name: 'New record' }).first().click();
      await expect(form(page)).toBeVisible();
      // The day first: Enter in a complete form would submit it.
      await form(page).getByLabel('Until').fill('31.12.2031');
      await form(page).getByLabel('Until').press('Enter');
      await form(page).getByLabel('Held').click();
      await clickSettled(option(page, 'Person'));
      await form(page).getByLabel('First name').fill('Karel');
      await form(page).getByLabel('Last name').fill('Zadržený');
      await form(page).getByLabel('Reason').fill('Police case 12/2026');
      await clickSettled(form(page).getByRole('button', { name: 'Create' }));
      await expect(form(page)).toBeHidden();
      const held = rows(page).filter({ hasText: 'Zadržený' });
      await expect(held).toContainText('Police case 12/2026');
      await expect(held).toContainText('31.12.2031');
      await snap(page, 'privacy-holds-1440');
    } finally {
      await adminApi.request.put('/api/privacy/retention', {
        headers: { 'X-Auth-Token': admin.token },
        data: DEFAULTS,
      });
    }
  });

  test('the record of processing in Czech', async ({ page, adminApi }) => {
    const admin = await newSiteAdmin(adminApi);
    await loginByToken(page, admin.userName, PASSWORD, 'cs', '/admin/privacy?tab=record');
    const record = page.getByTestId('processing-record');
    await expect(record.locator('tr', { hasText: 'Návštěvy' })).toContainText('oprávněný zájem');
    await expect(record.locator('tr', { hasText: 'Čtení SPZ' })).toContainText('7 dní');
    await snap(page, 'privacy-record-cs-1440');
  });

  test('a document number withheld by the site is shown on request, and the read is logged', async ({
    page,
    adminApi,
  }) => {
    // A site of its own: the demo sites show document numbers as usual to the other tests.
    const siteName = uniqueName('Doklady ');
    await adminApi.post('/system_site', { name: siteName, valid: true, modules: ['MOD_VISIT'] });
    const user = await adminApi.createUser({
      userName: uniqueName('Reveal'),
      password: PASSWORD,
      roles: ['SITE_ADMIN', 'VISIT_ADMIN', 'VISIT_USER', 'VIEW_PERSONAL_INFO', 'PRIVACY_ADMIN'],
      sites: [siteName],
    });
    const { token } = (await apiLogin(adminApi.request, user.userName, PASSWORD)).session;
    const post = async (path: string, data: unknown) => {
      const response = await adminApi.request.post(`/api${path}`, {
        headers: { 'X-Auth-Token': token },
        data,
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: number };
    };
    const district = await post('/system_site/district', { name: 'Areál' });
    const gate = await post('/system_site/district/gate', { name: 'Vrátnice', district: district.id });
    const purpose = await post('/visit/purpose', { name: 'Schůzka' });
    const lastName = uniqueName('Skrytá');
    await post('/visit', {
      gate: gate.id,
      purpose: purpose.id,
      firstName: 'Jana',
      lastName,
      documentNumber: 'OP-556677',
      companions: [{ name: 'Petr Malý', document: 'PAS-112233' }],
    });
    await post('/system_site/property', {
      name: 'DOCUMENT_NUMBERS_ON_REQUEST',
      type: 'BOOLEAN',
      value: true,
    });

    await loginByToken(page, user.userName, PASSWORD, 'en-US', '/visits/overview');
    const row = rows(page).filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await row.locator('[data-action="preview"]').click();
    const detail = page.locator('.ant-modal', { hasText: 'Petr Malý' });
    await expect(detail.getByTestId('withheld-document')).toBeVisible();
    await expect(detail).not.toContainText('OP-556677');
    await expect(detail).not.toContainText('PAS-112233');
    await snap(page, 'privacy-withheld-document-1440');
    await detail.getByTestId('reveal-documents').click();
    await expect(detail).toContainText('OP-556677');
    await expect(detail).toContainText('PAS-112233');
    await expect(detail.getByTestId('reveal-documents')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The edit at the gate: the number stays withheld (and kept on save) until shown, then it can be corrected.
    await signInToGate(page, 'en-US');
    const entry = rows(page).filter({ hasText: lastName });
    await entry.locator('[data-action="edit"]').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('visit-form') });
    await expect(dialog.getByTestId('withheld-document')).toBeVisible();
    await dialog.getByTestId('reveal-documents').click();
    const number = dialog.getByLabel('Document number', { exact: true });
    await expect(number).toHaveValue('OP-556677');
    await expect(dialog.getByTestId('companions-document-0')).toHaveValue('PAS-112233');
    await number.fill('OP-556678');
    await clickSettled(dialog.getByTestId('visit-submit'));
    await expect(dialog).toBeHidden();
    const stored = await adminApi.request.get(`/api/visit?page=1&size=10`, {
      headers: { 'X-Auth-Token': token },
    });
    expect(stored.status(), await stored.text()).toBe(200);
    const [visit] = (await stored.json()) as Array<{ id: number; documentNumber: string }>;
    expect(visit.documentNumber).toBe('***');
    const revealed = await adminApi.request.get(`/api/visit/${visit.id}/documents`, {
      headers: { 'X-Auth-Token': token },
    });
    expect(await revealed.json()).toEqual({
      documentNumber: 'OP-556678',
      companions: [{ id: expect.any(Number), document: 'PAS-112233' }],
    });

    // The privacy officer sees each read (the detail's, the edit's, the call's): who, which entity, no value.
    await page.goto('/admin/privacy/access');
    const read = rows(page).filter({ hasText: 'Document number shown' }).filter({ hasText: user.userName });
    await expect(read).toHaveCount(3);
    await expect(read.first()).toContainText('visit');
    await expect(page.locator('body')).not.toContainText('OP-556677');
  });
});
