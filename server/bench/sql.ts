import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../src/db/database';

export interface Statement {
  text: string;
  values: unknown[];
  /** A prepared statement's name: the replay prepares it as the app did (once per connection). */
  name?: string;
}

interface Queryable {
  query(
    text: string | { name?: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<unknown>;
}

/** The driver under Drizzle: the node-postgres pool, or the PGlite instance. */
export function driverOf(database: Database): Queryable {
  return (database.db as unknown as { $client: Queryable }).$client;
}

/**
 * Runs `action` (one HTTP request) and records every SQL statement the app sent to the driver meanwhile,
 * with its parameters, in order.
 */
export async function captureStatements<T>(
  database: Database,
  action: () => Promise<T>,
): Promise<{ statements: Statement[]; response: T }> {
  const statements: Statement[] = [];
  const record = (first: unknown, second: unknown) => {
    if (typeof first === 'string') statements.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[]; name?: string };
      statements.push({
        text: config.text,
        values: config.values ?? (second as unknown[]) ?? [],
        ...(config.name ? { name: config.name } : {}),
      });
    }
  };
  if (database.kind === 'postgresql') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      record(args[0], args[1]);
      return original.apply(this, args);
    };
    try {
      return { statements, response: await action() };
    } finally {
      prototype.query = original;
    }
  }
  type Querying = { query: (...args: unknown[]) => Promise<unknown> };
  const client = driverOf(database) as Queryable &
    Querying & { transaction: (callback: (tx: Querying) => Promise<unknown>) => Promise<unknown> };
  const original = client.query;
  const originalTransaction = client.transaction;
  client.query = function (this: unknown, ...args: unknown[]) {
    record(args[0], args[1]);
    return original.apply(client, args);
  } as typeof client.query;
  // PGlite runs a transaction's statements through the transaction's own object, not the instance.
  client.transaction = function (callback: (tx: Querying) => Promise<unknown>) {
    return originalTransaction.call(client, (tx: Querying) => {
      const txQuery = tx.query;
      tx.query = (...args: unknown[]) => {
        record(args[0], args[1]);
        return txQuery.apply(tx, args);
      };
      return callback(tx);
    });
  };
  try {
    return { statements, response: await action() };
  } finally {
    client.query = original;
    client.transaction = originalTransaction;
  }
}

export interface Measurement {
  p50: number;
  p99: number;
  rps: number;
}

/** How the attempts of a write under optimistic locking ended. */
export interface Outcomes {
  succeeded: number;
  /** Refused as stale (the version changed meanwhile): over HTTP 409 with the expected code. */
  conflicts: number;
  /** Any other refusal (HTTP only): none is expected. */
  other: number;
  /**
   * HTTP only: writes sent but not answered when a load phase ended (the load generator closes its
   * connections); each may have succeeded or not.
   */
  unanswered: number;
}

/** What one load phase measured: every latency (ms) and how long the phase ran (s). */
export interface Sample {
  latencies: number[];
  seconds: number;
  /** CPU time (ms) each part of the machine used over the sample (see `CpuUse`). */
  cpu?: CpuUse;
  /** A versioned write's attempts (see VersionedWrite). */
  outcomes?: Outcomes;
}

/**
 * CPU time (ms) over a phase: the runner (the load generator's process; idle in a replay), the target (the
 * app, or the replay's driver loops; with PGlite the database too) and the PostgreSQL server's processes.
 */
export interface CpuUse {
  loadGenerator: number;
  app: number;
  database: number;
}

export const noOutcomes = (): Outcomes => ({ succeeded: 0, conflicts: 0, other: 0, unanswered: 0 });
export function addOutcomes(sum: Outcomes, more: Outcomes | undefined): Outcomes {
  if (more) {
    sum.succeeded += more.succeeded;
    sum.conflicts += more.conflicts;
    sum.other += more.other;
    sum.unanswered += more.unanswered;
  }
  return sum;
}

/**
 * A write under optimistic locking (a logistics transition) replayed as its clients make it: each iteration
 * first reads the record with the statements of the clients' read (`read`: the record as JSON; not timed, as
 * a client's read before it acts), then runs the group captured for the state read, with the version read in place of
 * the captured `version` wherever that is a statement's value, and stops where the app refuses it as stale:
 * the first statement finds another version, or a statement given the version returns no row (the
 * conditional update); then it runs what the app sends after such a refusal (`refused`: its audit entry).
 * Several loops on one record race as the HTTP clients do.
 */
export interface VersionedWrite {
  /** The statements of the write from each state (by the value of `stateColumn`) and the version they were captured at. */
  writes: Record<string, { statements: Statement[]; version: number }>;
  /** The statements of the clients' read of the record (`GET`), the last one answering the record as JSON. */
  read: Statement[];
  /** Keys of the record read: its version and its state (a reference's id, as `{ id, label }`). */
  versionKey: string;
  stateKey: string;
  /** The column of the write's first statement's row that holds the version (stale when it differs). */
  versionColumn: string;
  /** What the app sends after refusing a stale write (the statements of a refusal after its read). */
  refused: Statement[];
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

/** p50, p99 and rate of latencies (ms) measured over `seconds`. */
export function summarize(latencies: number[], seconds: number): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), rps: sorted.length / seconds };
}

