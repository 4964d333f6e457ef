/**
 * `npm run bench`: seeds a site with a million visits and measures the visit API with autocannon against
 * the same SQL run directly through the database driver, on PostgreSQL and on the embedded PGlite.
 *
 *   npm run bench                                   # both databases, 1,000,000 visits
 *   npm run bench -- --db=postgresql --visits=200000 --duration=5 --connections=4 --out=../docs/performance.md
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
 * is created on that server for the run and dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { freshPostgresDatabase } from '../src/db/freshDatabase';
import { captureStatements, runStatements, type Statement } from './sql';
import { BENCH_PASSWORD, BENCH_SURNAME, BENCH_USER, seedSite, seedVisits } from './seed';
import { renderReport, type ScenarioResult, type DatabaseRun } from './report';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    visits: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    out: { type: 'string' },
  },
});
const VISITS = Number(args.visits);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Scenario {
  name: string;
  path: (ids: { visitId: number }) => string;
}

const SCENARIOS: Scenario[] = [
  { name: 'Visit manager, first page (time desc)', path: () => '/api/visit?page=1&size=25' },
  {
    name: `Visit manager, name filter (lastName=${BENCH_SURNAME})`,
    path: () => `/api/visit?page=1&size=25&lastName=${encodeURIComponent(BENCH_SURNAME)}`,
  },
  { name: 'In-area list (overview)', path: () => '/api/visit/overview?page=1&size=25' },
  { name: 'Single visit', path: ({ visitId }) => `/api/visit/${visitId}` },
];

async function openBenchDatabase(
  kind: 'postgresql' | 'pglite',
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return freshPostgresDatabase(serverUrl, 'strazce_bench');
}

async function benchDatabase(kind: 'postgresql' | 'pglite'): Promise<DatabaseRun> {
  log(`\n== ${kind}: seeding ${VISITS.toLocaleString('en')} visits`);
  const { database, drop } = await openBenchDatabase(kind);
  try {
    const started = Date.now();
    const site = await seedSite(database.db);
    await seedVisits(database.db, site, VISITS, log);
    const seedSeconds = (Date.now() - started) / 1000;
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);

    const app = await buildApp({ database, logLevel: 'silent', validateResponses: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/api/session`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${BENCH_USER}:${BENCH_PASSWORD}`).toString('base64')}`,
        },
      });
      if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
      const token = ((await login.json()) as { session: { token: string } }).session.token;
      const headers = { 'x-auth-token': token };
      const middle = await fetch(`${address}/api/visit?page=20&size=25`, { headers });
      const visitId = ((await middle.json()) as Array<{ id: number }>)[0].id;

      const results: ScenarioResult[] = [];
      for (const scenario of SCENARIOS) {
        const url = `${address}${scenario.path({ visitId })}`;
        await settle();
        const { statements, response } = await captureStatements(database, () => fetch(url, { headers }));
        if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        const total = response.headers.get('x-total-count');
        const page = statements.filter((statement) => !isSessionStatement(statement));
        log(`  ${scenario.name}: ${page.length} statements, total ${total ?? '-'}`);
        await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
        const http = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
        if (http.non2xx > 0 || http.errors > 0)
          throw new Error(`${url}: ${http.non2xx} non-2xx, ${http.errors} errors`);
        await settle();
        const main = page.slice(0, 1);
        await runStatements(database, page, CONNECTIONS, 2); // warm-up
        const rawAll = await runStatements(database, page, CONNECTIONS, DURATION);
        const rawMain = await runStatements(database, main, CONNECTIONS, DURATION);
        results.push({
          name: scenario.name,
          path: scenario.path({ visitId }).replace(String(visitId), ':id'),
          total,
          statements: page.map((statement) => statement.text),
          http: { p50: http.latency.p50, p99: http.latency.p99, rps: http.requests.average },
          raw: rawAll,
          rawMain,
        });
        const last = results.at(-1)!;
        log(
          `    http p50 ${last.http.p50} ms p99 ${last.http.p99} ms ${last.http.rps.toFixed(0)} req/s | ` +
            `sql p50 ${last.raw.p50.toFixed(2)} ms p99 ${last.raw.p99.toFixed(2)} ms ${last.raw.rps.toFixed(0)}/s`,
        );
      }
      return { kind, visits: VISITS, seedSeconds, connections: CONNECTIONS, duration: DURATION, results };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

/** Lets requests still queued after a load phase (PGlite runs one statement at a time) drain. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** The session lookup and extension of every request: app overhead, not the page's SQL. */
function isSessionStatement(statement: Statement): boolean {
  return /access_session|access_user_role/.test(statement.text);
}

const load = os.loadavg();
const kinds = args.db === 'both' ? (['postgresql', 'pglite'] as const) : [args.db as 'postgresql' | 'pglite'];
const runs: DatabaseRun[] = [];
for (const kind of kinds) runs.push(await benchDatabase(kind));
const report = renderReport(runs, {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  node: process.version,
  load,
});
log(`\n${report}`);
if (args.out) {
  fs.writeFileSync(args.out, report);
  log(`written to ${args.out}`);
}
