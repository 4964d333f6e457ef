import { clickSettled, settled, test, type Language } from '../support/fixtures';
import { allowLongFlows, choose, expect, forEachLanguage, visitRow } from '../support/visits';
import { uniquePlate, openVehicleManager } from '../support/vehicles';

allowLongFlows();

const TEXTS = {
  cs: {
    driverTab: 'Řidič',
    flag: 'Černá listina',
    list: 'Státní registr – vozidlo',
    trailer: 'návěs',
    allow: 'Povolit vstup i přes černou listinu',
    hitsTitle: 'Vozidlo, jeho návěs nebo řidič je na černé listině',
    hitsIntro: 'Porovnejte vozidlo, návěs a řidiče s každým nálezem níže.',
  },
  'en-US': {
    driverTab: 'Driver',
    flag: 'Blacklist',
    list: 'Government register – vehicle',
    trailer: 'trailer',
    allow: 'Allow entry despite the blacklist',
    hitsTitle: 'This vehicle, its trailer or its driver is on a blacklist',
    hitsIntro: 'Compare the vehicle, the trailer and the driver with each hit below.',
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * Blacklist checks of a vehicle entry (issue 12): the demo's government register (the simulator: a plate
 * beginning with X is wanted) finds the trailer; the guard sees the hit naming the trailer, cannot let the
 * truck in before ticking it, then does; the row is flagged red with the markers, and the detail shows the
 * hit and the driver's companion entered on the driver's tab. Both languages, with screenshots.
 */
forEachLanguage('vehicle-blacklist', (language, _visitTexts, shot) => {
  const texts = TEXTS[language];
  test(`a trailer on the government register is confirmed by the guard, and the row is flagged (${language})`, async ({
    page,
  }) => {
    const plate = uniquePlate('2B');
    const trailer = uniquePlate('X7');
    await openVehicleManager(page, language);

    await page.getByTestId('vehicle-action-entry').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#plate') });
    await expect(dialog).toBeVisible();
    await dialog.locator('#plate').fill(plate);
    await dialog.locator('#trailerPlate').fill(trailer);
    await choose(page, dialog.locator('#purpose'), 'Servis');

    // The driver's companions are on the driver's tab. The driver's name is the test's own: the other
    // language's run may enter its driver between this warning and its confirmation, and a driver
    // already inside is a second warning.
    await dialog.getByRole('tab', { name: texts.driverTab }).click();
    await dialog.locator('#driverLastName').fill(`Kolář ${plate}`);
    await dialog.locator('#driverFirstName').fill('Tomáš');
    await dialog.getByTestId('add-companions').click();
    await dialog.getByTestId('companions-name-0').fill('Lucie Spolujezdcová');
    await dialog.getByTestId('companions-document-0').fill('OP 778899');
    await page.screenshot({ path: shot('entry') });
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));

    const warning = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('entry-warning') });
    await settled(warning);
    // It speaks of the vehicle, not of a visitor, and waits for the ticks without an error shown.
    await expect(warning.locator('.ant-modal-confirm-title')).toHaveText(texts.hitsTitle);
    await expect(warning).toContainText(texts.hitsIntro);
    await expect(warning.locator('.visits-warning-pending')).not.toHaveClass(/ant-typography-danger/);
    const hit = warning.getByTestId('blacklist-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(texts.list);
    await expect(hit).toContainText(trailer);
    const allow = warning.getByTestId('entry-warning-ok');
    await expect(allow).toHaveText(texts.allow);
    await expect(allow).toBeDisabled();
    // The check box names the trailer and its plate.
    const sentence = warning.locator('.visits-hit-confirm');
    await expect(sentence).toContainText(texts.trailer);
    await expect(sentence).toContainText(trailer);
    await warning.getByRole('checkbox').check();
    await expect(allow).toBeEnabled();
    await page.screenshot({ path: shot('warning'), animations: 'disabled' });
    await allow.click();
    await expect(warning).toBeHidden();
    await expect(dialog).toBeHidden();

    // The list: the red flag first on the vehicle's line, the government vehicle marker a hit.
    const row = visitRow(page, plate).first();
    await expect(row.getByTestId('blacklist-flag')).toHaveText(texts.flag);
    await expect(row.locator('[data-marker="blacklistGovernmentVehicle"]')).toHaveAttribute(
      'data-result',
      'HIT',
    );
    await expect(row.locator('[data-marker="blacklistInternalVehicle"]')).toHaveAttribute(
      'data-result',
      'OK',
    );
    await expect(row.getByTestId('companion-count')).toHaveText('1');
    await page.screenshot({ path: shot('manager') });

    // The detail: the hit (list, trailer plate), the checks and the companion.
    await row.locator('[data-action="preview"]').click();
    const hits = page.getByTestId('vehicle-blacklist-hits');
    await settled(hits);
    await expect(hits).toContainText(texts.hitsTitle);
    await expect(hits).toContainText(texts.list);
    await expect(hits).toContainText(trailer);
    const checks = page.getByTestId('vehicle-detail-checks');
    await expect(checks.locator('[data-marker="blacklistGovernmentVehicle"]')).toHaveAttribute(
      'data-result',
      'HIT',
    );
    await expect(page.getByTestId('vehicle-detail')).toContainText('Lucie Spolujezdcová');
    await page.screenshot({ path: shot('detail') });
    await page.keyboard.press('Escape');
    await expect(hits).toBeHidden();
  });
});
