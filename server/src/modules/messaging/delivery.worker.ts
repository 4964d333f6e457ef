import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { systemClock, type Clock } from '../../platform/clock';
import type { Job } from '../../platform/jobs';
import { openSecret } from '../../platform/secretBox';
import { fillSecrets } from './secrets';
import type { EmailTransport, SmsProvider } from './transports';
import { rowsOf } from '../../db/prepared';
import {
  emailOutboxTable,
  heldUnsent,
  holdWaiting,
  MAX_ATTEMPTS,
  smsOutboxTable,
  waiting,
  type OutboxTable,
} from './outboxTables';

export { MAX_ATTEMPTS };

/** How long a claimed message is reserved for the worker sending it; after a crash it is retried then. */
const LEASE_SECONDS = 600;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 6 * 3600;

/** Seconds to wait after the given failed attempt: 1, 2, 4, … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

interface Claimed {
  id: number;
  attempts: number;
  send(): Promise<void>;
}

/** One outbox table: how to claim due messages, and how to record the outcome of an attempt. */
interface Outbox {
  table: OutboxTable;
  /** Whether a transport is configured; without one the due messages are held (NO_TRANSPORT), never sent. */
  transported: boolean;
  /** `at`: the worker's clock, which decides what is due and when a retry comes. */
  claim(db: Db, batchSize: number, at: Date): Promise<Claimed[]>;
  delivered(id: number, at: Date): SQL;
  failed(id: number, error: string, retryInSeconds: number, at: Date): SQL;
}

/**
 * The credentials of a message (messaging/secrets.ts) as stored: a JSON array of sealed values
 * (platform/secretBox.ts), or null. Once the message has left or is given up they are forgotten (set null):
 * the outbox is not a second mailbox. A value that cannot be opened (another SECRETS_KEY) fails the attempt.
 */
const secretsOf = (value: unknown): string[] | null => {
  const stored = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? (JSON.parse(value) as string[])
      : null;
  return stored?.map(openSecret) ?? null;
};

/**
 * Claims due messages in one statement: the rows are locked with SKIP LOCKED (another instance claiming at the
 * same moment takes other rows) and leased by moving `next_attempt` forward, so no two workers ever send one
 * message, even on separate servers against one PostgreSQL.
 */
function emailOutbox(transport: EmailTransport): Outbox {
  return {
    table: emailOutboxTable,
    transported: transport.kind !== 'none',
    async claim(db, batchSize, at) {
      const rows = rowsOf<{
        id: number;
        recipient: string;
        subject: string;
        body: string;
        secrets: unknown;
        attempts: number;
      }>(
        await db.execute(sql`
          update system_email set attempts = attempts + 1,
            next_attempt = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
          where id in (
            select id from system_email
            where ${waiting(emailOutboxTable)} and next_attempt <= ${at}::timestamptz
            order by next_attempt, id limit ${batchSize}
            for update skip locked)
          returning id, recipient, subject, body, secrets, attempts`),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        attempts: Number(row.attempts),
        send: async () => {
          const secrets = secretsOf(row.secrets);
          await transport.send({
            to: String(row.recipient),
            subject: fillSecrets(String(row.subject), secrets),
            text: fillSecrets(String(row.body), secrets),
          });
        },
      }));
    },
    delivered: (id, at) =>
      sql`update system_email set sent = ${at}::timestamptz, last_error = null, secrets = null where id = ${id}`,
    failed: (id, error, retry, at) =>
      sql`update system_email set last_error = ${error},
        next_attempt = ${at}::timestamptz + make_interval(secs => ${retry}),
        secrets = case when attempts < ${MAX_ATTEMPTS} then secrets end where id = ${id}`,
  };
}

function smsOutbox(provider: SmsProvider): Outbox {
  return {
    table: smsOutboxTable,
    transported: provider.kind !== 'none',
    async claim(db, batchSize, at) {
      const rows = rowsOf<{
        id: number;
        recipient: string;
        text: string;
        secrets: unknown;
        sent_retry: number;
      }>(
        await db.execute(sql`
          update system_sms set sent_retry = sent_retry + 1,
            next_attempt = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
          where id in (
            select id from system_sms
            where ${waiting(smsOutboxTable)} and next_attempt <= ${at}::timestamptz
            order by next_attempt, id limit ${batchSize}
            for update skip locked)
          returning id, recipient, text, secrets, sent_retry`),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        attempts: Number(row.sent_retry),
        send: async () => {
          await provider.send({
            to: String(row.recipient),
            text: fillSecrets(String(row.text), secretsOf(row.secrets)),
          });
        },
      }));
    },
    delivered: (id, at) =>
      sql`update system_sms set sent_success_full = true, sent = ${at}::timestamptz, last_error = null,
        secrets = null where id = ${id}`,
    failed: (id, error, retry, at) =>
      sql`update system_sms set last_error = ${error},
        next_attempt = ${at}::timestamptz + make_interval(secs => ${retry}),
        secrets = case when sent_retry < ${MAX_ATTEMPTS} then secrets end where id = ${id}`,
  };
}

