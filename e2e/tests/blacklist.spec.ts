import { DEMO_PASSWORD, clickSettled, loginByToken, settled, test, type Language } from '../support/fixtures';
import {
  entryDialog,
  fillEntry,
  givenBlacklistedPerson,
  givenGuard,
  leftEdgeShadow,
  enterAcknowledged,
  overflowsSideways,
  sticksOut,
  warningDialog,
} from '../support/blacklist';
import { allowLongFlows, expect, forEachLanguage, signInToGate, visitRow } from '../support/visits';

allowLongFlows();

const TEXTS = {
  cs: {
    list: 'Interní černá listina – osoba',
    flag: 'Černá listina',
    title: 'Návštěvník je na černé listině',
    allow: 'Povolit vstup i přes černou listinu',
    reason: 'Opakovaná krádež nářadí',
    note: 'Při pokusu o vstup volejte vedoucího směny.',
    acknowledge: (name: string, reason: string) =>
      `Ověřil(a) jsem, že ${name} (Interní černá listina – osoba: ${reason}) smí vstoupit.`,
  },
  'en-US': {
    list: 'Internal blacklist – person',
    flag: 'Blacklist',
    title: 'The visitor is on a blacklist',
    allow: 'Allow entry despite the blacklist',
    reason: 'Repeated theft of tools',
    note: 'Call the shift supervisor when they try to enter.',
    acknowledge: (name: string, reason: string) =>
      `I have checked that ${name} (Internal blacklist – person: ${reason}) may enter.`,
  },
} satisfies Record<Language, unknown>;

/** The widths the screens must work at (phone, tablet portrait, tablet landscape, desktop). */
const WIDTHS = [390, 768, 1024, 1440];

/**
 * Issue 11, point 5: a blacklist hit is unmissable. A guard enters a visitor on the site's internal
 * blacklist: the warning names the list, the reason and the note; Enter does not get through it, and the
 * entry is recorded only after the guard ticks the sentence naming the hit. The visitor's row is then marked
 * (a red "Blacklist" tag and a red bar) in the visit manager and the in-area overview, and the detail shows
 * the list and the reason. Screens at 390, 768, 1024 and 1440 px in both languages.
 */
