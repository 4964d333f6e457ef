import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, expect, flowLanguages, loginByToken, test, uniqueName } from '../support/fixtures';

/**
 * Vehicle advices (/vehicleadvice/manager): by default the list shows the day before to the day after today in
 * the site's zone (the server's rules are tested in server/src/modules/vehicle/vehicleAdvice.routes.test.ts).
 */
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');

/** A day in the demo site's zone (Europe/Prague), `days` from today. */
function siteDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

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
