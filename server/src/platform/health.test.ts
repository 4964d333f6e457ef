import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { queueEmail } from '../modules/messaging/outbox';
import { gracefulShutdown } from './shutdown';

/**
 * Operations (docs/operations.md): health, metrics, request ids and log lines, and the graceful shutdown.
 */
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
let ctx: TestContext;
let logged = '';
let releaseSlow: () => void = () => undefined;
let slowStarted: Promise<void>;
let slowEntered: () => void = () => undefined;

beforeAll(async () => {
  slowStarted = new Promise((resolve) => (slowEntered = resolve));
  ctx = await createTestContext({
    logLevel: 'info',
    metricsToken: METRICS_TOKEN,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    }),
    routes: (app) => {
      // A request that is in flight until the test lets it finish.
      app.get('/api/test_slow', { config: { access: { roles: ['ROLE_ANY'] } } }, async () => {
        slowEntered();
        await new Promise<void>((resolve) => (releaseSlow = resolve));
        return { done: true };
      });
    },
  });
});
afterAll(() => ctx?.close());

describe('health', () => {
  it('is live and ready without a session, and not logged at info', async () => {
    const live = await ctx.call(null, 'GET', '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.call(null, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(logged).not.toContain('/api/health');
  });

  it('is not ready while the newest migration is missing', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = (
      (await ctx.db.execute(sql`select ${newest} as at`)) as unknown as { rows: Array<{ at: string }> }
    ).rows;
    await ctx.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = 0 where created_at = ${row.at}`,
    );
    try {
      const ready = await ctx.call(null, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['x-error-code']).toBe('UNAVAILABLE');
      expect(ready.json().code).toBe('UNAVAILABLE');
    } finally {
      await ctx.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${row.at} where created_at = 0`,
      );
    }
    expect((await ctx.call(null, 'GET', '/api/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 STARTING while the data of a first start is prepared, the page and health still served', async () => {
    const logStart = logged.length;
    ctx.app.preparing = true;
    try {
      const ready = await ctx.call(null, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('STARTING');
      expect((await ctx.call(null, 'GET', '/api/health/live')).statusCode).toBe(200);
      expect((await ctx.call(null, 'GET', '/api/info')).statusCode).toBe(200);
      expect((await ctx.call(null, 'GET', '/api/system_option/authproviders')).statusCode).toBe(200);
      // A login (and any other call) is told to come back, before the guard: not a refusal of the credentials.
      for (const [user, path] of [
        [null, '/api/session'],
        [ctx.admin, '/api/system_person'],
      ] as const) {
        const refused = await ctx.call(user, 'GET', path);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['x-error-code']).toBe('STARTING');
      }
    } finally {
      ctx.app.preparing = false;
    }
    // Answered on purpose: no failure in the log.
    expect(logged.slice(logStart)).not.toContain('request failed');
    expect((await ctx.call(null, 'GET', '/api/health/ready')).statusCode).toBe(200);
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_person')).statusCode).toBe(200);
  });

  it('is not ready while draining, and every reply then closes its connection', async () => {
    ctx.app.draining = true;
    try {
      const ready = await ctx.call(null, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers.connection).toBe('close');
      expect((await ctx.call(null, 'GET', '/api/health/live')).statusCode).toBe(200);
    } finally {
      ctx.app.draining = false;
    }
  });
});

describe('request ids and request lines', () => {
  it('names the request id in the reply, takes a proxy’s id, and stores it in the audit entry', async () => {
    const own = await ctx.call(null, 'GET', '/api/info');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const response = await ctx.call(
      visitAdmin,
      'POST',
      '/api/visit/purpose',
      { name: 'Request id' },
      {
        'x-request-id': 'proxy-id-123',
      },
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-request-id']).toBe('proxy-id-123');
    const entries = await ctx.call(ctx.admin, 'GET', '/api/system_audit?size=100&sort=id,desc');
    const entry = (entries.json() as Array<{ requestHeaders: Record<string, unknown> }>).find(
      (row) => row.requestHeaders?.['x-request-id'] === 'proxy-id-123',
    );
    expect(entry).toBeDefined();
    // An id that does not look like one (too long, other characters) is replaced.
    const odd = await ctx.call(null, 'GET', '/api/info', undefined, { 'x-request-id': 'a b\u00e9' });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs no request line at info by default, and never a query value', async () => {
    await ctx.call(null, 'GET', '/api/info?lastName=Nov%C3%A1k');
    expect(logged).not.toContain('request completed');
    expect(logged).not.toContain('Nov');
  });
});

describe('metrics', () => {
  it('are served to the metrics token only', async () => {
    expect((await ctx.call(null, 'GET', '/api/metrics')).statusCode).toBe(401);
    const wrong = await ctx.call(null, 'GET', '/api/metrics', undefined, { authorization: 'Bearer nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['x-error-code']).toBe('UNAUTHORIZED');
  });

  it('count requests by route pattern, latency, errors by code, the outbox, sessions and the event loop', async () => {
    await queueEmail(ctx.db, { recipient: 'waiting@example.com', subject: 'S', body: 'B' });
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    await ctx.call(visitAdmin, 'GET', '/api/visit/purpose/987654');
    await ctx.call(visitAdmin, 'GET', '/api/visit/purpose/987655');
    const response = await ctx.call(null, 'GET', '/api/metrics', undefined, {
      authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    // The route's pattern, never the URL with its id.
    expect(text).toContain(
      'strazce_http_requests_total{method="GET",route="/api/visit/purpose/:id",status="404"} 2',
    );
    expect(text).not.toContain('987654');
    expect(text).toMatch(
      /strazce_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/visit\/purpose\/:id"\}/,
    );
    expect(text).toMatch(/strazce_http_errors_total\{code="NOT_FOUND"\} [2-9]/);
    expect(text).toContain('strazce_http_errors_total{code="UNAUTHORIZED"} 2');
    expect(text).toMatch(/strazce_outbox_backlog\{channel="email"\} [1-9]/);
    expect(text).toMatch(/strazce_outbox_oldest_age_seconds\{channel="email"\} \d/);
    expect(text).toContain('strazce_outbox_backlog{channel="sms"} 0');
    expect(text).toMatch(/strazce_sessions_active [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (ctx.database.kind === 'postgresql')
      expect(text).toContain('strazce_db_pool_connections{state="max"} 10');
    // The scrape itself is not logged at info.
    expect(logged).not.toContain('/api/metrics');
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight while closing; readiness says 503 meanwhile', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test_slow`);
    await slowStarted;
    let databaseClosed = false;
    let stopped = false;
    const stopping = gracefulShutdown({
      app: ctx.app,
      stopJobs: async () => undefined,
      closeDatabase: async () => {
        databaseClosed = true;
      },
      timeoutMs: 10_000,
    }).then(() => (stopped = true));
    expect(ctx.app.draining).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still waiting for the request; new connections are refused.
    expect(stopped).toBe(false);
    await expect(fetch(`${address}/api/health/live`)).rejects.toThrow();
    releaseSlow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(response.headers.get('connection')).toBe('close');
    // Closed as soon as the request is answered, not at the time-out.
    const closed = Date.now();
    await stopping;
    expect(Date.now() - closed).toBeLessThan(5000);
    expect(databaseClosed).toBe(true);
  });
});
