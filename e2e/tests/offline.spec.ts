import {
  ADMIN_PASSWORD,
  clickSettled,
  expect,
  loginByToken,
  settled,
  test,
  uniqueName,
} from '../support/fixtures';
import { topDialog } from '../support/crud';

/**
 * A shell that survives a network blip (issue 36 point 4): a gate tablet keeps the list it shows with an
 * 'offline' banner, a save attempted offline says that nothing was saved and keeps what was entered, and the
 * page goes on by itself when the network is back. The kiosk frame: layout.spec.ts; a reload without a
 * network: app-update.spec.ts.
 */
test('offline, a page keeps its last data, a save says it was not saved, and all recovers by itself', async ({
  page,
  context,
}) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/visits/purposes');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toContainText('Offline – showing the last data');
  await expect(rows).toHaveCount(shown);

  const name = uniqueName('Offline ');
  await page.getByRole('button', { name: 'New record' }).click();
  const dialog = topDialog(page);
  await settled(dialog);
  await dialog.getByLabel('Name').fill(name);
  await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
  await expect(dialog.getByText(/The record was not saved: the server cannot be reached/)).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});
