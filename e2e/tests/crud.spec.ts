import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  clickSettled,
  expect,
  loginByToken,
  test,
  uniqueName,
  type AdminApi,
} from '../support/fixtures';

/**
 * The generic CrudPage on /admin/persons and /admin/users, in real Chromium against a real server: paging,
 * sort, filters, the kept table state, create/edit/clone/delete, client-side validation, duplicates, a
 * version conflict and the roles editor; screenshots of a list and a dialog at desktop and tablet width.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

interface PersonInput {
  firstName: string;
  lastName: string;
  email?: string | null;
  corporateId?: string | null;
}

type Person = { id: number; version: number } & PersonInput;

const createPerson = (adminApi: AdminApi, person: PersonInput) =>
  adminApi.post<Person>('/system_person', person);

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

async function filterLastName(page: Page, text: string) {
  await page
    .getByRole('columnheader', { name: /Last name/ })
    .locator('.ant-table-filter-trigger')
    .click();
  const search = page.getByRole('textbox', { name: 'Search Last name' });
  await search.fill(text);
  await search.press('Enter');
}

test.describe('CrudPage on the administration pages', () => {
  test(
    'paging, sort, kept state and a full create / edit / clone / delete cycle',
    { tag: '@smoke' },
    async ({ page, adminApi }) => {
      test.slow(); // a long cycle of many steps on a shared server
      const tag = uniqueName('Crud');
      for (let index = 1; index <= 12; index++)
        await createPerson(adminApi, {
          firstName: `First${index}`,
          lastName: `${tag}-${String(index).padStart(2, '0')}`,
        });

      await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/persons');
      await filterLastName(page, tag);

      // 12 matching persons: 10 on the first page (default size), sorted by last name ascending.
      await expect(page.getByText('12 records')).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await expect(rows(page).first()).toContainText(`${tag}-01`);
      await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).last()).toContainText(`${tag}-12`);

      // Sorting descending starts again on page 1.
      await page.getByRole('columnheader', { name: /Last name/ }).click();
      await expect(rows(page)).toHaveCount(10);
      await expect(rows(page).first()).toContainText(`${tag}-12`);

      // Page size 25 shows all of them.
      await page.locator('.ant-pagination-options .ant-select').click();
      await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: '25 / page' }));
      await expect(rows(page)).toHaveCount(12);

      // The screen keeps its state when the user leaves and comes back, and over a reload.
      await page.getByRole('menuitem', { name: 'Users' }).click();
      await expect(page.getByRole('columnheader', { name: /User name/ })).toBeVisible();
      await page.getByRole('menuitem', { name: 'Persons' }).click();
      await expect(page.getByText('12 records')).toBeVisible();
      await expect(rows(page).first()).toContainText(`${tag}-12`);
      await page.reload();
      // A reload restores the session and loads the page's chunks again: slow on a loaded CI machine.
      await expect(page.getByText('12 records')).toBeVisible({ timeout: 30_000 });
      await expect(rows(page)).toHaveCount(12);
      await expect(rows(page).first()).toContainText(`${tag}-12`);
      await expect(page.locator('.crud-filter-tag')).toContainText(tag);

      // Create, checked in the browser with the server's own schema first.
      await page.getByRole('button', { name: 'New record' }).click();
      await expect(dialog(page)).toContainText('Person – new record');
      await dialog(page).getByLabel('First name').fill('Nora');
      await dialog(page).getByLabel('E-mail').fill('not-an-address');
      await clickSettled(dialog(page).getByRole('button', { name: 'Create' }));
      await expect(dialog(page)).toContainText('This field is required');
      await expect(dialog(page)).toContainText('Invalid e-mail address');
      await dialog(page).getByLabel('Last name').fill(`${tag}-20`);
      await dialog(page).getByLabel('E-mail').fill('nora@example.com');
      await expect(dialog(page)).not.toContainText('Invalid e-mail address');
      await dialog(page).getByRole('button', { name: 'Create' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByText('13 records')).toBeVisible();
      await expect(rowOf(page, `${tag}-20`)).toContainText('nora@example.com');

      // Edit.
      await rowOf(page, `${tag}-20`).getByRole('button', { name: 'Edit' }).click();
      await expect(dialog(page).getByLabel('First name')).toHaveValue('Nora');
      await dialog(page).getByLabel('First name').fill('Norah');
      await clickSettled(dialog(page).getByRole('button', { name: 'Save' }));
      await expect(dialog(page)).toBeHidden();
      await expect(rowOf(page, `${tag}-20`)).toContainText('Norah');

      // Clone: a new record pre-filled from the row.
      await rowOf(page, `${tag}-20`).getByRole('button', { name: 'Copy' }).click();
      await expect(dialog(page)).toContainText('Person – copy of a record');
      await expect(dialog(page).getByLabel('First name')).toHaveValue('Norah');
      await expect(dialog(page).getByLabel('E-mail')).toHaveValue('nora@example.com');
      await dialog(page).getByLabel('Last name').fill(`${tag}-21`);
      await clickSettled(dialog(page).getByRole('button', { name: 'Create' }));
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByText('14 records')).toBeVisible();
      await expect(rowOf(page, `${tag}-21`)).toContainText('Norah');

      // Preview is read-only.
      await rowOf(page, `${tag}-21`).getByRole('button', { name: 'View' }).click();
      await expect(dialog(page)).toContainText('Person – details');
      await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
      await clickSettled(dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }));

      // Delete after a confirmation.
      await rowOf(page, `${tag}-21`).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the record?' });
      await expect(confirm).toContainText(`${tag}-21 Norah`);
      await clickSettled(confirm.getByRole('button', { name: 'Delete' }));
      await expect(page.getByText('13 records')).toBeVisible();
      await expect(rowOf(page, `${tag}-21`)).toHaveCount(0);

      // Clearing the filters shows everybody again.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page.locator('.crud-filter-tag')).toHaveCount(0);
    },
  );

  test('names sort in Czech order: Č after C, Ch after H, Ú before V', async ({ page, adminApi }) => {
    const tag = uniqueName('Abc');
    // Inserted out of order; Czech order is the order of this list.
    const czechOrder = [
      'Cibulka',
      'Černá',
      'Dvořák',
      'Hora',
      'Chlup',
      'Řezník',
      'Šťastný',
      'Ústav',
      'Věra',
      'Žák',
    ];
    for (const name of [...czechOrder].reverse())
      await createPerson(adminApi, { firstName: 'Test', lastName: `${name} ${tag}` });

    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', '/admin/persons');
    await page
      .getByRole('columnheader', { name: /Příjmení/ })
      .locator('.ant-table-filter-trigger')
      .click();
    const search = page.getByRole('textbox', { name: /Příjmení/ });
    await search.fill(tag);
    await search.press('Enter');
    // The filtered page: every row is one of these (the unfiltered first page has as many rows).
    await expect(rows(page).filter({ hasText: tag })).toHaveCount(czechOrder.length);
    await expect(rows(page)).toHaveCount(czechOrder.length);
    const lastNames = await rows(page).evaluateAll(
      (list, suffix) =>
        list.map((row) => {
          const cell = Array.from(row.querySelectorAll('td')).find((td) => td.textContent?.includes(suffix));
          return cell?.textContent?.replace(suffix, '').trim() ?? '';
        }),
      ` ${tag}`,
    );
    expect(lastNames).toEqual(czechOrder);
  });

  test('a duplicate corporate id and a concurrent edit are reported in the dialog', async ({
    page,
    adminApi,
  }) => {
    const tag = uniqueName('Conflict');
    const taken = await createPerson(adminApi, {
      firstName: 'Dana',
      lastName: `${tag}-A`,
      corporateId: `${tag}-ID`,
    });
    const person = await createPerson(adminApi, { firstName: 'Eva', lastName: `${tag}-B` });

    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/persons');
    await filterLastName(page, tag);
    await expect(rows(page)).toHaveCount(2);

    // The database's unique key: 'Duplicate entry' on the corporate id.
    await rowOf(page, `${tag}-B`).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByLabel('Corporate ID').fill(taken.corporateId!);
    await clickSettled(dialog(page).getByRole('button', { name: 'Save' }));
    await expect(dialog(page).getByText('Duplicate entry').first()).toBeVisible();
    await dialog(page).getByLabel('Corporate ID').fill('');

    // Someone else saves the record meanwhile: the stale version is refused with 409.
    await adminApi.put(`/system_person/${person.id}`, { firstName: 'Evelyn', version: person.version });
    await dialog(page).getByLabel('First name').fill('Eve');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toContainText('Someone else has changed the record');
    await expect(dialog(page).getByRole('button', { name: 'Save' })).toBeDisabled();

    // Reloading shows the other user's change; saving over the current version works.
    await dialog(page).getByRole('button', { name: 'Load the current version' }).click();
    await expect(dialog(page).getByLabel('First name')).toHaveValue('Evelyn');
    await dialog(page).getByLabel('First name').fill('Eve');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(rowOf(page, `${tag}-B`)).toContainText('Eve');
  });

  test('the roles and sites of a user are edited through the same dialog', async ({ page, adminApi }) => {
    const userName = uniqueName('crud');
    const { id } = await adminApi.post<{ id: number }>('/access_user', {
      userName,
      password: 'Secret12!',
      roles: ['VISIT_VIEW'],
    });

    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/users');
    await page
      .getByRole('columnheader', { name: /User name/ })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.getByRole('textbox', { name: 'Search User name' }).fill(userName);
    await page.getByRole('textbox', { name: 'Search User name' }).press('Enter');
    await rowOf(page, userName).getByRole('button', { name: 'Edit' }).click();

    await clickSettled(dialog(page).getByRole('tab', { name: 'Roles' }));
    await dialog(page).getByRole('tab', { name: /Stock/ }).click();
    await dialog(page)
      .getByRole('checkbox', { name: /Stock – user/ })
      .check();
    await dialog(page).getByRole('tab', { name: 'Groups and sites' }).click();
    const sites = dialog(page).getByRole('combobox', { name: 'Sites' });
    await sites.click();
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: 'Praha' }));
    await dialog(page).getByText('User – edit').click(); // closes the still open multi-select
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();

    const body = await adminApi.get<{ roles: string[]; sites: { label: string }[] }>(`/access_user/${id}`);
    expect(body.roles.sort()).toEqual(['STOCK_USER', 'VISIT_VIEW']);
    expect(body.sites.map((site) => site.label)).toEqual([expect.stringMatching(/Praha/)]);
    await expect(rowOf(page, userName)).toContainText('Praha');
  });

  test('a new password is typed twice, and a phone number gets its dial code', async ({ page, adminApi }) => {
    const userName = uniqueName('pwd');
    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/users');
    await page.getByRole('button', { name: 'New record' }).click();
    await dialog(page).getByLabel('User name').fill(userName);
    await dialog(page).getByLabel('New password').fill('Secret12!x');
    await dialog(page).getByLabel('Confirm password').fill('Secret12!y');
    await clickSettled(dialog(page).getByRole('button', { name: 'Create' }));
    await expect(dialog(page)).toContainText('The passwords do not match');
    await dialog(page).getByLabel('Confirm password').fill('Secret12!x');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page)).toBeHidden();
    const users = await adminApi.get<Array<{ userName: string }>>(`/access_user?userName=${userName}`);
    expect(users.map((user) => user.userName)).toEqual([userName]);

    const lastName = uniqueName('Phone');
    await page.getByRole('menuitem', { name: 'Persons' }).click();
    await page.getByRole('button', { name: 'New record' }).click();
    await dialog(page).getByLabel('First name').fill('Petra');
    await dialog(page).getByLabel('Last name').fill(lastName);
    // A new number starts with the Czech code; the guard picks Slovakia by its name.
    const dial = dialog(page).getByRole('combobox', { name: 'Dial code' });
    await expect(dialog(page).getByText('CZ +420')).toBeVisible();
    await dial.click();
    await dial.fill('Slovakia');
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: 'Slovakia' }));
    await dialog(page).getByLabel('Phone').fill('905 123 456');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page)).toBeHidden();
    const persons = await adminApi.get<Array<{ phone: string | null }>>(
      `/system_person?lastName=${lastName}`,
    );
    expect(persons.map((person) => person.phone)).toEqual(['+421 905 123 456']);
  });

  test('screenshots of a list and a dialog at 1440 and 1024 px', async ({ page, adminApi }) => {
    const domain = 'firma-e2e.cz';
    const sites = await adminApi.sites();
    const existing = await adminApi.get<Person[]>('/system_person', { email: domain, page: 1, size: 10 });
    const people: [string, string, string, string | null, number][] = [
      ['Jana', 'Nováková', '+420 603 123 456', 'EMP-1042', 0],
      ['Petr', 'Svoboda', '+420 777 456 789', 'EMP-1043', 1],
      ['Lucie', 'Dvořáková', '+420 731 222 333', null, 0],
      ['Tomáš', 'Kučera', '+420 605 987 654', 'EMP-1051', 1],
      ['Markéta', 'Horáková', '+420 720 111 222', 'EMP-1060', 0],
    ];
    if (existing.length === 0)
      for (const [firstName, lastName, phone, corporateId, site] of people)
        await adminApi.post('/system_person', {
          firstName,
          lastName,
          phone,
          corporateId,
          email: `${firstName}.${lastName}@${domain}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
          homeSite: sites[site % sites.length].id,
        });

    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', '/admin/persons');
    await page
      .getByRole('columnheader', { name: /E-mail/ })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.getByRole('textbox', { name: 'Hledat: E-mail' }).fill(domain);
    await page.getByRole('textbox', { name: 'Hledat: E-mail' }).press('Enter');
    await expect(rows(page)).toHaveCount(people.length);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(screenshots, `crud-persons-${width}.png`) });
      await rowOf(page, 'Nováková').getByRole('button', { name: 'Upravit' }).click();
      await expect(dialog(page)).toContainText('Osoba – úprava');
      await expect(
        dialog(page).getByText('Praha – centrála').or(dialog(page).getByText('Brno – sklad')),
      ).toBeVisible();
      await page.screenshot({ path: path.join(screenshots, `crud-dialog-${width}.png`) });
      await clickSettled(dialog(page).getByRole('button', { name: 'Zrušit' }));
      await expect(dialog(page)).toBeHidden();
    }
  });
});
