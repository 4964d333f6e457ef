import path from 'node:path';
import { createRecord, topDialog } from '../support/crud';
import {
  type AdminApi,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
  userApi,
} from '../support/fixtures';
import { SCREENSHOTS, choose } from '../support/visits';

/**
 * Stock (issue 15; the server's rules: server/src/modules/stock/*.test.ts), in independent tests with their own
 * set-up through the API: a stock administrator sets up a warehouse and two items; a stock user lends an item to
 * a person with the scanned code (its category asks for a handover document and names none: the movement says
 * so) and takes it back; a stock taking that finds less than expected is closed and its variance report shown.
 * Screenshots in the flow's language.
 */
const PASSWORD = 'Stock-e2e-1!';
const PRAHA = 'Praha – centrála';
/** The demo's torches ask for a document on issue (and name no signature document). */
const TORCHES = 'Svítilny';

const stockAdmin = (adminApi: AdminApi) => userApi(adminApi, 'StockAdmin', ['STOCK_ADMIN'], PASSWORD);

/** A warehouse holding ten torches, set up and received by the stock administrator through the API. */
async function tenTorches(admin: AdminApi, suffix: string) {
  const [category] = await admin.get<Array<{ id: number }>>('/stock/category', { name: TORCHES });
  const [unit] = await admin.get<Array<{ id: number }>>('/stock/mu', { name: 'Kusy' });
  expect(category && unit).toBeTruthy();
  const warehouse = await admin.post<{ id: number; name: string }>('/stock/warehouse', {
    name: `Sklad ${suffix}`,
  });
  const item = await admin.post<{ id: number; code: string; name: string }>('/stock/item', {
    code: `LAMP-${suffix}`,
    name: `Svítilna ${suffix}`,
    category: category.id,
    unit: unit.id,
    minimum: 2,
    price: 100,
  });
  await admin.post('/stock/item/movement', {
    item: item.id,
    warehouse: warehouse.id,
    units: 10,
    type: 'STOCK_OPERATION',
  });
  return { warehouse, item };
}

async function currentStock(admin: AdminApi, code: string): Promise<number> {
  const [item] = await admin.get<Array<{ current: number }>>('/stock/item', { code });
  return item.current;
}

for (const language of flowLanguages('stock')) {
  const shot = (name: string) => path.join(SCREENSHOTS, `stock-${name}-${language}.png`);

  test(`the stock administrator sets up a warehouse and two items, both below their minimum (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const admin = await stockAdmin(adminApi);
    const warehouse = `Sklad ${suffix}`;
    await loginByToken(page, admin.userName, PASSWORD, language, '/stock/warehouses');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(warehouse);
    });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: warehouse })).toHaveCount(1);

    await page.goto('/stock/items');
    const items = [
      { code: `LAMP-${suffix}`, name: `Svítilna ${suffix}`, category: TORCHES },
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
    await expect(itemRows.getByTestId('stock-below-minimum')).toHaveCount(2);
    await page.screenshot({ path: shot('items') });
  });

  test(`a stock user lends an item by its code, is told no handover document exists, and takes it back (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const admin = await stockAdmin(adminApi);
    const clerk = await userApi(adminApi, 'StockUser', ['STOCK_USER'], PASSWORD);
    const praha = (await adminApi.sites()).find((site) => site.name === PRAHA)!;
    const borrower = `Půjčovatel${suffix}`;
    await adminApi.post('/system_person', { firstName: 'Pavel', lastName: borrower, homeSite: praha.id });
    const { warehouse, item } = await tenTorches(admin.api, suffix);

    await loginByToken(page, clerk.userName, PASSWORD, language, '/stock/movements');
    await page.getByTestId('stock-record-movement').click();
    const movement = page.locator('.ant-modal').filter({ has: page.getByTestId('stock-code') });
    await settled(movement);
    await page.getByTestId('stock-code').fill(item.code);
    await page.getByTestId('stock-code').press('Enter');
    await expect(page.getByTestId('stock-item-found')).toContainText(item.name);
    await choose(page, movement.getByTestId('stock-warehouse').locator('input'), warehouse.name);
    await page.getByTestId('stock-type-LONG_TERM').click();
    await page.getByTestId('stock-units').fill('1');
    await choose(page, movement.getByTestId('stock-person').locator('input'), borrower);
    await page.screenshot({ path: shot('lend') });
    await clickSettled(page.getByTestId('stock-movement-submit'));
    await expect(movement).toBeHidden();
    // No handover document could be prepared: the confirmation says why.
    const handover = page.locator('.ant-modal').filter({ has: page.getByTestId('stock-document-dialog') });
    await expect(handover.getByTestId('stock-document-missing-text')).toBeVisible();
    await handover.locator('.ant-modal-close').click();
    await expect(handover).toBeHidden();
    expect(await currentStock(admin.api, item.code)).toBe(9);

    await page.getByTestId('stock-lendings-tab').click();
    const lending = page.getByTestId('stock-lending-row').filter({ hasText: item.code });
    await expect(lending).toHaveCount(1);
    await expect(lending).toContainText(borrower);
    await expect(lending.getByTestId('stock-document-missing')).toBeVisible();
    await page.screenshot({ path: shot('lendings') });
    await lending.getByTestId('stock-return').click();
    await clickSettled(page.getByTestId('stock-return-submit'));
    await expect(lending).toHaveCount(0);
    expect(await currentStock(admin.api, item.code)).toBe(10);
  });

  test(`a stock taking that counts fewer items than expected is closed with its variance report (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const admin = await stockAdmin(adminApi);
    const { warehouse, item } = await tenTorches(admin.api, suffix);

    // 7 lamps counted where 10 are expected; closed, the variance report shows the 3 missing.
    const taking = `Inventura ${suffix}`;
    await loginByToken(page, admin.userName, PASSWORD, language, '/stock/takings');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(taking);
      await choose(page, dialog.locator('#warehouse'), warehouse.name);
    });
    const takingRow = page.getByTestId('stock-taking-row').filter({ hasText: taking });
    await expect(takingRow).toHaveCount(1);
    await takingRow.locator('[data-action="preview"]').click();
    const detail = page.locator('.ant-modal').filter({ has: page.getByTestId('stock-taking-lines-tab') });
    await expect(detail).toBeVisible();
    await page.getByTestId('stock-taking-line-add').click();
    const line = topDialog(page);
    await settled(line);
    await choose(page, line.locator('#item'), item.name);
    await line.locator('#counted').fill('7');
    await clickSettled(line.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(detail.getByTestId('stock-taking-line')).toHaveCount(1);
    await page.screenshot({ path: shot('taking') });

    await page.getByTestId('stock-taking-close').click();
    await clickSettled(page.getByTestId('stock-taking-close-confirm'));
    await expect(detail.getByTestId('stock-taking-closed')).toBeVisible();
    const variance = detail.getByTestId('stock-variance');
    await expect(variance).toBeVisible();
    const row = variance.locator(`[data-testid="stock-variance-row"][data-item="${item.code}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('10');
    await expect(row).toContainText('7');
    await expect(row).toContainText('3');
    await expect(detail.getByTestId('stock-taking-line-add')).toHaveCount(0);
    // The total is money in the stock's currency (the site property STOCK_CURRENCY, CZK by default).
    await expect(detail.getByTestId('stock-variance-total')).toContainText(language === 'cs' ? 'Kč' : 'CZK');
    await page.screenshot({ path: shot('variance') });
    expect(await currentStock(admin.api, item.code)).toBe(7);
  });
}
