import fs from 'node:fs';
import { expect, loginByToken, test, uniqueName, userApi } from '../support/fixtures';

/**
 * Subject requests (docs/privacy.md "Subject requests", issue 35 point 5): the privacy officer finds a visitor's
 * data, downloads the export and erases it; the page works at a phone's, a tablet's and a desktop's width.
 */
const PASSWORD = 'Subject-e2e-1!';

test.describe('subject requests', () => {
  test('search, export download and erasure of one person', async ({ page, adminApi }) => {
    test.slow();
    const officer = await userApi(adminApi, 'Officer', ['PRIVACY_ADMIN'], PASSWORD);
    const desk = await userApi(adminApi, 'SubjectDesk', ['VISIT_USER', 'VIEW_PERSONAL_INFO'], PASSWORD);
    const lastName = uniqueName('Subjektová');
    const purpose = (await desk.api.get<Array<{ id: number }>>('/visit/purpose', { valid: 'true' }))[0];
    const gates = await desk.api.get<Array<{ id: number }>>('/system_site/district/gate', { valid: 'true' });
    expect(gates.length).toBeGreaterThan(0);
    await desk.api.post('/visit', { purpose: purpose.id, gate: gates[0].id, firstName: 'Jana', lastName });

    await loginByToken(page, officer.userName, PASSWORD, 'en-US', '/admin/privacy/requests');
    await expect(page.getByTestId('subject-request-page')).toBeVisible();
    await expect(page.getByTestId('subject-history')).toBeVisible();

    // A value of one character is refused before it is sent.
    await page.getByTestId('subject-value').fill('J');
    await page.getByTestId('subject-search').click();
    await expect(page.getByText('Enter at least 2 characters')).toBeVisible();

    await page.getByTestId('subject-value').fill(`Jana ${lastName}`);
    await page.getByTestId('subject-search').click();
    const results = page.getByTestId('subject-results');
    await expect(results).toContainText('Visits');
    await expect(page.getByTestId('subject-found')).toContainText('Found 1 record');

    for (const width of [390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId('subject-erase')).toBeInViewport();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    }

    const downloaded = page.waitForEvent('download');
    await page.getByTestId('subject-export').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^subject-request-\d+\.zip$/);
    const file = await download.path();
    // A ZIP: its local file header signature.
    expect(fs.readFileSync(file).subarray(0, 4).toString('hex')).toBe('504b0304');

    await page.getByTestId('subject-erase').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('Erase 1 record?');
    await page.getByTestId('subject-confirm').click();
    await expect(page.getByText('Erased: 1, held and skipped: 0')).toBeVisible();
    await expect(page.getByTestId('subject-none')).toBeVisible();
    await expect(page.getByTestId('subject-history')).toContainText('Erasure');
    await expect(page.getByTestId('subject-history')).toContainText('Export');
  });
});
