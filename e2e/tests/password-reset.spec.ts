import { clickSettled, expect, openLogin, submitLogin, test, uniqueName } from '../support/fixtures';

test('a forgotten password is reset through the e-mailed link', async ({ page, adminApi }) => {
  const userName = uniqueName('reset');
  const created = await adminApi.createUser({ userName, password: 'Original1!', roles: ['VISIT_VIEW'] });

  await openLogin(page);
  await page.getByTestId('login-username').fill(userName);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password reset' });
  await expect(dialog.getByTestId('reset-username')).toHaveValue(userName);
  await clickSettled(dialog.getByRole('button', { name: 'Send the link' }));
  await expect(dialog.getByTestId('reset-requested')).toBeVisible();

  // The link arrives in the mailbox; the e-mail log shows it masked.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [email] = await adminApi.mailbox(created.email);
        link = email?.text.match(/https?:\/\/\S+\/resetPassword\?token=[\w%-]+/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const [logged] = await adminApi.emailsTo(created.email);
  expect(logged.body).toContain('/resetPassword?token=********');
  expect(logged.body).not.toContain(new URL(link!).searchParams.get('token'));
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  // Live feedback on the password rules.
  const rules = page.getByTestId('password-rules');
  await page.getByTestId('reset-password').fill('short');
  await expect(rules.locator('[data-rule="minLength"]')).toHaveAttribute('data-ok', 'false');
  await expect(rules.locator('[data-rule="lowercase"]')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('reset-password').fill('Renewed12!');
  for (const rule of ['minLength', 'digit', 'lowercase', 'uppercase', 'special']) {
    await expect(rules.locator(`[data-rule="${rule}"]`)).toHaveAttribute('data-ok', 'true');
  }
  // The confirmation must match.
  await page.getByTestId('reset-confirmation').fill('Renewed12?');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByTestId('reset-confirmation').fill('Renewed12!');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('The password was changed')).toBeVisible();

  // The link works once only.
  const again = await page.request.post('/api/access_user/reset', {
    data: { token: new URL(link!).searchParams.get('token'), password: 'Another12!' },
  });
  expect(again.status()).toBe(400);

  await page.getByTestId('reset-to-login').click();
  await submitLogin(page, userName, 'Original1!');
  await expect(page.getByTestId('login-error')).toHaveText('User name or password is invalid');
  await submitLogin(page, userName, 'Renewed12!');
  await expect(page.getByTestId('home')).toBeVisible();
});
