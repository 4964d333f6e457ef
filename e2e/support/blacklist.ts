import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SITE_NAMES, uniqueName, type AdminApi } from './fixtures';
import { choose, expect } from './visits';

/** The demo site the blacklist tests work on. */
export const PRAHA = DEMO_SITE_NAMES[0];

/** A person on Praha's internal blacklist, with the reason and note the guard must see. */
export interface BlacklistedPerson {
  firstName: string;
  lastName: string;
  reason: string;
  note: string;
}

/** Switches the administrator's session to Praha (site-scoped calls act on the session's site). */
async function onPraha(adminApi: AdminApi): Promise<void> {
  const praha = (await adminApi.sites()).find((site) => site.name === PRAHA);
  expect(praha, PRAHA).toBeDefined();
  await adminApi.post('/system_site/switch', { id: praha!.id }, 200);
}

/** Puts a new person on Praha's internal blacklist (through the API, as the site's administrator). */
export async function givenBlacklistedPerson(
  adminApi: AdminApi,
  texts: { reason: string; note: string },
): Promise<BlacklistedPerson> {
  await onPraha(adminApi);
  const person = { firstName: 'Radek', lastName: uniqueName('Zakázaný'), ...texts };
  await adminApi.post('/blacklist', { category: 'PERSON', ...person });
  return person;
}

/**
 * A guard of Praha only, who records visits (VISIT_USER), sees the in-area overview (VISIT_VIEW) and the
 * visitors' personal data; their user name.
 */
export async function givenGuard(adminApi: AdminApi): Promise<string> {
  const userName = uniqueName('strazny');
  await adminApi.createUser({
    userName,
    password: DEMO_PASSWORD,
    roles: ['VISIT_USER', 'VISIT_VIEW', 'VIEW_PERSONAL_INFO'],
    sites: [PRAHA],
  });
  return userName;
}

/**
 * Records the entry of a blacklisted person over the API as the guard (the first gate of Praha, purpose
 * 'Obchodní jednání'), acknowledging the hit as the warning would.
 */
export async function enterAcknowledged(
  request: APIRequestContext,
  token: string,
  person: BlacklistedPerson,
): Promise<void> {
  const headers = { 'X-Auth-Token': token };
  const get = async (path: string, params: Record<string, string | number>) => {
    const response = await request.get(`/api${path}`, { headers, params });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as Array<{ id: number }>;
  };
  const [gate] = await get('/system_site/district/gate', { page: 1, size: 10, valid: 'true' });
  const [purpose] = await get('/visit/purpose', { page: 1, size: 10, name: 'Obchodní jednání' });
  const entry = await request.post('/api/visit', {
    headers,
    data: {
      gate: gate.id,
      purpose: purpose.id,
      firstName: person.firstName,
      lastName: person.lastName,
      blacklistAcknowledged: ['blacklistInternalPerson'],
    },
  });
  expect(entry.status(), await entry.text()).toBe(201);
}

/** The entry dialog ('Zapsat vstup'). */
export const entryDialog = (page: Page): Locator =>
  page.locator('.ant-modal', { has: page.getByTestId('visit-form') });

/** Opens the entry dialog and fills the visitor's names and a purpose (not sent yet). */
export async function fillEntry(page: Page, firstName: string, lastName: string): Promise<Locator> {
  await page.getByTestId('action-entry').click();
  const dialog = entryDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('visit-lastName').fill(lastName);
  await dialog.getByTestId('visit-firstName').fill(firstName);
  await choose(page, dialog.locator('#purpose'), 'Obchodní jednání');
  return dialog;
}

/** The blacklist warning dialog shown when an entry has a hit. */
export const warningDialog = (page: Page): Locator =>
  page.locator('.ant-modal', { has: page.getByTestId('entry-warning') });

/** The list row's first cell: its left edge carries the red bar of a blacklisted visitor. */
export async function leftEdgeShadow(row: Locator): Promise<string> {
  return row
    .locator('td')
    .first()
    .evaluate((cell) => getComputedStyle(cell).boxShadow);
}

/** The smaller side of an element's box in CSS pixels (a touch target's size). */
export async function smallerSide(target: Locator): Promise<number> {
  const box = await target.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return Math.min(box!.width, box!.height);
}

/** Whether the page scrolls sideways (content wider than the window). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Whether a part of the page is wider than its box or reaches past the window's right edge (a table inside
 * may scroll sideways within itself). For the phone width, where the app's frame around the page is another
 * concern's, this checks the visits page alone.
 */
export async function sticksOut(part: Locator): Promise<boolean> {
  return part.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 ||
      element.getBoundingClientRect().right > window.innerWidth + 1,
  );
}
