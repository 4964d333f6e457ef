import path from 'node:path';
import { createRecord, topDialog } from '../support/crud';
import {
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
  userApi,
} from '../support/fixtures';
import { SCREENSHOTS, allowLongFlows, choose } from '../support/visits';

allowLongFlows();

/**
 * Stock (issue 15; the server's rules: server/src/modules/stock/*.test.ts): a stock administrator sets up a
 * warehouse and two items; a stock user lends one to a person with the scanned code (its category asks for a
 * handover document and names none: the movement says so) and takes it back; a stock taking that finds less than
 * expected is closed and its variance report shown. Both languages, with
 * screenshots.
 */
const PASSWORD = 'Stock-e2e-1!';
const PRAHA = 'Praha – centrála';

for (const language of flowLanguages('stock')) {
  test(`a warehouse and items set up, an item lent and taken back, a stock taking closed with its variance (${language})`, async ({
    page,
    newPage,
    adminApi,
  }) => {
    const shot = (name: string) => path.join(SCREENSHOTS, `stock-${name}-${language}.png`);
    const suffix = uniqueName('');
    const admin = await userApi(adminApi, 'StockAdmin', ['STOCK_ADMIN'], PASSWORD);
    const clerk = await userApi(adminApi, 'StockUser', ['STOCK_USER'], PASSWORD);
    const praha = (await adminApi.sites()).find((site) => site.name === PRAHA)!;
    const borrower = `Půjčovatel${suffix}`;
    await adminApi.post('/system_person', { firstName: 'Pavel', lastName: borrower, homeSite: praha.id });

    // The administrator: a warehouse and two items.
    const warehouse = `Sklad ${suffix}`;
    await loginByToken(page, admin.userName, PASSWORD, language, '/stock/warehouses');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(warehouse);
    });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: warehouse })).toHaveCount(1);

    await page.goto('/stock/items');
    // The demo's torches ask for a document on issue (and name no signature document).
    const items = [
      { code: `LAMP-${suffix}`, name: `Svítilna ${suffix}`, category: 'Svítilny' },
      { code: `VEST-${suffix}`, name: `Vesta ${suffix}`, category: 'Spotřební materiál' },
    ];
    for (const item of items)
      await createRecord(page, language, async (dialog) => {
        await dialog.locator('#code').fill(item.code);
        await dialog.locator('#name').fill(item.name);
        await choose(page, dialog.locator('#category'), item.category);
        await choose(page, dialog.locator('#unit'), 'Kusy');
        await dialog.locator('#minimum').fill('2');
        await dialog.locator('#price').fill('100');
      });
    const itemRows = page.getByTestId('stock-item-row').filter({ hasText: suffix });
    await expect(itemRows).toHaveCount(2);
    // Nothing in stock yet: both under their minimum.
    await expect(itemRows.first().getByTestId('stock-below-minimum')).toBeVisible();
    await page.screenshot({ path: shot('items') });

    // Ten lamps come in (a receipt of the administrator's, through the API).
    const [lamp] = await admin.api.get<Array<{ id: number }>>('/stock/item', { code: items[0].code });
    const [store] = await admin.api.get<Array<{ id: number }>>('/stock/warehouse', { name: warehouse });
    await admin.api.post('/stock/item/movement', {
      item: lamp.id,
      warehouse: store.id,
      units: 10,
      type: 'STOCK_OPERATION',
    });

    // The stock user lends a lamp by its code, then takes it back.
    const clerkPage = await newPage();
    await loginByToken(clerkPage, clerk.userName, PASSWORD, language, '/stock/movements');
    await clerkPage.getByTestId('stock-record-movement').click();
    const movement = clerkPage.locator('.ant-modal').filter({ has: clerkPage.getByTestId('stock-code') });
    await settled(movement);
    await clerkPage.getByTestId('stock-code').fill(items[0].code);
    await clerkPage.getByTestId('stock-code').press('Enter');
    await expect(clerkPage.getByTestId('stock-item-found')).toContainText(items[0].name);
    await choose(clerkPage, movement.getByTestId('stock-warehouse').locator('input'), warehouse);
    await clerkPage.getByTestId('stock-type-LONG_TERM').click();
    await clerkPage.getByTestId('stock-units').fill('1');
    await choose(clerkPage, movement.getByTestId('stock-person').locator('input'), borrower);
    await clerkPage.screenshot({ path: shot('lend') });
    await clickSettled(clerkPage.getByTestId('stock-movement-submit'));
    await expect(movement).toBeHidden();
    // No handover document could be prepared: the confirmation says why.
    const handover = clerkPage
      .locator('.ant-modal')
      .filter({ has: clerkPage.getByTestId('stock-document-dialog') });
    await expect(handover.getByTestId('stock-document-missing-text')).toBeVisible();
    await handover.locator('.ant-modal-close').click();
    await expect(handover).toBeHidden();

    await clerkPage.getByTestId('stock-lendings-tab').click();
    const lending = clerkPage.getByTestId('stock-lending-row').filter({ hasText: items[0].code });
    await expect(lending).toHaveCount(1);
    await expect(lending).toContainText(borrower);
    await expect(lending.getByTestId('stock-document-missing')).toBeVisible();
    await clerkPage.screenshot({ path: shot('lendings') });
    await lending.getByTestId('stock-return').click();
    await clickSettled(clerkPage.getByTestId('stock-return-submit'));
    await expect(lending).toHaveCount(0);
    const [afterReturn] = await admin.api.get<Array<{ current: number }>>('/stock/item', {
      code: items[0].code,
    });
    expect(afterReturn.current).toBe(10);

    // A stock taking finds 7 lamps where 10 are expected; closed, its variance report shows the 3 missing.
    const taking = `Inventura ${suffix}`;
    await page.goto('/stock/takings');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(taking);
      await choose(page, dialog.locator('#warehouse'), warehouse);
    });
    const takingRow = page.getByTestId('stock-taking-row').filter({ hasText: taking });
    await expect(takingRow).toHaveCount(1);
    await takingRow.locator('[data-action="preview"]').click();
    const detail = page.locator('.ant-modal').filter({ has: page.getByTestId('stock-taking-lines-tab') });
    await expect(detail).toBeVisible();
    await page.getByTestId('stock-taking-line-add').click();
    const line = topDialog(page);
    await settled(line);
    await choose(page, line.locator('#item'), items[0].name);
    await line.locator('#counted').fill('7');
    await clickSettled(line.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(detail.getByTestId('stock-taking-line')).toHaveCount(1);
    await page.screenshot({ path: shot('taking') });

    await page.getByTestId('stock-taking-close').click();
    await clickSettled(page.getByTestId('stock-taking-close-confirm'));
    await expect(detail.getByTestId('stock-taking-closed')).toBeVisible();
    const variance = detail.getByTestId('stock-variance');
    await expect(variance).toBeVisible();
    const row = variance.locator(`[data-testid="stock-variance-row"][data-item="${items[0].code}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('10');
    await expect(row).toContainText('7');
    await expect(row).toContainText('3');
    await expect(detail.getByTestId('stock-taking-line-add')).toHaveCount(0);
    // The total is money in the stock's currency (the site property STOCK_CURRENCY, CZK by default).
    await expect(detail.getByTestId('stock-variance-total')).toContainText(language === 'cs' ? 'Kč' : 'CZK');
    await page.screenshot({ path: shot('variance') });
    const [counted] = await admin.api.get<Array<{ current: number }>>('/stock/item', { code: items[0].code });
    expect(counted.current).toBe(7);
  });
}
