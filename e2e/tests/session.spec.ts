import {
  apiLogin,
  clickSettled,
  expect,
  login,
  loginByToken,
  openLogin,
  submitLogin,
  test,
  uniqueName,
} from '../support/fixtures';

test.describe('session', () => {
  test('switching the site changes the current site and is remembered per user in this browser', async ({
    page,
    adminApi,
  }) => {
    const userName = uniqueName('sites');
    await adminApi.createUser({ userName, password: 'Sites123!', roles: ['STOCK_VIEW'] });
    await loginByToken(page, userName, 'Sites123!');
    const current = (await page.getByTestId('home-site').innerText()).trim();
    const other = current === 'Praha – centrála' ? 'Brno – sklad' : 'Praha – centrála';

    await page.getByTestId('site-chooser').click();
    await clickSettled(page.locator('.ant-select-item-option', { hasText: other }));
    await expect(page.getByTestId('home-site')).toHaveText(other);
    await expect(page.getByText(`You are working on the site ${other}`)).toBeVisible();
    const stored = await page.evaluate(
      (name) => localStorage.getItem(`strazce.site.${name}`),
      userName.toLowerCase(),
    );
    expect(stored).toMatch(/^\d+$/);

    // Elsewhere the user goes back to the first site (the server remembers that one)...
    const session = await apiLogin(page.request, userName, 'Sites123!');
    const first = session.sites.find((site) => site.name === current)!;
    const back = await page.request.post('/api/system_site/switch', {
      headers: { 'X-Auth-Token': session.session.token },
      data: { id: first.id },
    });
    expect(back.status()).toBe(200);

    // ...but this browser logs in on the site chosen here.
    await page.getByTestId('user-menu').click();
    await clickSettled(page.getByRole('menuitem', { name: 'Log out' }));
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, userName, 'Sites123!');
    await expect(page.getByTestId('home-site')).toHaveText(other);
  });

  test('switching the language translates the app, Ant Design and dates, and is remembered', async ({
    page,
  }) => {
    await openLogin(page, 'en-US');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.getByTestId('language-chooser').click();
    await clickSettled(page.getByRole('menuitem', { name: 'Čeština' }));
    await expect(page.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');

    await submitLogin(page, 'viewer', 'Demo1234!');
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Přehled');
    // dayjs speaks Czech: the weekday on the home page.
    await expect(
      page.getByText(/^Dnes je (pondělí|úterý|středa|čtvrtek|pátek|sobota|neděle) \d{2}\.\d{2}\.\d{4}$/),
    ).toBeVisible();

    await page.getByTestId('language-chooser').click();
    await clickSettled(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.getByTestId('page-title')).toHaveText('Overview');
    await expect(
      page.getByText(/^Today is (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Overview');
  });

  test('the language follows the browser when nothing is stored', async ({ browser }) => {
    const czech = await browser.newContext({ locale: 'cs-CZ' });
    const czechPage = await czech.newPage();
    await czechPage.goto('/login');
    await expect(czechPage.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
    await czech.close();
    const german = await browser.newContext({ locale: 'de-DE' });
    const germanPage = await german.newPage();
    await germanPage.goto('/login');
    await expect(germanPage.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await german.close();
  });

  test('a dead session token logs the user out silently at the next call', async ({ page }) => {
    await loginByToken(page, 'user', 'Demo1234!');
    const token = await page.evaluate(() => localStorage.getItem('strazce.token'));
    const killed = await page.request.delete('/api/session', { headers: { 'X-Auth-Token': token! } });
    expect(killed.status()).toBe(204);

    // The next call: a switch to the other site.
    await page.getByTestId('site-chooser').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option').last());
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('strazce.token'))).toBeNull();
  });

  test('a session ended elsewhere goes to the login when the app comes back into view (the test call)', async ({
    page,
  }) => {
    await page.clock.install();
    await loginByToken(page, 'viewer', 'Demo1234!', 'en-US', '/profile');
    await expect(page.getByTestId('profile')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('strazce.token'));
    const killed = await page.request.delete('/api/session', { headers: { 'X-Auth-Token': token! } });
    expect(killed.status()).toBe(204);
    // Out of sight for two minutes (a page that asks nothing by itself), then back: the spec's test call
    // GET access_user/roles?id= finds the session dead before the user clicks anything.
    await page.clock.fastForward('02:00');
    const testCall = page.waitForResponse((response) =>
      response.url().includes('/api/access_user/roles?id='),
    );
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await testCall).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  });

  test('an invalid stored token sends a reload of a protected page to the login', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('strazce.token', 'not-a-valid-token'));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByTestId('login-username')).toBeVisible();
  });

  test('a stored live token restores the session on a reload', async ({ page }) => {
    await login(page, 'viewer', 'Demo1234!');
    await page.goto('/profile');
    await expect(page.getByTestId('profile')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('My profile');
  });

  test('an idle session ends after the site time-out', async ({ page }) => {
    await page.clock.install();
    // A page that asks the server nothing by itself: the home page's dashboard refreshes its figures, and every
    // successful call extends the session (spec), as the dispatcher board and the kiosk need.
    await loginByToken(page, 'viewer', 'Demo1234!', 'en-US', '/profile');
    // The page's chunk is loaded first: the jump of the clock would otherwise end its load time-out.
    await expect(page.getByTestId('profile')).toBeVisible();
    // The demo sites keep the default time-out of 30 minutes.
    await page.clock.fastForward('29:00');
    await expect(page.getByTestId('profile')).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  });
});
