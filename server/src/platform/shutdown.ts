import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/** After the requests' time-out, how long the jobs and the database may take to close before the process is killed. */
const CLOSE_ALLOWANCE_MS = { min: 1_000, max: 5_000 };

/**
 * When a stop that has not ended is ended hard, counted from the signal: the drain delay, the requests' time-out
 * and then as long again (1 to 5 s, `CLOSE_ALLOWANCE_MS`) for the jobs, the database and the last log lines.
 */
export const hardExitDelayMs = (options: { timeoutMs: number; drainDelayMs?: number }): number =>
  (options.drainDelayMs ?? 0) +
  options.timeoutMs +
  Math.min(Math.max(options.timeoutMs, CLOSE_ALLOWANCE_MS.min), CLOSE_ALLOWANCE_MS.max);

/** The watchdog's own thread: it waits, then kills the process (`workerData`: pid, ms). */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
`;

/**
 * The last resort of a stop (issue 37, point 5): after `ms` the process is killed (SIGKILL) from a thread of
 * its own, whatever its main thread is doing. A main thread blocked in a system call (a synchronous write to a
 * pipe nobody reads) sees neither its timers nor another SIGTERM, whose handler runs on the same event loop;
 * only a signal that no process can catch, sent from another thread, ends it. The watchdog writes nothing
 * (its write could block as well) and keeps nothing alive: a stop that ends in time ends as usual.
 */
export function hardExitAfter(ms: number): void {
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: { pid: process.pid, ms },
    // Plain Node: no loader of the parent's (tsx) that would wait for the main thread.
    execArgv: [],
    stdout: true,
    stderr: true,
  });
  watchdog.unref();
}

/**
 * The graceful stop of an instance (SIGTERM, SIGINT; docs/operations.md): readiness turns 503 at once
 * (`draining`), after `drainDelayMs` (time for a load balancer to see it) the server stops accepting
 * connections, answers the requests under way (each reply closing its connection) and closes idle ones; the
 * jobs finish their runs; then the database closes. Connections still busy after `timeoutMs` are cut.
 */
export async function gracefulShutdown(options: {
  app: FastifyInstance;
  /** Stops the scheduled jobs and waits for the runs under way. */
  stopJobs: () => Promise<void>;
  /** Closes the database (and with it the data folder's lock). */
  closeDatabase: () => Promise<void>;
  /** Longest wait for requests in flight. */
  timeoutMs: number;
  drainDelayMs?: number;
}): Promise<void> {
  const { app } = options;
  app.draining = true;
  if (options.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
  const cut = setTimeout(() => {
    app.log.warn({ timeoutMs: options.timeoutMs }, 'shutdown: requests still in flight are cut');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  try {
    await Promise.all([app.close(), options.stopJobs()]);
  } finally {
    clearTimeout(cut);
  }
  await options.closeDatabase();
}
