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
function driverOf(database: Database): Queryable {
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

/** What one load phase measured: every latency (ms) and how long the phase ran (s). */
export interface Sample {
  latencies: number[];
  seconds: number;
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
const runOn = (target: Queryable, statement: Statement) =>
  statement.name ? target.query(statement) : target.query(statement.text, statement.values);

export async function runStatements(
  database: Database,
  groups: Statement[][],
  concurrency: number,
  seconds: number,
  sequential = false,
): Promise<Sample> {
  const driver = driverOf(database);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async (index: number) => {
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
          for (const statement of statements) await runOn(connection ?? driver, statement);
        } finally {
          connection?.release();
        }
      } else await Promise.all(statements.map((statement) => runOn(driver, statement)));
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}
