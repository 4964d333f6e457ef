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

/**
 * The patrols' set-up (PatrolAdmin, server rules: server/src/modules/patrol/patrol.routes.test.ts): an
 * administrator creates two checkpoints and a route passing them in order; a guard's PIN that is not four digits
 * gets the message, in both languages.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
const PASSWORD = 'Patrol-e2e-1!';
const PRAHA = 'Praha – centrála';

const dialog = (page: Page) => page.locator('.crud-dialog');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row, .crud-card-item').filter({ hasText: text });

async function snap(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.screenshot({
    path: path.join(screenshots, `${name}.png`),
    animations: 'disabled',
    style: '.ant-message { display: none !important; }',
  });
}

async function newPatrolAdmin(adminApi: AdminApi) {
  const user = await adminApi.createUser({
    userName: uniqueName('Patrol'),
    password: PASSWORD,
    roles: ['PATROL_ADMIN'],
    sites: [PRAHA],
  });
  const session = await apiLogin(adminApi.request, user.userName, PASSWORD);
  return { ...user, api: new AdminApi(adminApi.request, session.session.token) };
}

/** Adds a checkpoint to the route's list with the picker (it empties again after each pick). */
async function addCheckpoint(page: Page, name: string) {
  const picker = dialog(page).locator('.patrol-order input[role="combobox"]');
  await picker.click();
  await picker.fill(name);
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first(),
  );
  await expect(dialog(page).getByTestId('route-checkpoints')).toContainText(name);
}

async function openCreate(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  await expect(dialog(page)).toBeVisible();
}

test('a patrol administrator creates two checkpoints and a route passing them in order', async ({
  page,
  adminApi,
}) => {
  const admin = await newPatrolAdmin(adminApi);
  const first = uniqueName('Brána');
  const second = uniqueName('Sklad');
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginByToken(page, admin.userName, PASSWORD, 'en-US', '/patrol/checkpoints');
  await expect(page.getByTestId('page-title')).toHaveText('Checkpoints');
  for (const [name, tag] of [
    [first, `NFC-${first}`],
    [second, `NFC-${second}`],
  ]) {
    await openCreate(page, 'New record');
    await dialog(page).getByLabel('Name').fill(name);
    await dialog(page).getByLabel('Tag ID').fill(tag);
    await clickSettled(dialog(page).getByRole('button', { name: 'Create' }));
    await expect(dialog(page)).toBeHidden();
    await expect(rowOf(page, name)).toHaveCount(1);
  }

  await page.goto('/patrol/routes');
  await expect(page.getByTestId('page-title')).toHaveText('Routes');
  const route = uniqueName('Noční obchůzka');
  await openCreate(page, 'New record');
  await dialog(page).getByLabel('Name', { exact: true }).fill(route);
  // Picked in the order they are passed: the second first.
  await addCheckpoint(page, second);
  await addCheckpoint(page, first);
  const order = dialog(page).getByTestId('route-checkpoints').locator('li');
  await expect(order).toHaveText([new RegExp(second), new RegExp(first)]);
  await dialog(page).getByRole('button', { name: 'Add a task' }).click();
  await dialog(page).getByPlaceholder('What the guard does').fill('Check the windows');
  await snap(page, 'patrol-route-dialog-1440');
  await clickSettled(dialog(page).getByRole('button', { name: 'Create' }));
  await expect(dialog(page)).toBeHidden();
  await expect(rowOf(page, route)).toContainText(second);

  // Saved in that order; moved up in the dialog, the first comes first.
  const saved = await admin.api.get<Array<{ name: string; checkpoints: Array<{ label: string }> }>>(
    '/patrol/route',
    { name: route },
  );
  expect(saved[0].checkpoints.map((item) => item.label)).toEqual([second, first]);
  await rowOf(page, route).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page)
    .getByTestId('route-checkpoints')
    .locator('li')
    .nth(1)
    .getByRole('button', { name: 'Move up' })
    .click();
  await expect(order).toHaveText([new RegExp(first), new RegExp(second)]);
  await clickSettled(dialog(page).getByRole('button', { name: 'Save' }));
  await expect(dialog(page)).toBeHidden();
  const moved = await admin.api.get<Array<{ checkpoints: Array<{ label: string }> }>>('/patrol/route', {
    name: route,
  });
  expect(moved[0].checkpoints.map((item) => item.label)).toEqual([first, second]);
  await snap(page, 'patrol-routes-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, route)).toBeVisible();
  await snap(page, 'patrol-routes-390');
});

for (const [language, title, button, message] of [
  ['en-US', 'Guards', 'New record', 'Insert 4-digit PIN'],
  ['cs', 'Strážní', 'Nový záznam', 'Zadejte čtyřmístný PIN'],
] as const) {
  test(`a guard's PIN that is not four digits gets the message (${language})`, async ({ page, adminApi }) => {
    const admin = await newPatrolAdmin(adminApi);
    await page.setViewportSize({ width: language === 'cs' ? 390 : 1440, height: 844 });
    await loginByToken(page, admin.userName, PASSWORD, language, '/patrol/guards');
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await openCreate(page, button);
    await dialog(page).getByLabel('PIN').fill('12a');
    await clickSettled(dialog(page).getByRole('button', { name: language === 'cs' ? 'Vytvořit' : 'Create' }));
    await expect(dialog(page).getByText(message)).toBeVisible();
    await snap(page, `patrol-guard-pin-${language === 'cs' ? '390-cs' : '1440-en'}`);
  });
}
