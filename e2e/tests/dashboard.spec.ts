import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  type AdminApi,
  type Language,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { SCREENSHOTS } from '../support/visits';

/**
 * The dashboard of widgets on the home page (issue 19; the server's rules: server/src/modules/dashboard/*.test.ts):
 * a user of their own deletes, adds, moves and resizes widgets, fills the dashboard until no space is left,
 * reloads and finds the layout as left. Independent tests, each with a new user; screenshots.
 */
const PASSWORD = 'Dashboard-e2e-1!';

const widgets = (page: Page) => page.locator('[data-testid^="dashboard-widget-"]');
async function widgetIds(page: Page): Promise<string[]> {
  return (await widgets(page).evaluateAll((elements) => elements.map((element) => element.dataset.testid!)))
    .map((testId) => testId.slice('dashboard-widget-'.length))
    .sort();
}
async function box(target: Locator) {
  const found = await target.boundingBox();
  if (!found) throw new Error('not shown');
  return found;
}
/** Drags with the mouse in steps (the grid starts a drag after a few pixels), as a user does. */
async function drag(page: Page, from: Locator, dx: number, dy: number) {
  const start = await box(from);
  const x = start.x + Math.min(20, start.width / 4);
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}
/** The layout as saved: each save is a PUT of the whole layout. */
const saved = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/dashboard/layout') && response.request().method() === 'PUT',
  );

/** A user of their own (their own layout) with three modules' widgets, logged in on the home page. */
async function givenDashboard(page: Page, adminApi: AdminApi, language: Language) {
  const user = await adminApi.createUser({
    userName: uniqueName('Dash'),
    password: PASSWORD,
    roles: ['VISIT_VIEW', 'VEHICLE_VIEW', 'KM_VIEW'],
    sites: ['Praha – centrála'],
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginByToken(page, user.userName, PASSWORD, language, '/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(widgets(page).first()).toBeVisible();
}

for (const language of flowLanguages('dashboard')) {
  test(`a new user's widgets: one deleted and added again, one resized and moved, the layout kept over a reload (${language})`, async ({
    page,
    adminApi,
  }) => {
    await givenDashboard(page, adminApi, language);
    // A new user starts with every widget they may see, with live figures.
    expect((await widgetIds(page)).length).toBeGreaterThan(3);
    await expect(page.getByTestId('dashboard-visitors-inArea').first()).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-${language}.png`), fullPage: true });

    // Delete the profile widget, add it again.
    const profile = widgets(page).and(page.locator('[data-kind="profile"]')).first();
    const profileId = (await profile.getAttribute('data-testid'))!.slice('dashboard-widget-'.length);
    let save = saved(page);
    await page.getByTestId(`dashboard-delete-${profileId}`).click();
    await save;
    await expect(page.getByTestId(`dashboard-widget-${profileId}`)).toHaveCount(0);
    save = saved(page);
    await page.getByTestId('dashboard-add').click();
    await clickSettled(page.getByTestId('dashboard-add-profile'));
    await save;
    await expect(widgets(page).and(page.locator('[data-kind="profile"]'))).toHaveCount(1);

    // Make a widget larger by its corner, then move it to the right.
    const keys = widgets(page).and(page.locator('[data-kind="keys"]')).first();
    const keysId = (await keys.getAttribute('data-testid'))!.slice('dashboard-widget-'.length);
    const before = await box(keys);
    save = saved(page);
    await drag(page, keys.locator('..').locator('.react-resizable-handle').first(), 100, 100);
    await save;
    const resized = await box(keys);
    expect(resized.width).toBeGreaterThan(before.width + 50);
    expect(resized.height).toBeGreaterThan(before.height + 50);
    save = saved(page);
    await drag(page, page.getByTestId(`dashboard-handle-${keysId}`), 200, 0);
    await save;
    const moved = await box(keys);
    expect(moved.x).toBeGreaterThan(resized.x + 100);

    // After a reload the layout is as the user left it.
    const kept = await widgetIds(page);
    await page.reload();
    await expect(widgets(page).first()).toBeVisible();
    expect(await widgetIds(page)).toEqual(kept);
    const reloaded = await box(page.getByTestId(`dashboard-widget-${keysId}`));
    expect(Math.round(reloaded.x)).toBe(Math.round(moved.x));
    expect(Math.round(reloaded.width)).toBe(Math.round(moved.width));
  });

  test(`widgets added until the dashboard says no space is left; the full layout kept over a reload (${language})`, async ({
    page,
    adminApi,
  }) => {
    await givenDashboard(page, adminApi, language);
    const noSpace = page.getByTestId('dashboard-no-space').or(page.getByTestId('dashboard-too-many'));
    // Each add either places a widget (and saves) or is refused with the message; at most as many as fit.
    for (let added = 0; added < 14; added++) {
      const count = (await widgetIds(page)).length;
      // A refused add saves nothing: the wait for the save is let go then.
      const addSaved = saved(page).catch(() => null);
      await page.getByTestId('dashboard-add').click();
      await clickSettled(page.getByTestId('dashboard-add-profile'));
      await expect(noSpace.or(widgets(page).nth(count))).toBeVisible();
      if (await noSpace.isVisible()) break;
      await addSaved;
    }
    await expect(noSpace).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-full-${language}.png`), fullPage: true });

    const kept = await widgetIds(page);
    await page.reload();
    await expect(widgets(page).first()).toBeVisible();
    expect(await widgetIds(page)).toEqual(kept);
  });
}
