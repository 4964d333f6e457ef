import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, loginByToken, openLogin, settled, test } from '../support/fixtures';

/**
 * Accessibility (issue 11): axe-core finds no serious or critical violation of WCAG 2.1 A/AA on the login,
 * the overview, the visit manager, an administration list and an open dialog; every page has one h1.
 */

/** The serious and critical violations axe finds on the page as it is now, with the offending elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('accessibility', () => {
  test('the login page', async ({ page }) => {
    await openLogin(page);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the overview, the visit manager and an administration list, each with one h1', async ({ page }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD);
    await expect(page.locator('h1')).toHaveText('Overview');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/visits/manager');
    await expect(page.locator('h1')).toHaveText('Visit manager');
    await expect(page.locator('.ant-spin-spinning, .page-loading')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/users');
    await expect(page.locator('h1')).toHaveText('Users');
    await expect(page.getByRole('columnheader', { name: /User name/ })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning, .page-loading')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an open dialog', async ({ page }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/persons');
    await page.getByRole('button', { name: 'New record' }).click();
    await settled(page.getByRole('dialog'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the language chooser is named by what it shows', async ({ page }) => {
    await loginByToken(page, 'admin', ADMIN_PASSWORD);
    await expect(page.getByTestId('language-chooser')).toHaveAccessibleName('EN – Language: English');
  });
});
