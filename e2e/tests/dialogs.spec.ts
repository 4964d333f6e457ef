import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, loginByToken, settled, test, uniqueName } from '../support/fixtures';

/**
 * Dialogs never lose work: they open with the focus in the first field; Escape, the × and a click beside
 * close a clean dialog at once and ask before discarding a changed one; a save without network says so and
 * keeps the form.
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

const dialog = (page: Page) => page.locator('.ant-modal.crud-dialog');
const discard = (page: Page) => page.locator('.ant-modal-confirm.discard-confirm');

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'New record' }).click();
  await settled(dialog(page));
  await expect(dialog(page).locator('#name')).toBeFocused();
}

test('a clean dialog closes at once on Escape, × and a click beside it', async ({ page }) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/visits/purposes');
  await openCreate(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(discard(page)).toHaveCount(0);

  await openCreate(page);
  await dialog(page).locator('.ant-modal-close').click();
  await expect(dialog(page)).toBeHidden();

  await openCreate(page);
  await page.mouse.click(8, 450);
  await expect(dialog(page)).toBeHidden();
  await expect(discard(page)).toHaveCount(0);
});

test("a row action's tooltip closes on the click, so that Escape closes the dialog it opened", async ({
  page,
}) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/visits/purposes');
  const edit = page.locator('[data-action="edit"]').first();
  await edit.hover();
  const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: 'Edit' });
  await expect(tooltip).toBeVisible();
  await edit.click();
  await settled(dialog(page));
  // The pointer still rests on the button under the dialog's mask; its tooltip stays closed.
  await expect(tooltip).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(discard(page)).toHaveCount(0);
});

test('a changed dialog asks before discarding on Escape, × and a click beside it', async ({ page }) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', '/visits/purposes');
  await page.getByRole('button', { name: 'Nový záznam' }).click();
  await settled(dialog(page));
  const name = dialog(page).locator('#name');
  await expect(name).toBeFocused();
  await name.fill('Rozepsaný účel');

  for (const close of [
    () => page.keyboard.press('Escape'),
    () => dialog(page).locator('.ant-modal-close').click(),
    () => page.mouse.click(8, 450),
  ]) {
    await close();
    await settled(discard(page));
    await expect(discard(page)).toContainText('Zahodit neuložené změny?');
    await discard(page).getByTestId('discard-keep').click();
    await expect(discard(page)).toHaveCount(0);
    await expect(name).toHaveValue('Rozepsaný účel');
  }

  await page.keyboard.press('Escape');
  await settled(discard(page));
  await page.screenshot({ path: path.join(screenshots, 'dialogs-discard-cs.png'), animations: 'disabled' });
  await discard(page).getByTestId('discard-confirm').click();
  await expect(dialog(page)).toBeHidden();
});

test('a save without network shows why and keeps the form', async ({ page }) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/visits/purposes');
  await openCreate(page);
  const typed = uniqueName('Offline purpose ');
  await dialog(page).locator('#name').fill(typed);

  await page.context().setOffline(true);
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page).locator('.ant-alert-error')).toContainText('the server cannot be reached');
  await expect(dialog(page).locator('#name')).toHaveValue(typed);
  await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(dialog(page).getByRole('button', { name: 'Create' })).toBeEnabled();
  await page.screenshot({ path: path.join(screenshots, 'dialogs-offline-en.png'), animations: 'disabled' });

  await page.context().setOffline(false);
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('.ant-message')).toContainText('Record created');
});
