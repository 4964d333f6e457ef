import type { APIRequestContext, Page } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  clickSettled,
  expect,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { createRecord } from '../support/crud';
import { text } from '../support/texts';
import { choose } from '../support/visits';

/**
 * /admin/clients: an ANPR camera made by the administrator gets its token (text and QR code) once, posts a
 * plate read with it; "new token" makes the old one fail, "revoke" makes the camera unauthorized
 * (docs/terminals.md).
 */
const PASSWORD = 'Admin-e2e-1!';
const SITE = 'Praha – centrála';

const plateRead = (request: APIRequestContext, token: string) =>
  request.post('/api/vehicle/anpr/read', {
    headers: { 'X-Client-Token': token },
    data: { plate: '1AB 2345', camera: 'Gate 1 in', confidence: 88 },
  });

/** The token of the dialog that shows it once, closed after reading it. */
async function shownToken(page: Page): Promise<string> {
  const shown = page.getByTestId('client-token');
  await expect(shown).toBeVisible();
  await expect(page.getByTestId('client-token-qr')).toBeVisible();
  const token = (await shown.textContent())!.trim();
  expect(token.length).toBeGreaterThan(20);
  return token;
}

test('an ANPR camera created on /admin/clients: token and QR once, new token, revoke', async ({
  page,
  adminApi,
}) => {
  const language = 'cs';
  const admin = await adminApi.createUser({
    userName: uniqueName('Clients'),
    password: PASSWORD,
    roles: ['ADMINISTRATOR'],
  });
  await apiLogin(adminApi.request, admin.userName, PASSWORD);
  const name = `Kamera ${uniqueName('')}`;
  await loginByToken(page, admin.userName, PASSWORD, language, '/admin/clients');
  await createRecord(page, language, async (dialog) => {
    await dialog.locator('#name').fill(name);
    await dialog.locator('#internalRole').click();
    await clickSettled(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(ANPR)' }).first(),
    );
    await choose(page, dialog.locator('#site'), SITE);
  });
  const token = await shownToken(page);
  await page.getByRole('button', { name: text(language, 'crud.close') }).click();
  const row = page.getByTestId('client-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Shown once: the list does not carry it.
  await expect(page.locator('body')).not.toContainText(token);
  expect((await plateRead(page.request, token)).status()).toBe(201);

  // A new token: the old one stops working at once.
  await row.getByTestId('client-token-new').click();
  await clickSettled(page.locator('.ant-modal-confirm .ant-btn-primary'));
  const renewed = await shownToken(page);
  expect(renewed).not.toBe(token);
  await page.getByRole('button', { name: text(language, 'crud.close') }).click();
  expect((await plateRead(page.request, token)).status()).toBe(401);
  expect((await plateRead(page.request, renewed)).status()).toBe(201);

  // Revoked: unauthorized at once, and the action is gone from the row.
  await row.getByTestId('client-token-revoke').click();
  await clickSettled(page.locator('.ant-modal-confirm .ant-btn-dangerous'));
  await expect(page.getByText(text(language, 'terminalToken.revoked'))).toBeVisible();
  await expect(row.getByTestId('client-token-revoke')).toHaveCount(0);
  const refused = await plateRead(page.request, renewed);
  expect(refused.status()).toBe(401);
  expect(refused.headers()['x-error-code']).toBe('TERMINAL_REQUIRED');
  const client = (
    await new AdminApi(
      page.request,
      (await apiLogin(page.request, admin.userName, PASSWORD)).session.token,
    ).get<Array<{ name: string; authorized: boolean }>>('/system_client', { name })
  )[0];
  expect(client).toMatchObject({ name, authorized: false });
});
