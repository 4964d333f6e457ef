import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { freshPostgresDatabase } from '../db/freshDatabase';
import { manualClock } from './clock';
import { jobRunner, type Job } from './jobs';

const quiet = { error: () => undefined, debug: () => undefined };
const MINUTE = 60_000;
const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** A job that counts its runs per period and takes a while, so that runs of two instances overlap. */
function countingJob(name: string, everyMs: number, runs: Map<number, number>, fail?: () => boolean): Job {
  return {
    name,
    everyMs,
    async run(at) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail?.()) throw new Error('the job failed');
      const period = Math.floor(at.getTime() / everyMs);
      runs.set(period, (runs.get(period) ?? 0) + 1);
    },
  };
}

describe('the job runner on the embedded database', () => {
  it('runs a job once per period, and again in the same period after it failed', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    closing.push(() => database.close());
    const clock = manualClock(Date.UTC(2026, 0, 5, 8, 0, 10));
    const runs = new Map<number, number>();
    let failNext = false;
    const runner = jobRunner({ database, log: quiet, clock });
    runner.register(countingJob('counting', MINUTE, runs, () => failNext));

    expect(await runner.tick()).toEqual({ counting: 'ran' });
    expect(await runner.tick()).toEqual({ counting: 'done' });
    clock.advance(30_000);
    expect(await runner.tick()).toEqual({ counting: 'done' });
    clock.advance(30_000);
    failNext = true;
    expect(await runner.tick()).toEqual({ counting: 'failed' });
    failNext = false;
    expect(await runner.tick()).toEqual({ counting: 'ran' });
    expect([...runs.values()]).toEqual([1, 1]);

    // A restarted instance (a new runner on the same database) does not run the period again.
    const restarted = jobRunner({ database, log: quiet, clock });
    restarted.register(countingJob('counting', MINUTE, runs));
    expect(await restarted.tick()).toEqual({ counting: 'done' });
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the job runner on PostgreSQL', () => {
  it('runs each job once per period across two instances', async () => {
    const { database: first, drop } = await freshPostgresDatabase(
      process.env.TEST_DATABASE_URL!,
      'strazce_jobs',
    );
    // The second instance: its own pool on the same database.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const result = await first.db.execute(sql`select current_database() as name`);
    const { name } = (result as unknown as { rows: Array<{ name: string }> }).rows[0];
    url.pathname = `/${name}`;
    const second: Database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    closing.push(async () => {
      await second.close();
      await first.close();
      await drop();
    });

    const clock = manualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
    const minuteRuns = new Map<number, number>();
    const hourRuns = new Map<number, number>();
    let failures = 0;
    const instances = [first, second].map((database, index) => {
      const runner = jobRunner({ database, log: quiet, clock, instance: `instance-${index}` });
      runner.register(countingJob('every-minute', MINUTE, minuteRuns));
      // Fails at its first try in each period: the other instance (or the next look) runs it then.
      const tried = new Set<number>();
      runner.register(
        countingJob('every-hour', 60 * MINUTE, hourRuns, () => {
          const hour = Math.floor(clock.now() / 3_600_000);
          if (tried.has(hour) || failures >= 3) return false;
          tried.add(hour);
          failures++;
          return true;
        }),
      );
      return runner;
    });

    // Two hours of looks, four a minute on each instance, both at the same moments.
    for (let look = 0; look < 2 * 60 * 4; look++) {
      await Promise.all(instances.map((runner) => runner.tick()));
      clock.advance(15_000);
    }
    expect(minuteRuns.size).toBe(120);
    expect([...minuteRuns.values()].filter((count) => count !== 1)).toEqual([]);
    expect(hourRuns.size).toBe(2);
    expect([...hourRuns.values()]).toEqual([1, 1]);
    expect(failures).toBeGreaterThan(0);
  }, 120_000);
});
