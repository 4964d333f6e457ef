import { expect, openLogin, test } from '../support/fixtures';
import { text } from '../support/texts';

/**
 * Sign in with OpenID Connect (issue 38, docs/auth-providers.md): the server of the browser tests runs with an
 * in-process OpenID provider (e2e/support/server.mjs, server/test/oidcProvider.ts) where `oidcguard` is a member
 * of the mapped group. The login page offers "Sign in with Corp ID"; the user signs in at the provider's form and
 * lands on the home screen, the session handed over by the one-time code.
 */
const PROVIDER_PASSWORD = 'Provider-Pass-1';

test.describe('OIDC login', () => {
  test('"Sign in with Corp ID" signs an OIDC user in at the provider and lands on the home screen', async ({
    adminApi,
    newPage,
  }) => {
    const sites = await adminApi.sites();
    await adminApi.post('/access_user', {
      userName: 'oidcguard',
      authProvider: 'OIDC',
      valid: true,
      roles: ['VISIT_VIEW'],
      groups: [],
      sites: sites.filter((site) => site.name === 'Praha – centrála').map((site) => site.id),
    });

    const page = await newPage();
    await openLogin(page, 'cs');
    const button = page.getByTestId('login-oidc-corp');
    await expect(button).toHaveText(text('cs', 'login.oidcSignIn').replace('{{name}}', 'Corp ID'));
    await button.click();

    // The provider's own login form.
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.locator('#login').fill('oidcguard');
    await page.locator('#password').fill(PROVIDER_PASSWORD);
    await page.locator('#submit').click();

    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('oidcguard');
    // The hand-over code is gone from the address.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('strazce.token'))).toBeTruthy();
  });

  test('an account the product does not know is sent back with a message', async ({ newPage }) => {
    const page = await newPage();
    await openLogin(page, 'en-US');
    await page.getByTestId('login-oidc-corp').click();
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    // A right provider password, but no such OIDC user in the product (and no provisioning).
    await page.locator('#login').fill('oidcstranger');
    await page.locator('#password').fill(PROVIDER_PASSWORD);
    await page.locator('#submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(text('en-US', 'apiError_OIDC_USER_REFUSED'));
    expect(new URL(page.url()).hash).toBe('');
  });

  test('the button fits the login card at 390, 768, 1024 and 1440 px', async ({ newPage }) => {
    const page = await newPage();
    await openLogin(page, 'cs');
    for (const width of [390, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const button = page.getByTestId('login-oidc-corp');
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`login-oidc-${width}.png`), fullPage: true });
    }
  });
});
