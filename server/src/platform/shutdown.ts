import type { FastifyInstance } from 'fastify';

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
