import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { clickSettled, expect as baseExpect, flowLanguages, test, type Language } from './fixtures';

type FlowName = Parameters<typeof flowLanguages>[0];

/** Lists reload after each action while other tests share the server: the visit tests allow them more time. */
export const expect = baseExpect.configure({ timeout: 20_000 });

/** Whole flows over several screens and users: the spec's tests may run longer than a single-screen test. */
export function allowLongFlows(): void {
  test.describe.configure({ timeout: 150_000 });
}

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
    noAdviceToday: 'Na dnešek není žádné schválené avízo',
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
    noAdviceToday: 'No approved advices for today',
  },
} satisfies Record<Language, Record<string, string>>;

export type VisitTexts = (typeof VISIT_TEXTS)[Language];

/**
 * Declares a flow once per language, with the texts of that language and the path of a screenshot
 * (`<prefix>-<name>-<language>.png` under the screenshots folder).
 */
export function forEachLanguage(
  prefix: FlowName,
  flow: (language: Language, texts: VisitTexts, shot: (name: string) => string) => void,
): void {
  for (const language of flowLanguages(prefix)) {
    flow(language, VISIT_TEXTS[language], (name) =>
      path.join(SCREENSHOTS, `${prefix}-${name}-${language}.png`),
    );
  }
}

/**
 * Opens the visit manager (unless it is open) and signs in to the first gate when the guard has none yet; the
 * gate's name.
 */
export async function signInToGate(page: Page, language: Language): Promise<string> {
  if (new URL(page.url()).pathname !== '/visits/manager') await page.goto('/visits/manager');
  if (await keepsGate(page)) await expect(page.getByTestId('visit-manager')).toBeVisible();
  else {
    const picker = page.getByTestId('gate-sign-in');
    await expect(picker).toContainText(VISIT_TEXTS[language].gatePrompt);
    const tile = page.getByTestId('gate-tile').first();
    const name = (await tile.textContent())!.trim();
    await tile.click();
    await expect(page.getByTestId('current-gate')).toHaveText(name);
  }
  return (await page.getByTestId('current-gate').textContent())!.trim();
}

/**
 * Whether the browser keeps a guard's gate (web/src/lib/storage.ts, `strazce.gate.<user>`): a gate console then
 * opens at it; otherwise it asks for a gate first. A test knows which screen to expect, not which one came up.
 */
export async function keepsGate(page: Page, userName?: string): Promise<boolean> {
  const prefix = `strazce.gate.${userName?.toLowerCase() ?? ''}`;
  return page.evaluate((start) => Object.keys(localStorage).some((key) => key.startsWith(start)), prefix);
}

/**
 * Picks an option of an Ant Design select (also a searchable reference picker) by typing a part of it, with
 * one click, as a user does (the pickers keep their options in place while the server's answer comes), and
 * checks the select shows it.
 */
export async function choose(page: Page, select: Locator, text: string): Promise<void> {
  const container = select.locator(
    'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]',
  );
  await select.click();
  await select.fill(text);
  // The option of a list that has just opened: clicked once it stands still (its opening animation moves it).
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first(),
  );
  await expect(container).toContainText(text);
}

/** The row of the visit list that shows this text: a table row, or on a phone its card. */
export function visitRow(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row, .crud-card-item', { hasText: text });
}

/**
 * A day on the demo site's calendar (Europe/Prague, where the server's business dates are), `days` from today,
 * as the wire writes it (`YYYY-MM-DD`): not UTC's day, which differs around midnight.
 */
export function siteDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Today of the demo sites (Europe/Prague, where the server's business dates are) as the pickers show it. */
export function todayForPicker(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('day')}.${part('month')}.${part('year')}`;
}
