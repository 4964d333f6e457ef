import path from 'node:path';
import { createRecord } from '../support/crud';
import {
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
import { SCREENSHOTS, allowLongFlows, choose, signInToGate, visitRow } from '../support/visits';

allowLongFlows();

/**
 * Key management with the visit (issue 14; the server's rules: server/src/modules/keys/keys.routes.test.ts): a
 * key administrator sets up a door, a key opening it and a privilege denying it to a site person; a receptionist
 * at the gate finds the person refused and lends the key to a visitor in the area; the visitor's departure
 * warns about the key, the key comes back, and the departure then goes through. Both languages, with
 * screenshots.
 */
const PASSWORD = 'Keys-e2e-1!';
const PRAHA = 'Praha – centrála';

for (const language of flowLanguages('keys')) {
  test(`a key set up by its administrator is refused to a person, lent to a visitor, warned about at the departure and returned (${language})`, async ({
    page,
    newPage,
    adminApi,
  }) => {
    const shot = (name: string) => path.join(SCREENSHOTS, `keys-${name}-${language}.png`);
    const suffix = uniqueName('');
    const admin = await userApi(adminApi, 'KeyAdmin', ['KM_ADMIN'], PASSWORD);
    const desk = await userApi(
      adminApi,
      'KeyDesk',
      ['VISIT_USER', 'KM_USER', 'VIEW_PERSONAL_INFO'],
      PASSWORD,
    );
    const praha = (await adminApi.sites()).find((site) => site.name === PRAHA)!;
    const refused = await adminApi.post<{ id: number }>('/system_person', {
      firstName: 'Radek',
      lastName: `Nepovolený${suffix}`,
      homeSite: praha.id,
    });
    expect(refused.id).toBeGreaterThan(0);

    // The administrator: a door, the key that opens it, and a privilege denying the key to the person.
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
      await choose(page, dialog.locator('#type'), 'Běžný klíč');
      await dialog.getByRole('tab', { name: text(language, 'keys.setup.tab.doors') }).click();
      await choose(page, dialog.locator('#doors'), door);
      await page.screenshot({ path: shot('key-dialog') });
    });
    const keyRow = page.getByTestId('key-row').filter({ hasText: code });
    await expect(keyRow).toHaveCount(1);
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
    await expect(page.getByTestId('key-privilege-row').filter({ hasText: keyName })).toHaveCount(1);
    await page.screenshot({ path: shot('privileges') });

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

    // The receptionist: the person is refused, the visitor gets the key.
    const receptionist = await newPage();
    await loginByToken(receptionist, desk.userName, PASSWORD, language, '/keys/lendouts');
    // A new user in a new browser: the console asks for the gate first.
    await expect(receptionist.getByTestId('gate-sign-in')).toBeVisible();
    await receptionist.getByTestId('gate-tile').first().click();
    await receptionist.getByTestId('key-lend').click();
    const lend = receptionist.locator('.ant-modal').filter({ has: receptionist.getByTestId('key-code') });
    await settled(lend);
    await receptionist.getByTestId('key-code').fill(code);
    await receptionist.getByTestId('key-code').press('Enter');
    const check = receptionist.getByTestId('key-check');
    await expect(receptionist.getByTestId('key-check-key')).toContainText(keyName);
    await choose(receptionist, lend.getByTestId('key-holder').locator('input'), `Nepovolený${suffix}`);
    await expect(check).toHaveAttribute('data-state', 'denied');
    await expect(check).toContainText(text(language, 'apiError_KEY_NOT_PERMITTED'));
    await receptionist.screenshot({ path: shot('lend-refused') });

    await lend
      .getByTestId('key-holder-kind')
      .getByText(text(language, 'keys.holder.visit'), { exact: true })
      .click();
    await choose(receptionist, lend.getByTestId('key-holder').locator('input'), visitor);
    await expect(check).toHaveAttribute('data-state', 'allowed');
    await receptionist.screenshot({ path: shot('lend-visitor') });
    await clickSettled(receptionist.getByTestId('key-lend-submit'));
    await expect(lend).toBeHidden();
    const lendRow = receptionist.getByTestId('key-lend-row').filter({ hasText: code });
    await expect(lendRow).toHaveCount(1);
    await expect(lendRow).toContainText(visitor);
    await receptionist.screenshot({ path: shot('lendouts') });

    // The visitor leaves: the dialog names the key and asks; the receptionist goes back for the key first.
    await signInToGate(receptionist, language);
    const visitLine = visitRow(receptionist, visitor);
    await expect(visitLine).toHaveCount(1);
    await visitLine.locator('[data-action="leave"]').click();
    const alert = receptionist.getByTestId('visit-keys-alert');
    await expect(alert).toContainText(keyName);
    await receptionist.screenshot({ path: shot('departure-warning') });
    await clickSettled(receptionist.getByTestId('leave-submit'));
    const ask = receptionist
      .locator('.ant-modal-confirm')
      .filter({ has: receptionist.getByTestId('visit-keys-confirm') });
    await settled(ask);
    await expect(ask).toContainText(keyName);
    await clickSettled(
      ask.locator('.ant-btn').filter({ hasNotText: text(language, 'keys.visit.confirmOk') }),
    );
    await expect(ask).toBeHidden();
    // Nothing was changed in the dialog: Escape closes it without asking to discard anything.
    await receptionist.keyboard.press('Escape');
    await expect(alert).toBeHidden();
    await expect(receptionist.locator('.discard-confirm')).toHaveCount(0);

    // The key comes back, brought by someone else.
    await receptionist.goto('/keys/lendouts');
    await lendRow.locator('[data-action="return"], [data-testid="key-return"]').first().click();
    await receptionist.getByTestId('key-return-person').fill('Jana Hostová');
    await clickSettled(receptionist.getByTestId('key-return-submit'));
    await expect(lendRow).toHaveCount(0);

    // Now the departure goes through without a word about keys.
    await signInToGate(receptionist, language);
    await visitLine.locator('[data-action="leave"]').click();
    await expect(receptionist.getByTestId('leave-submit')).toBeVisible();
    await expect(alert).toHaveCount(0);
    await clickSettled(receptionist.getByTestId('leave-submit'));
    await expect(receptionist.getByTestId('leave-submit')).toBeHidden();
    await expect(visitLine.locator('[data-action="leave"]')).toHaveCount(0);
  });
}
