import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext } from '../../../test/helper';
import { manualClock } from '../../platform/clock';
import { jobRunner } from '../../platform/jobs';
import { emails, smsMessages } from './messaging.tables';
import { MAX_ATTEMPTS, deliveryWorker, retryDelaySeconds } from './delivery.worker';
import { queueEmail, queueSms } from './outbox';
import {
  smtpTransport,
  type EmailTransport,
  type OutgoingEmail,
  type OutgoingSms,
  type SmsProvider,
} from './transports';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

function recordingEmail(fail?: (email: OutgoingEmail) => boolean, delayMs = 0) {
  const sent: OutgoingEmail[] = [];
  const transport: EmailTransport = {
    kind: 'test',
    async send(email) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * delayMs));
      if (fail?.(email)) throw new Error('Mailbox unavailable');
      sent.push(email);
    },
  };
  return { sent, transport };
}

function recordingSms() {
  const sent: OutgoingSms[] = [];
  const provider: SmsProvider = { kind: 'test', send: async (sms) => void sent.push(sms) };
  return { sent, provider };
}

describe('delivery worker', () => {
  it('delivers queued e-mails and SMS once and records it', async () => {
    const emailId = await queueEmail(ctx.db, { recipient: 'one@example.com', subject: 'Ahoj', body: 'Tělo' });
    const smsId = await queueSms(ctx.db, { recipient: '+420777000111', text: 'Zásilka čeká' });
    const email = recordingEmail();
    const sms = recordingSms();
    const worker = deliveryWorker({ db: ctx.db, email: email.transport, sms: sms.provider, log: quiet });

    expect(await worker.runOnce()).toEqual({ emails: 1, sms: 1 });
    expect(email.sent).toEqual([{ to: 'one@example.com', subject: 'Ahoj', text: 'Tělo' }]);
    expect(sms.sent).toEqual([{ to: '+420777000111', text: 'Zásilka čeká' }]);
    expect(await worker.runOnce()).toEqual({ emails: 0, sms: 0 });

    const [row] = await ctx.db.select().from(emails).where(eq(emails.id, emailId));
    expect(row).toMatchObject({ attempts: 1, delivered: true, lastError: null });
    expect(row.sent).toBeInstanceOf(Date);
    const [smsRow] = await ctx.db.select().from(smsMessages).where(eq(smsMessages.id, smsId));
    expect(smsRow).toMatchObject({ sentRetry: 1, sentSuccessFull: true, lastError: null });
  });

  it('retries a failed message after a growing delay and gives up after the last attempt', async () => {
    const id = await queueEmail(ctx.db, { recipient: 'flaky@example.com', subject: 'S', body: 'B' });
    let failing = true;
    const email = recordingEmail(() => failing);
    // The worker's clock starts when the message became due (the database keeps microseconds: the next
    // millisecond), and moves only when the test moves it.
    const [queued] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    const clock = manualClock(queued.nextAttempt.getTime() + 1);
    const worker = deliveryWorker({
      db: ctx.db,
      email: email.transport,
      sms: recordingSms().provider,
      log: quiet,
      clock,
    });

    await worker.runOnce();
    let [row] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ attempts: 1, sent: null, lastError: 'Mailbox unavailable' });
    expect(row.nextAttempt.getTime() - clock.now()).toBe(60_000);

    clock.advance(59_000);
    expect((await worker.runOnce()).emails).toBe(0); // still backing off
    clock.advance(1_000);
    failing = false;
    expect((await worker.runOnce()).emails).toBe(1);
    [row] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ attempts: 2, delivered: true, lastError: null });

    const exhausted = await queueEmail(ctx.db, { recipient: 'gone@example.com', subject: 'S', body: 'B' });
    await ctx.db.update(emails).set({ attempts: MAX_ATTEMPTS }).where(eq(emails.id, exhausted));
    expect((await worker.runOnce()).emails).toBe(0);

    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(MAX_ATTEMPTS)).toBe(6 * 3600);
  });

  it('records a real SMTP failure (server unreachable) as a failed attempt', async () => {
    const id = await queueEmail(ctx.db, { recipient: 'smtp@example.com', subject: 'S', body: 'B' });
    const worker = deliveryWorker({
      db: ctx.db,
      email: smtpTransport('smtp://127.0.0.1:1', 'Strážce <noreply@example.com>'),
      sms: recordingSms().provider,
      log: quiet,
    });
    await worker.runOnce();
    const [row] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(row.sent).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('never sends one message twice when two workers run at once', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 60; index++)
      ids.push(
        await queueEmail(ctx.db, {
          recipient: `bulk${index}@example.com`,
          subject: 'Bulk',
          body: `${index}`,
        }),
      );
    const first = recordingEmail(undefined, 5);
    const second = recordingEmail(undefined, 5);
    const make = (transport: EmailTransport) =>
      deliveryWorker({
        db: ctx.db,
        email: transport,
        sms: recordingSms().provider,
        log: quiet,
        batchSize: 7,
      });
    const workers = [make(first.transport), make(second.transport)];
    const drain = async (worker: (typeof workers)[number]) => {
      while ((await worker.runOnce()).emails > 0);
    };
    await Promise.all(workers.map(drain));

    const recipients = [...first.sent, ...second.sent]
      .map((email) => email.to)
      .filter((to) => to.startsWith('bulk'));
    expect(recipients).toHaveLength(60);
    expect(new Set(recipients).size).toBe(60);
    const rows = await ctx.db.select().from(emails).where(inArray(emails.id, ids));
    expectEvery(rows, (row) => row.attempts === 1 && row.delivered);
  });

  it('runs in the background as a job until stopped', async () => {
    const id = await queueEmail(ctx.db, { recipient: 'background@example.com', subject: 'S', body: 'B' });
    const email = recordingEmail();
    const worker = deliveryWorker({
      db: ctx.db,
      email: email.transport,
      sms: recordingSms().provider,
      log: quiet,
      intervalMs: 1000,
    });
    const jobs = jobRunner({ database: ctx.database, log: quiet });
    jobs.register(worker.job);
    jobs.start();
    for (let tries = 0; tries < 100; tries++) {
      const [row] = await ctx.db.select().from(emails).where(eq(emails.id, id));
      if (row.delivered) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await jobs.stop();
    const [row] = await ctx.db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ delivered: true, state: 'SENT' });
    expect(email.sent.map((sent) => sent.to)).toContain('background@example.com');
  });
});
