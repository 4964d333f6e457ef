import path from 'node:path';
import type { Page } from '@playwright/test';
import { createRecord } from '../support/crud';
import {
  type AdminApi,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
  userApi,
} from '../support/fixtures';
import { text } from '../support/texts';
import { SCREENSHOTS, choose, signInToGate, visitRow } from '../support/visits';

/**
 * Key management with the visit (issue 14; the server's rules: server/src/modules/keys/keys.routes.test.ts), in
 * independent tests with their own set-up through the API: a key administrator sets up a door, a key opening it
 * and a privilege denying it to a site person; a receptionist at the gate finds the person refused and lends the
 * key to a visitor in the area; the visitor's departure warns about the key, the key comes back, and the
 * departure then goes through. Screenshots in the flow's language.
 */
const PASSWORD = 'Keys-e2e-1!';
const PRAHA = 'Praha – centrála';
const KEY_TYPE = 'Běžný klíč';

const keyAdmin = (adminApi: AdminApi) => userApi(adminApi, 'KeyAdmin', ['KM_ADMIN'], PASSWORD);

/** A person of Praha the key administrator may name in a privilege. */
async function sitePerson(adminApi: AdminApi, lastName: string): Promise<number> {
  const praha = (await adminApi.sites()).find((site) => site.name === PRAHA)!;
  const person = await adminApi.post<{ id: number }>('/system_person', {
    firstName: 'Radek',
    lastName,
    homeSite: praha.id,
  });
  expect(person.id).toBeGreaterThan(0);
  return person.id;
}

