import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  clickSettled,
  expect,
  loginByToken,
  settled,
  test,
  uniqueName,
} from '../support/fixtures';

/**
 * A record other records use is not deleted: the notification says why in the user's language (issue 11,
 * point 4), and the record stays.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

for (const [language, deleteLabel, expected] of [
  ['cs', 'Smazat', /Záznam nelze smazat, protože ho používají jiné záznamy – Uživatelé \(Osoba\): 1/],
  ['en-US', 'Delete', /The record cannot be deleted because other records use it – Users \(Person\): 1/],
] as const) {
  test(`refuses to delete a person who is the person of a user, saying why (${language})`, async ({
    page,
    adminApi,
  }) => {
    const lastName = uniqueName('Pouzivana');
    const person = await adminApi.post<{ id: number }>('/system_person', { firstName: 'Věra', lastName });
    await adminApi.post('/access_user', {
      userName: uniqueName('vera.'),
      password: 'Secret123!x',
      person: person.id,
    });
    await page.setViewportSize({ width: 1024, height: 768 });
    await loginByToken(page, 'admin', ADMIN_PASSWORD, language, '/admin/persons');
    await page
      .getByRole('columnheader', { name: language === 'cs' ? /Příjmení/ : /Last name/ })
      .locator('.ant-table-filter-trigger')
      .click();
    const search = page.getByRole('textbox').filter({ visible: true }).last();
    await search.fill(lastName);
    await search.press('Enter');
    await rowOf(page, lastName).getByRole('button', { name: deleteLabel }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: lastName });
    await clickSettled(confirm.getByRole('button', { name: deleteLabel }));
    const notice = page.locator('.ant-message-notice').filter({ hasText: expected });
    await expect(notice).toBeVisible();
    await expect(confirm).toBeHidden();
    await settled(notice);
    await page.screenshot({ path: path.join(screenshots, `delete-in-use-${language}.png`) });
    await expect(rowOf(page, lastName)).toHaveCount(1);
  });
}
