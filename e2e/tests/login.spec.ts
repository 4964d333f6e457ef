import path from 'node:path';
import { SCREENSHOTS } from '../support/visits';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  loginByToken,
  clickSettled,
  expect,
  openLogin,
  submitLogin,
  test,
  totpCode,
  uniqueName,
} from '../support/fixtures';

test.describe('login', () => {
  test(
    'a user without two-factor logs in with name and password and reaches home',
    { tag: '@smoke' },
    async ({ page }) => {
      await openLogin(page);
      await submitLogin(page, 'user', DEMO_PASSWORD);
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('login-code')).toHaveCount(0);
      await expect(page.getByTestId('user-menu')).toContainText('user');
      // The session token is kept for the next visit.
      expect(await page.evaluate(() => localStorage.getItem('strazce.token'))).toBeTruthy();
    },
  );

  test("the login form paints from the page itself before the app's scripts, and what was typed is kept", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('strazce.language', 'cs'));
    // The app's scripts wait until the user has typed into the page's own copy of the form.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const shell = page.locator('#login-shell');
    await expect(shell.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(shell.locator('#login_userName')).toBeFocused();
    await page.keyboard.type('user');
    await shell.locator('#login_password').click();
    await page.keyboard.type(DEMO_PASSWORD);
    // Enter before the app is there sends nothing anywhere (the password never lands in the address).
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login-before-scripts-cs.png') });

    release();
    const password = page.getByTestId('login-password');
    await expect(password).toBeVisible();
    await expect(shell.locator('input')).toHaveCount(0);
    await expect(page.getByTestId('login-username')).toHaveValue('user');
    await expect(password).toHaveValue(DEMO_PASSWORD);
    await expect(password).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('home')).toBeVisible();

    // With a stored session the page's copy of the form is not shown.
    await page.goto('/login');
    await expect(page.locator('html')).not.toHaveClass(/login-shell-shown/);
    await expect(shell.locator('input')).toHaveCount(0);
  });

  test('a user with two-factor is asked for the code and logs in with it', async ({ page, adminApi }) => {
    const userName = uniqueName('tfa');
    const password = 'Secret12!';
    await adminApi.createUser({ userName, password, roles: ['VISIT_VIEW'] });
    const secret = await adminApi.enableTfa(userName, password);

    await openLogin(page);
    await submitLogin(page, userName, password);
    await expect(page.getByTestId('login-code')).toBeVisible();
    await expect(page.getByTestId('home')).toHaveCount(0);

    // A wrong code is refused with the two-factor message.
    await page.getByTestId('login-code').fill('000000');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Password or 2FA code is invalid');

    // The enable call used the current step; the next one is accepted (one step of tolerance).
    await page.getByTestId('login-code').fill(totpCode(secret, 1));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a wrong password gives the invalid login message in English', async ({ page }) => {
    await openLogin(page, 'en-US');
    await submitLogin(page, 'viewer', 'Wrong-password1!');
    await expect(page.getByTestId('login-error')).toHaveText('User name or password is invalid');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a wrong password gives the invalid login message in Czech', async ({ page }) => {
    await openLogin(page, 'cs');
    await expect(page.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
    await submitLogin(page, 'viewer', 'Spatne-heslo1!');
    await expect(page.getByTestId('login-error')).toHaveText('Uživatelské jméno nebo heslo je neplatné');
  });

  test("a new attempt drops the server's old answer: the empty form shows only its field messages (issue 33)", async ({
    page,
  }) => {
    await openLogin(page, 'cs');
    await submitLogin(page, 'viewer', 'Spatne-heslo1!');
    await expect(page.getByTestId('login-error')).toHaveText('Uživatelské jméno nebo heslo je neplatné');
    await page.getByTestId('login-username').fill('');
    await page.getByTestId('login-password').fill('');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Povinný údaj')).toHaveCount(2);
    await expect(page.getByTestId('login-error')).toHaveCount(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `login-empty-after-error-cs-${width}.png`) });
    }
    // An edit alone makes the old answer stale as well.
    await submitLogin(page, 'viewer', 'Spatne-heslo2!');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await page.getByTestId('login-password').fill('Jine-heslo3!');
    await expect(page.getByTestId('login-error')).toHaveCount(0);
  });

  test('a user name the server refuses gives the invalid user name message', async ({ page }) => {
    await openLogin(page, 'en-US');
    await submitLogin(page, 'x'.repeat(120), 'whatever');
    await expect(page.getByTestId('login-error')).toHaveText('User name is invalid');
  });

  test('a browser that is not a terminal is refused and offered the authorization dialog', async ({
    page,
    adminApi,
  }) => {
    const userName = uniqueName('term');
    const password = 'Secret12!';
    // Without ALL_CLIENTS the user may only log in from an authorized browser.
    await adminApi.createUser({ userName, password, roles: ['VISIT_VIEW'], allClients: false });

    await openLogin(page);
    await submitLogin(page, userName, password);
    await expect(page.getByTestId('login-error')).toContainText('until it is authorized as a terminal');
    await page.getByTestId('login-error').getByRole('button', { name: 'Authorize this browser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Browser authorization' });
    await dialog.getByTestId('client-name').fill(uniqueName('Reception '));
    await dialog.getByTestId('client-username').fill('admin');
    await dialog.getByTestId('client-password').fill(process.env.ADMIN_PASSWORD ?? 'Admin123!');
    await clickSettled(dialog.getByRole('button', { name: 'Authorize' }));
    await expect(dialog.getByTestId('client-authorized')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('strazce.clientToken'))).toBeTruthy();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // The login now sends the client token and is accepted.
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('form messages count in Czech plural forms: "Alespoň 3 znaky", not "Alespoň 3 znaků" (issue 33)', async ({
    page,
  }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', '/admin/users');
    await page.getByRole('button', { name: 'Nový záznam' }).click();
    const form = page.locator('.crud-dialog').last();
    await expect(form.locator('#userName')).toBeVisible();
    await form.locator('#userName').fill('ab');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(form.getByText('Alespoň 3 znaky', { exact: true })).toBeVisible();
    await expect(form.getByText('Alespoň 3 znaků')).toHaveCount(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `user-name-plural-cs-${width}.png`) });
    }
  });
});
