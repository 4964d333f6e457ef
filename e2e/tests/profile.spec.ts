import { clickSettled, expect, loginByToken, test, uniqueName } from '../support/fixtures';

// A 2×2 PNG image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQ9bsBRAwQCgAgdgUNo98pLgAAAABJRU5ErkJggg==',
  'base64',
);

test('the profile shows the user and uploads and removes the avatar photo', async ({ page, adminApi }) => {
  const userName = uniqueName('photo');
  await adminApi.createUser({ userName, password: 'Photo123!', roles: ['KM_VIEW'] });
  await loginByToken(page, userName, 'Photo123!');
  await page.getByTestId('user-menu').click();
  await clickSettled(page.getByRole('menuitem', { name: 'My profile' }));
  await expect(page).toHaveURL(/\/profile$/);
  const profile = page.getByTestId('profile');
  await expect(profile).toContainText(userName);
  await expect(profile).toContainText('Keys – view');
  await expect(profile).toContainText('Two-factor login is off');

  await profile
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('The photo was saved')).toBeVisible();
  // The header avatar now shows the photo (loaded with the session token).
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /^blob:/);

  await profile.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The photo was removed')).toBeVisible();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveCount(0);
});
