import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Language } from './fixtures';

/** Where the browser tests leave their screenshots (ignored by git). */
export const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'screenshots',
);

/** Texts of the visits pages the tests look for, as the specification words them. */
export const VISIT_TEXTS = {
  cs: {
    gatePrompt: 'Vyberte bránu, ke které se chcete přihlásit',
    cardMissing: 'Karta neexistuje',
    entry: 'Zapsat vstup',
    leave: 'Zapsat odchod',
    departure: 'Zapsat neevidovaný odchod',
    writeOff: 'Odepsat bez odchodu',
    inArea: 'V areálu',
    left: 'Odešel',
    adviceDateRequired: 'Vyplňte datum jednorázové návštěvy, nebo období opakovaného vstupu',
    pending: 'Čeká na schválení',
    approved: 'Schváleno',
  },
  'en-US': {
    gatePrompt: 'Select the gate you want to sign in to',
    cardMissing: 'Card does not exist',
    entry: 'Record entry',
    leave: 'Record departure',
    departure: 'Record untracked departure',
    writeOff: 'Write off without departure',
    inArea: 'In the area',
    left: 'Left',
    adviceDateRequired: 'Enter the date of a one-time visit, or the period of multiple entry',
    pending: 'Pending',
    approved: 'Approved',
  },
} satisfies Record<Language, Record<string, string>>;

/** Opens the visit manager and signs in to the first gate when the guard has none yet; the gate's name. */
export async function signInToGate(page: Page, language: Language): Promise<string> {
  await page.goto('/visits/manager');
  const picker = page.getByTestId('gate-sign-in');
  const manager = page.getByTestId('visit-manager');
  await expect(picker.or(manager)).toBeVisible();
  if (await picker.isVisible()) {
    await expect(picker).toContainText(VISIT_TEXTS[language].gatePrompt);
    const tile = page.getByTestId('gate-tile').first();
    const name = (await tile.textContent())!.trim();
    await tile.click();
    await expect(page.getByTestId('current-gate')).toHaveText(name);
  }
  return (await page.getByTestId('current-gate').textContent())!.trim();
}

/** Picks an option of an Ant Design select (also a searchable reference picker) by typing a part of it. */
export async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await select.fill(text);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first();
  await expect(option).toBeVisible();
  await option.click();
}

/** The table row of the visit list that shows this text. */
export function visitRow(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
}

/** Today as the date pickers show it (DD.MM.YYYY). */
export function todayForPicker(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${now.getFullYear()}`;
}
