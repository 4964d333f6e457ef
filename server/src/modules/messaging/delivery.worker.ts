import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { systemClock, type Clock } from '../../platform/clock';
import { MASKED_TOKEN, RESET_LINK_SQL_PATTERN } from '../access/reset.email';
import type { DeliveryLog, EmailTransport, SmsProvider } from './transports';

/** Attempts after which a message is given up (it stays in the log with its last error). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is reserved for the worker sending it; after a crash it is retried then. */
const LEASE_SECONDS = 600;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 6 * 3600;

/** Seconds to wait after the given failed attempt: 1, 2, 4, … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

interface Claimed {
  id: number;
  attempts: number;
  send(): Promise<void>;
}

/** One outbox table: how to claim due messages, and how to record the outcome of an attempt. */
interface Outbox {
  name: string;
  /** `at`: the worker's clock, which decides what is due and when a retry comes. */
  claim(db: Db, batchSize: number, at: Date): Promise<Claimed[]>;
  delivered(id: number, at: Date): SQL;
  failed(id: number, error: string, retryInSeconds: number, at: Date): SQL;
}

const maskedBody = sql`body = regexp_replace(body, ${RESET_LINK_SQL_PATTERN}, ${`\\1${MASKED_TOKEN}`}, 'g')`;

/**
 * Claims due messages in one statement: the rows are locked with SKIP LOCKED (another instance claiming at the
 * same moment takes other rows) and leased by moving `next_attempt` forward, so no two workers ever send one
 * message, even on separate servers against one PostgreSQL.
 */
function emailOutbox(transport: EmailTransport): Outbox {
  return {
    name: 'e-mail',
    async claim(db, batchSize, at) {
      const rows = rowsOf(
        await db.execute(sql`
          update system_email set attempts = attempts + 1,
            next_attempt = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
          where id in (
            select id from system_email
            where sent is null and attempts < ${MAX_ATTEMPTS} and next_attempt <= ${at}::timestamptz
            order by next_attempt, id limit ${batchSize}
            for update skip locked)
          returning id, recipient, subject, body, attempts`),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        attempts: Number(row.attempts),
        send: () =>
          transport.send({ to: String(row.recipient), subject: String(row.subject), text: String(row.body) }),
      }));
    },
    // Once sent (or given up), a password reset link in the body is masked: the outbox is not a second
    // mailbox, and the token must not be readable at rest.
    delivered: (id, at) =>
      sql`update system_email set sent = ${at}::timestamptz, last_error = null, ${maskedBody} where id = ${id}`,
    failed: (id, error, retry, at) =>
      sql`update system_email set last_error = ${error},
        next_attempt = ${at}::timestamptz + make_interval(secs => ${retry}),
        body = case when attempts >= ${MAX_ATTEMPTS}
          then regexp_replace(body, ${RESET_LINK_SQL_PATTERN}, ${`\\1${MASKED_TOKEN}`}, 'g') else body end
        where id = ${id}`,
  };
}

function smsOutbox(provider: SmsProvider): Outbox {
  return {
    name: 'SMS',
    async claim(db, batchSize, at) {
      const rows = rowsOf(
        await db.execute(sql`
          update system_sms set sent_retry = sent_retry + 1,
            next_attempt = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
          where id in (
            select id from system_sms
            where not sent_success_full and sent_retry < ${MAX_ATTEMPTS} and next_attempt <= ${at}::timestamptz
            order by next_attempt, id limit ${batchSize}
            for update skip locked)
          returning id, recipient, text, sent_retry`),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        attempts: Number(row.sent_retry),
        send: () => provider.send({ to: String(row.recipient), text: String(row.text) }),
      }));
    },
    delivered: (id, at) =>
      sql`update system_sms set sent_success_full = true, sent = ${at}::timestamptz, last_error = null where id = ${id}`,
    failed: (id, error, retry, at) =>
      sql`update system_sms set last_error = ${error},
        next_attempt = ${at}::timestamptz + make_interval(secs => ${retry}) where id = ${id}`,
  };
}

export interface DeliveryWorkerOptions {
  db: Db;
  email: EmailTransport;
  sms: SmsProvider;
  log: DeliveryLog & {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Pause between polls when the outboxes are empty. */
  intervalMs?: number;
  /** What is due and when a retry comes are decided on this clock (tests move their own). */
  clock?: Clock;
  batchSize?: number;
}

export interface DeliveryWorker {
  /** Processes one batch of each outbox; resolves with the number of messages attempted. */
  runOnce(): Promise<{ emails: number; sms: number }>;
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
}

/** The background worker that delivers the e-mail and SMS outboxes, with retries and back-off. */
export function deliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log, intervalMs = 5000, batchSize = 20, clock = systemClock } = options;
  const outboxes = [emailOutbox(options.email), smsOutbox(options.sms)];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function process(outbox: Outbox): Promise<number> {
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
          `${outbox.name} delivery failed${final ? ', giving up' : ''}`,
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

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then(({ emails, sms }) => schedule(emails === batchSize || sms === batchSize ? 0 : intervalMs))
        .catch((error) => {
          log.error({ err: error }, 'message delivery failed');
          schedule(intervalMs);
        });
    }, delay);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
