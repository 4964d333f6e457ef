import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { givenTerminal } from '../../../test/terminals';
import { jobRunner } from '../../platform/jobs';
import { smsMessages, emails } from '../messaging/messaging.tables';
import { fillSecrets } from '../messaging/secrets';
import { audits } from '../../platform/platform.tables';
import { DEMO_KBOX_OPERATOR_PIN, seedKboxDemo } from './kbox.demo';
import { newPickUpPin } from './kbox.notify';
import { kboxOfflineJob } from './kbox.offline';
import { kboxContents, kboxOperators } from './kbox.tables';
import { openSecret } from '../../platform/secretBox';

/** The outbox row's sealed credentials, opened. */
const opened = (secrets: string[] | null) => secrets?.map(openSecret) ?? null;

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;
let viewer: TestUser;
let adminB: TestUser;
let keybox: Json;
let locker: string;
let workflow: Json;

type Json = Record<string, unknown> & { id: number; version: number };
const HOUR = 3_600_000;

async function created(who: TestUser, resource: string, body: Record<string, unknown>): Promise<Json> {
  const response = await ctx.call(who, 'POST', `/api/kbox/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

const get = async (who: TestUser, url: string) => {
  const response = await ctx.call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json & Json[];
};

/** A call of the locker with its token. */
const lockerCall = (path: string, body: Record<string, unknown>, token = locker) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/kbox/locker/${path}`,
    payload: body,
    headers: { 'x-client-token': token },
  });

let contentCounter = 1000;
async function givenContent(fields: Record<string, unknown> = {}): Promise<Json> {
  contentCounter++;
  return created(user, 'content', {
    contentId: contentCounter,
    keybox: keybox.id,
    workflow: workflow.id,
    trackingNumber: `TR${contentCounter}`,
    recipientName: 'Jana Nováková',
    recipientEmail: `jana${contentCounter}@example.com`,
    recipientPhone: '+420 602 345 678',
    senderName: 'Eshop',
    senderEmail: 'eshop@example.com',
    ...fields,
  });
}

const deposit = (content: Json, boxName = 'A1', token = locker) =>
  lockerCall('deposit', { uuid: randomUUID(), contentId: content.contentId, boxName }, token);
const pickUp = (pin: string, token = locker) => lockerCall('pickup', { uuid: randomUUID(), pin }, token);

/**
 * The newest e-mail to this address as it will be sent, and the PIN it carries (the template says
 * `PIN {{pin}}`). The stored text never holds the PIN: it is kept beside it until the e-mail has left.
 */
async function lastEmail(recipient: string): Promise<{ subject: string; body: string; pin: string | null }> {
  const [email] = await ctx.db
    .select({ subject: emails.subject, body: emails.body, secrets: emails.secrets })
    .from(emails)
    .where(eq(emails.recipient, recipient))
    .orderBy(desc(emails.id))
    .limit(1);
  expect(email, `no e-mail to ${recipient}`).toBeDefined();
  expect(email.body).not.toMatch(/PIN \d{6}/);
  const body = fillSecrets(email.body, opened(email.secrets));
  return {
    subject: fillSecrets(email.subject, opened(email.secrets)),
    body,
    pin: /PIN (\d{6})/.exec(body)?.[1] ?? null,
  };
}