forEachLanguage('blacklist', (language, _texts, shot) => {
  const texts = TEXTS[language];
  test(`a guard must confirm a blacklist hit by name, and the visitor is marked everywhere (${language})`, async ({
    page,
    adminApi,
  }) => {
    const person = await givenBlacklistedPerson(adminApi, { reason: texts.reason, note: texts.note });
    const name = `${person.firstName} ${person.lastName}`;
    const guard = await givenGuard(adminApi);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginByToken(page, guard, DEMO_PASSWORD, language, '/visits/manager');
    await signInToGate(page, language);

    const dialog = await fillEntry(page, person.firstName, person.lastName);
    await dialog.getByTestId('visit-submit').click();
    const warning = warningDialog(page);
    await settled(warning);
    await expect(warning).toContainText(texts.title);
    const hit = warning.getByTestId('blacklist-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(texts.list);
    await expect(hit).toContainText(name);
    await expect(hit.getByTestId('blacklist-hit-reason')).toHaveText(texts.reason);
    await expect(hit.getByTestId('blacklist-hit-note')).toHaveText(texts.note);
    const allow = warning.getByTestId('entry-warning-ok');
    await expect(allow).toHaveText(texts.allow);
    await expect(allow).toBeDisabled();

    // Enter does not get through: the focus is on Cancel, so the warning closes and nothing is recorded.
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await expect(dialog).toBeVisible();

    await dialog.getByTestId('visit-submit').click();
    await settled(warning);
    // The check box names the visitor, the list and the reason.
    await expect(warning.locator('.visits-hit-confirm')).toHaveText(texts.acknowledge(name, texts.reason));
    const confirm = warning.getByRole('checkbox', { name: texts.acknowledge(name, texts.reason) });
    await expect(confirm).not.toBeChecked();
    await expect(allow).toBeDisabled();
    await confirm.check();
    await expect(allow).toBeEnabled();
    await page.screenshot({ path: shot('warning-1440'), animations: 'disabled' });
    await allow.click();
    await expect(warning).toBeHidden();
    await expect(entryDialog(page)).toBeHidden();

    // The visit manager: a red tag with the word and a red bar on the row's left edge.
    const row = visitRow(page, person.lastName);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('blacklist-flag')).toHaveText(texts.flag);
    expect(await leftEdgeShadow(row)).toContain('inset');
    await page.screenshot({ path: shot('manager-1440') });

    // The detail: which list, what matched, the reason and the note.
    await row.locator('[data-action="preview"]').click();
    const detail = page.getByTestId('visit-blacklist-hits');
    await settled(detail);
    await expect(detail).toContainText(texts.list);
    await expect(detail).toContainText(texts.reason);
    await expect(detail).toContainText(texts.note);
    await page.screenshot({ path: shot('detail-1440') });
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The in-area overview marks the row the same way; its detail too.
    await page.goto('/visits/overview');
    const inArea = visitRow(page, person.lastName);
    await expect(inArea.getByTestId('blacklist-flag')).toHaveText(texts.flag);
    expect(await leftEdgeShadow(inArea)).toContain('inset');
    await page.screenshot({ path: shot('overview-1440') });
    await inArea.locator('[data-action="preview"]').click();
    await expect(page.getByTestId('visit-blacklist-hits')).toContainText(texts.reason);
    await page.keyboard.press('Escape');
  });

  test(`the blacklist mark, the warning and the detail at ${WIDTHS.filter((value) => value !== 1440).join(', ')} px (${language})`, async ({
    page,
    adminApi,
  }) => {
    const person = await givenBlacklistedPerson(adminApi, { reason: texts.reason, note: texts.note });
    const guard = await givenGuard(adminApi);
    const session = await loginByToken(page, guard, DEMO_PASSWORD, language, '/visits/manager');
    await signInToGate(page, language);
    await enterAcknowledged(page.request, session.session.token, person);

    for (const width of WIDTHS.filter((value) => value !== 1440)) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : width === 768 ? 1024 : 768 });
      // Loaded at this width: nothing scrolls sideways, the mark stays in view.
      await page.goto('/visits/manager');
      const managerRow = visitRow(page, person.lastName);
      await expect(managerRow.getByTestId('blacklist-flag')).toBeVisible();
      expect(await sticksOut(page.getByTestId('visit-manager')), 'manager').toBe(false);
      if (width >= 768) expect(await overflowsSideways(page), 'page').toBe(false);
      await page.screenshot({ path: shot(`manager-${width}`) });

      await managerRow.locator('[data-action="preview"]').click();
      const detail = page.getByTestId('visit-blacklist-hits');
      await settled(detail);
      await expect(detail).toContainText(texts.reason);
      await page.screenshot({ path: shot(`detail-${width}`) });
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // A second entry of the same visitor: the warning fits the screen; the guard cancels it.
      const again = await fillEntry(page, person.firstName, person.lastName);
      await again.getByTestId('visit-submit').click();
      const warning = warningDialog(page);
      await settled(warning);
      const box = await warning.locator('.ant-modal-container').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shot(`warning-${width}`), animations: 'disabled' });
      await clickSettled(warning.getByTestId('entry-warning-cancel'));
      await expect(warning).toBeHidden();
      await page.screenshot({ path: shot(`entry-${width}`) });
      await again.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(again).toBeHidden();
      await expect(visitRow(page, person.lastName)).toHaveCount(1);

      await page.goto('/visits/overview');
      await expect(visitRow(page, person.lastName).getByTestId('blacklist-flag')).toBeVisible();
      expect(await sticksOut(page.getByTestId('visit-overview')), 'overview').toBe(false);
      await page.screenshot({ path: shot(`overview-${width}`) });
    }
  });
});
