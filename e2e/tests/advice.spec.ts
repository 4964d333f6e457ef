import { DEMO_PASSWORD, clickSettled, loginByToken, test, uniqueName } from '../support/fixtures';
import {
  allowLongFlows,
  choose,
  expect,
  forEachLanguage,
  signInToGate,
  todayForPicker,
  visitRow,
} from '../support/visits';

allowLongFlows();

/**
 * Visit advices end to end (issue 5): the requester (demo `user`) announces a visit for today with a vehicle
 * and equipment (the date rule gives its own message first), the responder (`operator`) approves it, and at
 * the gate the receptionist turns the approved advice into a visit in one action. Both languages, with
 * screenshots at 1440 px.
 */
forEachLanguage('advice', (language, texts, shot) => {
  test(`an advice is requested, approved and turned into a visit at the gate (${language})`, async ({
    page: requester,
    newPage,
  }) => {
    const lastName = uniqueName('Králová');

    // The requester announces the visit.
    await loginByToken(requester, 'user', DEMO_PASSWORD, language, '/advice/requests');
    await requester.getByTestId('advice-new').click();
    const form = requester.locator('.ant-modal', { has: requester.getByTestId('advice-form') });
    await expect(form).toBeVisible();
    await choose(requester, form.locator('#category'), 'Obchodní návštěva');
    await form.locator('#reason').fill('Prezentace nových obalových materiálů');
    await form.locator('#lastName').fill(lastName);
    await form.locator('#firstName').fill('Petra');
    await form.locator('#company').fill('Obaly Vysočina s.r.o.');
    await form.locator('#visitedFirstName').fill('Kateřina');
    await form.locator('#visitedLastName').fill('Dvořáková');
    // No date yet: the message of that case.
    await clickSettled(requester.getByTestId('advice-submit'));
    await expect(form.getByText(texts.adviceDateRequired)).toBeVisible();
    await form.locator('#oneTimeDate').click();
    await form.locator('#oneTimeDate').fill(todayForPicker());
    await form.locator('#oneTimeDate').press('Enter');
    // The message goes once the date is there (and the fields below it move up: clicked only after that).
    await expect(form.getByText(texts.adviceDateRequired)).toBeHidden();
    await form.locator('#allowVehicle').click();
    await form.locator('#vehiclePlate').fill('1J2 3456');
    await form.locator('#vehicleReason').fill('Vzorky v kufru');
    await form.getByTestId('add-equipment').click();
    await form.getByTestId('equipment-object-0').fill('Vzorkovník obalů');
    await form.locator('#reason').scrollIntoViewIfNeeded();
    await form.locator('.ant-modal-body').evaluate((body) => body.scrollTo(0, 0));
    await requester.screenshot({ path: shot('request') });
    await requester.getByTestId('advice-submit').click();
    await expect(form).toBeHidden();
    const requested = visitRow(requester, lastName);
    await expect(requested).toContainText(texts.pending);
    await requester.screenshot({ path: shot('requests') });

    // The responder approves it.
    const responder = await newPage();
    await loginByToken(responder, 'operator', DEMO_PASSWORD, language, '/advice/responses');
    const pending = visitRow(responder, lastName);
    await expect(pending).toContainText(texts.pending);
    await responder.screenshot({ path: shot('responses') });
    await pending.locator('[data-action="approve"]').click();
    await expect(responder.getByTestId('response-reason')).toBeVisible();
    await responder.screenshot({ path: shot('approve') });
    await clickSettled(responder.locator('#response-submit'));
    await expect(responder.getByTestId('response-reason')).toBeHidden();
    await expect(visitRow(responder, lastName)).toHaveCount(0); // the list shows pending advices
    await responder.close();

    // The requester's list shows it approved; the manager's default filter (approved, from today) has it.
    await requester.reload();
    await expect(visitRow(requester, lastName)).toContainText(texts.approved);
    await requester.goto('/advice/manager');
    await expect(visitRow(requester, lastName)).toContainText(texts.approved);
    await requester.screenshot({ path: shot('manager') });

    // At the gate: entry from the advice in one action.
    await signInToGate(requester, language);
    await requester.getByTestId('action-advice').click();
    await requester.getByTestId('advice-search').fill(lastName);
    // One click picks it, though the list is searched again meanwhile.
    await requester.getByTestId('advice-option').filter({ hasText: lastName }).click();
    await expect(requester.getByTestId('advice-chosen')).toBeVisible();
    await expect(requester.getByTestId('advice-chosen')).toContainText('1J23456');
    await choose(requester, requester.locator('.ant-modal #purpose'), 'Obchodní jednání');
    await requester.screenshot({ path: shot('to-visit') });
    await clickSettled(requester.getByTestId('advice-visit-submit'));
    await expect(requester.getByTestId('advice-visit-submit')).toBeHidden();
    const entry = visitRow(requester, lastName).first();
    await expect(entry).toContainText(texts.inArea);
    await expect(entry).toContainText('Obaly Vysočina s.r.o.');
    await expect(entry.locator('.visits-count-tag')).toHaveCount(1); // the advice's equipment came along

    // A one-time advice is used up: it is no longer offered at the gate.
    await requester.getByTestId('action-advice').click();
    await requester.getByTestId('advice-search').fill(lastName);
    // (Once the search for the name has answered: while it runs the list shows no options at all.)
    await expect(requester.locator('.advice-pick-list')).toContainText(texts.noAdviceToday);
    await expect(requester.getByTestId('advice-option').filter({ hasText: lastName })).toHaveCount(0);
  });
});

test('a rejection needs a reason and is shown to the requester', async ({ page: requester, newPage }) => {
  const lastName = uniqueName('Zamítnutá');
  await loginByToken(requester, 'user', DEMO_PASSWORD, 'en-US', '/advice/requests');
  await requester.getByTestId('advice-new').click();
  const form = requester.locator('.ant-modal', { has: requester.getByTestId('advice-form') });
  await choose(requester, form.locator('#category'), 'Pohovor');
  await clickSettled(requester.getByTestId('advice-date-mode').getByText('Multiple entry'));
  await form.locator('#validFrom').click();
  await form.locator('#validFrom').fill(todayForPicker());
  await form.locator('#validFrom').press('Enter');
  await requester.getByTestId('advice-submit').click();
  await expect(form.getByText('Enter when multiple entry ends')).toBeVisible();
  await form.locator('#validTo').click();
  await form.locator('#validTo').fill(todayForPicker());
  await form.locator('#validTo').press('Enter');
  await expect(form.getByText('Enter when multiple entry ends')).toBeHidden();
  await form.locator('#reason').fill('Interview');
  await form.locator('#lastName').fill(lastName);
  await form.locator('#firstName').fill('Eva');
  await requester.getByTestId('advice-submit').click();
  await expect(form).toBeHidden();

  const responder = await newPage();
  await loginByToken(responder, 'operator', DEMO_PASSWORD, 'en-US', '/advice/responses');
  await visitRow(responder, lastName).locator('[data-action="reject"]').click();
  await clickSettled(responder.locator('#response-submit'));
  await expect(responder.getByText('Give a reason for the rejection')).toBeVisible();
  await responder.getByTestId('response-reason').fill('The position is filled');
  await responder.locator('#response-submit').click();
  await expect(responder.getByTestId('response-reason')).toBeHidden();

  await requester.reload();
  const row = visitRow(requester, lastName);
  await expect(row).toContainText('Rejected');
  await expect(row.locator('[data-action="edit"]')).toHaveCount(0); // answered requests cannot change
});
