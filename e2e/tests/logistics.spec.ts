import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createRecord } from '../support/crud';
import {
  AdminApi,
  apiLogin,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
} from '../support/fixtures';
import { text } from '../support/texts';
import { SCREENSHOTS, choose } from '../support/visits';

/**
 * Logistics (issue 16; the server's rules: server/src/modules/logistics/*.test.ts): on a site of its own, a
 * logistics administrator configures three statuses and two workflow operations in the browser; a dispatcher
 * creates a transport on the board and moves it through the workflow (an editor with a compulsory ramp, then a
 * transition without editor that asks for confirmation) while a second dispatcher's board follows without a
 * reload; when both act on the same transport at once the second gets the conflict message; the transport's
 * log shows both operations. Independent tests, each with its own site set up through the API; screenshots.
 */
const PASSWORD = 'Logistics-e2e-1!';

const crudDialog = (page: Page) => page.locator('.crud-dialog');

/** Picks a value of a multiple select and closes its list (Escape closes the list, not the dialog). */
async function chooseMany(page: Page, select: Locator, value: string) {
  await choose(page, select, value);
  await select.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * A site of its own (its statuses alone decide where a new transport starts) with its logistics administrator,
 * a ramp and a supplier; `user` adds a user of the site with these roles.
 */
async function givenLogisticsSite(adminApi: AdminApi) {
  const suffix = uniqueName('');
  const siteName = `Logistika ${suffix}`;
  await adminApi.post('/system_site', { name: siteName, valid: true, modules: ['MOD_LOGISTICS'] });
  const user = async (prefix: string, roles: string[]) => {
    const created = await adminApi.createUser({
      userName: uniqueName(prefix),
      password: PASSWORD,
      roles,
      sites: [siteName],
    });
    return created.userName;
  };
  const chief = await user('LogAdmin', ['LOGISTICS_ADMIN']);
  const chiefApi = await apiOf(adminApi, chief);
  const ramp = `Rampa ${suffix}`;
  const supplier = `Dodavatel ${suffix}`;
  const rampId = (await chiefApi.post<{ id: number }>('/logistics/ramp', { name: ramp })).id;
  const supplierId = (await chiefApi.post<{ id: number }>('/logistics/supplier', { name: supplier })).id;
  return { suffix, user, chief, chiefApi, ramp, rampId, supplier, supplierId };
}

/** The API as this user of the tests' password calls it. */
async function apiOf(adminApi: AdminApi, userName: string): Promise<AdminApi> {
  return new AdminApi(adminApi.request, (await apiLogin(adminApi.request, userName, PASSWORD)).session.token);
}

/**
 * The workflow of the first test, through the API: three statuses (the last closes a transport), 'Vjezd' with an
 * editor (a compulsory ramp, the entry set by the server) and 'Odjezd' without one, which asks for confirmation.
 */
async function givenWorkflow(chiefApi: AdminApi, suffix: string) {
  const announced = `Ohlášeno ${suffix}`;
  const atRamp = `U rampy ${suffix}`;
  const gone = `Odjelo ${suffix}`;
  const status = async (name: string, position: number, archive = false) =>
    (await chiefApi.post<{ id: number }>('/logistics/status', { name, position, archive })).id;
  const [announcedId, atRampId, goneId] = [
    await status(announced, 1),
    await status(atRamp, 2),
    await status(gone, 3, true),
  ];
  await chiefApi.post('/logistics/operation', {
    name: 'Vjezd',
    startStatus: announcedId,
    endStatus: atRampId,
    roles: ['LOGISTICS_OPERATOR'],
    compulsoryAttributes: ['ramp'],
    automaticAttributes: ['entry'],
  });
  await chiefApi.post('/logistics/operation', {
    name: 'Odjezd',
    startStatus: atRampId,
    endStatus: goneId,
    roles: ['LOGISTICS_OPERATOR'],
    requireConfirmation: true,
    withoutEditor: true,
    automaticAttributes: ['leave'],
  });
  return { announced, atRamp, gone };
}

/** The board's column of a status. */
const column = (page: Page, status: string) =>
  page.getByTestId('logistics-board-column').filter({ has: page.getByText(status, { exact: true }) });

for (const language of flowLanguages('logistics')) {
  const shot = (name: string) => path.join(SCREENSHOTS, `logistics-${name}-${language}.png`);

  test(`the logistics administrator configures three statuses and two workflow operations (${language})`, async ({
    page,
    adminApi,
  }) => {
    const { suffix, chief, chiefApi } = await givenLogisticsSite(adminApi);

    // The administrator: three statuses (the last one closes a transport) ...
    const announced = `Ohlášeno ${suffix}`;
    const atRamp = `U rampy ${suffix}`;
    const gone = `Odjelo ${suffix}`;
    await loginByToken(page, chief, PASSWORD, language, '/logistics/statuses');
    for (const [index, name] of [announced, atRamp, gone].entries())
      await createRecord(page, language, async (dialog) => {
        await dialog.locator('#name').fill(name);
        await dialog.locator('#position').fill(String(index + 1));
        if (name === gone) await dialog.locator('#archive').click();
      });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: suffix })).toHaveCount(3);

    // ... and two operations: 'Vjezd' with an editor (a compulsory ramp, the entry set by the server), and
    // 'Odjezd' without an editor, which asks for confirmation.
    await page.goto('/logistics/operations');
    const operatorRole = text(language, 'entity.roles.LOGISTICS_OPERATOR');
    const tab = (dialog: Locator, name: string) =>
      dialog.getByRole('tab', { name: text(language, `logistics.workflow.tab.${name}`) });
    const attribute = (name: string) => text(language, `entity.logistics/transport.fields.${name}`);
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill('Vjezd');
      await choose(page, dialog.locator('#startStatus'), announced);
      await choose(page, dialog.locator('#endStatus'), atRamp);
      await chooseMany(page, dialog.locator('#roles'), operatorRole);
      await tab(dialog, 'attributes').click();
      await chooseMany(
        page,
        dialog.getByTestId('logistics-compulsoryAttributes').locator('input'),
        attribute('ramp'),
      );
      // Compulsory attributes lock 'Transition without editor', with the spec's message.
      await expect(dialog.getByTestId('logistics-without-editor-locked')).toHaveText(
        text(language, 'validation.logisticsCompulsorySet'),
      );
      await expect(dialog.getByTestId('logistics-without-editor')).toBeDisabled();
      await chooseMany(
        page,
        dialog.getByTestId('logistics-automaticAttributes').locator('input'),
        attribute('entry'),
      );
      await page.screenshot({ path: shot('operation-editor') });
    });
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill('Odjezd');
      await choose(page, dialog.locator('#startStatus'), atRamp);
      await choose(page, dialog.locator('#endStatus'), gone);
      await chooseMany(page, dialog.locator('#roles'), operatorRole);
      await dialog.locator('#requireConfirmation').click();
      await tab(dialog, 'attributes').click();
      await dialog.getByTestId('logistics-without-editor').click();
      // ... which in turn locks the compulsory and locked attributes.
      await expect(dialog.getByTestId('logistics-compulsoryAttributes-locked')).toHaveText(
        text(language, 'validation.logisticsWithoutEditorSet'),
      );
      await chooseMany(
        page,
        dialog.getByTestId('logistics-automaticAttributes').locator('input'),
        attribute('leave'),
      );
    });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Odjezd' })).toHaveCount(1);

    // As saved: the entry operation wants the ramp and sets the entry; the departure asks and has no editor.
    const operations = await chiefApi.get<Array<Record<string, unknown>>>('/logistics/operation');
    expect(operations.length).toBe(2);
    const byName = Object.fromEntries(operations.map((operation) => [operation.name, operation]));
    expect(byName.Vjezd).toMatchObject({ compulsoryAttributes: ['ramp'], automaticAttributes: ['entry'] });
    expect(byName.Odjezd).toMatchObject({ withoutEditor: true, requireConfirmation: true });
  });

  test(`a transport moved through the workflow on two boards, a viewer's board without actions, a conflict (${language})`, async ({
    newPage,
    adminApi,
  }) => {
    const { suffix, user, chiefApi, ramp, supplier } = await givenLogisticsSite(adminApi);
    const { announced, atRamp, gone } = await givenWorkflow(chiefApi, suffix);
    const dispatcher = await user('Dispatcher', ['LOGISTICS_CREATE', 'LOGISTICS_OPERATOR', 'LOGISTICS_VIEW']);
    const colleague = await user('Colleague', ['LOGISTICS_OPERATOR', 'LOGISTICS_VIEW']);
    const attribute = (name: string) => text(language, `entity.logistics/transport.fields.${name}`);

    // Two dispatchers watch the board.
    const other = await newPage();
    await loginByToken(other, colleague, PASSWORD, language, '/logistics/manager');
    await expect(other.getByTestId('logistics-board')).toBeVisible();
    await expect(other.getByTestId('logistics-auto-refresh')).toBeChecked();
    await expect(other.getByTestId('logistics-sound')).toBeChecked();
    await expect(other.getByTestId('logistics-stream')).toHaveAttribute('data-state', 'live');

    const desk = await newPage();
    await loginByToken(desk, dispatcher, PASSWORD, language, '/logistics/manager');
    const plate = `${suffix.slice(-4).toUpperCase()}L${language === 'cs' ? 1 : 2}`;
    await clickSettled(desk.getByTestId('logistics-create'));
    const form = crudDialog(desk);
    await settled(form);
    await choose(desk, form.locator('#supplier'), supplier);
    await form.getByRole('tab', { name: text(language, 'logistics.transport.tab.driver') }).click();
    await form.locator('#licencePlate').fill(plate);
    await clickSettled(form.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(form).toBeHidden();
    const card = (on: Page) => on.getByTestId('logistics-board-card').filter({ hasText: plate });
    await expect(
      column(desk, announced).getByTestId('logistics-board-card').filter({ hasText: plate }),
    ).toBeVisible();
    // The other board shows it without a reload, waiting for entry.
    await expect(
      column(other, announced).getByTestId('logistics-board-card').filter({ hasText: plate }),
    ).toBeVisible();
    await expect(other.getByTestId('logistics-queue-entry')).toContainText(plate);

    // A viewer reads the board but runs no operation: no 'Provést operaci' that would lead nowhere (issue 33),
    // while the dispatcher's board offers it on the same transport.
    const viewer = await user('Viewer', ['LOGISTICS_VIEW']);
    const watch = await newPage();
    const workflowRead = watch.waitForResponse((response) =>
      response.url().includes('/api/logistics/workflow'),
    );
    await loginByToken(watch, viewer, PASSWORD, language, '/logistics/manager');
    expect((await workflowRead).status()).toBe(200);
    await expect(card(watch).first()).toBeVisible();
    await expect(watch.getByTestId('logistics-queue-entry')).toContainText(plate);
    await expect(watch.getByTestId('logistics-card-execute')).toHaveCount(0);
    await watch.screenshot({ path: shot('board-viewer') });
    await watch.close();
    await expect(card(desk).first().getByTestId('logistics-card-execute')).toBeVisible();

    // 'Vjezd': its editor wants the ramp first.
    await clickSettled(card(desk).first().getByTestId('logistics-card-execute'));
    await clickSettled(desk.locator('[data-testid="logistics-operation-option"][data-operation="Vjezd"]'));
    const editor = desk.locator('.ant-modal').filter({ has: desk.getByTestId('logistics-operation-submit') });
    await settled(editor);
    await expect(editor.getByTestId('logistics-automatic-attributes')).toContainText(attribute('entry'));
    await editor.getByTestId('logistics-operation-submit').click();
    await expect(editor).toContainText(text(language, 'validation.required'));
    await choose(desk, editor.locator('#ramp'), ramp);
    await desk.screenshot({ path: shot('execute') });
    await editor.getByTestId('logistics-operation-submit').click();
    await expect(editor).toBeHidden();
    await expect(
      column(other, atRamp).getByTestId('logistics-board-card').filter({ hasText: plate }),
    ).toBeVisible();
    await expect(other.getByTestId('logistics-queue-departure')).toContainText(plate);
    await expect(other.getByTestId('logistics-timeline-bar').first()).toBeVisible();

    // Both open 'Provést operaci' on the transport at the ramp; the colleague is first.
    await clickSettled(card(other).first().getByTestId('logistics-card-execute'));
    await expect(
      other.locator('[data-testid="logistics-operation-option"][data-operation="Odjezd"]'),
    ).toBeVisible();
    await clickSettled(card(desk).first().getByTestId('logistics-card-execute'));
    await clickSettled(desk.locator('[data-testid="logistics-operation-option"][data-operation="Odjezd"]'));
    await expect(desk.getByText(text(language, 'logistics.operation.confirm'))).toBeVisible();
    await clickSettled(desk.getByTestId('logistics-confirm-ok'));
    await expect(
      desk.getByText(text(language, 'logistics.operation.done').replace('{{operation}}', 'Odjezd')),
    ).toBeVisible();

    // The colleague's dialog still holds the transport as it was: the server refuses, the dialog says why.
    await clickSettled(other.locator('[data-testid="logistics-operation-option"][data-operation="Odjezd"]'));
    await clickSettled(other.getByTestId('logistics-confirm-ok'));
    await expect(other.getByText(text(language, 'apiError_LOGISTICS_CONFLICT'))).toBeVisible();
    await other.screenshot({ path: shot('conflict') });
    await clickSettled(other.getByTestId('logistics-execute-close'));
    await expect(
      column(other, gone).getByTestId('logistics-board-card').filter({ hasText: plate }),
    ).toBeVisible();
    await other.screenshot({ path: shot('board'), fullPage: true });

    // The transports list expands to the log: both operations, by whom, from which status to which.
    await desk.goto('/logistics/transports');
    const row = desk.getByTestId('logistics-transport-row').filter({ hasText: plate });
    await expect(row).toHaveCount(1);
    await row.locator('.ant-table-row-expand-icon').click();
    const log = desk.getByTestId('logistics-transport-log');
    await expect(log).toContainText('Vjezd');
    await expect(log).toContainText('Odjezd');
    await expect(log).toContainText(announced);
    await expect(log).toContainText(gone);
    await desk.screenshot({ path: shot('transports'), fullPage: true });
  });
}

