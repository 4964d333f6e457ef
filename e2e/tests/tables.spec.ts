import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { APP_ROUTES } from '../../packages/contract/src/routes';
import { ADMIN_PASSWORD, expect, loginByToken, test, uniqueName, type Language } from '../support/fixtures';
import { keepsGate } from '../support/visits';

/**
 * The lists of the app (all built on the CrudPage), in both languages: no text is left untranslated, no header
 * cell is ever cut at desktop widths, the page never runs wider than the window, the user chooses the columns
 * (kept over a reload), and a phone shows each record as a card with finger-sized buttons.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const screenshots = path.resolve(here, '..', '..', 'screenshots');

/**
 * Every page of the administrator's menu (the route table's pages in an area). The gate consoles (visit and
 * vehicle manager, key lend-outs) first ask for a gate: the first one is picked.
 */
/**
 * Pages of the menu that are no list: the logistics board, the site's reports (charts and sums) and privacy
 * (settings and the record of processing; its legal holds list: privacy.spec.ts) and its subject requests (a
 * search form: subject-requests.spec.ts).
 */
const NOT_LISTS = ['/logistics/manager', '/site/reports', '/admin/privacy', '/admin/privacy/requests'];
const LIST_PAGES = APP_ROUTES.filter((route) => route.area !== null)
  .map((route) => route.path)
  .filter((route) => !NOT_LISTS.includes(route));

/** Header cells whose text does not fit (the title is wider than the space it has). */
async function clippedHeaders(page: Page): Promise<string[]> {
  return page.locator('.crud-page:not([data-left]) .crud-card .ant-table-thead th').evaluateAll((cells) =>
    cells
      .map((cell) => {
        const title = (cell.querySelector('.ant-table-column-title') as HTMLElement | null) ?? cell;
        const text = (title.textContent ?? '').trim();
        return {
          text,
          clipped: title.scrollWidth > title.clientWidth || cell.scrollWidth > cell.clientWidth,
        };
      })
      .filter((cell) => cell.text && cell.clipped)
      .map((cell) => cell.text),
  );
}

/** The top-level groups of the app's texts: a text shown as `group.key` is a key that has no translation. */
const TEXT_GROUPS = Object.keys(
  JSON.parse(
    readFileSync(path.resolve(here, '..', '..', 'web', 'src', 'locales', 'en.json'), 'utf8'),
  ) as object,
);
const UNTRANSLATED = new RegExp(`^(${TEXT_GROUPS.join('|')})(\\.[\\w-]+)+$`);

/** Texts of the page that are keys of the app's texts instead of their translation. */
async function untranslatedTexts(page: Page): Promise<string[]> {
  const lines = await page.evaluate(() => document.body.innerText.split('\n').map((line) => line.trim()));
  return lines.filter((line) => UNTRANSLATED.test(line));
}

/** How far the list screen runs wider than its place or the window (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.locator('.crud-page:not([data-left])').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return Math.max(list.scrollWidth - list.clientWidth, Math.ceil(box.right - window.innerWidth));
  });

/**
 * How far the list's table runs wider than its scroll container (0 when its columns fit, > 0 when it scrolls
 * sideways), and whether its first column takes more than a third of it.
 */
const tableFit = (page: Page) =>
  page.locator('.crud-page:not([data-left]) .crud-card .ant-table-wrapper').evaluate((wrapper) => {
    const scroller = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
    const headers = Array.from(wrapper.querySelectorAll<HTMLElement>('.ant-table-thead th'));
    const first = headers[0].classList.contains('ant-table-row-expand-icon-cell') ? headers[1] : headers[0];
    return {
      overflow: scroller.scrollWidth - scroller.clientWidth,
      wideFirst: first.getBoundingClientRect().width > scroller.clientWidth / 3 + 1,
    };
  });

/** The gate consoles among the lists: the first one opened asks for a gate (kept in the browser for the test). */
const GATE_CONSOLES = new Set(['/visits/manager', '/vehicles/manager', '/keys/lendouts']);
async function pickGateIfAsked(page: Page, route: string) {
  if (!GATE_CONSOLES.has(route) || (await keepsGate(page))) return;
  await page.getByTestId('gate-tile').first().click({ timeout: 20_000 });
}

/** The list screens in groups: one test per group keeps each within its time on a busy machine. */
const GROUPS = Array.from({ length: Math.ceil(LIST_PAGES.length / 8) }, (_, index) =>
  LIST_PAGES.slice(index * 8, index * 8 + 8),
);
const WIDTHS = [1440, 1024];

/**
 * Opens a route inside the running app (as a menu click does): no reload, no new session restore. The list
 * that was shown is marked, so that only the new route's list is measured.
 */
