import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  apiLogin,
  clickSettled,
  expect,
  loginByToken,
  openLogin,
  settled,
  test,
  uniqueName,
  type Language,
} from '../support/fixtures';
import { siteDay } from '../support/visits';

/**
 * The application shell on phones, tablets and desks (issue 11): no page is wider than the screen, below
 * 992 px the menu is a drawer opened from the header, the header's controls are 40 px touch targets; a kiosk
 * lands on the visit overview; a refused page says why; the menu counts advices waiting for an answer.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'shell');

/** The page is not wider than the window (no sideways scrolling). */
async function expectNoOverflow(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} is wider than the window`,
    })
    .toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test.describe(`shell at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the pages of the shell and a few lists fit the screen', async ({ page }) => {
      await loginByToken(page, 'admin', ADMIN_PASSWORD);
      await expectNoOverflow(page, 'home');
      for (const [url, testId] of [
        ['/visits/overview', 'page-title'],
        ['/admin/users', 'page-title'],
        ['/profile', 'page-title'],
        ['/no/such/page', 'not-found'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expectNoOverflow(page, url);
      }
      // One h1 on every page, the page title in the shell.
      await page.goto('/admin/users');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText('Users');
    });

    test('the login page fits the screen and has one h1', async ({ page }) => {
      await openLogin(page);
      await expectNoOverflow(page, 'login');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText('Log in');
    });
  });
}

test.describe('menu drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the menu opens as a drawer, navigates and closes; header controls are touch-sized', async ({
    page,
  }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD);
    // No icon rail takes the phone's width.
    await expect(page.locator('.app-sider')).toHaveCount(0);
    const open = page.getByTestId('menu-drawer-open');
    for (const control of [open, page.getByTestId('language-chooser'), page.getByTestId('user-menu')]) {
      const box = await control.boundingBox();
      expect(box, 'a header control is shown').not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(40);
      expect(box!.width).toBeGreaterThanOrEqual(40);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await open.click();
    const drawer = page.locator('.app-drawer');
    await expect(drawer.getByRole('menu', { name: 'Main menu' })).toBeVisible();
    await clickSettled(drawer.getByText('Administration'));
    await clickSettled(drawer.getByRole('menuitem', { name: 'Users' }));
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await expect(drawer.getByRole('menu', { name: 'Main menu' })).toBeHidden();
  });
});

test.describe('landing', () => {
  test('a kiosk user lands on the visit overview in the kiosk frame, which refreshes and outlives a lost network', async ({
    page,
    context,
  }) => {
    // The overview refreshes every 30 s: the test moves the page's clock instead of waiting.
    await page.clock.install();
    await loginByToken(page, 'kiosk', DEMO_PASSWORD, 'en-US', '/visits/overview');
    await page.goto('/');
    await expect(page).toHaveURL(/\/visits\/overview$/);
    await expect(page.getByTestId('kiosk-layout')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Visit overview');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.getByTestId('menu-drawer-open')).toHaveCount(0);
    await expect(page.getByTestId('kiosk-connection')).toHaveText('Online');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const shown = await rows.count();

    await context.setOffline(true);
    await expect(page.getByTestId('kiosk-connection')).toContainText('Offline – showing the last data');
    await page.clock.fastForward('00:31');
    await expect(page.getByText(/The data shown may be out of date/)).toBeVisible();
    await expect(rows).toHaveCount(shown);
    // No notification for each failed refresh, and no logout.
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByTestId('kiosk-connection')).toHaveText('Online');
    await page.clock.fastForward('00:31');
    await expect(page.getByText(/The data shown may be out of date/)).toBeHidden();
    await expect(rows).toHaveCount(shown);
  });

  test('a logged-in user on an unknown path is offered the overview, a guest the login', async ({
    page,
    newPage,
  }) => {
    await loginByToken(page, 'viewer', DEMO_PASSWORD);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-action')).toHaveText('Go to the overview');
    await page.getByTestId('not-found-action').click();
    await expect(page.getByTestId('home')).toBeVisible();

    const guest = await newPage();
    await guest.goto('/no/such/page');
    await expect(guest.getByTestId('not-found-action')).toHaveText('Go to login');
  });

  test('a forbidden page sends home and says why there (spec)', async ({ page }) => {
    await loginByToken(page, 'viewer', DEMO_PASSWORD, 'en-US', '/admin/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
    const forbidden = page.getByTestId('forbidden');
    await expect(forbidden).toContainText('The page “Users” needs a role you do not hold');
    // Closed, it is gone for good (a reload does not bring it back).
    await forbidden.getByRole('button', { name: 'Close' }).click();
    await expect(forbidden).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('forbidden')).toHaveCount(0);
  });
});