for (const language of flowLanguages('logistics')) {
  test(`a transport planned on a ramp another one holds at that time: warned, cancelled, planned anyway (${language})`, async ({
    page,
    adminApi,
  }) => {
    const { suffix, user, chiefApi, ramp, rampId, supplier, supplierId } = await givenLogisticsSite(adminApi);
    await chiefApi.post('/logistics/status', { name: `Ohlášeno ${suffix}`, position: 1 });
    const dispatcher = await user('Dispatcher', ['LOGISTICS_CREATE', 'LOGISTICS_VIEW']);
    const dispatcherApi = await apiOf(adminApi, dispatcher);
    // The ramp is held from 10:30 (the site's time, Europe/Prague: 09:30 UTC in January) for an hour.
    const first = `${suffix.slice(-4).toUpperCase()}R1`;
    await dispatcherApi.post('/logistics/transport', {
      datetimeArrive: '2030-01-15T09:30:00.000Z',
      supplier: supplierId,
      ramp: rampId,
      licencePlate: first,
    });
    const transports = async () =>
      (await dispatcherApi.get<{ licencePlate: string | null }[]>('/logistics/transport')).map(
        (row) => row.licencePlate,
      );

    // A second one at 10:00 on the same ramp.
    await loginByToken(page, dispatcher, PASSWORD, language, '/logistics/transports');
    await expect(page.getByTestId('logistics-transport-row').filter({ hasText: first })).toHaveCount(1);
    const second = `${suffix.slice(-4).toUpperCase()}R2`;
    await clickSettled(page.getByTestId('logistics-create'));
    const form = crudDialog(page);
    await settled(form);
    const arrival = form.locator('#datetimeArrive');
    await arrival.click();
    await arrival.fill('15.01.2030 10:00:00');
    await arrival.press('Enter');
    await expect(arrival).toHaveValue('15.01.2030 10:00:00');
    await choose(page, form.locator('#supplier'), supplier);
    await choose(page, form.locator('#ramp'), ramp);
    await form.getByRole('tab', { name: text(language, 'logistics.transport.tab.driver') }).click();
    await form.locator('#licencePlate').fill(second);
    const submit = form.locator('.ant-modal-footer .ant-btn-primary');
    const warning = page.locator('.ant-modal-confirm');

    // The warning says why and asks; cancelled, nothing is saved and the form keeps what was entered.
    await clickSettled(submit);
    await expect(warning).toContainText(text(language, 'apiError_LOGISTICS_RAMP_OCCUPIED'));
    await expect(warning).toContainText(text(language, 'logistics.rampWarning.question'));
    await expect(warning.getByTestId('logistics-ramp-plan-anyway')).toHaveText(
      text(language, 'logistics.rampWarning.planAnyway'),
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, `logistics-ramp-occupied-${language}.png`) });
    await clickSettled(warning.getByRole('button', { name: text(language, 'crud.cancel') }));
    await expect(warning).toBeHidden();
    await expect(form).toBeVisible();
    await expect(form.locator('#licencePlate')).toHaveValue(second);
    expect(await transports()).toEqual([first]);

    // Again, planned anyway: saved, in the list beside the first.
    await clickSettled(submit);
    await clickSettled(warning.getByTestId('logistics-ramp-plan-anyway'));
    await expect(form).toBeHidden();
    await expect(page.getByText(text(language, 'logistics.transport.created'))).toBeVisible();
    const row = page.getByTestId('logistics-transport-row').filter({ hasText: second });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ramp);
    await expect(page.getByTestId('logistics-transport-row').filter({ hasText: first })).toHaveCount(1);
    expect((await transports()).sort()).toEqual([first, second].sort());
  });
}
