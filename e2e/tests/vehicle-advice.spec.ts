import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
} from '../support/fixtures';
import { topDialog } from '../support/crud';
import { text } from '../support/texts';
import { choose, siteDay, todayForPicker } from '../support/visits';

/**
 * Vehicle advices (/vehicleadvice/manager): by default the list shows the day before to the day after today in
 * the site's zone (the server's rules are tested in server/src/modules/vehicle/vehicleAdvice.routes.test.ts).
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

const TITLES = { cs: 'Avíza vozidel', 'en-US': 'Vehicle advices' } as const;

for (const language of flowLanguages('vehicle-advice')) {
  test(`the vehicle advices from the day before to the day after today are listed (${language})`, async ({
    page,
    adminApi,
  }) => {
    const category = await adminApi.post<{ id: number }>('/vehicle/advice/category', {
      name: uniqueName('Kategorie'),
      valid: true,
    });
    const supplier = uniqueName('Dodavatel');
    const advice = (date: string, plate: string) =>
      adminApi.post('/vehicle/advice', {
        date,
        time: '08:30',
        category: category.id,
        direction: 'IN',
        supplier,
        // The list shows the forwarder by default (the supplier waits in the column chooser).
        forwarder: supplier,
        vehiclePlate: plate,
        driverLastName: 'Dvořák',
      });
    await advice(siteDay(0), '1AB2345');
    await advice(siteDay(5), '9ZZ9999');

    await loginByToken(page, 'admin', ADMIN_PASSWORD, language, '/vehicleadvice/manager');
    await expect(page.getByTestId('page-title')).toHaveText(TITLES[language as keyof typeof TITLES]);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: supplier });
    await expect(rows).not.toHaveCount(0);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('1AB2345');
    await page.screenshot({ path: path.join(screenshots, `vehicle-advice-1440-${language}.png`) });
  });
}

/** Types a part of a name into a name field with suggestions and picks the suggestion, as a user does. */
async function suggest(page: Page, input: Locator, part: string, name: string): Promise<void> {
  await input.click();
  await input.fill(part);
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first(),
  );
  await expect(input).toHaveValue(name);
}

for (const language of flowLanguages('vehicle-advice')) {
  test(`a vehicle advice is written in sections, forwarder and supplier picked from their lists, a short phone refused (${language})`, async ({
    page,
    adminApi,
  }) => {
    const category = await adminApi.post<{ id: number; name: string }>('/vehicle/advice/category', {
      name: uniqueName('Kategorie'),
      valid: true,
    });
    const forwarder = await adminApi.post<{ name: string }>('/vehicle/forwarder', {
      name: uniqueName('Dopravce'),
    });
    const supplier = await adminApi.post<{ name: string }>('/logistics/supplier', {
      name: uniqueName('Dodavatel'),
    });

    await page.setViewportSize({ width: 1440, height: 1000 });
    await loginByToken(page, 'admin', ADMIN_PASSWORD, language, '/vehicleadvice/manager');
    await page.getByRole('button', { name: text(language, 'crud.action.create') }).click();
    const dialog = topDialog(page);
    await settled(dialog);
    // The focus starts in the first field, the date (its picker loads with the first dialog that has one).
    await expect(dialog.locator('#date')).toBeFocused();
    // The sections as the visit advice form has them, every field labelled (the date and the time too).
    for (const section of ['arrival', 'vehicle', 'driver'])
      await expect(dialog.getByTestId(`form-section-${section}`)).toContainText(
        text(language, `vehicles.adviceForm.${section}`),
      );
    for (const field of ['date', 'time', 'vehiclePlate', 'trailerPlate', 'forwarder', 'supplier', 'phone'])
      await expect(dialog.locator(`label[for="${field}"]`)).toHaveText(
        text(language, `entity.vehicle/advice.fields.${field}`),
      );
    // The plate sits with the vehicle, not beside the gate; the driver's names with the driver.
    await expect(dialog.getByTestId('form-section-vehicle').locator('#vehiclePlate')).toBeVisible();
    await expect(dialog.getByTestId('form-section-driver').locator('#driverLastName')).toBeVisible();

    // Sent empty, the required date and direction say they are missing, not that their form is wrong.
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    const errorOf = (field: string) =>
      dialog
        .locator('.ant-form-item')
        .filter({ has: page.locator(`#${field}`) })
        .locator('.ant-form-item-explain-error');
    for (const field of ['date', 'category', 'direction'])
      await expect(errorOf(field)).toHaveText(text(language, 'validation.required'));

    await dialog.locator('#date').click();
    await dialog.locator('#date').fill(todayForPicker());
    await dialog.locator('#date').press('Enter');
    await dialog.locator('#time').fill('07:30');
    await choose(page, dialog.locator('#category'), category.name);
    await dialog.locator('#direction').click();
    await clickSettled(
      page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: text(language, 'entity.vehicle/advice.values.direction.IN'),
        })
        .first(),
    );
    const plate = `${Math.floor(Math.random() * 9) + 1}AD ${String(Date.now()).slice(-4)}`;
    await dialog.locator('#vehiclePlate').fill(plate);
    await suggest(page, dialog.locator('#forwarder'), forwarder.name.slice(0, 12), forwarder.name);
    await suggest(page, dialog.locator('#supplier'), supplier.name.slice(0, 12), supplier.name);
    await dialog.locator('#driverLastName').fill('Dvořák');
    await dialog.locator('#phone').fill('12');
    await page.screenshot({ path: path.join(screenshots, `vehicle-advice-form-1440-${language}.png`) });

    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(errorOf('phone')).toHaveText(text(language, 'validation.phone'));
    await expect(dialog).toBeVisible();

    await dialog.locator('#phone').fill('601 123 456');
    await expect(errorOf('phone')).toHaveCount(0);
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog).toBeHidden();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: forwarder.name });
    await expect(rows).not.toHaveCount(0);
    await expect(rows).toHaveCount(1);
    // Stored in one normal form of the plate, with the supplier picked (its column waits in the chooser).
    await expect(rows.first()).toContainText(plate.replace(' ', ''));
    const [saved] = await adminApi.get<Array<{ supplier: string | null }>>('/vehicle/advice', {
      forwarder: forwarder.name,
    });
    expect(saved.supplier).toBe(supplier.name);
  });
}
