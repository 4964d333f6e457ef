/**
 * `npm run bench`: seeds a site with a million visits (and as many audit entries) and measures the visit and audit API with autocannon against
 * the same SQL run directly through the database driver, on PostgreSQL and on the embedded PGlite.
 *
 *   npm run bench                                   # both databases, 1,000,000 visits
 *   npm run bench -- --db=postgresql --visits=200000 --duration=5 --connections=4 --out=../docs/performance.md
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- --db=postgresql --only=first-page,in-area
 *
 * The app and its database run in a child process (bench/target.ts), as a server runs apart from its
 * clients; autocannon and the comparison run here, so neither slows the other's event loop.
 *
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app process under HTTP load there, one per database and
 * scenario (open it in Chrome's DevTools).
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
 * is created on that server for the run and dropped afterwards.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { TargetReply, TargetRequest } from './protocol';
import { summarize, type Statement } from './sql';
import { BENCH_AUDIT_AUTHOR, BENCH_PASSWORD, BENCH_SURNAME, BENCH_USER } from './seed';
import { renderReport, type ScenarioResult, type DatabaseRun } from './report';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    visits: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    out: { type: 'string' },
    /** Only the scenarios with these slugs (comma-separated), e.g. while profiling one page. */
    only: { type: 'string' },
  },
});
const VISITS = Number(args.visits);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Scenario {
  name: string;
  /** File name of the scenario's CPU profile. */
  slug: string;
  path: (ids: { visitId: number }) => string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'Visit manager, first page (time desc)',
    slug: 'first-page',
    path: () => '/api/visit?page=1&size=25',
  },
  {
    name: `Visit manager, name filter (lastName=${BENCH_SURNAME})`,
    slug: 'name-filter',
    path: () => `/api/visit?page=1&size=25&lastName=${encodeURIComponent(BENCH_SURNAME)}`,
  },
  { name: 'In-area list (overview)', slug: 'in-area', path: () => '/api/visit/overview?page=1&size=25' },
  { name: 'Single visit', slug: 'single-visit', path: ({ visitId }) => `/api/visit/${visitId}` },
  {
    name: 'Audit log, first page (time desc)',
    slug: 'audit-first-page',
    path: () => '/api/system_audit?page=1&size=25',
  },
  {
    name: `Audit log, author filter (author~${BENCH_AUDIT_AUTHOR})`,
    slug: 'audit-author',
    path: () => `/api/system_audit?page=1&size=25&author=${BENCH_AUDIT_AUTHOR}`,
  },
];

/** The measured process (bench/target.ts): the app and its database, apart from the load generator. */
async function startTarget(kind: 'postgresql' | 'pglite') {
  const child = fork(fileURLToPath(new URL('./target.ts', import.meta.url)), [kind, String(VISITS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending: Array<(reply: TargetReply) => void> = [];
  let failure: Error | null = null;
  child.on('message', (message: TargetReply) => {
    if (message.type === 'log') log(`  ${message.line.trim()}`);
    else pending.shift()?.(message);
  });
  child.on('exit', (code) => {
    failure ??= new Error(`bench target exited with ${code}`);
    for (const waiter of pending.splice(0)) waiter({ type: 'failed', message: failure.message });
  });
  const next = () =>
    new Promise<TargetReply>((resolve) => {
      if (failure) resolve({ type: 'failed', message: failure.message });
      else pending.push(resolve);
    });
  async function ask<T extends TargetReply['type']>(
    request: TargetRequest | null,
    expected: T,
  ): Promise<Extract<TargetReply, { type: T }>> {
    const answer = next();
    if (request) child.send(request);
    const reply = await answer;
    if (reply.type === 'failed') throw new Error(reply.message);
    if (reply.type !== expected) throw new Error(`bench target answered ${reply.type}, not ${expected}`);
    return reply as Extract<TargetReply, { type: T }>;
  }
  const ready = await ask(null, 'ready');
  return {
    ...ready,
    capture: (url: string, headers: Record<string, string>) =>
      ask({ type: 'capture', url, headers }, 'captured'),
    profile: (action: 'start' | 'stop', name: string) => ask({ type: 'profile', action, name }, 'profiled'),
    replay: async (statements: Statement[], seconds: number) =>
      (await ask({ type: 'replay', statements, concurrency: CONNECTIONS, seconds }, 'replayed')).measurement,
    close: async () => {
      if (failure) return;
      await ask({ type: 'close' }, 'closed');
    },
  };
}

async function benchDatabase(kind: 'postgresql' | 'pglite'): Promise<DatabaseRun> {
  log(`\n== ${kind}: seeding ${VISITS.toLocaleString('en')} visits`);
  const target = await startTarget(kind);
  try {
    const { address, seedSeconds } = target;
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);
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
    const only = args.only?.split(',');
    for (const scenario of SCENARIOS.filter((item) => !only || only.includes(item.slug))) {
      const url = `${address}${scenario.path({ visitId })}`;
      await settle();
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
      // The statements of a page in the steady state that is measured (a large total is kept a while).
      const captured = await target.capture(url, headers);
      if (captured.status !== 200) throw new Error(`${url}: ${captured.status} ${captured.body}`);
      const page = captured.statements.filter((statement) => !isSessionStatement(statement));
      log(`  ${scenario.name}: ${page.length} statements, total ${captured.total ?? '-'}`);
      // autocannon's own percentiles are whole milliseconds; its per-response times are not.
      const latencies: number[] = [];
      await target.profile('start', scenario.slug);
      const load = autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
      load.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      const http = await load;
      await target.profile('stop', scenario.slug);
      if (http.non2xx > 0 || http.errors > 0)
        throw new Error(`${url}: ${http.non2xx} non-2xx, ${http.errors} errors`);
      await settle();
      await target.replay(page, 2); // warm-up
      const rawAll = await target.replay(page, DURATION);
      const rawMain = await target.replay(page.slice(0, 1), DURATION);
      results.push({
        name: scenario.name,
        path: scenario.path({ visitId }).replace(String(visitId), ':id'),
        total: captured.total,
        statements: page.map((statement) => statement.text),
        http: summarize(latencies, http.duration),
        raw: rawAll,
        rawMain,
      });
      const last = results.at(-1)!;
      log(
        `    http p50 ${last.http.p50.toFixed(2)} ms p99 ${last.http.p99.toFixed(2)} ms ${last.http.rps.toFixed(0)} req/s | ` +
          `sql p50 ${last.raw.p50.toFixed(2)} ms p99 ${last.raw.p99.toFixed(2)} ms ${last.raw.rps.toFixed(0)}/s`,
      );
    }
    return { kind, visits: VISITS, seedSeconds, connections: CONNECTIONS, duration: DURATION, results };
  } finally {
    await target.close();
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
