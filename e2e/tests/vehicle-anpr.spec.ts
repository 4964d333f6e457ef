import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import {
  type AdminApi,
  apiLogin,
  clickSettled,
  DEMO_SITE_NAMES,
  flowLanguages,
  type Language,
  settled,
  test,
  uniqueName,
} from '../support/fixtures';
import { allowLongFlows, choose, expect, visitRow } from '../support/visits';
import { uniquePlate, openVehicleManager } from '../support/vehicles';

allowLongFlows();

/** Screenshots of this spec (e2e/.tmp, not in git). */
const shot = (name: string, language: Language, width: number) =>
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    '.tmp',
    `vehicle-anpr-${name}-${width}-${language}.png`,
  );

const TEXTS = {
  cs: {
    panel: 'SPZ načtené kamerami',
    lookalike: 'O přečteno jako 0',
    exact: 'přesná shoda',
    advice: 'Avízo',
    confirmEntry: 'Potvrdit jako vjezd',
    fromAdvice: 'Vstup podle avíza',
    entry: 'Zapsat vstup',
    inArea: 'V areálu',
    readsTab: 'Načtené SPZ',
    confirmed: 'Potvrzené',
  },
  'en-US': {
    panel: 'Camera plate reads',
    lookalike: 'O read as 0',
    exact: 'exact',
    advice: 'Advice',
    confirmEntry: 'Confirm as entry',
    fromAdvice: 'Entry from advice',
    entry: 'Record entry',
    inArea: 'In the area',
    readsTab: 'Plate reads',
    confirmed: 'Confirmed',
  },
} satisfies Record<Language, Record<string, string>>;

interface Guard {
  userName: string;
  password: string;
  token: string;
  siteId: number;
}

/** A guard of the first demo site who records vehicles and reads vehicle advices. */
async function givenGuard(adminApi: AdminApi, request: APIRequestContext): Promise<Guard> {
  const userName = uniqueName('anpr');
  const password = 'Guard1234!';
  await adminApi.createUser({
    userName,
    password,
    roles: ['VEHICLE_USER', 'VEHICLE_ADVICE_USER', 'VIEW_PERSONAL_INFO'],
    sites: [DEMO_SITE_NAMES[0]!],
  });
  const session = await apiLogin(request, userName, password);
  return { userName, password, token: session.session.token, siteId: session.site!.id };
}

/** A camera of the site: a terminal authorized by the administrator, given the ANPR role on the site. */
async function givenCamera(adminApi: AdminApi, siteId: number): Promise<string> {
  const response = await adminApi.request.post('/api/system_client/authorize', {
    headers: { 'X-Auth-Token': adminApi.token },
    data: { name: uniqueName('Gate camera') },
  });
  expect(response.status()).toBe(201);
  const token = response.headers()['x-client-token']!;
  const { id } = (await response.json()) as { id: number };
  const current = await adminApi.get<{ version: number }>(`/system_client/${id}`);
  await adminApi.put(`/system_client/${id}`, {
    version: current.version,
    internalRole: 'ANPR',
    site: siteId,
  });
  return token;
}

