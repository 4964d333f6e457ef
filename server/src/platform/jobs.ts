import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database';
import { systemClock, type Clock } from './clock';
import { loggableError } from './errors';

/**
 * The scheduled jobs of the server (outbox delivery, overdue reminders, audit retention, and every job to
 * come), each run once per period across all instances (docs/operations.md, "Scheduled jobs"):
 *
 * - A job has a period (`everyMs`); its periods start at multiples of it since the epoch, on the runner's
 *   clock. Each instance looks at its jobs several times a period and runs one whose current period no
 *   instance has run yet.
 * - `job_run` keeps one row per job: the start of the last period claimed, when and by which instance.
 *   On PostgreSQL a run is one transaction on its own connection: a transaction-level advisory lock on the
 *   job (`pg_try_advisory_xact_lock`, an instance that finds it taken skips its turn without waiting), then
 *   the claim of the period (the row moves forward only when its period is older), the job, and the commit.
 *   A failed or crashed run rolls the claim back, so the period is run again at the next look. The job's own
 *   writes go through the pool in their own transactions, as at any other time.
 * - On the embedded PGlite one process holds the data folder (dataDirLock.ts): the claim is a statement of
 *   its own, taken back when the job fails. A run is never wrapped in a transaction there (PGlite has one
 *   connection; the job's queries would wait for it).
 */

export interface Job {
  /** A stable name: the key of its `job_run` row and of its lock. */
  name: string;
  /** The period: the job runs once in each. */
  everyMs: number;
  /** The work; `at` is the runner's clock at the start of the run. */
  run(at: Date): Promise<unknown>;
}

export type JobOutcome = 'ran' | 'done' | 'busy' | 'failed';

export interface JobRunner {
  /** Adds a job (before or after `start`). */
  register(job: Job): void;
  /** Runs every job whose current period no instance has run yet; resolves with each job's outcome. */
  tick(): Promise<Record<string, JobOutcome>>;
  /** Looks at the jobs in the background (each a few times per period, at least every minute). */
  start(): void;
  /** Stops looking and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Advisory lock namespace of the jobs (the second key is the hash of the job's name). */
const JOB_LOCK = 7_379_456;
/** How often a job is looked at: a quarter of its period, within these bounds. */
const LOOK_MIN_MS = 1000;
const LOOK_MAX_MS = 60_000;

type Rows<T> = { rows: T[] };

export function jobRunner(options: {
  database: Pick<Database, 'db' | 'kind'>;
  log: Pick<FastifyBaseLogger, 'error' | 'debug'>;
  clock?: Clock;
  /** The instance's name in `job_run`; host and process id by default. */
  instance?: string;
}): JobRunner {
  const { database, log, clock = systemClock } = options;
  const db = database.db;
  const instance = options.instance ?? `${os.hostname()}:${process.pid}`;
  const jobs = new Map<string, Job>();
  /** The last period of each job known to be run (here or elsewhere): no need to ask the database again. */
  const known = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<JobOutcome>>();
  let started = false;

  /** Claims `period` for the job in `tx`; true when this run got it. */
  const claim = async (tx: Db, job: Job, period: number, at: Date) => {
    const result = (await tx.execute(sql`
      insert into job_run (job, period, started, instance)
      values (${job.name}, ${period}, ${at}, ${instance})
      on conflict (job) do update
        set period = excluded.period, started = excluded.started, finished = null, instance = excluded.instance
        where job_run.period < excluded.period
      returning job`)) as unknown as Rows<{ job: string }>;
    return result.rows.length > 0;
  };
  const finish = (tx: Db, job: Job) =>
    tx.execute(sql`update job_run set finished = ${new Date(clock.now())} where job = ${job.name}`);

  const runPostgres = (job: Job, period: number, at: Date): Promise<JobOutcome> =>
    db.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${JOB_LOCK}, hashtext(${job.name})) as locked`,
      )) as unknown as Rows<{ locked: boolean }>;
      if (!lock.rows[0]?.locked) return 'busy';
      if (!(await claim(tx, job, period, at))) return 'done';
      await job.run(at);
      await finish(tx, job);
      return 'ran';
    });

  const runEmbedded = async (job: Job, period: number, at: Date): Promise<JobOutcome> => {
    if (!(await claim(db, job, period, at))) return 'done';
    try {
      await job.run(at);
    } catch (error) {
      // Taken back: the period is run again at the next look.
      await db.execute(
        sql`update job_run set period = ${period - job.everyMs} where job = ${job.name} and period = ${period}`,
      );
      throw error;
    }
    await finish(db, job);
    return 'ran';
  };

  const runJob = (job: Job): Promise<JobOutcome> => {
    const current = running.get(job.name);
    if (current) return current.then(() => 'busy');
    const now = clock.now();
    const period = Math.floor(now / job.everyMs) * job.everyMs;
    if (known.get(job.name) === period) return Promise.resolve('done');
    const at = new Date(now);
    const run = (database.kind === 'postgresql' ? runPostgres : runEmbedded)(job, period, at)
      .then(
        (outcome) => {
          if (outcome === 'ran' || outcome === 'done') known.set(job.name, period);
          if (outcome === 'ran') log.debug({ job: job.name, ms: clock.now() - now }, 'job ran');
          return outcome;
        },
        (error: unknown): JobOutcome => {
          log.error({ job: job.name, err: loggableError(error) }, 'job failed');
          return 'failed';
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  const schedule = (job: Job) => {
    if (!started) return;
    const look = Math.min(LOOK_MAX_MS, Math.max(LOOK_MIN_MS, Math.floor(job.everyMs / 4)));
    const timer = setTimeout(() => {
      void runJob(job).finally(() => schedule(job));
    }, look);
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`The job ${job.name} is registered already`);
      if (!(job.everyMs >= 1000)) throw new Error(`The job ${job.name} needs a period of at least a second`);
      jobs.set(job.name, job);
      if (started) {
        void runJob(job);
        schedule(job);
      }
    },
    async tick() {
      const outcomes = await Promise.all(
        [...jobs.values()].map(async (job) => [job.name, await runJob(job)]),
      );
      return Object.fromEntries(outcomes) as Record<string, JobOutcome>;
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) {
        void runJob(job);
        schedule(job);
      }
    },
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
