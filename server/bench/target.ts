/**
 * The measured side of `npm run bench`, in a process of its own as in production: opens a fresh database,
 * seeds it, serves the app, and on the runner's request captures the SQL of one API call or replays SQL
 * straight through the driver (PGlite lives in this process, so its SQL can only be run here).
 *
 *   argv: <postgresql|pglite> <visits> <vehicle movements> <stock items> <stock movements> <transports> <log rows>
 *     <sites the visits and audit entries are spread over>
 */
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { freshPostgresDatabase } from '../src/db/freshDatabase';
import { sql } from 'drizzle-orm';
import { applyRetention } from '../src/modules/privacy/privacy.retention';
import {
  seedAudits,
  seedLogistics,
  seedOtherSites,
  seedSite,
  seedStock,
  seedVehicles,
  seedVisits,
} from './seed';
import { captureStatements, driverOf, runOn, runStatements, type Statement } from './sql';
import type { TargetReply, TargetRequest } from './protocol';

const kind = process.argv[2] as 'postgresql' | 'pglite';
const visits = Number(process.argv[3]);
const vehicleMovements = Number(process.argv[4]);
const stockItems = Number(process.argv[5] ?? 0);
const stockMovements = Number(process.argv[6] ?? 0);
const logisticsTransports = Number(process.argv[7] ?? 0);
const logisticsLogRows = Number(process.argv[8] ?? 0);
const siteCount = Number(process.argv[9] ?? 1);
const reply = (message: TargetReply) => process.send!(message);

async function openBenchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return freshPostgresDatabase(serverUrl, 'strazce_bench');
}

const { database, drop } = await openBenchDatabase();
const started = Date.now();
const site = await seedSite(database.db);
// The measured pages read the bench site; the other sites' visits share its tables and indexes.
const visitSites = [site, ...(await seedOtherSites(database.db, siteCount - 1))];
await seedVisits(database.db, visitSites, visits, (line) => reply({ type: 'log', line }));
// As many audit entries as visits: the audit log is the other list that grows without bound.
await seedAudits(database.db, visitSites, visits, (line) => reply({ type: 'log', line }));
const vehiclesStarted = Date.now();
const vehicles = await seedVehicles(database.db, site, vehicleMovements, (line) =>
  reply({ type: 'log', line }),
);
const vehicleSeedSeconds = (Date.now() - vehiclesStarted) / 1000;
const stockStarted = Date.now();
const stock =
  stockItems > 0
    ? await seedStock(database.db, site, stockItems, stockMovements, (line) => reply({ type: 'log', line }))
    : null;
const stockSeedSeconds = (Date.now() - stockStarted) / 1000;
const logisticsStarted = Date.now();
const logistics =
  logisticsTransports > 0
    ? await seedLogistics(database.db, site, logisticsTransports, logisticsLogRows, (line) =>
        reply({ type: 'log', line }),
      )
    : null;
const logisticsSeedSeconds = (Date.now() - logisticsStarted) / 1000;
const seedSeconds = (Date.now() - started) / 1000;

/**
 * BENCH_POOLER_URL (PostgreSQL only): the app reaches the seeded database through a connection pooler at this
 * address (PgBouncer in front of the same server; the database's name is the fresh one's), in the mode
 * BENCH_POOLER names (`transaction` by default, `session`); the replayed SQL goes the same way.
 */
async function appDatabase(): Promise<Database> {
  const poolerUrl = process.env.BENCH_POOLER_URL;
  if (!poolerUrl || kind !== 'postgresql') return database;
  const mode = process.env.BENCH_POOLER === 'session' ? 'session' : 'transaction';
  const directUrl = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client
    .options.connectionString;
  const url = new URL(poolerUrl);
  url.pathname = new URL(directUrl).pathname;
  reply({
    type: 'log',
    line: `The app reaches the database through the pooler at ${url.host} (${mode} mode)`,
  });
  return openDatabase({ databaseUrl: url.toString(), pooler: mode, directUrl, dataDir: 'memory://' });
}
const served = await appDatabase();

