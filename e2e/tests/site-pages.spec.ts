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
import { choose } from '../support/visits';

/**
 * The site administration (/site/...) as a site administrator of Praha: one cycle through districts, gates,
 * identity documents, holidays, site persons, teams and the internal blacklist with its category rules, and
 * the gate-load report (empty, then filled by visits entered through the visits API) with its CSV export.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
const PASSWORD = 'SiteAdm-e2e-1!';
const PRAHA = 'Praha – centrála';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const form = (page: Page) => page.locator('.crud-dialog');
/** An option of the open select (exact label, or containing the text). */
const option = (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text });

async function newSiteAdmin(adminApi: AdminApi, roles: string[] = []) {
  const user = await adminApi.createUser({
    userName: uniqueName('Site'),
    password: PASSWORD,
    roles: ['SITE_ADMIN', ...roles],
    sites: [PRAHA],
  });
  const session = await apiLogin(adminApi.request, user.userName, PASSWORD);
  return { ...user, api: new AdminApi(adminApi.request, session.session.token) };
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

/** Opens the create dialog of the page and waits for it. */
async function create(page: Page) {
  await page.getByRole('button', { name: 'New record' }).first().click();
  await expect(form(page)).toBeVisible();
}

async function save(page: Page, button: 'Create' | 'Save' = 'Create') {
  await clickSettled(form(page).getByRole('button', { name: button }));
  await expect(form(page)).toBeHidden();
}

/**
 * Picks a record in a reference picker by typing a part of its name (`choose`: the picker replaces its options
 * when the server answers the typed text, and a click meanwhile is tried again).
 */
async function pick(page: Page, label: string, text: string) {
  await choose(page, form(page).getByLabel(label), text);
}

test.describe('site administration pages', () => {
  test('a full cycle: districts, gates, documents, holidays, persons, teams and the blacklist', async ({
    page,
    adminApi,
  }) => {
    // Seven pages in one cycle (about 30 s on the 2-core CI machine): more time than a one-screen test.
    test.setTimeout(150_000);
    const admin = await newSiteAdmin(adminApi);
    const tag = uniqueName('');
    const district = `Areál ${tag}`;
    const gate = `Brána ${tag}`;
    const documentType = `Průkaz ${tag}`;
    const lastName = `Dvořák${tag}`;
    const team = `Tým ${tag}`;
    // Districts: create, then rename.
    await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/site/districts');
    await create(page);
    await form(page).getByLabel('Name').fill(`${district} X`);
    await save(page);
    await rowOf(page, `${district} X`).getByRole('button', { name: 'Edit' }).click();
    await form(page).getByLabel('Name').fill(district);
    await save(page, 'Save');
    await expect(rowOf(page, district)).toContainText('Yes');
    await snap(page, 'site-districts-1440');

    // Gates: in the district, with a colour shown as a swatch.
    await page.goto('/site/districtgates');
    await create(page);
    await form(page).getByLabel('Name').fill(gate);
    await pick(page, 'District', district);
    await form(page).locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-color-picker-input input').first();
    await hex.fill('13C2C2');
    await hex.press('Enter');
    await form(page).getByText('Name', { exact: true }).click();
    await save(page);
    await expect(rowOf(page, gate)).toContainText(district);
    await expect(rowOf(page, gate)).toContainText('#13c2c2');
    await expect(rowOf(page, gate).locator('.crud-swatch')).toHaveCSS(
      'background-color',
      'rgb(19, 194, 194)',
    );
    await snap(page, 'site-districtgates-1440');

    // Identity documents and holidays.
    await page.goto('/site/identitydocuments');
    await create(page);
    await form(page).getByLabel('Name').fill(documentType);
    await save(page);
    await expect(rowOf(page, documentType)).toBeVisible();
    await snap(page, 'site-identitydocuments-1440');

    await page.goto('/site/holidays');
    const holiday = `Den ${tag}`;
    await create(page);
    await form(page).getByLabel('Date').fill('24.12.2031');
    await form(page).getByLabel('Date').press('Enter');
    await form(page).getByLabel('Name').fill(holiday);
    await save(page);
    await expect(rowOf(page, holiday)).toContainText('24.12.2031');
    await expect(rowOf(page, holiday)).toContainText('Wednesday');
    await snap(page, 'site-holidays-1440');
    await rowOf(page, holiday).getByRole('button', { name: 'Delete' }).click();
    await clickSettled(page.getByRole('dialog').getByRole('button', { name: 'Delete' }));
    await expect(rowOf(page, holiday)).toHaveCount(0);

    // A person of the site, then a team with that person as a member.
    await page.goto('/site/persons');
    await create(page);
    await form(page).getByLabel('First name').fill('Tomáš');
    await form(page).getByLabel('Last name').fill(lastName);
    await form(page).getByLabel('E-mail').fill(`${tag.toLowerCase()}@example.com`);
    await save(page);
    await expect(rowOf(page, lastName)).toContainText('Tomáš');
    await snap(page, 'site-persons-1440');

    await page.goto('/site/personGroups');
    await create(page);
    await form(page).getByLabel('Name').fill(team);
    await form(page).getByLabel('Description').fill('Ranní směna vrátnice');
    await pick(page, 'Members', lastName);
    await save(page);
    await expect(rowOf(page, team)).toContainText(`${lastName} Tomáš`);
    await snap(page, 'site-personGroups-1440');

    // The blacklist: the dialog shows the fields of the category, the server's rules mark the wrong ones.
    await page.goto('/site/internalBlacklists');
    await create(page);
    await clickSettled(form(page).getByText('Vehicle', { exact: true }));
    await expect(form(page).getByLabel('Licence plate')).toBeVisible();
    await expect(form(page).getByLabel('Document number')).toHaveCount(0);
    await form(page).getByLabel('Reason').fill('Opakované porušení pravidel parkování');
    await form(page).getByLabel('Licence plate').fill('1AB 2345 ###');
    await form(page).getByRole('button', { name: 'Create' }).click();
    await expect(form(page)).toContainText('Invalid licence plate');
    const plate = `${tag.slice(-5).toUpperCase()} 12`;
    await form(page).getByLabel('Licence plate').fill(plate);
    await save(page);
    await expect(rowOf(page, plate.replace(/\s/g, ''))).toContainText('Vehicle');

    await create(page);
    await clickSettled(form(page).getByText('Person', { exact: true }));
    await expect(form(page).getByLabel('Licence plate')).toHaveCount(0);
    await form(page).getByLabel('Reason').fill('Krádež v areálu');
    await form(page).getByRole('button', { name: 'Create' }).click();
    await expect(form(page)).toContainText('Enter the last name or a document number');
    await form(page)
      .getByLabel('Document number')
      .fill(`OP${tag.slice(-6)}`);
    await form(page).getByRole('button', { name: 'Create' }).click();
    await expect(form(page).locator('.ant-form-item-has-error')).toContainText('Document type');
    await pick(page, 'Document type', documentType);
    await form(page).getByLabel('Last name').fill(lastName);
    await snap(page, 'site-blacklist-dialog-1440');
    await save(page);
    await expect(rowOf(page, lastName)).toContainText('Person');
    // The document type (a column of the chooser) as saved.
    const [entry] = await admin.api.get<Array<{ documentType: unknown }>>('/blacklist', { lastName });
    expect(JSON.stringify(entry.documentType)).toContain(documentType);
    await snap(page, 'site-internalBlacklists-1440');

    // A district in use by a gate cannot be deleted.
    await page.goto('/site/districts');
    await rowOf(page, district).getByRole('button', { name: 'Delete' }).click();
    await clickSettled(page.getByRole('dialog').getByRole('button', { name: 'Delete' }));
    await expect(rowOf(page, district)).toBeVisible();
  });

  test.describe('gate-load report', () => {
    // A browser far from the site: the report still counts the hours of the site's clock (Europe/Prague).
    test.use({ timezoneId: 'America/New_York' });

    test('empty period, then entries and departures from visits as a chart, a table and CSV', async ({
      page,
      adminApi,
    }) => {
      const admin = await newSiteAdmin(adminApi, ['VISIT_ADMIN']);
      const api = admin.api;
      const tag = uniqueName('');
      const gateName = `Vrátnice ${tag}`;
      const district = await api.post<{ id: number }>('/system_site/district', { name: `Okrsek ${tag}` });
      const gate = await api.post<{ id: number }>('/system_site/district/gate', {
        name: gateName,
        district: district.id,
        color: '#fa8c16',
      });
      const purpose = await api.post<{ id: number }>('/visit/purpose', { name: `Schůzka ${tag}` });
      const document = await api.post<{ id: number }>('/system_site/identity_document', {
        name: `OP ${tag}`,
      });
      // Movements of 2019 recorded now: the site accepts client times up to ten years back.
      const pastWindow = 'CLIENT_TIME_PAST_MINUTES';
      if ((await api.get<unknown[]>('/system_site/property', { name: pastWindow })).length === 0)
        await api.post('/system_site/property', {
          name: pastWindow,
          type: 'LONG',
          value: 10 * 366 * 24 * 60,
        });
      // 12 June 2019 in Prague (UTC+2): two entries 08:xx, one 09:xx, one departure 14:xx.
      const entries = ['08:10', '08:40', '09:05'];
      const visits: { id: number }[] = [];
      for (const [index, time] of entries.entries())
        visits.push(
          await api.post<{ id: number }>('/visit', {
            purpose: purpose.id,
            gate: gate.id,
            firstName: 'Eva',
            lastName: `Host${index}${tag}`,
            documentType: document.id,
            documentNumber: `${index}${tag}`.slice(0, 20),
            movementTime: `2019-06-12T${time}:00.000+02:00`,
          }),
        );
      await api.post(`/visit/${visits[0].id}/leave`, {
        gate: gate.id,
        movementTime: '2019-06-12T14:20:00.000+02:00',
      });

      // A period without passages: the empty state.
      await loginByToken(
        page,
        admin.userName,
        PASSWORD,
        'en-US',
        '/site/reports?from=2001-01-01&to=2001-01-07',
      );
      await expect(page.getByTestId('gate-load-empty')).toContainText(
        'No passages through the gates in this period',
      );
      await expect(page.getByTestId('gate-load-chart')).toHaveCount(0);

      // The day of the visits, narrowed to the new gate.
      await page.goto('/site/reports?from=2019-06-12&to=2019-06-12');
      await expect(page.getByTestId('gate-load-chart')).toBeVisible();
      await page.getByRole('combobox', { name: 'Gate' }).click();
      await clickSettled(option(page, gateName));
      const table = page.locator('.site-report-card').last();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
      await expect(table.locator('tr', { hasText: '08:00–09:00' })).toContainText(/2\s*0\s*2/);
      await expect(table.locator('tr', { hasText: '09:00–10:00' })).toContainText(/1\s*0\s*1/);
      await expect(table.locator('tr', { hasText: '14:00–15:00' })).toContainText(/0\s*1\s*1/);
      await expect(page.locator('.site-stats')).toContainText('08:00–09:00');
      // Three bars: entries at 8 and 9 o'clock, the departure at 14.
      await expect(page.getByTestId('gate-load-chart').locator('.recharts-bar-rectangle path')).toHaveCount(
        3,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, 'site-reports-1440');

      // CSV export of the same range.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('gate_load_2019-06-12_2019-06-12.csv');
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv).toContain(gateName);
    });
  });
});
