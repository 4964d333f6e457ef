import { ADMIN_PASSWORD, clickSettled, expect, loginByToken, test, uniqueName } from '../support/fixtures';

/**
 * The vehicles module's code lists (VEHICLE_ADMIN): an entry purpose that requires a trailer plate is created in
 * the dialog and listed; the overview lists the site's vehicle movements (server rules:
 * server/src/modules/vehicle/*.test.ts).
 */
test('an administrator adds an entry purpose that requires a trailer plate', async ({ page }) => {
  const name = uniqueName('Nakládka');
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/vehicles/entrypurposes');
  await expect(page.getByTestId('page-title')).toHaveText('Entry purposes');
  await page.getByRole('button', { name: 'New record' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Requires trailer plate').click();
  await clickSettled(dialog.getByRole('button', { name: 'Create' }));
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Yes');
});

test('the vehicle overview lists the movements of the site', async ({ page, adminApi }) => {
  const gates = await adminApi.get<{ id: number }[]>('/system_site/district/gate', {
    page: 1,
    size: 10,
    valid: 'true',
  });
  expect(gates.length).toBeGreaterThan(0);
  const purpose = await adminApi.post<{ id: number }>('/vehicle/purpose', { name: uniqueName('Dovoz') });
  const plate = `7E${String(Date.now()).slice(-5)}`;
  await adminApi.post('/vehicle/entry', { gate: gates[0].id, plate, purpose: purpose.id, force: true });

  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', '/vehicles/overview');
  await expect(page.getByTestId('page-title')).toHaveText('Přehled vozidel');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).not.toHaveCount(0);
  await expect(rows.filter({ hasText: plate })).toHaveCount(1);
});
