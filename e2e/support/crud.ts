import type { Locator, Page } from '@playwright/test';
import { clickSettled, expect, settled, type Language } from './fixtures';
import { text } from './texts';

/** The record dialog on top (a line's form may open over its parent's). */
export const topDialog = (page: Page): Locator => page.locator('.crud-dialog').last();

/** A new record through the list's create dialog ('New record'); `fill` fills its form. */
export async function createRecord(
  page: Page,
  language: Language,
  fill: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: text(language, 'crud.action.create') }).click();
  const dialog = topDialog(page);
  await settled(dialog);
  await fill(dialog);
  await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
  await expect(dialog).toBeHidden();
}
