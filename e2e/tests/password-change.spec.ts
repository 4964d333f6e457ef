import {
  clickSettled,
  expect,
  loginByToken,
  openLogin,
  submitLogin,
  test,
  uniqueName,
} from '../support/fixtures';

test('a user changes their own password in the profile', async ({ page, adminApi }) => {
  const userName = uniqueName('own');
  await adminApi.createUser({ userName, password: 'Before12!', roles: ['KM_VIEW'] });
  await loginByToken(page, userName, 'Before12!', 'en-US', '/profile');
  await page.getByTestId('password-open').click();
  const dialog = page.getByRole('dialog', { name: 'Password' });
  await dialog.getByTestId('password-current').fill('Wrong1234!');
  await dialog.getByTestId('password-new').fill('After123!');
  await dialog.getByTestId('password-confirmation').fill('After123!');
  await dialog.getByTestId('password-save').click();
  await expect(dialog.getByText('Password is invalid')).toBeVisible();
  await dialog.getByTestId('password-current').fill('Before12!');
  await dialog.getByTestId('password-save').click();
  await expect(page.getByText('The password was changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  // This session goes on; the next login needs the new password.
  await expect(page.getByTestId('profile')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await clickSettled(page.getByRole('menuitem', { name: 'Log out' }));
  await submitLogin(page, userName, 'Before12!');
  await expect(page.getByTestId('login-error')).toHaveText('User name or password is invalid');
  await submitLogin(page, userName, 'After123!');
  await expect(page.getByTestId('home')).toBeVisible();
});

test('a user with a given password must choose their own at the first login', async ({ page, adminApi }) => {
  const userName = uniqueName('first');
  await adminApi.createUser({
    userName,
    password: 'Given123!',
    roles: ['VISIT_VIEW'],
    mustChangePassword: true,
  });
  await openLogin(page);
  await submitLogin(page, userName, 'Given123!');
  const form = page.getByTestId('password-change');
  await expect(form).toBeVisible();
  await expect(page.getByText('Choose your own password before you continue')).toBeVisible();
  // No page of the app until then.
  await page.goto('/visits/overview');
  await expect(form).toBeVisible();
  await form.getByTestId('password-current').fill('Given123!');
  await form.getByTestId('password-new').fill('Given123!');
  await form.getByTestId('password-confirmation').fill('Given123!');
  await form.getByTestId('password-save').click();
  await expect(form.getByText('The new password must differ from the current one')).toBeVisible();
  await form.getByTestId('password-new').fill('Chosen12!');
  await form.getByTestId('password-confirmation').fill('Chosen12!');
  await form.getByTestId('password-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page).toHaveURL(/\/visits\/overview$/);
});