async function openInApp(page: Page, route: string) {
  await page.evaluate((path) => {
    if (window.location.pathname === path) return;
    document.querySelectorAll('.crud-page').forEach((list) => list.setAttribute('data-left', 'true'));
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
}

/** Switches the app's language with the chooser in its header, and waits until the page has taken it. */
async function switchLanguage(page: Page, language: Language) {
  await page.getByTestId('language-chooser').click();
  await page.locator(`.ant-dropdown-menu-item[lang="${language}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/** Each list screen in Czech, then in English after a switch of the language in the running app. */
for (const [index, routes] of GROUPS.entries()) {
  test(`no list cuts a header at ${WIDTHS.join(' or ')} px, fits 1440 px or leaves a text untranslated (group ${index + 1})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await loginByToken(page, 'admin', ADMIN_PASSWORD, 'cs', routes[0]);
    let language: Language = 'cs';
    for (const route of routes) {
      await openInApp(page, route);
      await pickGateIfAsked(page, route);
      const headers = page.locator('.crud-page:not([data-left]) .crud-card .ant-table-thead th');
      await expect(headers.first(), route).toBeVisible({ timeout: 20_000 });
      expect(await headers.count(), route).toBeGreaterThan(1);
      const order: Language[] = language === 'cs' ? ['cs', 'en-US'] : ['en-US', 'cs'];
      for (const next of order) {
        if (next !== language) await switchLanguage(page, (language = next));
        expect(await untranslatedTexts(page), `${route} (${language}): texts without translation`).toEqual(
          [],
        );
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const where = `${route} at ${width} px (${language})`;
          // The table lays its columns out again after a resize: measured until it has settled.
          await expect.poll(() => clippedHeaders(page), { message: where }).toEqual([]);
          await expect.poll(() => pageOverflow(page), { message: where }).toBeLessThanOrEqual(0);
          // At 1440 px (the side menu open) the default columns fit: nothing hides behind sideways scrolling, and
          // no first column takes a third of the table. At 1024 px the table may scroll, its key columns first.
          if (width === 1440)
            await expect
              .poll(() => tableFit(page), { message: `${where}: the default columns fit` })
              .toEqual({ overflow: 0, wideFirst: false });
        }
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      }
    }
  });
}

test('the user chooses the columns of a list, and the choice stays after a reload', async ({ page }) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/users');
  const sites = page.getByRole('columnheader', { name: 'Sites' });
  await expect(sites).toBeVisible();

  await page.getByTestId('crud-columns').click();
  const panel = page.getByTestId('crud-columns-panel');
  await expect(panel).toBeVisible();
  await panel.locator('[data-column="sites"]').click();
  await expect(sites).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'User name' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'User name' })).toBeVisible();
  await expect(sites).toHaveCount(0);

  await page.getByTestId('crud-columns').click();
  await page.getByTestId('crud-columns-panel').locator('[data-column="sites"]').click();
  await expect(sites).toBeVisible();
});

test('a column declared optional waits in the chooser; showing it is remembered per list', async ({
  page,
}) => {
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/admin/persons');
  const homeSite = page.getByRole('columnheader', { name: 'Home site' });
  const phone = page.getByRole('columnheader', { name: 'Phone' });
  await expect(homeSite).toBeVisible();
  await expect(phone).toHaveCount(0);

  await page.getByTestId('crud-columns').click();
  const panel = page.getByTestId('crud-columns-panel');
  await panel.locator('[data-column="phone"]').click();
  await expect(phone).toBeVisible();
  await page.reload();
  await expect(phone).toBeVisible();
  // The choice is kept for this list alone (in the browser's local storage).
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('strazce.columns.')),
  );
  expect(kept).toEqual(['strazce.columns./admin/persons:system_person']);

  await page.getByTestId('crud-columns').click();
  await page.getByTestId('crud-columns-default').click();
  await expect(phone).toHaveCount(0);
  await page.reload();
  await expect(homeSite).toBeVisible();
  await expect(phone).toHaveCount(0);
});

test('a phone shows records as cards with large buttons, and a delete names the record', async ({
  page,
  adminApi,
}) => {
  const name = uniqueName('Purpose ');
  await adminApi.post('/visit/purpose', { name, anonymize: false, valid: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginByToken(page, 'admin', ADMIN_PASSWORD, 'en-US', '/visits/purposes');
  const cards = page.locator('.crud-card-item');
  await expect(cards.first()).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // Find it with the phone's filter panel.
  await page.getByTestId('crud-phone-filters').click();
  const search = page.getByRole('textbox', { name: 'Search Name' });
  await search.fill(name);
  await search.press('Enter');
  await page.locator('.crud-phone-filters .ant-drawer-close').click();
  const card = cards.filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(cards).toHaveCount(1);

  const buttons = card.locator('.crud-card-actions .ant-btn');
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const box of await buttons.evaluateAll((all) => all.map((button) => button.getBoundingClientRect())))
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);

  await card.locator('[data-action="delete"]').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`“${name}”`);
  await confirm.locator('.ant-btn-dangerous').click();
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
});

/** The admin lists at the four widths in both languages, for a look at them. */
for (const language of ['cs', 'en-US'] as Language[]) {
  test(`screenshots of admin lists (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await loginByToken(page, 'admin', ADMIN_PASSWORD, language, '/admin/users');
    for (const width of [390, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });
      for (const [route, label] of [
        ['/admin/users', 'users'],
        ['/visits/purposes', 'purposes'],
        ['/admin/emails', 'emails'],
      ]) {
        await openInApp(page, route);
        // The list has loaded.
        await expect(page.locator('.crud-page:not([data-left]) .crud-count')).toContainText(/\d/);
        expect(await pageOverflow(page), `${route} at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(screenshots, `tables-${label}-${width}-${language}.png`),
          animations: 'disabled',
        });
      }
    }
  });
}
