import { DEMO_PASSWORD, loginByToken, settled, test, uniqueName } from '../support/fixtures';
import { entryDialog, givenGuard, overflowsSideways, smallerSide } from '../support/blacklist';
import { SCREENSHOTS, VISIT_TEXTS, allowLongFlows, choose, expect, visitRow } from '../support/visits';
import path from 'node:path';

allowLongFlows();

/** Apple's and Google's smallest comfortable touch target, in CSS pixels. */
const TOUCH_TARGET = 44;

/**
 * Issue 11, point 1: the gate on a tablet held by a guard. On a 768 × 1024 touch screen (and turned,
 * 1024 × 768) the guard picks the gate, records an entry and the departure with taps only; the row actions
 * (detail, leave, write-off), the console buttons and the dialog buttons are at least 44 px, and nothing
 * scrolls sideways.
 */
for (const viewport of [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
]) {
  test.describe(`a ${viewport.width} × ${viewport.height} tablet`, () => {
    test.use({ viewport, hasTouch: true, isMobile: viewport.width < 1024 });

    test(`a guard records an entry and a departure with taps (${viewport.width} px)`, async ({
      page,
      adminApi,
    }) => {
      const texts = VISIT_TEXTS.cs;
      const shot = (name: string) => path.join(SCREENSHOTS, `gate-tablet-${name}-${viewport.width}.png`);
      const guard = await givenGuard(adminApi);
      const lastName = uniqueName('Tablet');
      await loginByToken(page, guard, DEMO_PASSWORD, 'cs', '/visits/manager');

      // The gate picker: big tiles, tapped.
      await expect(page.getByTestId('gate-sign-in')).toContainText(texts.gatePrompt);
      const tile = page.getByTestId('gate-tile').first();
      expect(await smallerSide(tile)).toBeGreaterThanOrEqual(TOUCH_TARGET);
      await page.screenshot({ path: shot('gate') });
      await tile.tap();
      await expect(page.getByTestId('visit-manager')).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
      for (const action of ['action-entry', 'action-leave', 'action-departure', 'change-gate'])
        expect(await smallerSide(page.getByTestId(action)), action).toBeGreaterThanOrEqual(TOUCH_TARGET);

      // 'Zapsat vstup' with taps; the dialog fits the screen.
      await page.getByTestId('action-entry').tap();
      const dialog = entryDialog(page);
      await settled(dialog);
      const box = await dialog.locator('.ant-modal-container').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await dialog.getByTestId('visit-lastName').tap();
      await page.keyboard.type(lastName);
      await dialog.getByTestId('visit-firstName').tap();
      await page.keyboard.type('Tereza');
      await choose(page, dialog.locator('#purpose'), 'Exkurze');
      const submit = dialog.getByTestId('visit-submit');
      expect(await smallerSide(submit)).toBeGreaterThanOrEqual(TOUCH_TARGET);
      await page.screenshot({ path: shot('entry') });
      await submit.tap();
      await expect(dialog).toBeHidden();

      // The row actions of an entry in the area: detail, leave and write-off, each a finger's size.
      const row = visitRow(page, lastName);
      await expect(row).toContainText(texts.inArea);
      for (const action of ['preview', 'leave', 'writeOff']) {
        const button = row.locator(`[data-action="${action}"]`);
        await expect(button).toBeVisible();
        expect(await smallerSide(button), action).toBeGreaterThanOrEqual(TOUCH_TARGET);
      }
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: shot('manager') });

      // 'Zapsat odchod' from the row, tapped.
      await row.locator('[data-action="leave"]').tap();
      const leave = page.locator('.ant-modal', { has: page.getByTestId('leave-submit') });
      await settled(leave);
      expect(await smallerSide(leave.getByTestId('leave-submit'))).toBeGreaterThanOrEqual(TOUCH_TARGET);
      await page.screenshot({ path: shot('leave') });
      await leave.getByTestId('leave-submit').tap();
      await expect(leave).toBeHidden();
      await expect(visitRow(page, lastName)).toHaveCount(2);
      await expect(visitRow(page, lastName).nth(1)).toContainText(texts.left);
    });
  });
}
