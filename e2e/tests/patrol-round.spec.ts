import type { Page } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  clickSettled,
  expect,
  flowLanguages,
  type Language,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { SCREENSHOTS, allowLongFlows } from '../support/visits';
import path from 'node:path';

allowLongFlows();

/**
 * A patrol from the guard's phone to the archive (issue 13; the server's rules: patrolInstance.routes.test.ts):
 * the terminal is paired with its token, the guard signs in with the PIN, scans the two checkpoints of an ordered
 * route by typed tag — the second first —, confirms the task, goes offline, raises an incident and scans the
 * other checkpoint there, comes back online (the queue empties); the patrol is in progress for the
 * administrator, then, finished, in the archive with its score and the reason it lost points.
 */
const PASSWORD = 'Patrol-round-1!';
const PRAHA = 'Praha – centrála';

const TEXTS = {
  cs: { inProgress: 'Probíhající obchůzky' },
  'en-US': { inProgress: 'Patrols in progress' },
} satisfies Record<Language, Record<string, string>>;

interface PatrolSetUp {
  admin: { userName: string; api: AdminApi };
  route: string;
  tags: [string, string];
  /** The ids of the checkpoints of `tags`, in the same order. */
  checkpoints: number[];
  pin: string;
  /** The guard's last name (the person's). */
  guardName: string;
  token: string;
  incidentType: string;
}

/** Two checkpoints on an ordered route with a task, a guard with a PIN, an incident type and a terminal. */
async function setUpPatrol(adminApi: AdminApi): Promise<PatrolSetUp> {
  const user = await adminApi.createUser({
    userName: uniqueName('PatrolRound'),
    password: PASSWORD,
    roles: ['PATROL_ADMIN'],
    sites: [PRAHA],
  });
  const session = await apiLogin(adminApi.request, user.userName, PASSWORD);
  const api = new AdminApi(adminApi.request, session.session.token);
  const praha = (await adminApi.sites()).find((site) => site.name === PRAHA)!;
  const guardName = uniqueName('Hlídač');
  const person = await adminApi.post<{ id: number }>('/system_person', {
    firstName: 'Petr',
    lastName: guardName,
    homeSite: praha.id,
  });
  const suffix = uniqueName('');
  const tags: [string, string] = [`GATE-${suffix}`, `STORE-${suffix}`];
  const checkpoints = [];
  for (const [name, tagId] of [
    [`Brána ${suffix}`, tags[0]],
    [`Sklad ${suffix}`, tags[1]],
  ])
    checkpoints.push(await api.post<{ id: number }>('/patrol/checkpoint', { name, tagId, valid: true }));
  const route = `Obchůzka ${suffix}`;
  await api.post('/patrol/route', {
    name: route,
    ordered: true,
    checkpoints: checkpoints.map((checkpoint) => checkpoint.id),
    tasks: ['Zkontrolovat okna'],
    valid: true,
  });
  // A PIN no other guard of the site has (tests run side by side): another one when it is taken.
  let pin = '';
  for (let attempt = 0; attempt < 20 && !pin; attempt++) {
    const candidate = String(1000 + Math.floor(Math.random() * 9000));
    const response = await api.request.post('/api/patrol/guard', {
      headers: { 'X-Auth-Token': api.token },
      data: { person: person.id, pin: candidate, valid: true },
    });
    if (response.status() === 201) pin = candidate;
  }
  expect(pin).not.toBe('');
  const incidentType = uniqueName('Rozbité okno');
  await api.post('/incident/type?module=MOD_PATROL', {
    name: incidentType,
    module: 'MOD_PATROL',
    valid: true,
  });
  const terminal = await api.post<{ token: string }>('/patrol/terminal', { name: uniqueName('Telefon') });
  return {
    admin: { userName: user.userName, api },
    route,
    tags,
    checkpoints: checkpoints.map((checkpoint) => checkpoint.id),
    pin,
    guardName,
    token: terminal.token,
    incidentType,
  };
}

