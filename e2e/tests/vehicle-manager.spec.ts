import { clickSettled, test, type Language } from '../support/fixtures';
import { allowLongFlows, choose, expect, forEachLanguage, visitRow } from '../support/visits';
import { uniquePlate, openVehicleManager } from '../support/vehicles';

allowLongFlows();
// The whole day at the gate in one flow (six dialogs): more time than a single flow on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

const TEXTS = {
  cs: {
    entry: 'Zapsat vstup',
    leave: 'Zapsat odchod',
    trailerRequired: 'Registrační značka návěsu je povinná',
    platesEqual: 'Registrační značka vozidla a návěsu nesmí být stejná',
    trailerLeft: 'Tahač odjel, návěs v areálu',
    inArea: 'V areálu',
    inAreaWarning: 'Již v areálu',
  },
  'en-US': {
    entry: 'Record entry',
    leave: 'Record departure',
    trailerRequired: 'The trailer plate is required',
    platesEqual: 'The vehicle and trailer plates cannot be equal',
    trailerLeft: 'Tractor left, trailer inside',
    inArea: 'In the area',
    inAreaWarning: 'Already in the area',
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * The guard's vehicle day (issue 12): a truck with its trailer enters (a purpose that needs a trailer and equal
 * plates are refused with the spec's messages), the same truck again warns that it is inside, the tractor
 * leaves alone and its trailer stays, then the trailer is written off. Both languages, with screenshots.
 */
forEachLanguage('vehicles', (language, _visitTexts, shot) => {
  const texts = TEXTS[language];
  test(`a guard records a truck with a trailer, the tractor leaving alone and the trailer written off (${language})`, async ({
    page,
  }) => {
    const plate = uniquePlate('1T');
    const trailer = uniquePlate('9N');
    await openVehicleManager(page, language);
    await expect(page.getByTestId('vehicle-action-entry')).toHaveText(texts.entry);
    await page.screenshot({ path: shot('manager-before') });

    await page.getByTestId('vehicle-action-entry').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#plate') });
    await expect(dialog).toBeVisible();
    await dialog.locator('#plate').fill(plate);
    // 'Vykládka' (demo data) needs a trailer plate.
    await choose(page, dialog.locator('#purpose'), 'Vykládka');
    await page.screenshot({ path: shot('entry') });
    const submit = dialog.locator('.ant-modal-footer .ant-btn-primary');
    await clickSettled(submit);
    await expect(dialog.getByText(texts.trailerRequired)).toBeVisible();

    // Equal plates are refused; then the real trailer plate.
    await dialog.locator('#trailerPlate').fill(plate);
    await clickSettled(submit);
    await expect(dialog.getByText(texts.platesEqual)).toBeVisible();
    await dialog.locator('#trailerPlate').fill(trailer);
    await clickSettled(submit);
    await expect(dialog).toBeHidden();

    const row = visitRow(page, plate).first();
    await expect(row).toContainText(trailer);
    await expect(row).toContainText(texts.inArea);
    await page.screenshot({ path: shot('manager') });

    // The same truck again: the warning says it is inside; the guard does not continue.
    await page.getByTestId('vehicle-action-entry').click();
    await dialog.locator('#plate').fill(plate);
    await choose(page, dialog.locator('#purpose'), 'Servis');
    await clickSettled(submit);
    const warning = page.getByTestId('entry-warning');
    await expect(warning).toBeVisible();
    await expect(page.locator('.ant-modal-confirm')).toContainText(texts.inAreaWarning);
    await expect(warning).toContainText(plate);
    await clickSettled(page.locator('.ant-modal-confirm-btns .ant-btn').first()); // cancel
    await expect(warning).toBeHidden();
    await dialog.locator('.ant-modal-footer .ant-btn').first().click();
    await expect(dialog).toBeHidden();
    await expect(visitRow(page, plate)).toHaveCount(1);

    // The tractor leaves alone: its trailer stays in the area.
    await row.locator('[data-action="leave"]').click();
    const leave = page.locator('.ant-modal', { has: page.getByTestId('vehicle-leave-submit') });
    await expect(leave).toContainText(trailer);
    await leave.getByTestId('vehicle-leave-with-trailer').click();
    await page.screenshot({ path: shot('leave') });
    await clickSettled(leave.getByTestId('vehicle-leave-submit'));
    await expect(leave).toBeHidden();
    await expect(visitRow(page, plate)).toHaveCount(2);
    const entryRow = visitRow(page, plate).nth(1);
    await expect(entryRow).toContainText(texts.trailerLeft);

    // The trailer left behind is written off on its own.
    await expect(entryRow.locator('[data-action="leave"]')).toHaveCount(0);
    await entryRow.locator('[data-action="trailerWriteOff"]').click();
    const writeOff = page.locator('.ant-modal').filter({ hasText: trailer });
    await expect(writeOff).toBeVisible();
    await page.screenshot({ path: shot('trailer-writeoff') });
    await clickSettled(
      writeOff.locator('.ant-modal-footer .ant-btn-dangerous, .ant-modal-footer .ant-btn-primary').last(),
    );
    await expect(writeOff).toBeHidden();
    await expect(entryRow).not.toContainText(texts.trailerLeft);
    await expect(entryRow.locator('[data-action="trailerWriteOff"]')).toHaveCount(0);
  });
});

test('a phone shows the vehicle manager without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openVehicleManager(page, 'cs');
  await expect(page.getByTestId('vehicle-action-entry')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
