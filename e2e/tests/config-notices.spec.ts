import { AdminApi, apiLogin, expect, loginByToken, test, uniqueName } from '../support/fixtures';
import path from 'node:path';
import { text } from '../support/texts';
import { SCREENSHOTS } from '../support/visits';

/**
 * Nothing pretends (issue 32; the rules: server/src/modules/messaging/heldMessages.test.ts): the browser tests'
 * server has an e-mail pickup folder but no SMS gateway, so a keybox SMS is kept as "not sent: no transport
 * configured". The administrator sees a banner, the SMS log shows the state and filters by it, and a re-send is
 * refused while no gateway is set (it would only be kept again).
 */
const PASSWORD = 'Notices-e2e-1!';
const PRAHA = 'Praha – centrála';

test('an SMS without a gateway is kept as not sent, shown to the administrator and not re-sent in vain', async ({
  page,
  adminApi,
}) => {
  const suffix = uniqueName('');
  const user = await adminApi.createUser({
    userName: uniqueName('Notices'),
    password: PASSWORD,
    roles: ['KBOX_ADMIN', 'KBOX_USER', 'ADMINISTRATOR'],
    sites: [PRAHA],
  });
  const api = new AdminApi(
    adminApi.request,
    (await apiLogin(adminApi.request, user.userName, PASSWORD)).session.token,
  );
  // A keybox whose workflow texts the recipient on deposit, and a parcel deposited by the locker.
  const keybox = await api.post<{ id: number; token: string }>('/kbox/keybox', { name: `Notices ${suffix}` });
  const workflow = await api.post<{ id: number }>('/kbox/workflow', {
    name: `Notices flow ${suffix}`,
    keybox: keybox.id,
    notifyCustomer: true,
    incomingSms: true,
    incomingMessage: 'Parcel {{content.trackingNumber}}: PIN {{pin}}',
  });
  const contentId = Number(`${Date.now() % 1_000_000}7`);
  await api.post('/kbox/content', {
    contentId,
    keybox: keybox.id,
    workflow: workflow.id,
    trackingNumber: `SMS${contentId}`,
    recipientName: `Recipient ${suffix}`,
    recipientPhone: '+420777123456',
  });
  const deposit = await adminApi.request.post('/api/kbox/locker/deposit', {
    headers: { 'X-Client-Token': keybox.token },
    data: { uuid: crypto.randomUUID(), contentId, boxName: 'C3' },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  // The delivery worker (every 5 s) keeps it, never counts it as sent.
  await expect
    .poll(
      async () =>
        (
          await api.get<Array<{ text: string }>>('/system_sms', {
            state: 'NO_TRANSPORT',
            recipient: '777123456',
          })
        ).some((sms) => sms.text.includes(`SMS${contentId}`)),
      { timeout: 30_000 },
    )
    .toBe(true);

  await loginByToken(page, user.userName, PASSWORD, 'en-US', '/');
  const banner = page.getByTestId('config-notices').locator('[data-notice="SMS_NO_TRANSPORT"]');
  await expect(banner).toContainText(text('en-US', 'configNotices.SMS_NO_TRANSPORT'));
  // On a phone the link goes under the text, which keeps the notice's width (not a narrow column beside the link).
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const title = await banner.locator('.ant-alert-title').boundingBox();
  const link = await banner.getByRole('link').boundingBox();
  const notice = await banner.boundingBox();
  expect(link!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
  expect(title!.width).toBeGreaterThan(notice!.width * 0.6);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'config-notices-sms-390.png') });
  await page.setViewportSize(desktop);
  await banner.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/sms$/);
  const row = page.locator('.ant-table-row').filter({ hasText: `SMS${contentId}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(text('en-US', 'entity.system_sms.values.state.NO_TRANSPORT'));
  await expect(page.getByTestId('messages-resend-all')).toBeVisible();
  // No gateway yet: the re-send is refused with the reason, and the message stays kept.
  await row.getByTestId('message-resend').click();
  await expect(page.getByText(text('en-US', 'apiError_NO_TRANSPORT'))).toBeVisible();
  await expect(row).toContainText(text('en-US', 'entity.system_sms.values.state.NO_TRANSPORT'));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'config-notices-sms-1440.png') });
});