/** A vehicle advice of today on the guard's site. */
async function givenAdvice(request: APIRequestContext, guard: Guard, fields: Record<string, unknown>) {
  const headers = { 'X-Auth-Token': guard.token };
  const categories = await request.get('/api/vehicle/advice/category', {
    headers,
    params: { page: 1, size: 10 },
  });
  const [category] = (await categories.json()) as Array<{ id: number }>;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  const response = await request.post('/api/vehicle/advice', {
    headers,
    data: { date: today, category: category!.id, direction: 'IN', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

for (const language of flowLanguages('vehicle-anpr')) {
  const texts = TEXTS[language];

  test(`a camera's read shows in the guard's panel with why it matched, and is confirmed as an entry (${language})`, async ({
    page,
    adminApi,
    request,
  }) => {
    const guard = await givenGuard(adminApi, request);
    const camera = await givenCamera(adminApi, guard.siteId);
    const plate = uniquePlate('OA');
    await givenAdvice(request, guard, {
      vehiclePlate: plate,
      driverFirstName: 'Jan',
      driverLastName: `Novák ${plate}`,
      forwarder: 'DHL Freight',
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVehicleManager(page, language, guard);
    const panel = page.getByTestId('anpr-panel');
    await expect(panel).toContainText(texts.panel);

    // The camera reads the O of the plate as a zero.
    const readPlate = `0${plate.slice(1)}`;
    const posted = await request.post('/api/vehicle/anpr/read', {
      headers: { 'X-Client-Token': camera },
      data: { plate: readPlate, camera: 'Gate 1 in', confidence: 91 },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { id } = (await posted.json()) as { id: number };

    // A user session is never a camera.
    const refused = await request.post('/api/vehicle/anpr/read', {
      headers: { 'X-Auth-Token': guard.token },
      data: { plate: readPlate },
    });
    expect(refused.status()).toBe(401);

    const card = panel.getByTestId(`anpr-read-${id}`);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('anpr-plate')).toHaveText(readPlate);
    await expect(card.getByTestId('anpr-match')).toContainText(`${texts.advice}: ${plate}`);
    await expect(card.getByTestId('anpr-reason')).toHaveText(texts.lookalike);
    await expect(card.getByTestId('anpr-confirm-entry')).toHaveText(texts.confirmEntry);
    await page.screenshot({ path: shot('panel', language, 1440) });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('panel', language, 390) });
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByTestId('anpr-confirm-entry').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#plate') });
    await settled(dialog);
    // Prefilled from the advice: its plate as announced, and the driver.
    await expect(dialog.locator('#plate')).toHaveValue(plate);
    await dialog.getByRole('tab').nth(1).click();
    await expect(dialog.locator('#driverLastName')).toHaveValue(`Novák ${plate}`);
    await dialog.getByRole('tab').first().click();
    await choose(page, dialog.locator('#purpose'), 'Servis');
    await page.screenshot({ path: shot('entry', language, 1440) });
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog).toBeHidden();

    await expect(card).toBeHidden();
    const row = visitRow(page, plate).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(texts.inArea);
    await page.screenshot({ path: shot('confirmed', language, 1440) });

    // The read stays in the list of reads, confirmed, with why it matched.
    await page.getByRole('tab', { name: texts.readsTab }).click();
    const reads = page.locator('.ant-table-tbody tr.ant-table-row, .crud-card-item', { hasText: readPlate });
    await expect(reads).toHaveCount(1);
    await expect(reads).toContainText(texts.confirmed);
    await expect(reads).toContainText(texts.lookalike);
    await page.screenshot({ path: shot('reads', language, 1440) });
  });

  test(`a vehicle advice becomes an entry from the advice manager (${language})`, async ({
    page,
    adminApi,
    request,
  }) => {
    const guard = await givenGuard(adminApi, request);
    const plate = uniquePlate('AV');
    await givenAdvice(request, guard, {
      vehiclePlate: plate,
      driverFirstName: 'Petra',
      driverLastName: `Dvořáková ${plate}`,
      forwarder: 'Raben Logistics',
    });
    // The guard signs in to a gate on the manager first (the entry's gate).
    await openVehicleManager(page, language, guard);
    await page.goto('/vehicleadvice/manager');
    const row = visitRow(page, plate).first();
    await expect(row).toBeVisible();
    const action = row.locator('[data-action="fromAdvice"]');
    await expect(action).toHaveAttribute('aria-label', texts.fromAdvice);
    await page.screenshot({ path: shot('advices', language, 1440) });
    await action.click();

    const dialog = page.locator('.ant-modal').filter({ has: page.locator('#plate') });
    await settled(dialog);
    await expect(dialog.locator('.ant-modal-title')).toHaveText(texts.fromAdvice);
    await expect(dialog.locator('#plate')).toHaveValue(plate);
    await expect(dialog).toContainText('Raben Logistics');
    await choose(page, dialog.locator('#purpose'), 'Servis');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('advice-entry', language, 390) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog).toBeHidden();
    // Used: no second entry from it.
    await expect(row.locator('[data-action="fromAdvice"]')).toHaveCount(0);

    await page.goto('/vehicles/manager');
    await expect(visitRow(page, plate).first()).toContainText(texts.inArea);
  });
}