/** The samples of several rounds pooled: percentiles over every latency, the rate over the total time. */
export function pool(samples: Sample[]): Measurement {
  return summarize(
    samples.flatMap((sample) => sample.latencies),
    samples.reduce((sum, sample) => sum + sample.seconds, 0),
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Replays groups of statements straight through the driver for `seconds`, from `concurrency` loops (as
 * many as autocannon's connections). One iteration runs the statements of one group (one API call) all at
 * once and ends when the last returns, which is the least the database needs for that call; each loop
 * goes through the groups in turn, as an autocannon connection goes through its requests. `sequential`: the
 * statements of a group run one after another, as a write sends them (each waits for the one before).
 */
export const runOn = (target: Queryable, statement: Statement) =>
  statement.name ? target.query(statement) : target.query(statement.text, statement.values);

type Rows = { rows: Array<Record<string, unknown>> };

/** One attempt of a versioned write on `connection` (see VersionedWrite); timed from after the read. */
async function attemptVersioned(
  connection: Queryable,
  write: VersionedWrite,
  outcomes: Outcomes,
): Promise<number> {
  let seen: Record<string, unknown> | undefined;
  for (const statement of write.read) [seen] = ((await runOn(connection, statement)) as Rows).rows;
  const record = JSON.parse(String(Object.values(seen!)[0])) as Record<string, unknown>;
  const version = Number(record[write.versionKey]);
  const stateValue = record[write.stateKey] as { id: unknown } | unknown;
  const state = String(
    typeof stateValue === 'object' && stateValue ? (stateValue as { id: unknown }).id : stateValue,
  );
  const captured = write.writes[state];
  if (!captured) throw new Error(`no statements captured for the state ${state}`);
  const start = performance.now();
  // As in the app: the write is one transaction, rolled back when it is refused as stale.
  const stale = await inTransaction(connection, async (transaction) => {
    for (const [index, statement] of captured.statements.entries()) {
      const versioned = statement.values.some((value) => value === captured.version);
      const result = (await runOn(
        transaction,
        versioned
          ? {
              ...statement,
              values: statement.values.map((value) => (value === captured.version ? version : value)),
            }
          : statement,
      )) as Rows;
      if (
        index === 0
          ? Number(result.rows[0]?.[write.versionColumn]) !== version
          : versioned && !result.rows.length
      )
        return true;
    }
    return false;
  });
  if (stale) {
    for (const refusal of write.refused) await runOn(connection, refusal);
    outcomes.conflicts++;
    return performance.now() - start;
  }
  outcomes.succeeded++;
  return performance.now() - start;
}

/**
 * Runs `body` in a transaction, as the app runs a write: on a node-postgres connection between BEGIN and
 * COMMIT, on PGlite (one connection shared by every loop) through its `transaction`, which queues the others.
 * A body answering `true` ends it with ROLLBACK instead (a stale write, which the app refuses).
 */
async function inTransaction<T>(
  connection: Queryable,
  body: (transaction: Queryable) => Promise<T>,
): Promise<T> {
  const embedded = connection as Queryable & {
    transaction?: (run: (tx: Queryable & { rollback(): Promise<void> }) => Promise<T>) => Promise<T>;
  };
  if (embedded.transaction)
    return embedded.transaction(async (tx) => {
      const result = await body(tx);
      if (result === true) await tx.rollback();
      return result;
    });
  await connection.query('begin');
  try {
    const result = await body(connection);
    await connection.query(result === true ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await connection.query('rollback');
    throw error;
  }
}

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback)\b/i;

/** A write's statements one after another, each BEGIN … COMMIT of the app's as a transaction of its own. */
async function replayWrite(connection: Queryable, statements: Statement[]): Promise<void> {
  for (let index = 0; index < statements.length;) {
    if (!BEGIN.test(statements[index].text)) {
      await runOn(connection, statements[index++]);
      continue;
    }
    let end = index + 1;
    while (end < statements.length && !END.test(statements[end].text)) end++;
    const body = statements.slice(index + 1, end);
    await inTransaction(connection, async (transaction) => {
      for (const statement of body) await runOn(transaction, statement);
    });
    index = end + 1;
  }
}

export async function runStatements(
  database: Database,
  groups: Statement[][],
  concurrency: number,
  seconds: number,
  sequential = false,
  versioned?: VersionedWrite,
): Promise<Sample> {
  const driver = driverOf(database);
  const latencies: number[] = [];
  const outcomes = noOutcomes();
  const end = performance.now() + seconds * 1000;
  const loop = async (index: number) => {
    if (versioned) {
      while (performance.now() < end) {
        const connection = database.kind === 'postgresql' ? await (driver as pg.Pool).connect() : null;
        try {
          latencies.push(await attemptVersioned(connection ?? driver, versioned, outcomes));
        } finally {
          connection?.release();
        }
      }
      return;
    }
    let next = index % groups.length;
    while (performance.now() < end) {
      const statements = groups[next];
      next = (next + 1) % groups.length;
      if (statements.length === 0) {
        // A call that needs no SQL costs the database nothing; yield so the other loops run.
        latencies.push(0);
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const start = performance.now();
      if (sequential) {
        // A write's statements (its BEGIN … COMMIT) go through one connection, as the app's transaction does.
        const connection = database.kind === 'postgresql' ? await (driver as pg.Pool).connect() : null;
        try {
          await replayWrite(connection ?? driver, statements);
        } finally {
          connection?.release();
        }
      } else await Promise.all(statements.map((statement) => runOn(driver, statement)));
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  return {
    latencies,
    seconds: (performance.now() - started) / 1000,
    ...(versioned ? { outcomes } : {}),
  };
}
