import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { configFromEnv } from '../../config';
import { configReport } from '../../configReport';
import { emails, smsMessages } from './messaging.tables';
import { deliveryWorker } from './delivery.worker';
import { queueEmail, queueSms } from './outbox';
import { noEmailTransport, noSmsProvider, type OutgoingEmail } from './transports';

/**
 * Without a transport nothing pretends (issue: e-mail and SMS without a transport counted as delivered): the
 * worker keeps each message as NO_TRANSPORT, the logs filter it, readiness tells administrators, and a
 * re-send sends it once a transport is configured.
 */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let withoutTransport: TestContext;
let withTransport: TestContext;
let receptionist: TestUser;

beforeAll(async () => {
  withoutTransport = await createTestContext({ configuration: configReport(configFromEnv({})) });
  withTransport = await createTestContext({
    configuration: configReport(
      configFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_URL: 'http://127.0.0.1:9/sms' }),
    ),
  });
  receptionist = await withTransport.givenUser({ roles: ['VISIT_USER'] });
});
afterAll(async () => {
  await withoutTransport?.close();
  await withTransport?.close();
});

/** The worker of an installation without transports, then one with a recording e-mail transport. */
async function holdAll(ctx: TestContext) {
  await deliveryWorker({ db: ctx.db, email: noEmailTransport, sms: noSmsProvider, log: quiet }).runOnce();
}

describe('without a transport', () => {
  it('keeps e-mail and SMS as NO_TRANSPORT, never as sent, with their credentials sealed for a re-send', async () => {
    const ctx = withoutTransport;
    const emailId = await queueEmail(ctx.db, {
      recipient: 'reset@example.com',
      subject: 'Reset',
      body: 'Link: /resetPassword?token=secret-token-123',
      secrets: ['secret-token-123'],
    });
    const smsId = await queueSms(ctx.db, { recipient: '+420777000111', text: 'PIN 4711', secrets: ['4711'] });
    await holdAll(ctx);
    await holdAll(ctx);

    const [email] = await ctx.db.select().from(emails).where(eq(emails.id, emailId));
    expect(email).toMatchObject({
      held: true,
      state: 'NO_TRANSPORT',
      delivered: false,
      sent: null,
      attempts: 0,
    });
    expect(email.secrets).toHaveLength(1);
    const [sms] = await ctx.db.select().from(smsMessages).where(eq(smsMessages.id, smsId));
    expect(sms).toMatchObject({ held: true, state: 'NO_TRANSPORT', sentSuccessFull: false, sentRetry: 0 });

    // The logs filter by the state; the list shows it, credentials masked.
    const list = await ctx.call(ctx.admin, 'GET', '/api/system_email?state=NO_TRANSPORT');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ id: number; state: string; body: string }>;
    expectEvery(rows, (row) => row.state === 'NO_TRANSPORT');
    expect(rows.find((row) => row.id === emailId)?.body).not.toContain('secret-token-123');
    const sent = (await ctx.call(ctx.admin, 'GET', '/api/system_email?state=SENT')).json() as unknown[];
    expect(sent).toEqual([]);
    const smsList = (await ctx.call(ctx.admin, 'GET', '/api/system_sms?state=NO_TRANSPORT')).json() as Array<{
      id: number;
    }>;
    expect(smsList.map((row) => row.id)).toContain(smsId);
  });

  it('tells administrators in readiness, nobody else', async () => {
    const ctx = withoutTransport;
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(anonymous.json()).toEqual({ status: 'ok' });
    const user = await ctx.givenUser({ roles: ['VISIT_USER'] });
    expect((await ctx.call(user, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ok' });

    const ready = (await ctx.call(ctx.admin, 'GET', '/api/health/ready')).json();
    expect(ready.notices).toEqual(['EMAIL_NO_TRANSPORT', 'SMS_NO_TRANSPORT']);
    expect(ready.held).toEqual({ email: 1, sms: 1 });
    expect(ready.configuration.providers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'email', state: 'off', missing: 'SMTP_URL' }),
        expect.objectContaining({ provider: 'sms', state: 'off' }),
      ]),
    );
  });

  it('refuses a re-send while no transport is configured (it would only be kept again)', async () => {
    const ctx = withoutTransport;
    const [held] = await ctx.db.select().from(emails).where(eq(emails.held, true));
    const one = await ctx.call(ctx.admin, 'POST', `/api/system_email/${held.id}/resend`);
    expect(one.statusCode).toBe(409);
    expect(one.headers['x-error-code']).toBe('NO_TRANSPORT');
    expect((await ctx.call(ctx.admin, 'POST', '/api/system_sms/resend')).statusCode).toBe(409);
    const [still] = await ctx.db.select().from(emails).where(eq(emails.id, held.id));
    expect(still.held).toBe(true);
  });
});

describe('a re-send once a transport is configured', () => {
  it('sends a kept e-mail with its credentials, once', async () => {
    const ctx = withTransport;
    const id = await queueEmail(ctx.db, {
      recipient: 'later@example.com',
      subject: 'Reset',
      body: 'Link: /resetPassword?token=later-token-456',
      secrets: ['later-token-456'],
    });
    await holdAll(ctx);
    // Nobody but an administrator; refusals before validation.
    expect((await ctx.call(receptionist, 'POST', `/api/system_email/${id}/resend`)).statusCode).toBe(403);
    expect((await ctx.call(ctx.admin, 'POST', `/api/system_email/${id}/resend`, { x: 1 })).statusCode).toBe(
      400,
    );

    const resend = await ctx.call(ctx.admin, 'POST', `/api/system_email/${id}/resend`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ resent: 1 });
    const [waiting] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(waiting).toMatchObject({ held: false, state: 'WAITING', attempts: 0 });

    const sent: OutgoingEmail[] = [];
    await deliveryWorker({
      db: ctx.db,
      email: { kind: 'smtp', send: async (email) => void sent.push(email) },
      sms: noSmsProvider,
      log: quiet,
      clock: { now: () => waiting.nextAttempt.getTime() + 1 },
    }).runOnce();
    expect(sent).toEqual([
      { to: 'later@example.com', subject: 'Reset', text: 'Link: /resetPassword?token=later-token-456' },
    ]);
    const [done] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(done).toMatchObject({ state: 'SENT', delivered: true, secrets: null });

    // Sent: no second re-send; an unknown message is not found.
    const again = await ctx.call(ctx.admin, 'POST', `/api/system_email/${id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('CONFLICT');
    expect((await ctx.call(ctx.admin, 'POST', '/api/system_email/99999999/resend')).statusCode).toBe(404);
  });

  it('re-sends every kept SMS at once', async () => {
    const ctx = withTransport;
    const ids = [
      await queueSms(ctx.db, { recipient: '+420777000222', text: 'One' }),
      await queueSms(ctx.db, { recipient: '+420777000333', text: 'Two' }),
    ];
    await holdAll(ctx);
    const resend = await ctx.call(ctx.admin, 'POST', '/api/system_sms/resend');
    expect(resend.statusCode).toBe(200);
    expect(resend.json().resent).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const [row] = await ctx.db.select().from(smsMessages).where(eq(smsMessages.id, id));
      expect(row).toMatchObject({ held: false, state: 'WAITING', sentRetry: 0 });
    }
    const ready = (await ctx.call(ctx.admin, 'GET', '/api/health/ready')).json();
    expect(ready.notices).toEqual([]);
    expect(ready.held.sms).toBe(0);
  });
});
