import { readFile } from 'node:fs/promises';
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
import { text } from '../support/texts';

/**
 * The system administration pages built on the CrudPage: files (upload within the site's limit, download,
 * a refused download, rename, delete), the audit log with its preview, the e-mail and SMS logs (read-only),
 * and the site properties edited from the sites page. Each test works as its own new administrator, so the
 * site it switches to and the properties it sets touch nobody else.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
const PASSWORD = 'Admin-e2e-1!';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');
/** An option of the open select by its exact label. */
const option = (page: Page, label: string) =>
  page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`,
  );

async function newAdministrator(adminApi: AdminApi, prefix: string) {
  const user = await adminApi.createUser({
    userName: uniqueName(prefix),
    password: PASSWORD,
    roles: ['ADMINISTRATOR'],
  });
  const session = await apiLogin(adminApi.request, user.userName, PASSWORD);
  return { ...user, api: new AdminApi(adminApi.request, session.session.token), siteId: session.site?.id };
}

async function searchColumn(page: Page, column: RegExp, label: string, text: string) {
  await page.getByRole('columnheader', { name: column }).locator('.ant-table-filter-trigger').click();
  const search = page.getByRole('textbox', { name: label });
  await search.fill(text);
  await search.press('Enter');
}

/**
 * A screenshot once open pickers have closed, with animations finished and without the toasts of the last
 * action (hidden in the picture rather than waited out: they stay for seconds).
 */
async function snap(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.screenshot({
    path: path.join(screenshots, `${name}.png`),
    animations: 'disabled',
    style: '.ant-message { display: none !important; }',
  });
}

test.describe('system administration pages', () => {
  test('files: limit, upload, download, refused download, rename, delete; the audit log shows the calls', async ({
    page,
    adminApi,
  }) => {
    test.slow();
    const admin = await newAdministrator(adminApi, 'Files');
    const name = `Směrnice ${uniqueName('F')}.txt`;
    const content = 'Návštěvy hlásí recepce.\n';
    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/files');
    await expect(page.getByText('Limit 10 MB')).toBeVisible();

    // The limit can be chosen right in the upload dialog (1, 10, 100 MB); a larger file is refused at once.
    await page.getByRole('button', { name: 'Upload file' }).click();
    await expect(dialog(page)).toContainText('Upload a file');
    await clickSettled(dialog(page).getByText('1 MB', { exact: true }));
    await expect(page.getByText('The site now accepts files up to 1 MB')).toBeVisible();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'big.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(1_200_000, 1),
      });
    await expect(dialog(page)).toContainText("The file is larger than the site's limit of 1 MB");
    await expect(dialog(page).getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    await dialog(page).getByText('10 MB', { exact: true }).click();
    await expect(page.getByText('The site now accepts files up to 10 MB')).toBeVisible();

    // Upload with a module.
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
    await expect(dialog(page)).toContainText(name);
    await dialog(page).getByRole('combobox', { name: 'Module' }).click();
    await clickSettled(option(page, 'Visits'));
    await snap(page, 'admin-files-upload-1440');
    await dialog(page).getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(rowOf(page, name)).toContainText('TXT');
    await expect(rowOf(page, name)).toContainText(`${Buffer.byteLength(content)} B`);
    await expect(rowOf(page, name)).toContainText('Visits');
    await snap(page, 'admin-files-1440');

    // Download: the exact name and content.
    const downloading = page.waitForEvent('download');
    await rowOf(page, name).getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile(await download.path(), 'utf8')).toBe(content);

    // A browser that refuses to save the file gets the catalogue's message.
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('blocked by policy');
      };
    });
    await rowOf(page, name).getByRole('button', { name: 'Download' }).click();
    await expect(page.getByText('Browser denied file download.')).toBeVisible();

    // Rename, then delete.
    const renamed = name.replace('Směrnice', 'Pokyny');
    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByLabel('Name').fill(renamed);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(rowOf(page, renamed)).toBeVisible();
    await rowOf(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await clickSettled(page.getByRole('dialog').getByRole('button', { name: 'Delete' }));
    await expect(rowOf(page, renamed)).toHaveCount(0);

    // The audit log: read-only, filtered by author and method, with the request in the preview.
    await page.goto('/admin/audits');
    await expect(page.getByRole('button', { name: 'New record' })).toHaveCount(0);
    await searchColumn(page, /Author/, 'Search Author', admin.userName);
    await page
      .getByRole('columnheader', { name: /Method/ })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.getByRole('textbox', { name: 'Method' }).fill('PUT');
    await page.getByRole('textbox', { name: 'Method' }).press('Enter');
    await expect(rows(page).filter({ hasText: '/api/system_file/' })).toHaveCount(1);
    await expect(rows(page).first().getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(rows(page).first()).toContainText('Write');
    await expect(rows(page).first()).toContainText('system_file');
    await rows(page).first().getByRole('button', { name: 'View' }).click();
    // The changed fields first: a file's name may name a person (free text), so the trail says that it changed,
    // not from what to what (server/src/platform/auditPrivacy.ts).
    await expect(dialog(page).locator('.admin-audit-changes')).toContainText('name');
    await expect(dialog(page).locator('.admin-audit-changes')).toContainText(
      'personal data: changed, not recorded',
    );
    await expect(dialog(page).locator('.admin-audit-changes')).not.toContainText(renamed);
    await snap(page, 'admin-audits-preview-1440');
    await clickSettled(dialog(page).getByRole('tab', { name: 'Request' }));
    await expect(dialog(page)).toContainText('Request body');
    await expect(dialog(page).locator('.admin-code pre')).toContainText('"name": "(personal)"');
    await expect(dialog(page)).toContainText('x-auth-token');
    await clickSettled(dialog(page).getByRole('tab', { name: 'Response' }));
    await expect(dialog(page)).toContainText('Response headers');
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.crud-page').getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(rows(page).first()).toBeVisible();

    // The hash chains of the trail are whole.
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The audit trail is intact' })).toBeVisible();
    await snap(page, 'admin-audits-1440');
  });

  test('system settings: the audit retention is set and shown with its help', async ({ page, adminApi }) => {
    const admin = await newAdministrator(adminApi, 'Settings');
    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/properties');
    await expect(page.getByRole('heading', { name: 'System settings' })).toBeVisible();
    // Every setting is listed with its value; editing one takes effect at once.
    await expect(rowOf(page, 'Longest session (hours)')).toBeVisible();
    const retention = rowOf(page, 'Audit retention (months)');
    await retention.getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByRole('spinbutton', { name: 'Value' }).fill('36');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(retention).toContainText('36');
    await expect(rowOf(page, 'Audit retention (months)')).toContainText('Audit entries older than this');
    await snap(page, 'admin-properties-1440');
  });

  test('e-mail and SMS logs are read-only lists with the message in the preview', async ({
    page,
    adminApi,
  }) => {
    const admin = await newAdministrator(adminApi, 'Mails');
    const reset = await adminApi.request.post('/api/access_user/reset/request', {
      data: { userName: admin.userName },
    });
    expect(reset.status()).toBe(200);

    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/emails');
    await expect(page.getByRole('button', { name: 'New record' })).toHaveCount(0);
    await searchColumn(page, /Recipient/, 'Search Recipient', admin.email);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(/Sent|Queued/);
    await expect(rows(page).first().getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await rows(page).first().getByRole('button', { name: 'View' }).click();
    await expect(dialog(page)).toContainText('Message');
    await expect(dialog(page).locator('.admin-message-body')).toContainText('/resetPassword?token=');
    await snap(page, 'admin-emails-preview-1440');
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.crud-page').getByRole('button', { name: 'Clear filters' }).first().click();
    await snap(page, 'admin-emails-1440');

    await page.goto('/admin/sms');
    for (const column of ['Created', 'Recipient', 'Text', 'Delivery', 'Attempts'])
      await expect(page.getByRole('columnheader', { name: new RegExp(column) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New record' })).toHaveCount(0);
    await snap(page, 'admin-sms-1440');
  });

  test('site properties: typed values edited from the sites page, after a switch to the site', async ({
    page,
    adminApi,
  }) => {
    const admin = await newAdministrator(adminApi, 'Props');
    const sites = await adminApi.sites();
    const current = sites.find((site) => site.id === admin.siteId)!;
    const other = sites.find((site) => site.id !== admin.siteId)!;
    const property = uniqueName('E2E_').toUpperCase();

    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/sites');

    // Another site's properties: the administrator switches to it first.
    await rowOf(page, other.name).getByRole('button', { name: 'Properties' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Switch to the site ${other.name}?`);
    await clickSettled(page.getByRole('button', { name: 'Switch and open' }));
    const drawer = page.locator('.admin-properties-drawer');
    await expect(drawer).toContainText('Site properties');
    await expect(drawer).toContainText(other.name);
    await expect(drawer).toContainText('SITE_TIMEOUT');

    // A list of whole numbers, added item by item.
    await clickSettled(drawer.getByRole('button', { name: 'New record' }));
    const form = page.locator('.crud-dialog');
    await form.getByLabel('Name').fill(property);
    await clickSettled(form.getByLabel('Type'));
    await clickSettled(option(page, 'List of whole numbers'));
    await form.getByRole('button', { name: 'Add value' }).click();
    await form.getByRole('button', { name: 'Add value' }).click();
    await form.locator('.admin-config-item input').nth(0).fill('15');
    await form.locator('.admin-config-item input').nth(1).fill('30');
    await snap(page, 'admin-site-property-dialog-1440');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, property)).toContainText('List of whole numbers');
    await expect(rowOf(page, property)).toContainText('15');
    await expect(rowOf(page, property)).toContainText('30');
    await snap(page, 'admin-site-properties-1440');

    // Another type carries over what still fits: the first number becomes a text.
    await rowOf(page, property).getByRole('button', { name: 'Edit' }).click();
    await clickSettled(form.getByLabel('Type'));
    await clickSettled(option(page, 'Text'));
    await expect(form.locator('.admin-config-list')).toHaveCount(0);
    await expect(form.getByLabel('Value')).toHaveValue('15');
    await form.getByLabel('Value').fill('brána A');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, property)).toContainText('brána A');

    // Stored with its type on the chosen site.
    await admin.api.post('/system_site/switch', { id: other.id }, 200);
    const stored = await admin.api.get<{ name: string; type: string; value: unknown }[]>(
      '/system_site/property',
      {
        name: property,
      },
    );
    expect(stored).toEqual([expect.objectContaining({ name: property, type: 'STRING', value: 'brána A' })]);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    // Its own site stays as it was.
    await admin.api.post('/system_site/switch', { id: current.id }, 200);
    expect(await admin.api.get('/system_site/property', { name: property })).toEqual([]);
  });

  test('the longest session of a site (issue 32 point 4): out of range refused with its reason, 0 lifts the cap', async ({
    page,
    adminApi,
  }) => {
    const admin = await newAdministrator(adminApi, 'Session');
    const site = (await adminApi.sites()).find((entry) => entry.id === admin.siteId)!;
    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/admin/sites');
    await rowOf(page, site.name).getByRole('button', { name: 'Properties' }).click();
    const drawer = page.locator('.admin-properties-drawer');
    await expect(drawer).toContainText(site.name);
    await clickSettled(drawer.getByRole('button', { name: 'New record' }));
    const form = page.locator('.crud-dialog');
    await form.getByLabel('Name').fill('SESSION_MAX_HOURS');
    await clickSettled(form.getByLabel('Type'));
    await clickSettled(option(page, 'Whole number'));
    const value = form.getByRole('spinbutton');
    await value.fill('1000');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toContainText(text('en-US', 'validation.sessionMaxHours'));
    // What the setting means is said beside it.
    await expect(form).toContainText('0: never (every call extends it)');
    await value.fill('0');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, 'SESSION_MAX_HOURS')).toContainText('0');
    // Stored as a number on the site: its sessions now end only when idle (server/src/platform/sessionCap.test.ts).
    const stored = await admin.api.get<{ value: unknown }[]>('/system_site/property', {
      name: 'SESSION_MAX_HOURS',
    });
    expect(stored).toEqual([expect.objectContaining({ value: 0 })]);
  });
});
