import { expect, loginByToken, openLogin, settled, submitLogin, test, uniqueName } from '../support/fixtures';
import { topDialog } from '../support/crud';
import { text } from '../support/texts';

/**
 * Sign in with the company directory (issue 38, docs/auth-providers.md): the server of the browser tests runs
 * with a real OpenLDAP (e2e/support/server.mjs) where `dirguard` is a member of the mapped group. The user form
 * offers the provider and asks no password for it; the directory user logs in on the ordinary form.
 */
const DIRECTORY_PASSWORD = 'Directory-Pass-1';
const ADMIN_PASSWORD = 'Admin-e2e-1!';

test.describe('LDAP login', () => {
  test.beforeEach(async ({ adminApi }) => {
    const providers = await adminApi.request.get('/api/system_option/authproviders');
    const configured = ((await providers.json()) as string[]).includes('LDAP');
    if (!configured && process.env.CI) throw new Error('CI runs the browser tests with slapd (.ci/run)');
    test.skip(
      !configured,
      'slapd is not installed: apt-get install -y slapd ldap-utils (CI always runs this)',
    );
  });

  test('the user form offers the directory and asks no password for it; a directory user logs in', async ({
    page,
    adminApi,
    newPage,
  }) => {
    const admin = await adminApi.createUser({
      userName: uniqueName('LdapAdmin'),
      password: ADMIN_PASSWORD,
      roles: ['ADMINISTRATOR'],
    });
    await loginByToken(page, admin.userName, ADMIN_PASSWORD, 'cs', '/admin/users');
    await page.getByRole('button', { name: text('cs', 'crud.action.create') }).click();
    const dialog = topDialog(page);
    await settled(dialog);
    await expect(dialog.locator('#password')).toBeVisible();
    await dialog.locator('#authProvider').click();
    const ldapOption = page.locator('.ant-select-item-option', {
      hasText: text('cs', 'entity.access_user.values.authProvider.LDAP'),
    });
    await ldapOption.click();
    await expect(dialog.locator('#password')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const sites = await adminApi.sites();
    await adminApi.post('/access_user', {
      userName: 'dirguard',
      authProvider: 'LDAP',
      valid: true,
      roles: ['VISIT_VIEW'],
      groups: [],
      sites: sites.filter((site) => site.name === 'Praha – centrála').map((site) => site.id),
    });

    const login = await newPage();
    await openLogin(login);
    await submitLogin(login, 'dirguard', 'not-the-password');
    await expect(login.getByTestId('login-error')).toHaveText(
      text('en-US', 'login.invalidLoginPasswordMessage'),
    );
    await submitLogin(login, 'dirguard', DIRECTORY_PASSWORD);
    await expect(login.getByTestId('home')).toBeVisible();
    await expect(login.getByTestId('user-menu')).toContainText('dirguard');
  });
});