test.describe('advices waiting for an answer', () => {
  test('the menu shows how many advices wait for the responder on the current site', async ({
    page,
    adminApi,
  }) => {
    const requesterName = uniqueName('req');
    const responderName = uniqueName('resp');
    await adminApi.createUser({
      userName: requesterName,
      password: 'Request12!',
      roles: ['VISIT_ADVICE_REQUEST'],
    });
    await adminApi.createUser({
      userName: responderName,
      password: 'Respond12!',
      roles: ['VISIT_ADVICE_RESPONSE'],
    });
    // A request on the requester's site (a category of its own). Other tests switch the administrator's site,
    // so both sessions are put on the requester's first site explicitly.
    const requester = await apiLogin(page.request, requesterName, 'Request12!');
    await adminApi.post('/system_site/switch', { id: requester.site!.id }, 200);
    const category = await adminApi.post<{ id: number }>('/visit/advice/category', {
      name: uniqueName('Kategorie '),
    });
    const tomorrow = siteDay(1);
    const created = await page.request.post('/api/visit/advice/request', {
      headers: { 'X-Auth-Token': requester.session.token },
      data: {
        category: category.id,
        oneTimeDate: tomorrow,
        reason: 'Porada',
        firstName: 'Olga',
        lastName: uniqueName('Ohlášená'),
        visitedFirstName: 'Pavel',
        visitedLastName: 'Ředitel',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const session = await apiLogin(page.request, responderName, 'Respond12!');
    const pending = await page.request.get('/api/visit/advice/response/pending', {
      headers: { 'X-Auth-Token': session.session.token },
    });
    // The badge counts the current site, as the responses list does.
    const { current: total } = (await pending.json()) as { current: number };
    expect(total).toBeGreaterThan(0);

    await loginByToken(page, responderName, 'Respond12!');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Visit advices').click();
    // Other tests add and answer advices at the same time: the badge shows what the server counts now.
    await expect(menu.getByTestId('pending-approvals')).toBeVisible();
    const shown = Number((await menu.getByTestId('pending-approvals').innerText()).replace(/\D/g, ''));
    expect(shown).toBeGreaterThan(0);
    expect(Math.abs(shown - total)).toBeLessThanOrEqual(5);
  });
});

/** Screenshots of the shell for a person to look at: every size, both languages (not compared). */
test.describe('shell screenshots', () => {
  for (const language of ['cs', 'en-US'] as Language[]) {
    test(`home, a list and the login at every size, ${language}`, async ({ page }) => {
      await loginByToken(page, 'admin', ADMIN_PASSWORD, language);
      for (const size of SIZES) {
        // Each page loaded at its size, as a device of that size opens it.
        await page.setViewportSize(size);
        await page.goto('/');
        await expect(page.getByTestId('home')).toBeVisible();
        await page.screenshot({ path: path.join(shots, `home-${language}-${size.width}.png`) });
        await page.goto('/admin/users');
        await expect(page.getByTestId('page-title')).toBeVisible();
        await page.screenshot({ path: path.join(shots, `users-${language}-${size.width}.png`) });
        if (size.width < 992) {
          await page.getByTestId('menu-drawer-open').click();
          await settled(
            page
              .locator('.app-drawer')
              .getByRole('menu', { name: 'Main menu' })
              .or(page.locator('.app-drawer').getByRole('menu', { name: 'Hlavní menu' })),
          );
          await page.screenshot({ path: path.join(shots, `drawer-${language}-${size.width}.png`) });
        }
      }
      await page.goto('/no/such/page');
      await page.evaluate(() => localStorage.removeItem('strazce.token'));
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await openLogin(page, language);
        await page.screenshot({ path: path.join(shots, `login-${language}-${size.width}.png`) });
      }
    });
  }
});