for (const language of flowLanguages('keys')) {
  const shot = (name: string) => path.join(SCREENSHOTS, `keys-${name}-${language}.png`);

  test(`the key administrator sets up a door, a key opening it and a privilege denying it (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const admin = await keyAdmin(adminApi);
    await sitePerson(adminApi, `Nepovolený${suffix}`);
    const door = `Dveře ${suffix}`;
    const code = `K-${suffix}`.slice(0, 40);
    const keyName = `Klíč ${suffix}`;

    await loginByToken(page, admin.userName, PASSWORD, language, '/keys/doors');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(door);
    });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: door })).toHaveCount(1);

    await page.goto('/keys/keys');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#code').fill(code);
      await dialog.locator('#name').fill(keyName);
      await choose(page, dialog.locator('#type'), KEY_TYPE);
      await dialog.getByRole('tab', { name: text(language, 'keys.setup.tab.doors') }).click();
      await choose(page, dialog.locator('#doors'), door);
      await page.screenshot({ path: shot('key-dialog') });
    });
    await expect(page.getByTestId('key-row').filter({ hasText: code })).toHaveCount(1);
    // Its doors (a column of the chooser) as saved.
    const [savedKey] = await admin.api.get<Array<{ doors: unknown }>>('/keymanagement/key', { code });
    expect(JSON.stringify(savedKey.doors)).toContain(door);

    await page.getByTestId('key-privileges-tab').click();
    await expect(page.getByTestId('key-privileges-help')).toBeVisible();
    await createRecord(page, language, async (dialog) => {
      await choose(page, dialog.locator('#person'), `Nepovolený${suffix}`);
      await choose(page, dialog.locator('#key'), keyName);
      // A short list without a search: opened and picked.
      await dialog.locator('#rule').click();
      const deny = text(language, 'entity.keymanagement/role.values.rule.DENY');
      await clickSettled(
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: deny }),
      );
    });
    const privilege = page.getByTestId('key-privilege-row').filter({ hasText: keyName });
    await expect(privilege).toHaveCount(1);
    await expect(privilege).toContainText(`Nepovolený${suffix}`);
    await page.screenshot({ path: shot('privileges') });
  });

  test(`a receptionist finds a person refused a key, lends it to a visitor, is warned at the departure and takes it back (${language})`, async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueName('');
    const admin = await keyAdmin(adminApi);
    const desk = await userApi(
      adminApi,
      'KeyDesk',
      ['VISIT_USER', 'KM_USER', 'VIEW_PERSONAL_INFO'],
      PASSWORD,
    );
    // The set-up of the test above, through the API: a key and a privilege denying it to a person.
    const refused = await sitePerson(adminApi, `Nepovolený${suffix}`);
    const code = `K-${suffix}`.slice(0, 40);
    const keyName = `Klíč ${suffix}`;
    const [type] = await admin.api.get<Array<{ id: number }>>('/keymanagement/keytype', { name: KEY_TYPE });
    expect(type).toBeDefined();
    const key = await admin.api.post<{ id: number }>('/keymanagement/key', {
      code,
      name: keyName,
      type: type.id,
      defaultRule: 'ALLOW',
    });
    await admin.api.post('/keymanagement/role', { person: refused, key: key.id, rule: 'DENY' });
    // A visitor in the area.
    const purpose = (await desk.api.get<Array<{ id: number }>>('/visit/purpose', { valid: 'true' }))[0];
    const gates = await desk.api.get<Array<{ id: number }>>('/system_site/district/gate', { valid: 'true' });
    expect(gates.length).toBeGreaterThan(0);
    const visitor = `Hostová${suffix}`;
    await desk.api.post('/visit', {
      purpose: purpose.id,
      gate: gates[0].id,
      firstName: 'Jana',
      lastName: visitor,
    });

    // The receptionist signs in to a gate, then lends: the person is refused, the visitor gets the key.
    await loginByToken(page, desk.userName, PASSWORD, language, '/');
    await signInToGate(page, language);
    await page.goto('/keys/lendouts');
    await page.getByTestId('key-lend').click();
    const lend = page.locator('.ant-modal').filter({ has: page.getByTestId('key-code') });
    await settled(lend);
    await page.getByTestId('key-code').fill(code);
    await page.getByTestId('key-code').press('Enter');
    const check = page.getByTestId('key-check');
    await expect(page.getByTestId('key-check-key')).toContainText(keyName);
    await choose(page, lend.getByTestId('key-holder').locator('input'), `Nepovolený${suffix}`);
    await expect(check).toHaveAttribute('data-state', 'denied');
    await expect(check).toContainText(text(language, 'apiError_KEY_NOT_PERMITTED'));
    await page.screenshot({ path: shot('lend-refused') });

    await lend
      .getByTestId('key-holder-kind')
      .getByText(text(language, 'keys.holder.visit'), { exact: true })
      .click();
    await choose(page, lend.getByTestId('key-holder').locator('input'), visitor);
    await expect(check).toHaveAttribute('data-state', 'allowed');
    await page.screenshot({ path: shot('lend-visitor') });
    await clickSettled(page.getByTestId('key-lend-submit'));
    await expect(lend).toBeHidden();
    const lendRow = page.getByTestId('key-lend-row').filter({ hasText: code });
    await expect(lendRow).toHaveCount(1);
    await expect(lendRow).toContainText(visitor);
    await page.screenshot({ path: shot('lendouts') });

    // The visitor leaves: the dialog names the key and asks; the receptionist goes back for the key first.
    await leaveDialog(page, visitor);
    const alert = page.getByTestId('visit-keys-alert');
    await expect(alert).toContainText(keyName);
    await page.screenshot({ path: shot('departure-warning') });
    await clickSettled(page.getByTestId('leave-submit'));
    const ask = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('visit-keys-confirm') });
    await settled(ask);
    await expect(ask).toContainText(keyName);
    await clickSettled(
      ask.locator('.ant-btn').filter({ hasNotText: text(language, 'keys.visit.confirmOk') }),
    );
    await expect(ask).toBeHidden();
    // Nothing was changed in the dialog: Escape closes it without asking to discard anything.
    await page.keyboard.press('Escape');
    await expect(alert).toBeHidden();
    await expect(page.locator('.discard-confirm')).toHaveCount(0);

    // The key comes back, brought by someone else.
    await page.goto('/keys/lendouts');
    await lendRow.getByTestId('key-return').click();
    await page.getByTestId('key-return-person').fill('Jana Hostová');
    await clickSettled(page.getByTestId('key-return-submit'));
    await expect(lendRow).toHaveCount(0);

    // Now the departure goes through without a word about keys.
    await leaveDialog(page, visitor);
    await expect(page.getByTestId('leave-submit')).toBeVisible();
    await expect(alert).toHaveCount(0);
    await clickSettled(page.getByTestId('leave-submit'));
    await expect(page.getByTestId('leave-submit')).toBeHidden();
    await expect(visitRow(page, visitor).locator('[data-action="leave"]')).toHaveCount(0);
  });
}

/** Opens the departure dialog of the visitor's row in the visit manager. */
async function leaveDialog(page: Page, visitor: string): Promise<void> {
  await page.goto('/visits/manager');
  const row = visitRow(page, visitor);
  await expect(row).toHaveCount(1);
  await row.locator('[data-action="leave"]').click();
}