const app = await buildApp({ database: served, logLevel: 'silent', validateResponses: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const profiler = new inspector.Session();
profiler.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profiler.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

/** A V8 CPU profile of this process over one load phase, written to BENCH_CPU_PROF/<name>.cpuprofile. */
async function profile(action: 'start' | 'stop', name: string): Promise<void> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return;
  if (action === 'start') {
    await post('Profiler.enable');
    await post('Profiler.start');
    return;
  }
  const { profile: result } = (await post('Profiler.stop')) as { profile: object };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${kind}-${name}.cpuprofile`), JSON.stringify(result));
}

let bare: { server: http.Server; address: string; groups: Statement[][]; next: number } | null = null;

/**
 * The least any Node HTTP server pays: a plain node:http server that runs one call's statements at once
 * through the app's driver, as the replay does, and sends the first one's records as the app sends a page,
 * with no routing, session, validation or hooks. Requests go through the groups in turn. With BENCH_FLOOR=fastify
 * the same through a Fastify instance with one route and nothing else: the framework's own floor.
 */
async function bareServer(groups: Statement[][]): Promise<string> {
  if (bare) {
    Object.assign(bare, { groups, next: 0 });
    return bare.address;
  }
  const driver = driverOf(served);
  /** The next call's statements run at once; the first one's records' JSON texts as a page's array. */
  const page = async (): Promise<string> => {
    const statements = bare!.groups[bare!.next];
    bare!.next = (bare!.next + 1) % bare!.groups.length;
    const results = await Promise.all(statements.map((statement) => runOn(driver, statement)));
    const rows = (results[0] as { rows?: Array<Record<string, unknown>> } | undefined)?.rows ?? [];
    return `[${rows.map((row) => String(Object.values(row)[0])).join(',')}]`;
  };
  if (process.env.BENCH_FLOOR === 'fastify') {
    // The framework's own floor: a Fastify instance with one route and nothing else (no logger, hooks,
    // plugins, schemas), answering as the bare server does.
    const fastify = Fastify({ logger: false });
    fastify.get('/*', async (_request, reply) => reply.type('application/json').send(await page()));
    const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
    bare = { server: fastify.server, address, groups, next: 0 };
    return address;
  }
  const answer = (response: http.ServerResponse, status: number, body: string) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  };
  const server = http.createServer((request, response) => {
    request.resume();
    page().then(
      (body) => answer(response, 200, body),
      (error: unknown) => answer(response, 500, JSON.stringify({ error: String(error) })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bare = {
    server,
    address: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    groups,
    next: 0,
  };
  return bare.address;
}

async function shutDown(): Promise<void> {
  bare?.server.close();
  await app.close();
  if (served !== database) await served.close();
  await database.close();
  await drop();
}

process.on('message', (message: TargetRequest) => {
  void (async () => {
    try {
      if (message.type === 'capture') {
        const { statements, response } = await captureStatements(served, () =>
          fetch(message.url, { method: message.method, body: message.body, headers: message.headers }),
        );
        const body = await response.text();
        reply({
          type: 'captured',
          statements,
          status: response.status,
          total: response.headers.get('x-total-count'),
          body,
        });
      } else if (message.type === 'replay') {
        const sample = await runStatements(
          served,
          message.groups,
          message.concurrency,
          message.seconds,
          message.sequential,
          message.versioned,
        );
        reply({ type: 'replayed', sample });
      } else if (message.type === 'bare') {
        reply({ type: 'bareReady', address: await bareServer(message.groups) });
      } else if (message.type === 'retention') {
        const at = new Date(Date.now() + message.daysAhead * 86_400_000);
        const startedAt = performance.now();
        const anonymized = await applyRetention(served.db, app.files, site.siteId, at);
        reply({ type: 'retained', seconds: (performance.now() - startedAt) / 1000, anonymized });
      } else if (message.type === 'cpu') {
        const used = process.cpuUsage();
        reply({ type: 'cpuUsed', ms: (used.user + used.system) / 1000 });
      } else if (message.type === 'profile') {
        await profile(message.action, message.name);
        reply({ type: 'profiled' });
      } else if (message.type === 'stockCheck') {
        const result = await database.db.execute(sql`
          select (select current::text from stock_item where id = ${message.itemId}) as current,
            (select sum(units)::text from stock_movement where item_id = ${message.itemId}) as moved,
            (select sum(current)::text from stock_level where item_id = ${message.itemId}) as levels,
            (select count(*)::int from stock_movement where item_id = ${message.itemId}) as movements`);
        const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
        reply({
          type: 'stockChecked',
          current: String(row.current),
          moved: String(row.moved),
          levels: String(row.levels),
          movements: Number(row.movements),
        });
      } else if (message.type === 'transportCheck') {
        const result = await database.db.execute(sql`
          select (select version from logistics_transport where id = ${message.transportId}) as version,
            (select count(*)::int from logistics_transport_log where transport_id = ${message.transportId}) as log_rows`);
        const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
        reply({ type: 'transportChecked', version: Number(row.version), logRows: Number(row.log_rows) });
      } else if (message.type === 'close') {
        await shutDown();
        reply({ type: 'closed' });
        process.disconnect();
      }
    } catch (error) {
      reply({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  })();
});

reply({
  type: 'ready',
  address,
  seedSeconds,
  vehicleSeedSeconds,
  vehicles,
  stockSeedSeconds,
  stock,
  logisticsSeedSeconds,
  logistics,
});
