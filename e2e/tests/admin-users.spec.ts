import type { Page } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  clickSettled,
  expect,
  loginByToken,
  settled,
  test,
  uniqueName,
  type Language,
} from '../support/fixtures';
import { topDialog } from '../support/crud';
import { text } from '../support/texts';
import { choose } from '../support/visits';

/**
 * /admin/users: the form warns, before saving, of a user who will not be able to log in (no site, no role,
 * browser not authorized) and saves anyway; the list shows the same state; a user name with a space is refused
 * on its field (docs/administration.md).
 */
const PASSWORD = 'Admin-e2e-1!';
const SITE = 'Praha – centrála';
const PROBLEMS = ['NO_SITE', 'NO_ROLE', 'BROWSER_NOT_AUTHORIZED'] as const;

async function openUsers(page: Page, adminApi: AdminApi, language: Language) {
  const admin = await adminApi.createUser({
    userName: uniqueName('Users'),
    password: PASSWORD,
    roles: ['ADMINISTRATOR'],
  });
  await apiLogin(adminApi.request, admin.userName, PASSWORD);
  await loginByToken(page, admin.userName, PASSWORD, language, '/admin/users');
}

for (const language of ['cs', 'en-US'] as const)
  test(`a new user without site or role: warned before saving, saved anyway, listed as unable to log in; a name with a space is refused (${language})`, async ({
    page,
    adminApi,
  }) => {
    await openUsers(page, adminApi, language);
    // The authentication choices come from the server (spec: GET of auth providers), not from the web app.
    const providersAsked = page.waitForResponse((response) =>
      response.url().endsWith('/api/system_option/authproviders'),
    );
    await page.getByRole('button', { name: text(language, 'crud.action.create') }).click();
    const dialog = topDialog(page);
    await settled(dialog);
    // The browser tests' server has the in-process OpenID provider, and a company directory when slapd is
    // installed (e2e/support/server.mjs): LOCAL first, OIDC, and LDAP then; the select offers exactly these.
    const configured = (await (await providersAsked).json()) as string[];
    expect(configured[0]).toBe('LOCAL');
    expect(configured).toContain('OIDC');
    const local = text(language, 'entity.access_user.values.authProvider.LOCAL');
    const provider = dialog.locator('.ant-form-item').filter({ has: page.locator('#authProvider') });
    await expect(provider).toContainText(local);
    await provider.locator('.ant-select').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(
      configured.map((name) => text(language, `entity.access_user.values.authProvider.${name}`)),
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    // Nothing chosen yet: every reason is named before anything is saved.
    const warning = dialog.getByTestId('user-login-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(text(language, 'entity.access_user.loginState.warningTitle'));
    for (const problem of PROBLEMS)
      await expect(dialog.getByTestId(`user-login-warning-${problem}`)).toHaveText(
        text(language, `entity.access_user.loginState.explain.${problem}`),
      );

    // A name with a space: refused on its field, nothing saved.
    const userName = uniqueName('novy.uzivatel');
    await dialog.locator('#userName').fill('novy uzivatel');
    await dialog.locator('#password').fill(PASSWORD);
    await dialog.getByTestId('password-confirmation').fill(PASSWORD);
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
      text(language, 'validation.userName'),
    );
    await expect(dialog).toBeVisible();

    // A site chosen: that reason goes, the others stay.
    await dialog.getByRole('tab', { name: text(language, 'entity.access_user.tabs.membership') }).click();
    await choose(page, dialog.locator('#sites'), SITE);
    await expect(dialog.getByTestId('user-login-warning-NO_SITE')).toHaveCount(0);
    await expect(dialog.getByTestId('user-login-warning-NO_ROLE')).toBeVisible();
    await expect(dialog.getByTestId('user-login-warning-BROWSER_NOT_AUTHORIZED')).toBeVisible();

    // Without a site again, with a right name: the warning never stops the save.
    await dialog.locator('.ant-select-selection-item-remove').first().click();
    await expect(dialog.getByTestId('user-login-warning-NO_SITE')).toBeVisible();
    await dialog.getByRole('tab', { name: text(language, 'entity.access_user.tabs.account') }).click();
    await dialog.locator('#userName').fill(userName);
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog).toBeHidden();

    // The list shows why the new user cannot log in (searched: other tests' users fill the first pages).
    const userNameLabel = text(language, 'entity.access_user.fields.userName');
    await page
      .getByRole('columnheader', { name: new RegExp(userNameLabel) })
      .locator('.ant-table-filter-trigger')
      .click();
    const search = page.getByRole('textbox', {
      name: text(language, 'crud.filter.contains').replace('{{field}}', userNameLabel),
    });
    await search.fill(userName);
    await search.press('Enter');
    const row = page.getByTestId('user-row').filter({ hasText: userName });
    await expect(row).toHaveCount(1);
    const state = row.getByTestId('user-login-state');
    for (const problem of PROBLEMS)
      await expect(state).toContainText(text(language, `entity.access_user.loginState.tag.${problem}`));
    // And so does the login.
    const login = await page.request.get('/api/session', {
      headers: { Authorization: `Basic ${Buffer.from(`${userName}:${PASSWORD}`).toString('base64')}` },
    });
    expect(login.status()).toBe(403);
    expect(login.headers()['x-error-code']).toBe('CLIENT_NOT_AUTHORIZED');
  });
