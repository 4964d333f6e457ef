import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HEADERS } from '@strazce/contract';
import type { Database, Db } from '../db/database';
import { AppError, loggableError } from './errors';
import { PUBLIC } from './guard';

/**
 * Prometheus metrics (docs/operations.md, "Metrics"), one registry per app: requests by route pattern (never
 * the URL: no ids in labels), their latency, errors by code, the database pool, the outbox backlog, sessions,
 * and Node's own (event-loop lag, memory, GC). Scraped from the METRICS_PORT server (`metricsServer`) or from
 * `/api/metrics` with `Authorization: Bearer METRICS_TOKEN`; neither is served without its setting.
 */

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Rows<T> = { rows: T[] };

/** The label of a request's route: its pattern, or a fixed word for requests no route took. */
function routeLabel(url: string | undefined): string {
  return url ?? 'unmatched';
}

export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  options: {
    token?: string;
    /** The outbox's waiting messages per channel and the age of the oldest in seconds (messaging module). */
    outbox?: (db: Db, now: number) => Promise<Array<{ channel: string; backlog: number; age: number }>>;
  } = {},
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);

  const requests = new Counter({
    name: 'strazce_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'strazce_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'strazce_http_errors_total',
    help: 'Error answers by their X-Error-Code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const code = reply.getHeader(HEADERS.errorCode);
    if (typeof code === 'string') errors.inc({ code });
    done();
  });

  new Gauge({
    name: 'strazce_db_pool_connections',
    help: 'PostgreSQL pool connections by state (max, total, idle, waiting clients); none on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  // The outbox and the sessions are read from the database at each scrape (indexed: the pending outbox rows
  // and the sessions by expiry are few).
  const log = app.log;
  // One query a scrape feeds both outbox gauges (the registry collects them at the same time).
  let outboxRead: { at: number; rows: ReturnType<NonNullable<typeof options.outbox>> } | undefined;
  const outbox = async () => {
    // eslint-disable-next-line no-restricted-syntax -- how often the outbox is counted for a scrape (once a second), not a business time
    const scraped = Date.now();
    if (!outboxRead || scraped - outboxRead.at > 1000)
      outboxRead = {
        at: scraped,
        rows: options.outbox?.(database.db, app.clock.now()) ?? Promise.resolve([]),
      };
    try {
      return await outboxRead.rows;
    } catch (error) {
      log.warn({ err: loggableError(error) }, 'metrics: the outbox could not be read');
      return [];
    }
  };
  new Gauge({
    name: 'strazce_outbox_backlog',
    help: 'Messages waiting for delivery (not sent, not given up), by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      for (const row of await outbox()) this.set({ channel: row.channel }, row.backlog);
    },
  });
  new Gauge({
    name: 'strazce_outbox_oldest_age_seconds',
    help: 'Age of the oldest message waiting for delivery, by channel (0 when none waits)',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      for (const row of await outbox()) this.set({ channel: row.channel }, row.age);
    },
  });
  new Gauge({
    name: 'strazce_sessions_active',
    help: 'User sessions not yet expired',
    registers: [registry],
    async collect() {
      try {
        const result = (await database.db.execute(
          sql`select count(*)::int as count from access_session where expires > ${new Date(app.clock.now())}`,
        )) as unknown as Rows<{ count: number }>;
        this.set(Number(result.rows[0]?.count ?? 0));
      } catch (error) {
        log.warn({ err: loggableError(error) }, 'metrics: the sessions could not be counted');
      }
    },
  });

  if (options.token) {
    const expected = Buffer.from(`Bearer ${options.token}`);
    app.get(
      '/api/metrics',
      { config: { access: PUBLIC }, logLevel: 'warn', schema: { tags: ['health'], hide: true } },
      async (request, reply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new AppError('UNAUTHORIZED', 'A metrics token is needed');
        return reply.header('content-type', registry.contentType).send(await registry.metrics());
      },
    );
  }
  return registry;
}

/** The metrics on a port of their own (METRICS_PORT): `GET /metrics`, for the internal network only. */
export async function metricsServer(
  registry: Registry,
  options: { port: number; host?: string; log: FastifyBaseLogger },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        options.log.error({ err: loggableError(error) }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  options.log.info({ port: options.port }, 'metrics served at /metrics');
  return server;
}
