import {
  clickSettled,
  expect,
  loginByToken,
  openLogin,
  submitLogin,
  test,
  totpCode,
  uniqueName,
} from '../support/fixtures';

test.describe('two-factor setup wizard', () => {
  test('pairs, validates, switches two-factor on and logs out; the next login needs the code', async ({
    page,
    adminApi,
  }) => {
    const userName = uniqueName('wiz');
    const password = 'Wizard12!';
    await adminApi.createUser({ userName, password, roles: ['STOCK_VIEW'] });
    await loginByToken(page, userName, password);

    await page.getByTestId('user-menu').click();
    await clickSettled(page.getByRole('menuitem', { name: 'Set up two-factor login' }));
    const wizard = page.getByRole('dialog', { name: 'Two-factor login setup' });
    // A session alone cannot set up two-factor: the wizard asks for the current password first.
    await wizard.getByTestId('tfa-password').fill('Wrong1234!');
    await wizard.getByTestId('tfa-verify').click();
    await expect(wizard.getByText('Password is invalid')).toBeVisible();
    await wizard.getByTestId('tfa-password').fill(password);
    await wizard.getByTestId('tfa-verify').click();
    await expect(wizard.getByTestId('tfa-qr')).toBeVisible();
    const secret = (await wizard.getByTestId('tfa-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await clickSettled(wizard.getByTestId('tfa-next'));

    // A wrong code is refused with the specification's message.
    await wizard.getByTestId('tfa-code').fill('123456');
    await wizard.getByTestId('tfa-confirm').click();
    await expect(wizard.getByTestId('tfa-error')).toHaveText(
      'Authentication code is not valid. Please try again',
    );

    await wizard.getByTestId('tfa-code').fill(totpCode(secret));
    await wizard.getByTestId('tfa-confirm').click();
    await expect(wizard.getByTestId('tfa-done')).toBeVisible();
    await wizard.getByTestId('tfa-logout').click();

    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('strazce.token'))).toBeNull();
    await submitLogin(page, userName, password, totpCode(secret, 1));
    await expect(page.getByTestId('home')).toBeVisible();

    // Pairing again needs the password and the current code as well.
    await page.getByTestId('user-menu').click();
    await clickSettled(page.getByRole('menuitem', { name: 'Set up two-factor login' }));
    const again = page.getByRole('dialog', { name: 'Two-factor login setup' });
    await expect(again.getByTestId('tfa-current-code')).toBeVisible();
    await again.getByTestId('tfa-password').fill(password);
    await again.getByTestId('tfa-current-code').fill('000000');
    await again.getByTestId('tfa-verify').click();
    await expect(again.getByText('Enter the six-digit code')).toBeVisible();
  });

  test('the code that just switched two-factor on is refused as used, with the wait for the next one', async ({
    page,
    adminApi,
  }) => {
    const userName = uniqueName('used');
    const password = 'UsedCode12!';
    await adminApi.createUser({ userName, password, roles: ['STOCK_VIEW'] });
    // The browser's clock is the test's: the countdown moves only when the test moves it.
    await page.clock.install();
    const secret = await adminApi.enableTfa(userName, password);
    const used = totpCode(secret);
    await openLogin(page);
    let checks = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/access_user/twofa')) checks++;
    });
    await submitLogin(page, userName, password, used);
    const error = page.getByTestId('login-error');
    await expect(error).toContainText(
      'This code has just been used. Enter the next code from your authenticator app.',
    );
    // The failure cleared the code and the requirement (spec §2); the server's check set it again.
    await expect.poll(() => checks).toBe(2);
    await expect(page.getByTestId('login-code')).toHaveValue('');
    await expect(page.getByTestId('login-next-code')).toHaveText(
      /^(The next code comes in ([1-9]|[12]\d|30) s\.|The next code is ready now\.)$/,
    );
    await page.clock.fastForward(31_000);
    await expect(page.getByTestId('login-next-code')).toHaveText('The next code is ready now.');
    // The next code logs in.
    await page.getByTestId('login-code').fill(totpCode(secret, 1));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a user who must have two-factor gets the wizard right after login and cannot dismiss it', async ({
    page,
    adminApi,
  }) => {
    const userName = uniqueName('force');
    await adminApi.createUser({ userName, password: 'Forced12!', roles: ['VISIT_VIEW'], forceTfa: true });
    await openLogin(page);
    await submitLogin(page, userName, 'Forced12!');
    const wizard = page.getByRole('dialog', { name: 'Two-factor login setup' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Your account requires two-factor login')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(wizard).toBeVisible();
    // A page whose data the server refuses until two-factor is set up shows the wizard, not a logout.
    await page.goto('/visits/overview');
    await expect(wizard).toBeVisible();
    await expect(page).toHaveURL(/\/visits\/overview$/);
    // Leaving is possible only by logging out.
    await clickSettled(wizard.getByRole('button', { name: 'Log out' }));
    await expect(page).toHaveURL(/\/login$/);
  });
});
