import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import {
  apiLogin,
  clickSettled,
  DEMO_PASSWORD,
  flowLanguages,
  type Language,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp');

const TEXTS = {
  cs: { title: 'Incidenty', resolve: 'Vyřešit', critical: 'Kritická', resolved: 'Incident je vyřešen' },
  'en-US': {
    title: 'Incidents',
    resolve: 'Resolve',
    critical: 'Critical',
    resolved: 'The incident is resolved',
  },
} satisfies Record<Language, Record<string, string>>;

for (const language of flowLanguages('incidents')) {
  test(`a CRITICAL key incident shows in red and leaves the default list once resolved (${language})`, async ({
    page,
  }) => {
    const texts = TEXTS[language];
    // The key administrator's incident type and CRITICAL incident (module MOD_KM), through the API.
    const session = await apiLogin(page.request, 'moduleadmin', DEMO_PASSWORD);
    const headers = { 'X-Auth-Token': session.session.token };
    const typeName = uniqueName('Vandalism');
    const type = await page.request.post('/api/incident/type?module=MOD_KM', {
      headers,
      data: { name: typeName },
    });
    expect(type.status()).toBe(201);
    const report = uniqueName('Broken key cabinet');
    const created = await page.request.post('/api/incident?module=MOD_KM', {
      headers,
      data: { type: (await type.json()).id, report, consequence: 'CRITICAL' },
    });
    expect(created.status()).toBe(201);

    await loginByToken(page, 'moduleadmin', DEMO_PASSWORD, language, '/keys/incidents');
    const row = page.locator('tr.ant-table-row', { hasText: report });
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/crud-row-danger/);
    await expect(row.getByTestId('incident-critical')).toHaveText(texts.critical);
    const background = await row
      .locator('td')
      .first()
      .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(background).toBe('rgb(255, 241, 240)');

    await page.screenshot({ path: path.join(SHOTS, `incidents-${language}-1440.png`) });
    // On a phone the list shows cards: the consequence tag is red there.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(report)).toBeVisible();
    await expect(page.getByTestId('incident-critical').first()).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `incidents-${language}-390.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });

    await clickSettled(row.getByRole('button', { name: texts.resolve }));
    await expect(page.getByText(texts.resolved)).toBeVisible();
    // The default filter shows unresolved incidents only.
    await expect(page.locator('tr.ant-table-row', { hasText: report })).toHaveCount(0);
  });
}
