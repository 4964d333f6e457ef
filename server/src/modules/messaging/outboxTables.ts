import { sql, type SQL } from 'drizzle-orm';

/** Attempts after which a message is given up (it stays in the log with its last error). */
export const MAX_ATTEMPTS = 10;

/**
 * The shape of one outbox table in SQL: the delivery worker, the re-send of held messages and the health
 * figures all read the states of a message from here, so "waiting", "held" and "unsent" mean one thing.
 */
export interface OutboxTable {
  /** For log lines: `e-mail`, `SMS`. */
  name: string;
  /** The provider in the configuration report (configReport.ts) whose transport sends this outbox. */
  channel: 'email' | 'sms';
  table: SQL;
  /** The column counting delivery attempts. */
  attempts: SQL;
  /** The column with the time the message was queued. */
  queued: SQL;
  /** The condition "not delivered yet". */
  unsent: SQL;
}

export const emailOutboxTable: OutboxTable = {
  name: 'e-mail',
  channel: 'email',
  table: sql.raw('system_email'),
  attempts: sql.raw('attempts'),
  queued: sql.raw('queued'),
  unsent: sql.raw('sent is null'),
};

export const smsOutboxTable: OutboxTable = {
  name: 'SMS',
  channel: 'sms',
  table: sql.raw('system_sms'),
  attempts: sql.raw('sent_retry'),
  queued: sql.raw('created'),
  unsent: sql.raw('not sent_success_full'),
};

/** Waiting for the worker: not delivered, not given up, not held for want of a transport. */
export const waiting = (outbox: OutboxTable): SQL =>
  sql`${outbox.unsent} and not held and ${outbox.attempts} < ${MAX_ATTEMPTS}`;

/** Kept as not sent for want of a transport (the NO_TRANSPORT state). */
export const heldUnsent = (outbox: OutboxTable): SQL => sql`held and ${outbox.unsent}`;

/** Marks every waiting message as held for want of a transport; returns their ids. */
export const holdWaiting = (outbox: OutboxTable): SQL =>
  sql`update ${outbox.table} set held = true where ${waiting(outbox)} returning id`;

/**
 * Makes held messages new again (attempts from zero, due at `at`), all of them or the one `only`; returns
 * their ids.
 */
export const releaseHeld = (outbox: OutboxTable, at: Date, only?: number): SQL =>
  sql`update ${outbox.table} set held = false, ${outbox.attempts} = 0, next_attempt = ${at}::timestamptz,
    last_error = null
    where ${heldUnsent(outbox)}${only === undefined ? sql`` : sql` and id = ${only}`} returning id`;
