import { DEMO_PASSWORD, clickSettled, loginByToken, test, uniqueName } from '../support/fixtures';
import {
  VISIT_TEXTS,
  allowLongFlows,
  choose,
  expect,
  forEachLanguage,
  signInToGate,
  visitRow,
} from '../support/visits';

allowLongFlows();

/**
 * The receptionist's day at the gate (issue 5): a guard signs in to a gate (kept for the user), records the
 * entry of a visitor with a companion and equipment (an unknown card is refused as the spec words it), a
 * second entry of the same person warns that they are in the area, the autocomplete fills the form from
 * the last visit, and the visitor leaves. Both languages, with screenshots at 1440 px.
 */
forEachLanguage('visits', (language, texts, shot) => {
  test(
    `a receptionist records an entry with a companion and equipment, and the departure (${language})`,
    { tag: '@smoke' },
    async ({ page }) => {
      const lastName = uniqueName('Dvořák');
      // The guard first picks a gate; the choice is kept for the user across page loads.
      await loginByToken(page, 'user', DEMO_PASSWORD, language, '/visits/manager');
      await expect(page.getByTestId('gate-sign-in')).toContainText(texts.gatePrompt);
      await page.screenshot({ path: shot('gate') });
      const gate = await signInToGate(page, language);
      await page.reload();
      await expect(page.getByTestId('current-gate')).toHaveText(gate);

      // 'Zapsat vstup' / 'Record entry'.
      await expect(page.getByTestId('action-entry')).toHaveText(texts.entry);
      await expect(page.getByTestId('action-leave')).toHaveText(texts.leave);
      await expect(page.getByTestId('action-departure')).toHaveText(texts.departure);
      await page.getByTestId('action-entry').click();
      const dialog = page.locator('.ant-modal', { has: page.getByTestId('visit-form') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('dialog-gate')).toContainText(gate);
      await dialog.getByTestId('visit-lastName').fill(lastName);
      await dialog.getByTestId('visit-firstName').fill('Tomáš');
      await dialog.locator('#company').fill('Stavby Morava a.s.');
      await choose(page, dialog.locator('#documentType'), 'Občanský průkaz');
      await dialog.locator('#documentNumber').fill('123456789');
      await choose(page, dialog.locator('#purpose'), 'Obchodní jednání');
      await choose(page, dialog.locator('#visited'), 'Svoboda');
      await expect(dialog.locator('#visitedLastName')).toHaveValue('Svoboda');

      // An unknown card: 'Karta neexistuje' / 'Card does not exist'.
      await dialog.getByTestId('visit-tag').fill('NO-SUCH-CARD');
      await dialog.getByTestId('visit-tag').blur();
      await expect(dialog.getByText(texts.cardMissing)).toBeVisible();
      await dialog.getByTestId('visit-tag').fill('');

      await dialog.getByTestId('add-companions').click();
      await dialog.getByTestId('companions-name-0').fill('Jana Dvořáková');
      await dialog.getByTestId('companions-document-0').fill('987654321');
      await dialog.getByTestId('add-equipment').click();
      await dialog.getByTestId('equipment-object-0').fill('Notebook Lenovo ThinkPad');
      await dialog.getByTestId('equipment-serialNumber-0').fill('PF-3KX91');
      await dialog.locator('#vehiclePlate').fill('4AB 1234');
      await page.screenshot({ path: shot('entry') });
      await dialog.getByTestId('visit-submit').click();
      await expect(dialog).toBeHidden();

      const row = visitRow(page, lastName).first();
      await expect(row).toContainText(texts.inArea);
      await expect(row).toContainText('Stavby Morava a.s.');
      await expect(row.locator('.visits-count-tag')).toHaveCount(2); // one companion, one item
      await expect(row.locator('[data-marker="blacklistInternalPerson"][data-result="OK"]')).toBeVisible();
      await expect(row.locator('[data-marker="blacklistGovernmentVehicle"][data-result="OK"]')).toBeVisible();
      await page.screenshot({ path: shot('manager') });

      // The same person again: the in-area warning asks whether to continue; the guard does not.
      await page.getByTestId('action-entry').click();
      // One click on the suggestion picks it, though the suggestions are searched again meanwhile.
      await dialog.getByTestId('visit-lastName').fill(lastName.slice(0, -2));
      await page.locator('.visits-whisper', { hasText: lastName }).first().click();
      await expect(dialog.getByTestId('visit-lastName')).toHaveValue(lastName);
      // The autocomplete filled the form from the last visit.
      await expect(dialog.getByTestId('visit-firstName')).toHaveValue('Tomáš');
      await expect(dialog.locator('#documentNumber')).toHaveValue('123456789');
      await expect(dialog.locator('#visitedLastName')).toHaveValue('Svoboda');
      await expect(dialog.locator('#vehiclePlate')).toHaveValue('4AB1234');
      await dialog.getByTestId('visit-submit').click();
      const warning = page.getByTestId('entry-warning');
      await expect(warning).toBeVisible();
      await page.screenshot({ path: shot('warning'), animations: 'disabled' }); // the dialog fully open
      await clickSettled(page.locator('.ant-modal-confirm-btns .ant-btn').first()); // cancel
      await expect(warning).toBeHidden();
      await dialog.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(dialog).toBeHidden();
      await expect(visitRow(page, lastName)).toHaveCount(1);

      // The detail shows the companion and the equipment.
      await row.locator('[data-action="preview"]').click();
      const detail = page.locator('.ant-modal', { hasText: 'Jana Dvořáková' });
      await expect(detail).toContainText('Notebook Lenovo ThinkPad');
      await expect(detail).toContainText('PF-3KX91');
      await page.screenshot({ path: shot('detail') });
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // 'Zapsat odchod' / 'Record departure' from the row: the list shows the departure and the entry as left.
      await row.locator('[data-action="leave"]').click();
      const leave = page.locator('.ant-modal', { has: page.getByTestId('leave-submit') });
      await expect(leave).toContainText('Notebook Lenovo ThinkPad');
      await page.screenshot({ path: shot('leave') });
      await clickSettled(leave.getByTestId('leave-submit'));
      await expect(leave).toBeHidden();
      await expect(visitRow(page, lastName)).toHaveCount(2);
      await expect(visitRow(page, lastName).nth(1)).toContainText(texts.left);
    },
  );
});

test('an entry found by card is written off without a departure after a confirmation', async ({ page }) => {
  const lastName = uniqueName('Malý');
  await loginByToken(page, 'user', DEMO_PASSWORD, 'en-US', '/visits/manager');
  await signInToGate(page, 'en-US');
  await page.getByTestId('action-entry').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('visit-form') });
  await dialog.getByTestId('visit-lastName').fill(lastName);
  await dialog.getByTestId('visit-firstName').fill('Petr');
  await choose(page, dialog.locator('#purpose'), 'Exkurze');
  await dialog.getByTestId('visit-submit').click();
  await expect(dialog).toBeHidden();

  const row = visitRow(page, lastName).first();
  await row.locator('[data-action="writeOff"]').click();
  const confirm = page.locator('.ant-modal', { hasText: VISIT_TEXTS['en-US'].writeOff });
  await expect(confirm).toContainText(lastName);
  await clickSettled(page.locator('#writeoff-submit'));
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Written off');
  await expect(row.locator('[data-action="leave"]')).toHaveCount(0);
});

test('a guard without the right to personal data sees the visitors masked', async ({ page, adminApi }) => {
  const userName = uniqueName('guard');
  await adminApi.createUser({ userName, password: DEMO_PASSWORD, roles: ['VISIT_USER'] });
  await loginByToken(page, userName, DEMO_PASSWORD, 'en-US', '/visits/manager');
  await signInToGate(page, 'en-US');
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow.getByTestId('masked').first()).toBeVisible();
  await expect(firstRow).toContainText('Hidden');
});
