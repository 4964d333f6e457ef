import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, expect, login, openLogin, test } from '../support/fixtures';

/** Screenshots of the login and home pages at desktop and tablet width, for a look by a person. */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

for (const width of [1440, 1024]) {
  test(`login and home at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openLogin(page, 'cs');
    await page.screenshot({ path: path.join(folder, `login-${width}.png`) });
    await login(page, 'admin', ADMIN_PASSWORD, 'cs');
    // The dashboard as the admin's current site gives it (which widgets fit depends on the width and the
    // site's modules): its first widget drawn is enough for the picture.
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(
      page.getByTestId('dashboard').locator('[data-testid^="dashboard-widget-"]').first(),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(folder, `home-${width}.png`) });
  });
}