/**
 * Messages waiting for delivery (not sent, not given up, not held for want of a transport) per channel, and the
 * oldest one's age in seconds.
 */
export async function outboxBacklog(
  db: Db,
  /** The app's clock. */
  now: number,
): Promise<Array<{ channel: string; backlog: number; age: number }>> {
  const at = new Date(now);
  const rows = rowsOf<{ channel: string; backlog: number; age: number }>(
    await db.execute(sql`
      select 'email' as channel, count(*)::int as backlog,
        coalesce(extract(epoch from ${at}::timestamptz - min(queued)), 0)::float8 as age
      from system_email where ${waiting(emailOutboxTable)}
      union all
      select 'sms', count(*)::int, coalesce(extract(epoch from ${at}::timestamptz - min(created)), 0)::float8
      from system_sms where ${waiting(smsOutboxTable)}`),
  );
  return rows.map((row) => ({
    channel: String(row.channel),
    backlog: Number(row.backlog),
    age: Math.max(0, Number(row.age)),
  }));
}

/** E-mails and SMS kept as not sent for want of a transport (NO_TRANSPORT), per channel. */
export async function heldMessages(db: Db): Promise<{ email: number; sms: number }> {
  const [row] = rowsOf<{ email: number; sms: number }>(
    await db.execute(sql`
      select (select count(*) from system_email where ${heldUnsent(emailOutboxTable)})::int as email,
        (select count(*) from system_sms where ${heldUnsent(smsOutboxTable)})::int as sms`),
  );
  return { email: Number(row?.email ?? 0), sms: Number(row?.sms ?? 0) };
}

export interface DeliveryWorkerOptions {
  db: Db;
  email: EmailTransport;
  sms: SmsProvider;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** The delivery job's period: how often the outboxes are looked at. */
  intervalMs?: number;
  /** What is due and when a retry comes are decided on this clock (tests move their own). */
  clock?: Clock;
  batchSize?: number;
}

export interface DeliveryWorker {
  /** Processes one batch of each outbox; resolves with the number of messages attempted. */
  runOnce(): Promise<{ emails: number; sms: number }>;
  /**
   * The job (platform/jobs.ts) that delivers every intervalMs across the instances: batches until the
   * outboxes hold nothing due (at most MAX_BATCHES_PER_RUN, the rest waits for the next period).
   */
  job: Job;
}

/** Batches one run of the delivery job takes at most. */
const MAX_BATCHES_PER_RUN = 50;

/** The background worker that delivers the e-mail and SMS outboxes, with retries and back-off. */
export function deliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log, intervalMs = 5000, batchSize = 20, clock = systemClock } = options;
  const outboxes = [emailOutbox(options.email), smsOutbox(options.sms)];
  async function process(outbox: Outbox): Promise<number> {
    if (!outbox.transported) {
      const held = rowsOf(await db.execute(holdWaiting(outbox.table))).length;
      if (held > 0)
        log.warn({ held }, `${outbox.table.name} not sent: no transport is configured; kept for a re-send`);
      return 0;
    }
    const claimed = await outbox.claim(db, batchSize, new Date(clock.now()));
    for (const message of claimed) {
      try {
        await message.send();
        await db.execute(outbox.delivered(message.id, new Date(clock.now())));
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        const retry = retryDelaySeconds(message.attempts);
        const final = message.attempts >= MAX_ATTEMPTS;
        log.warn(
          { id: message.id, attempts: message.attempts, err: text },
          `${outbox.table.name} delivery failed${final ? ', giving up' : ''}`,
        );
        await db.execute(outbox.failed(message.id, text.slice(0, 2000), retry, new Date(clock.now())));
      }
    }
    return claimed.length;
  }

  async function runOnce() {
    const [emails, sms] = [await process(outboxes[0]), await process(outboxes[1])];
    return { emails, sms };
  }

  return {
    runOnce,
    job: {
      name: 'outbox-delivery',
      everyMs: intervalMs,
      async run() {
        for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
          const { emails, sms } = await runOnce();
          if (emails < batchSize && sms < batchSize) break;
        }
      },
    },
  };
}