async function deposited(content: Json): Promise<string> {
  const response = await deposit(content);
  expect(response.statusCode, response.body).toBe(200);
  const { pin } = await lastEmail(String(content.recipientEmail));
  expect(pin).toMatch(/^\d{6}$/);
  return pin!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.givenUser({ roles: ['KBOX_ADMIN'] });
  user = await ctx.givenUser({ roles: ['KBOX_USER'] });
  viewer = await ctx.givenUser({ roles: ['KBOX_VIEW'] });
  adminB = await ctx.givenUser({ roles: ['KBOX_ADMIN', 'KBOX_USER'], sites: [ctx.siteB] });
  keybox = await created(admin, 'keybox', { name: 'Recepce', notification: 'admin@example.com' });
  locker = String(keybox.token);
  workflow = await created(admin, 'workflow', {
    name: 'E-shop',
    keybox: keybox.id,
    email: 'provider@example.com',
    phone: '+420 777 000 111',
    notifyCustomer: true,
    subject: 'Zásilka {{content.id}}',
    incomingEmail: true,
    incomingMessage:
      'Dobrý den {{recipient.name}}, zásilka {{content.trackingNumber}} čeká v boxu ' +
      '{{content.boxName}} ({{content.keybox}}). K úhradě {{payment.value}} {{payment.currency}}. PIN {{pin}}',
    pickedEmail: true,
    pickedMessage: 'Zásilka {{content.id}} byla vyzvednuta.',
    pickupEmail: true,
    pickupMessage: 'Zásilka {{content.id}} se vrací, vyzvedněte ji s PIN {{pin}}',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('set-up', () => {
  it('creates a keybox with a machine terminal whose token is shown once', async () => {
    expect(locker).toMatch(/.{20,}/);
    expect(keybox.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await get(admin, `/api/kbox/keybox/${keybox.id}`);
    expect(again.token).toBeUndefined();
    expect(again.status).toBe('OK');
  });

  it('keeps an operator PIN hashed and asks for four digits', async () => {
    const bad = await ctx.call(admin, 'POST', '/api/kbox/operator', {
      cardNumber: 'C1',
      name: 'Op',
      pin: '12a4',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'pin', message: 'validation.pin' })]);
    const operator = await created(admin, 'operator', { cardNumber: 'C1', name: 'Technik', pin: '4321' });
    expect(operator.pin).toBeUndefined();
    expect(operator.pinSet).toBe(true);
    const [row] = await ctx.db
      .select({ pinHash: kboxOperators.pinHash })
      .from(kboxOperators)
      .where(eq(kboxOperators.id, operator.id));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an enabled notification without a message body, on its field', async () => {
    const response = await ctx.call(admin, 'POST', '/api/kbox/workflow', {
      name: 'Bez textu',
      keybox: keybox.id,
      storedSms: true,
      pickedEmail: true,
      pickedMessage: '  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-error-code']).toBe('VALIDATION');
    expect(response.json().details).toEqual([
      { path: 'pickedMessage', message: 'validation.kboxMessageRequired' },
      { path: 'storedMessage', message: 'validation.kboxMessageRequired' },
    ]);
    // An update switching one on without a body is refused as well.
    const update = await ctx.call(admin, 'PUT', `/api/kbox/workflow/${workflow.id}`, {
      version: workflow.version,
      preparedEmail: true,
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().details[0].path).toBe('preparedMessage');
  });

  it('lets only the keybox administrator set up', async () => {
    for (const resource of ['keybox', 'operator', 'workflow'])
      expect((await ctx.call(user, 'POST', `/api/kbox/${resource}`, { name: 'X' })).statusCode).toBe(403);
    expect((await ctx.call(user, 'GET', '/api/kbox/operator')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/kbox/content')).statusCode).toBe(401);
  });
});

describe('contents and the locker', () => {
  it('never gives a content a PIN that waits in the same keybox (the PIN alone finds the content)', async () => {
    const waiting = await deposited(await givenContent({}));
    const draws = [waiting, waiting, '000111'];
    const fresh = await newPickUpPin(ctx.db, Number(keybox.id), new Date(ctx.clock.now()), undefined, () =>
      draws.shift()!,
    );
    expect(fresh.pin).toBe('000111');
    expect(draws).toEqual([]);
  });

  it('goes NEW → DEPOSITED → PICKED_UP with a one-time PIN and the notifications filled', async () => {
    const content = await givenContent({ paymentValue: 1250, currency: 'CZK' });
    expect(content.status).toBe('NEW');
    const response = await deposit(content, 'B7');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().content).toMatchObject({ status: 'DEPOSITED', boxName: 'B7' });

    const email = await lastEmail(String(content.recipientEmail));
    expect(email.subject).toBe(`Zásilka ${content.contentId}`);
    expect(email.body).toBe(
      `Dobrý den Jana Nováková, zásilka ${content.trackingNumber} čeká v boxu B7 (Recepce). ` +
        `K úhradě 1250.00 CZK. PIN ${email.pin}`,
    );
    const [row] = await ctx.db.select().from(kboxContents).where(eq(kboxContents.id, content.id));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(row.pinHash).not.toContain(email.pin);

    // The incoming list shows it (DEPOSITED by default on the page; here asked for).
    const incoming = await get(viewer, '/api/kbox/content/incoming?status=DEPOSITED');
    expectEvery(incoming, (item) => item.status === 'DEPOSITED' && item.direction === 'INCOMING');
    expect(incoming.map((item) => item.id)).toContain(content.id);
    const messages = await get(viewer, `/api/kbox/message?content=${content.id}`);
    expect(messages).toEqual([
      expect.objectContaining({
        kind: 'incoming',
        channel: 'EMAIL',
        pin: true,
        recipient: content.recipientEmail,
      }),
    ]);

    const wrong = await pickUp(email.pin === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['x-error-code']).toBe('PIN_INVALID');
    const picked = await pickUp(email.pin!);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().content).toMatchObject({ id: content.id, status: 'PICKED_UP' });
    // The sender hears of it.
    expect((await lastEmail('eshop@example.com')).body).toBe(`Zásilka ${content.contentId} byla vyzvednuta.`);
    // One-time: the same PIN again is wrong.
    const again = await pickUp(email.pin!);
    expect(again.headers['x-error-code']).toBe('PIN_INVALID');
    // A picked-up content is not deposited again.
    const redeposit = await deposit(content);
    expect(redeposit.statusCode).toBe(409);
    expect(redeposit.headers['x-error-code']).toBe('KBOX_STATE');

    const operations = await get(viewer, `/api/kbox/operation?content=${content.id}`);
    expect(operations.map((operation) => operation.type)).toEqual(['PICK_UP', 'DEPOSIT']);
    expect(operations[1]).toMatchObject({ recipientNotified: true, boxName: 'B7', direction: 'INCOMING' });
    expect(operations[0]).toMatchObject({ senderNotified: true, pin: true });
  });

  it('answers a repeated operation with its first outcome', async () => {
    const content = await givenContent();
    const body = { uuid: randomUUID(), contentId: content.contentId, boxName: 'C1' };
    const first = await lockerCall('deposit', body);
    const second = await lockerCall('deposit', body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('refuses an expired PIN', async () => {
    const content = await givenContent();
    const pin = await deposited(content);
    await ctx.clock.advance(73 * HOUR);
    const response = await pickUp(pin);
    await ctx.clock.advance(-73 * HOUR);
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-error-code']).toBe('KBOX_PIN_EXPIRED');
  });

  it('takes a payment value with at most two decimals and codes of letters and digits (spec section 5)', async () => {
    // 12.345 was stored as 12.35 before: the currency rule refuses it on its field, on create and update.
    const refused = await ctx.call(user, 'POST', '/api/kbox/content', {
      contentId: ++contentCounter,
      keybox: keybox.id,
      paymentValue: 12.345,
      paymentStatus: 'PENDING',
      variableSymbol: '2026-001',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-error-code']).toBe('VALIDATION');
    expect(refused.json().details).toEqual(
      expect.arrayContaining([
        { path: 'paymentValue', message: 'validation.currency' },
        { path: 'variableSymbol', message: 'validation.alphanumeric' },
      ]),
    );
    const content = await givenContent({ paymentValue: 1250.5, variableSymbol: '2026001' });
    expect(content).toMatchObject({ paymentValue: 1250.5, variableSymbol: '2026001' });
    const update = await ctx.call(user, 'PUT', `/api/kbox/content/${content.id}`, {
      version: content.version,
      paymentValue: 0.001,
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().details).toEqual([{ path: 'paymentValue', message: 'validation.currency' }]);
    const tracking = await ctx.call(user, 'PUT', `/api/kbox/content/${content.id}`, {
      version: content.version,
      trackingNumber: 'DR 123',
    });
    expect(tracking.json().details).toEqual([{ path: 'trackingNumber', message: 'validation.alphanumeric' }]);
  });

  it('refuses to hand out unpaid content until paid', async () => {
    const content = await givenContent({ paymentStatus: 'PENDING', paymentValue: 99 });
    const pin = await deposited(content);
    const refused = await pickUp(pin);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('KBOX_UNPAID');
    const current = await get(user, `/api/kbox/content/${content.id}`);
    const paid = await ctx.call(user, 'PUT', `/api/kbox/content/${content.id}`, {
      version: current.version,
      paymentStatus: 'OK',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Deposited, it stays in its keybox.
    const moved = await ctx.call(user, 'PUT', `/api/kbox/content/${content.id}`, {
      version: paid.json().version,
      direction: 'OUTGOING',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details[0].path).toBe('direction');
    expect((await pickUp(pin)).statusCode).toBe(200);
    const [audit] = await ctx.db
      .select({ entity: audits.entity, recordId: audits.recordId, author: audits.author })
      .from(audits)
      .where(and(eq(audits.entity, 'kbox/content'), eq(audits.recordId, String(content.id))))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(audit.author).toBe('terminal:Recepce');
  });

  it('returns a deposited content to its sender with a new PIN', async () => {
    const content = await givenContent();
    const oldPin = await deposited(content);
    const response = await ctx.call(user, 'POST', `/api/kbox/content/${content.id}/return`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ returned: true, status: 'DEPOSITED' });
    const email = await lastEmail('eshop@example.com');
    expect(email.body).toMatch(
      new RegExp(`^Zásilka ${content.contentId} se vrací, vyzvedněte ji s PIN \\d{6}$`),
    );
    if (oldPin !== email.pin) expect((await pickUp(oldPin)).headers['x-error-code']).toBe('PIN_INVALID');
    expect((await pickUp(email.pin!)).statusCode).toBe(200);
    const twice = await ctx.call(user, 'POST', `/api/kbox/content/${content.id}/return`);
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['x-error-code']).toBe('KBOX_STATE');
    const fresh = await givenContent();
    expect((await ctx.call(user, 'POST', `/api/kbox/content/${fresh.id}/return`)).statusCode).toBe(409);
    expect((await ctx.call(viewer, 'POST', `/api/kbox/content/${fresh.id}/return`)).statusCode).toBe(403);
  });

  it('queues an outbox row per switch and recipient, and resends one with a new PIN', async () => {
    const flow = await created(admin, 'workflow', {
      name: 'Vše',
      keybox: keybox.id,
      email: 'provider@example.com',
      phone: '+420777000111',
      notifyAdmin: true,
      notifyCustomer: true,
      storedEmail: true,
      storedMessage: 'Zaevidováno {{content.id}}',
      incomingEmail: true,
      incomingSms: true,
      incomingMessage: 'PIN {{pin}} do {{pin.expires}}',
    });
    const content = await givenContent({ workflow: flow.id, recipientPhone: '+420602000001' });
    const stored = await get(viewer, `/api/kbox/message?content=${content.id}`);
    expect(stored.map((message) => `${message.kind} ${message.channel} ${message.recipient}`).sort()).toEqual(
      [`stored EMAIL ${content.recipientEmail}`, 'stored EMAIL provider@example.com'],
    );
    await deposited(content);
    const messages = await get(viewer, `/api/kbox/message?content=${content.id}&kind=incoming`);
    expect(messages.map((message) => `${message.channel} ${message.recipient}`).sort()).toEqual([
      `EMAIL ${content.recipientEmail}`,
      'EMAIL provider@example.com',
      'SMS +420602000001',
      'SMS +420777000111',
    ]);
    const sms = await ctx.db.select().from(smsMessages).where(eq(smsMessages.recipient, '+420602000001'));
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toMatch(/^PIN ⟦secret 1⟧ do /);
    expect(fillSecrets(sms[0].text, opened(sms[0].secrets))).toMatch(
      /^PIN \d{6} do \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
    );
    // The SMS log shows the PIN masked.
    const logged = await get(ctx.admin, `/api/system_sms?recipient=${encodeURIComponent('+420602000001')}`);
    expect(logged).toHaveLength(1);
    expect(logged[0].text).toMatch(/^PIN \*{8} do /);

    const toRecipient = messages.find((message) => message.recipient === content.recipientEmail)!;
    const before = await lastEmail(String(content.recipientEmail));
    const resent = await ctx.call(user, 'POST', `/api/kbox/message/${toRecipient.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(204);
    const after = await lastEmail(String(content.recipientEmail));
    expect(after.pin).toMatch(/^\d{6}$/);
    if (after.pin !== before.pin)
      expect((await pickUp(before.pin!)).headers['x-error-code']).toBe('PIN_INVALID');
    expect((await get(viewer, `/api/kbox/message?content=${content.id}&kind=incoming`)).length).toBe(5);
    expect((await pickUp(after.pin!)).statusCode).toBe(200);
  });

  it('records an operator service operation only with a valid card and PIN', async () => {
    const body = { uuid: randomUUID(), name: 'SERVIS', cardNumber: 'C1', pin: '4321', boxName: 'A1' };
    const wrong = await lockerCall('service', { ...body, uuid: randomUUID(), pin: '1111' });
    expect(wrong.headers['x-error-code']).toBe('PIN_INVALID');
    const ok = await lockerCall('service', body);
    expect(ok.statusCode, ok.body).toBe(200);
    const operations = await get(viewer, '/api/kbox/operation?name=SERVIS');
    expectEvery(operations, (operation) => operation.name === 'SERVIS');
    expect(operations[0]).toMatchObject({ operator: { label: 'Technik' }, uuid: body.uuid });
    const parking = await lockerCall('service', { ...body, uuid: randomUUID(), name: 'GOPARKING' });
    expect(parking.statusCode).toBe(200);
  });
});

describe('the locker token', () => {
  it('is accepted only on the locker routes, and only a keybox terminal’s', async () => {
    const content = await givenContent();
    const onUserRoute = await ctx.app.inject({
      method: 'GET',
      url: '/api/kbox/content',
      headers: { 'x-client-token': locker },
    });
    expect(onUserRoute.statusCode).toBe(401);
    expect(onUserRoute.headers['x-error-code']).toBe('SESSION_REQUIRED');
    const withSession = await ctx.call(user, 'POST', '/api/kbox/locker/deposit', {
      uuid: randomUUID(),
      contentId: content.contentId,
      boxName: 'A1',
    });
    expect(withSession.statusCode).toBe(401);
    expect(withSession.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    const patrol = await givenTerminal(ctx, { role: 'PATROL_TERMINAL', site: ctx.siteA });
    const foreign = await deposit(content, 'A1', patrol.token);
    expect(foreign.statusCode).toBe(403);
    expect((await deposit(content, 'A1', 'not-a-token')).headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    // A new token: the old one stops working.
    const renewed = await ctx.call(admin, 'POST', `/api/kbox/keybox/${keybox.id}/token`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await deposit(content)).headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    locker = String(renewed.json().token);
    expect((await deposit(content)).statusCode).toBe(200);
  });
});

describe('deleting a keybox', () => {
  it('is refused while contents name it, and revokes its token', async () => {
    expect((await ctx.call(admin, 'DELETE', `/api/kbox/keybox/${keybox.id}`)).headers['x-error-code']).toBe(
      'IN_USE',
    );
    const empty = await created(admin, 'keybox', { name: 'Prázdný' });
    expect((await lockerCall('status', { status: 'OK' }, String(empty.token))).statusCode).toBe(204);
    expect((await ctx.call(admin, 'DELETE', `/api/kbox/keybox/${empty.id}`)).statusCode).toBe(204);
    const revoked = await lockerCall('status', { status: 'OK' }, String(empty.token));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
  });
});

describe('other sites and roles', () => {
  it('keeps each site’s keyboxes and contents apart', async () => {
    const content = await givenContent();
    expect((await ctx.call(adminB, 'GET', `/api/kbox/content/${content.id}`)).statusCode).toBe(404);
    expect((await ctx.call(adminB, 'POST', `/api/kbox/content/${content.id}/return`)).statusCode).toBe(404);
    expect((await ctx.call(adminB, 'GET', '/api/kbox/content')).json()).toEqual([]);
    const keyboxB = await created(adminB, 'keybox', { name: 'Sklad B' });
    // Site B's locker does not know site A's content.
    const response = await deposit(content, 'A1', String(keyboxB.token));
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-error-code']).toBe('KBOX_CONTENT_UNKNOWN');
    // Nor may a content of site B name site A's keybox.
    const crossing = await ctx.call(adminB, 'POST', '/api/kbox/content', { contentId: 1, keybox: keybox.id });
    expect(crossing.statusCode).toBe(400);
  });

  it('lets a viewer read but not write contents', async () => {
    expect((await ctx.call(viewer, 'GET', '/api/kbox/content/outgoing')).statusCode).toBe(200);
    const response = await ctx.call(viewer, 'POST', '/api/kbox/content', { contentId: 5, keybox: keybox.id });
    expect(response.statusCode).toBe(403);
  });
});

describe('OFFLINE detection and figures', () => {
  it('marks a silent keybox OFFLINE once across two instances and tells its administrator', async () => {
    const silent = await created(admin, 'keybox', {
      name: 'Tichý',
      notification: 'silent-admin@example.com',
      offlineMinutes: 5,
    });
    const runners = ['one', 'two'].map((instance) =>
      jobRunner({
        database: ctx.database,
        log: { error: () => undefined, debug: () => undefined },
        clock: ctx.clock,
        instance,
      }),
    );
    for (const runner of runners) runner.register(kboxOfflineJob(ctx.db));
    await ctx.clock.advance(4 * 60_000);
    await Promise.all(runners.map((runner) => runner.tick()));
    expect((await get(admin, `/api/kbox/keybox/${silent.id}`)).status).toBe('OK');

    await ctx.clock.advance(2 * 60_000);
    await Promise.all(runners.map((runner) => runner.tick()));
    await ctx.clock.advance(60_000);
    await Promise.all(runners.map((runner) => runner.tick()));
    expect((await get(admin, `/api/kbox/keybox/${silent.id}`)).status).toBe('OFFLINE');
    const told = await ctx.db.select().from(emails).where(like(emails.recipient, 'silent-admin@%'));
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain('Tichý');

    // A call of its locker brings it back.
    const status = await lockerCall('status', { status: 'WARNING' }, String(silent.token));
    expect(status.statusCode).toBe(204);
    expect((await get(admin, `/api/kbox/keybox/${silent.id}`)).status).toBe('WARNING');
    await Promise.all(runners.map((runner) => runner.stop()));
  });

  it('gives the waiting contents and the median time to pick-up, also as CSV', async () => {
    const store = await created(admin, 'keybox', { name: 'Statistika' });
    const flow = await created(admin, 'workflow', {
      name: 'Statistika',
      keybox: store.id,
      incomingEmail: true,
      incomingMessage: 'PIN {{pin}}',
    });
    const token = String(store.token);
    const pins: string[] = [];
    for (let index = 0; index < 3; index++) {
      const content = await givenContent({ keybox: store.id, workflow: flow.id });
      expect((await deposit(content, `S${index}`, token)).statusCode).toBe(200);
      pins.push((await lastEmail(String(content.recipientEmail))).pin!);
    }
    await ctx.clock.advance(HOUR);
    expect((await pickUp(pins[0], token)).statusCode).toBe(200);
    await ctx.clock.advance(2 * HOUR);
    expect((await pickUp(pins[1], token)).statusCode).toBe(200);
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    const from = new Date(ctx.clock.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(ctx.clock.now() + 86_400_000).toISOString().slice(0, 10);
    const figures = await get(admin, `/api/kbox/keybox/figures?from=${from}&to=${to}`);
    const row = (figures as unknown as Array<Record<string, unknown>>).find(
      (item) => (item.keybox as { id: number }).id === store.id,
    );
    expect(row).toMatchObject({ waiting: 1, pickedUp: 2, medianMinutes: 120 });
    expect(row!.oldestWaiting).toEqual(expect.any(String));
    expect((await ctx.call(user, 'GET', `/api/kbox/keybox/figures?from=${day}&to=${day}`)).statusCode).toBe(
      403,
    );
    const csv = await ctx.call(admin, 'GET', `/api/kbox/keybox/figures/export?from=${from}&to=${to}&lang=en`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Keybox,Status,Waiting');
    expect(csv.body).toContain('Statistika,OK,1,');
  });
});

describe('demo data', () => {
  it('seeds a keybox with parcels waiting, one picked up, and an operator who can service it', async () => {
    const site = await ctx.createSite('Demo keyboxes', ['MOD_KBOX']);
    const demoAdmin = await ctx.givenUser({ roles: ['KBOX_ADMIN', 'KBOX_USER'], sites: [site] });
    await seedKboxDemo(ctx.db, [site], new Date(ctx.clock.now()));
    const incoming = await get(demoAdmin, '/api/kbox/content/incoming?status=DEPOSITED');
    expect(incoming.map((item) => item.contentId)).toEqual([1003, 1002]);
    const from = new Date(ctx.clock.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(ctx.clock.now() + 86_400_000).toISOString().slice(0, 10);
    const [figures] = await get(demoAdmin, `/api/kbox/keybox/figures?from=${from}&to=${to}`);
    expect(figures).toMatchObject({ waiting: 2, pickedUp: 1, medianMinutes: 300 });
    // A new token for the demo keybox, then its operator services it.
    const [keyboxRow] = await get(demoAdmin, '/api/kbox/keybox');
    const token = (await ctx.call(demoAdmin, 'POST', `/api/kbox/keybox/${keyboxRow.id}/token`)).json().token;
    const service = await lockerCall(
      'service',
      { uuid: randomUUID(), name: 'GOPARKING', cardNumber: 'K-0001', pin: DEMO_KBOX_OPERATOR_PIN },
      String(token),
    );
    expect(service.statusCode, service.body).toBe(200);
  });
});
