import {
  ADMIN_PASSWORD,
  clickSettled,
  expect,
  loginByToken,
  menuAreas,
  menuLabels,
  test,
} from '../support/fixtures';

/** Area groups of the side menu per demo user kind (route roles, menu roles and the sites' modules). */
const EXPECTED: Record<string, { password?: string; areas: string[]; landing?: string }> = {
  admin: {
    password: ADMIN_PASSWORD,
    areas: [
      'Administration',
      'Site',
      'Patrols',
      'Visits',
      'Visit advices',
      'Vehicles',
      'Vehicle advices',
      'Key management',
      'Signatures',
      'Stock',
      'Keyboxes',
      'Logistics',
    ],
  },
  // Administration → Privacy (docs/privacy.md): the site's retention and legal holds.
  siteadmin: { areas: ['Administration', 'Site'] },
  viewer: {
    areas: [
      'Patrols',
      'Visits',
      'Visit advices',
      'Vehicles',
      'Key management',
      'Signatures',
      'Stock',
      'Keyboxes',
      'Logistics',
    ],
  },
  operator: { areas: ['Visit advices', 'Keyboxes', 'Logistics'] },
};

async function areaPages(page: import('@playwright/test').Page, area: string): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('menuitem', { name: area }).click();
  const group = menu.locator('.ant-menu-submenu-open .ant-menu-sub .ant-menu-item');
  await expect(group.first()).toBeVisible();
  return menuLabels(group);
}

test.describe('side menu', () => {
  for (const [userName, { password, areas, landing }] of Object.entries(EXPECTED)) {
    test(`shows ${userName} exactly the areas their roles open`, async ({ page }) => {
      await loginByToken(page, userName, password ?? 'Demo1234!', 'en-US', landing);
      await expect(page.getByTestId('side-menu').getByRole('menuitem', { name: 'Overview' })).toBeVisible();
      expect(await menuAreas(page)).toEqual(areas);
    });
  }

  test('shows the viewer only the pages of their view roles, and the visit overview by its menu roles', async ({
    page,
  }) => {
    await loginByToken(page, 'viewer', 'Demo1234!');
    expect(await areaPages(page, 'Visits')).toEqual(['Visit overview']);
    expect(await areaPages(page, 'Logistics')).toEqual(['Logistics dashboard', 'Transports']);
    expect(await areaPages(page, 'Key management')).toEqual(['Key lend-outs', 'Lend-out history']);
  });

  test('the operator sees the transports and the advice responses', async ({ page }) => {
    await loginByToken(page, 'operator', 'Demo1234!');
    expect(await areaPages(page, 'Visit advices')).toEqual(['Visit advices', 'Advice responses']);
    expect(await areaPages(page, 'Logistics')).toEqual(['Transports']);
    await clickSettled(page.getByTestId('side-menu').getByRole('menuitem', { name: 'Transports' }));
    await expect(page).toHaveURL(/\/logistics\/transports$/);
  });
});
