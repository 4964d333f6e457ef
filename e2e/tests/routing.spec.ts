import { ADMIN_PASSWORD, expect, loginByToken, menuAreas, test, uniqueName } from '../support/fixtures';

test.describe('routing', () => {
  test('an unknown path and /404 show the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.goto('/404');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a guest opening a protected route goes through /autologin to the login and then to the route', async ({
    page,
  }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
    expect(visited).toContain('/autologin');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('page-title')).toHaveText('Users');
  });

  test('a logged-in user opening a route of another role is sent home and told why there', async ({
    page,
  }) => {
    await loginByToken(page, 'viewer', 'Demo1234!', 'en-US', '/admin/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('forbidden')).toHaveAttribute('data-reason', 'role');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.goto('/site/holidays');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('forbidden')).toContainText('The page “Public holidays” needs a role');
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a route needs the module on the current site as well as the role', async ({ page, adminApi }) => {
    const siteName = uniqueName('Bez modulů ');
    await adminApi.post('/system_site', { name: siteName, description: 'e2e', valid: true, modules: [] });
    const userName = uniqueName('mods');
    await adminApi.createUser({ userName, password: 'Module12!', roles: ['VISIT_ADMIN'], sites: [siteName] });
    await loginByToken(page, userName, 'Module12!');
    expect(await menuAreas(page)).toEqual([]);
    await page.goto('/visits/purposes');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('forbidden')).toHaveAttribute('data-reason', 'module');
    await expect(page.getByTestId('forbidden')).toContainText(`not enabled on the site ${siteName}`);
  });

  test('a route outside the menu may still be opened by its roles (kiosk visit overview)', async ({
    page,
  }) => {
    await loginByToken(page, 'kiosk', 'Demo1234!', 'en-US', '/visits/overview');
    await expect(page).toHaveURL(/\/visits\/overview$/);
    await expect(page.getByTestId('page-title')).toHaveText('Visit overview');
  });

  test('every navigation scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 400 });
    await loginByToken(page, 'admin', ADMIN_PASSWORD);
    // The last widget's link lies below the fold (which widgets the default dashboard holds depends on the
    // admin's current site, which other tests change).
    const last = page.getByTestId('dashboard').locator('a.dashboard-widget-link').last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const target = await last.getAttribute('href');
    expect(target).toMatch(/^\/[a-z]/);
    await last.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('/clearstore forgets everything stored and goes to the login', async ({ page }) => {
    await loginByToken(page, 'viewer', 'Demo1234!');
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await page.goto('/clearstore');
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('strazce.'))),
    ).toEqual([]);
  });
});
