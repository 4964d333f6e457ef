import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
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
import { text } from '../support/texts';
import { SCREENSHOTS, choose } from '../support/visits';

/**
 * Keyboxes (issue 17; the server's rules: server/src/modules/kbox/kbox.routes.test.ts): a keybox administrator
 * sets up a keybox (its token shown once) and a workflow e-mailing the recipient on deposit (a switch without a
 * message is refused on its field); the keybox — the simulator's calls of the locker API — deposits a parcel,
 * which the incoming list shows DEPOSITED with its notification; it is picked up with the PIN of the e-mail; a
 * second parcel is returned to its sender. Independent tests, each with its own set-up through the API.
 */
const PASSWORD = 'Kbox-e2e-1!';

/** The locker's call of the lockers' API with its token (what `npm run kbox:simulator` sends). */
async function locker(request: APIRequestContext, token: string, action: string, data: object) {
  const response = await request.post(`/api/kbox/locker/${action}`, {
    headers: { 'X-Client-Token': token },
    data: { uuid: crypto.randomUUID(), ...data },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const language of flowLanguages('kbox')) {
  const shot = (name: string) => path.join(SCREENSHOTS, `kbox-${name}-${language}.png`);

  test(`a keybox set up with its token shown once, and its workflow e-mailing on deposit (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const { userName, api } = await userApi(adminApi, 'KboxAdmin', ['KBOX_ADMIN', 'KBOX_USER'], PASSWORD);

    // The keybox: its token is shown once.
    const keyboxName = `Box ${suffix}`;
    await loginByToken(page, userName, PASSWORD, language, '/kbox/manager');
    await createRecord(page, language, async (dialog) => {
      await dialog.locator('#name').fill(keyboxName);
      await dialog.locator('#notification').fill(`kbox-${suffix}@example.com`);
    });
    const token = (await page.getByTestId('kbox-token').textContent())!.trim();
    expect(token.length).toBeGreaterThan(20);
    await page.screenshot({ path: shot('token') });
    await page.getByRole('button', { name: text(language, 'crud.close') }).click();
    await expect(page.getByTestId('kbox-keybox-row').filter({ hasText: keyboxName })).toHaveCount(1);
    await expect(page.getByTestId('kbox-figures-table')).toContainText(keyboxName);

    // The workflow: e-mail on deposit, with a template previewed with sample values.
    await page.goto('/kbox/workflow');
    await page.getByRole('button', { name: text(language, 'crud.action.create') }).click();
    const dialog = topDialog(page);
    await settled(dialog);
    await dialog.locator('#name').fill(`Flow ${suffix}`);
    await choose(page, dialog.locator('#keybox'), keyboxName);
    await dialog.getByRole('tab', { name: text(language, 'kbox.kinds.incoming') }).click();
    await dialog.locator('#incomingEmail').click();
    await dialog
      .locator('#incomingMessage')
      .fill('Parcel {{content.trackingNumber}} waits in box {{content.boxName}}: PIN {{pin}}');
    await expect(dialog.getByTestId('kbox-template-preview')).toContainText(
      'Parcel DR1234567890 waits in box A3: PIN 482913',
    );
    // A switch on without a message: refused on its field.
    await dialog.getByRole('tab', { name: text(language, 'kbox.kinds.picked') }).click();
    await dialog.locator('#pickedEmail').click();
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog.getByText(text(language, 'validation.kboxMessageRequired'))).toBeVisible();
    await page.screenshot({ path: shot('workflow') });
    await dialog.locator('#pickedMessage').fill('Parcel {{content.id}} was picked up.');
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog).toBeHidden();

    const [saved] = await api.get<Array<Record<string, unknown>>>('/kbox/workflow', {
      name: `Flow ${suffix}`,
    });
    expect(saved).toMatchObject({ incomingEmail: true, pickedEmail: true });
  });

  test(`a parcel deposited by the keybox, its PIN e-mailed and picked up, another returned to its sender (${language})`, async ({
    page,
    adminApi,
  }) => {
    const suffix = uniqueName('');
    const { userName, api } = await userApi(adminApi, 'KboxAdmin', ['KBOX_ADMIN', 'KBOX_USER'], PASSWORD);
    // The set-up of the test above, through the API: a keybox (its token) and a workflow e-mailing on deposit.
    const keybox = await api.post<{ id: number; token: string }>('/kbox/keybox', { name: `Box ${suffix}` });
    const token = keybox.token;
    expect(token.length).toBeGreaterThan(20);
    const workflow = await api.post<{ id: number }>('/kbox/workflow', {
      name: `Flow ${suffix}`,
      keybox: keybox.id,
      incomingEmail: true,
      incomingMessage: 'Parcel {{content.trackingNumber}} waits in box {{content.boxName}}: PIN {{pin}}',
    });
    await loginByToken(page, userName, PASSWORD, language, '/kbox/contentincoming');

    // Two parcels recorded (as the provider's system would), deposited by the keybox.
    const contentIds = [1, 2].map((index) => Number(`${Date.now() % 1_000_000}${index}`));
    const recipient = `parcel-${suffix}@example.com`.toLowerCase();
    for (const contentId of contentIds)
      await api.post('/kbox/content', {
        contentId,
        keybox: keybox.id,
        workflow: workflow.id,
        trackingNumber: `TR${contentId}`,
        recipientName: `Recipient ${suffix}`,
        recipientEmail: recipient,
        senderName: 'Shop',
        senderEmail: `shop-${suffix}@example.com`.toLowerCase(),
      });
    await locker(adminApi.request, token, 'deposit', { contentId: contentIds[0], boxName: 'A1' });

    // The incoming list: DEPOSITED (its default filter), with the notification sent.
    await page.reload();
    const row = (contentId: number) =>
      page.getByTestId('kbox-content-row').filter({ hasText: `TR${contentId}` });
    await expect(row(contentIds[0])).toHaveCount(1);
    await expect(row(contentIds[0])).toContainText(
      text(language, 'entity.kbox/content.values.status.DEPOSITED'),
    );
    await row(contentIds[0]).getByTestId('kbox-messages').click();
    await expect(page.getByTestId('kbox-message-row')).toContainText(recipient);
    await expect(page.getByTestId('kbox-message-row')).toContainText(text(language, 'kbox.kinds.incoming'));
    // Sent: the outbox delivers it (the dialog follows).
    await expect(page.getByTestId('kbox-message-row')).toContainText(
      text(language, 'kbox.messages.delivered'),
      {
        timeout: 30_000,
      },
    );
    await page.screenshot({ path: shot('messages') });
    await page
      .getByRole('dialog')
      .locator('.ant-modal-footer')
      .getByRole('button', { name: text(language, 'crud.close') })
      .click();
    await expect
      .poll(async () => (await adminApi.mailbox(recipient)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const [mail] = await adminApi.mailbox(recipient);
    expect(mail.text).toMatch(new RegExp(`^Parcel TR${contentIds[0]} waits in box A1: PIN \\d{6}$`));
    const pin = /PIN (\d{6})/.exec(mail.text)![1];

    // Picked up with the PIN: no longer waiting.
    await locker(adminApi.request, token, 'pickup', { pin });
    await page.reload();
    // Other parcels (the demo's) still wait: the list is loaded when they show.
    await expect(page.getByTestId('kbox-content-row').first()).toBeVisible();
    await expect(row(contentIds[0])).toHaveCount(0);

    // The second parcel deposited, then returned to its sender.
    await locker(adminApi.request, token, 'deposit', { contentId: contentIds[1], boxName: 'B2' });
    await page.reload();
    await expect(row(contentIds[1])).toHaveCount(1);
    await row(contentIds[1]).getByTestId('kbox-return').click();
    await clickSettled(page.locator('.ant-modal-confirm .ant-btn-primary'));
    await expect(page.getByText(text(language, 'kbox.return.done'))).toBeVisible();
    await expect(row(contentIds[1]).getByTestId('kbox-return')).toHaveCount(0);
    await page.screenshot({ path: shot('incoming') });
    const [returned] = await api.get<Array<{ returned: boolean; status: string }>>('/kbox/content', {
      contentId: contentIds[1],
    });
    expect(returned).toMatchObject({ returned: true, status: 'DEPOSITED' });
  });
}

test('a payment typed with the Czech decimal comma is kept as typed, while typing the tab stays (cs)', async ({
  page,
  adminApi,
}) => {
  const suffix = uniqueName('');
  const { userName, api } = await userApi(adminApi, 'KboxPay', ['KBOX_ADMIN', 'KBOX_USER'], PASSWORD);
  const keyboxName = `Platba ${suffix}`;
  await api.post('/kbox/keybox', { name: keyboxName });
  const contentId = Number(`${Date.now() % 1_000_000}7`);
  await loginByToken(page, userName, PASSWORD, 'cs', '/kbox/contentincoming');
  await createRecord(page, 'cs', async (dialog) => {
    const paymentTab = dialog.getByRole('tab', { name: text('cs', 'kbox.tabs.payment') });
    // A first try without the required fields marks them; typing on another tab then leaves that tab open.
    await clickSettled(dialog.locator('.ant-modal-footer .ant-btn-primary'));
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await paymentTab.click();
    await dialog.locator('#paymentValue').fill('12,5');
    await expect(paymentTab).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.locator('#paymentValue')).toHaveValue('12,5');
    await dialog.getByRole('tab', { name: text('cs', 'kbox.tabs.content') }).click();
    await dialog.locator('#contentId').fill(String(contentId));
    await choose(page, dialog.locator('#keybox'), keyboxName);
  });
  const [content] = await api.get<Array<{ paymentValue: number }>>('/kbox/content', { contentId });
  expect(content.paymentValue).toBe(12.5);
});