/** The terminal page on a phone, in the language given, paired with the terminal's token. */
async function openTerminal(page: Page, language: Language, token: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((chosen) => localStorage.setItem('strazce.language', chosen), language);
  await page.goto('/terminal/patrol');
  await page.getByTestId('terminal-pair-token').fill(token);
  await page.getByTestId('terminal-pair-submit').click();
  await expect(page.getByTestId('terminal-signin')).toBeVisible();
}

async function recordTag(page: Page, tag: string) {
  await page.getByTestId('terminal-tag-input').fill(tag);
  await page.getByTestId('terminal-tag-record').click();
  await expect(page.getByTestId('terminal-scan-result')).toBeVisible();
}

for (const language of flowLanguages('patrol')) {
  test(`a guard's patrol on the phone terminal, offline and back, ends in the archive with its score (${language})`, async ({
    page,
    newPage,
    adminApi,
  }) => {
    const setUp = await setUpPatrol(adminApi);
    const shot = (name: string) => path.join(SCREENSHOTS, `patrol-round-${name}-${language}.png`);
    const terminal = await newPage();
    await openTerminal(terminal, language, setUp.token);

    // The guard's PIN, then the route.
    await terminal.getByTestId('terminal-pin').fill(setUp.pin);
    const route = terminal
      .getByTestId('terminal-route')
      .and(terminal.locator(`[data-route-name="${setUp.route}"]`));
    await expect(route).toBeVisible();
    await expect(route.getByTestId('terminal-route-ordered')).toBeVisible();
    await route.click();
    await expect(terminal.getByTestId('terminal-round-route')).toHaveText(setUp.route);

    // The store first: out of order on this route.
    const [gate, store] = setUp.tags;
    // The terminal holds no raw tags (only salted hashes): its checkpoints are found by their ids.
    const checkpoint = (tag: string) =>
      terminal.locator(
        `[data-testid="terminal-checkpoint"][data-checkpoint-id="${setUp.checkpoints[setUp.tags.indexOf(tag)]}"]`,
      );
    await recordTag(terminal, store);
    await expect(checkpoint(store)).toHaveAttribute('data-state', 'scanned');
    await terminal.getByTestId('terminal-task').first().click();
    await expect(terminal.getByTestId('terminal-task').first()).toHaveAttribute('data-done', 'true');
    await expect(terminal.getByTestId('terminal-queue-count')).toHaveAttribute('data-count', '0');

    // Offline: the incident and the gate's scan wait on the phone.
    await terminal.context().setOffline(true);
    await expect(terminal.getByTestId('terminal-online')).toHaveAttribute('data-online', 'false');
    await terminal.getByTestId('terminal-incident-open').click();
    const form = terminal.getByTestId('terminal-incident-form');
    await expect(form).toBeVisible();
    await terminal.getByTestId('terminal-incident-type').selectOption({ label: setUp.incidentType });
    await terminal.getByTestId('terminal-incident-consequence').locator('[data-value="CRITICAL"]').click();
    await terminal.getByTestId('terminal-incident-report').fill('Rozbité okno ve skladu');
    await terminal.screenshot({ path: shot('incident-390'), animations: 'disabled' });
    await clickSettled(terminal.getByTestId('terminal-incident-submit'));
    await expect(form).toBeHidden();
    await recordTag(terminal, gate);
    await expect(checkpoint(gate)).toHaveAttribute('data-state', 'scanned');
    await expect(terminal.getByTestId('terminal-queue-count')).not.toHaveAttribute('data-count', '0');
    await terminal.screenshot({ path: shot('offline-390'), animations: 'disabled' });

    // Back online: the queue is sent.
    await terminal.context().setOffline(false);
    await expect(terminal.getByTestId('terminal-online')).toHaveAttribute('data-online', 'true');
    await expect(terminal.getByTestId('terminal-queue-count')).toHaveAttribute('data-count', '0');

    // In progress for the administrator: both checkpoints scanned, the incident counted.
    await loginByToken(page, setUp.admin.userName, PASSWORD, language, '/patrol/unfinished');
    await expect(page.getByTestId('page-title')).toHaveText(TEXTS[language].inProgress);
    const running = page.getByTestId('patrol-row').filter({ hasText: setUp.route });
    await expect(running).toHaveCount(1);
    await expect(running.getByTestId('patrol-progress')).toHaveAttribute('data-scanned', '2');
    await expect(running.getByTestId('patrol-progress')).toHaveAttribute('data-total', '2');
    await page.screenshot({ path: shot('unfinished-1440'), animations: 'disabled' });

    // The guard finishes.
    await terminal.getByTestId('terminal-finish').click();
    await clickSettled(terminal.getByTestId('terminal-finish-confirm'));
    await expect(terminal.getByTestId('terminal-finished')).toBeVisible();
    await expect(terminal.getByTestId('terminal-queue-count')).toHaveAttribute('data-count', '0');
    await terminal.screenshot({ path: shot('finished-390'), animations: 'disabled' });

    // The archive: 90 points, lost for the gate scanned after the store; the timeline with the incident.
    await page.goto('/patrol/archive');
    const archived = page.getByTestId('patrol-row').filter({ hasText: setUp.route });
    await expect(archived).toHaveCount(1);
    await expect(archived.getByTestId('patrol-score')).toHaveAttribute('data-score', '90');
    await archived.locator('[data-action="preview"]').click();
    const detail = page.getByTestId('patrol-detail');
    await expect(detail).toBeVisible();
    const reasons = detail.getByTestId('patrol-reason');
    await expect(reasons).toHaveCount(1);
    await expect(reasons.first()).toHaveAttribute('data-reason', 'OUT_OF_ORDER');
    await expect(reasons.first()).toContainText(`Brána ${setUp.tags[0].slice(5)}`);
    const items = detail.getByTestId('patrol-timeline-item');
    await expect(items.first()).toHaveAttribute('data-kind', 'start');
    await expect(items.last()).toHaveAttribute('data-kind', 'finish');
    await expect(items.and(page.locator('[data-kind="scan"]'))).toHaveCount(2);
    await expect(items.and(page.locator('[data-kind="task"]'))).toHaveCount(1);
    const incident = items.and(page.locator('[data-kind="incident"]'));
    await expect(incident).toHaveCount(1);
    await expect(incident.getByTestId('incident-critical')).toBeVisible();
    await expect(detail.locator('[data-flag="outOfOrder"]')).toHaveCount(1);
    await page.screenshot({ path: shot('archive-detail-1440'), animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(detail).toBeVisible();
    await page.screenshot({ path: shot('archive-detail-390'), animations: 'disabled' });
  });
}

test('a terminal without PINs lets the guard sign in by choosing their name (pinSet off)', async ({
  newPage,
  adminApi,
}) => {
  const setUp = await setUpPatrol(adminApi);
  const open = await setUp.admin.api.post<{ token: string }>('/patrol/terminal', {
    name: uniqueName('Bez PINu'),
    pinSet: false,
  });
  const terminal = await newPage();
  await openTerminal(terminal, 'en-US', open.token);
  await expect(terminal.getByTestId('terminal-pin')).toHaveCount(0);
  const guards = terminal.getByTestId('terminal-guard');
  await expect(guards.first()).toBeVisible();
  await guards.filter({ hasText: setUp.guardName }).click();
  await expect(
    terminal.getByTestId('terminal-route').and(terminal.locator(`[data-route-name="${setUp.route}"]`)),
  ).toBeVisible();
  await terminal.screenshot({ path: path.join(SCREENSHOTS, 'patrol-terminal-guard-choice-390.png') });
});
