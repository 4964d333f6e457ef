// Over 600 lines: the bench's runner (arguments, the targets' processes, alternating rounds, the scenarios of
// every module); the scenarios are the next part to move to files of their own.
/**
 * `npm run bench`: seeds a site with a million visits (and as many audit entries) and a million vehicle
 * movements, and measures the visit, audit and vehicle API with autocannon against the same SQL run directly
 * through the database driver, on PostgreSQL and on the embedded PGlite: one page (or one camera's plate
 * read) at a time, then a mixed read load of several users.
 *
 *   npm run bench                                   # both databases, 1,000,000 visits and vehicle movements
 *   npm run bench -- --db=postgresql --visits=100000 --only=vehicle-first-page,vehicle-plate,vehicle-in-area,anpr-read-one,anpr-read
 *   npm run bench -- --db=postgresql --visits=200000 --duration=6 --rounds=3 --connections=4 --out=../docs/performance.md
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- --db=postgresql --only=first-page,in-area,mix
 *   npm run bench -- --json=/tmp/bench.json ...; npm run bench -- --render=/tmp/bench.json --out=../docs/performance.md
 *   npm run bench -- --db=postgresql --floor ...     # each read also through a bare node:http server (below)
 *   npm run bench -- --db=postgresql --visits=10000000 --sites=50 ...  # 200,000 visits on each of 50 sites
 *   npm run bench -- --db=postgresql --visits=1000000 --scale=10000000:50 --floor ...  # the pages of both sizes,
 *                                                   # in the same rounds (bench/scale.ts)
 *
 * Every measurement alternates short rounds of HTTP and of the replayed SQL (`--rounds` rounds of each side,
 * `--duration` seconds per side in all), so that other work on the machine slows both sides alike; the
 * ratio reported is the median of the rounds' ratios.
 *
 * `--floor` adds a third side to each read's rounds (and the mixed load's): a bare node:http server that runs
 * the same statements through the same driver and sends the main statement's records as the app sends a page.
 * Its ratio to the replay is what any Node HTTP server pays on this machine, the least the app's ratio can be.
 *
 * The app and its database run in a child process (bench/target.ts), as a server runs apart from its
 * clients; autocannon and the comparison run here, so neither slows the other's event loop.
 *
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app process under HTTP load there, one per database and
 * scenario (an extra HTTP phase of `--duration` seconds before the rounds; open it in Chrome's DevTools).
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
 * is created on that server for the run and dropped afterwards. BENCH_POOLER_URL=postgres://postgres@127.0.0.1:6432
 * (a PgBouncer in front of that server) has the app reach it through the pooler, in BENCH_POOLER mode
 * (`transaction`, the default, or `session`); the replayed SQL goes the same way (target.ts).
 */
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Options as LoadOptions } from 'autocannon';
import type { TargetReply, TargetRequest } from './protocol';
import {
  addOutcomes,
  median,
  noOutcomes,
  pool,
  type Outcomes,
  type CpuUse,
  type Measurement,
  type Sample,
  type Statement,
  type VersionedWrite,
} from './sql';
import {
  BENCH_AUDIT_AUTHOR,
  BENCH_PASSWORD,
  BENCH_SURNAME,
  BENCH_USER,
  MIX_USERS,
  type BenchLogistics,
  type BenchStock,
  type BenchVehicles,
} from './seed';
import {
  mergeReport,
  type Machine as ReportMachine,
  renderReport,
  type DatabaseRun,
  type FloorResult,
  type MixRequestResult,
  type MixResult,
  type ScenarioGroup,
  type ScenarioResult,
} from './report';
import { parseScale, renderScale, scalePage, withScaleReport, type ScalePage, type ScaleRun } from './scale';

// `--whole`: the load of every module at once (whole.ts, its own options) instead of the page scenarios; it ends
// the process itself.
if (process.argv.includes('--whole')) {
  await import('./whole');
  await new Promise(() => undefined);
}

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    /** Visits (and as many audit entries) in all, spread evenly over `sites` sites; the pages read one of them. */
    visits: { type: 'string', default: '1000000' },
    sites: { type: 'string', default: '1' },
    /** Vehicle movements (entries and departures) on the bench site: at least 2,500. */
    vehicles: { type: 'string', default: '1000000' },
    /** Stock items and movements on the bench site (0 items: no stock). */
    'stock-items': { type: 'string', default: '200000' },
    'stock-movements': { type: 'string', default: '2000000' },
    /** Concurrent clients of the movement scenario (recording movements of one item at once). */
    'stock-writers': { type: 'string', default: '20' },
    /** Transports and their log entries on the bench site (0 transports: no logistics). */
    'logistics-transports': { type: 'string', default: '500000' },
    'logistics-log-rows': { type: 'string', default: '5000000' },
    /** Concurrent dispatchers of the transition scenario (acting on one transport at once). */
    'logistics-dispatchers': { type: 'string', default: '20' },
    /** Seconds of each side (HTTP, SQL) per measurement, split into `rounds` alternating rounds. */
    duration: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '4' },
    /** Connections of the mixed load. */
    'mix-connections': { type: 'string', default: '50' },
    /**
     * Writes the report here; a run of only the visit (and audit) scenarios or only the vehicle ones keeps the
     * other part of an existing file as it is.
     */
    out: { type: 'string' },
    /** Only the scenarios with these slugs (comma-separated; `mix` for the mixed load), e.g. while profiling. */
    only: { type: 'string' },
    /** Also writes the measurements as JSON to this file... */
    json: { type: 'string' },
    /**
     * ...which this renders again (after a change of the report's text) without measuring anything; several
     * files (comma-separated, e.g. one run per database) make one report.
     */
    render: { type: 'string' },
    /**
     * Also measures each read (and the mixed load) through a bare node:http server that runs the same
     * statements and sends their records (bench/target.ts): what any Node HTTP server pays on this machine.
     */
    floor: { type: 'boolean', default: false },
    /**
     * `<visits>:<sites>`: instead of the scenarios above, the visit and audit reads of a second database of this
     * size against the same reads of the first (`--visits`, `--sites`), in the same rounds (bench/scale.ts).
     */
    scale: { type: 'string' },
  },
});
const FLOOR = args.floor === true;
/**
 * BENCH_FLOOR=fastify: the floor server is a Fastify instance with one route and nothing else (bench/target.ts),
 * to tell the framework's own cost from the app's; a by-hand measurement, whose report names node:http and so
 * is not written into the docs.
 */
const FLOOR_NAME = process.env.BENCH_FLOOR === 'fastify' ? 'bare Fastify' : 'bare node:http';
if (process.env.BENCH_FLOOR === 'fastify' && args.out) {
  console.error('BENCH_FLOOR=fastify is measured by hand: write it with --json, not into a report (--out)');
  process.exit(2);
}
const VISITS = Number(args.visits);
const SITES = Number(args.sites);
const VEHICLES = Number(args.vehicles);
// The plate scenarios read a plate of the 1,000th entry that stayed (bench/seed.ts): a little over half the
// movements are entries.
const MIN_VEHICLES = 2_500;
if (!args.render && !(VEHICLES >= MIN_VEHICLES)) {
  process.stderr.write(
    `--vehicles must be at least ${MIN_VEHICLES.toLocaleString('en')} (given: ${args.vehicles})\n`,
  );
  process.exit(2);
}
if (!args.render && !(Number.isInteger(SITES) && SITES >= 1 && SITES <= VISITS)) {
  process.stderr.write(`--sites must be a whole number from 1 to --visits (given: ${args.sites})\n`);
  process.exit(2);
}
const STOCK_ITEMS = Number(args['stock-items']);
const STOCK_MOVEMENTS = Number(args['stock-movements']);
const LOGISTICS_TRANSPORTS = Number(args['logistics-transports']);
const LOGISTICS_LOG_ROWS = Number(args['logistics-log-rows']);
const DURATION = Number(args.duration);
const ROUNDS = Math.max(1, Number(args.rounds));
const ROUND_SECONDS = DURATION / ROUNDS;
const CONNECTIONS = Number(args.connections);
const MIX_CONNECTIONS = Number(args['mix-connections']);
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Ids {
  visitId: number;
  otherVisitId: number;
  purposeId: number;
  vehicles: BenchVehicles;
  stock: BenchStock | null;
  logistics: BenchLogistics | null;
}

/** A record as a client reads it before acting on it (a transport: its version and status). */
type Read = { version: number; status: { id: number } };

interface Scenario {
  name: string | ((ids: Ids) => string);
  /** File name of the scenario's CPU profile; what `--only` names. */
  slug: string;
  /** Its own table and targets in the report. */
  group: ScenarioGroup;
  path: (ids: Ids) => string;
  /** GET unless said otherwise. */
  method?: 'POST';
  /** A write's JSON body. */
  body?: (ids: Ids) => unknown;
  /** The headers of the call instead of the bench user's session (a terminal's token). */
  headers?: (ids: Ids) => Record<string, string>;
  /** Concurrent connections instead of `--connections` (the movement scenario's writers). */
  connections?: number;
  /**
   * A write under optimistic locking (a logistics transition): every connection reads the record (GET `read`)
   * and sends the body made from it; a stale version is answered 409 with `conflict`, counted, not a failure.
   * Only the writes are timed; the raw SQL replays them the same way (sql.ts VersionedWrite).
   */
  versioned?: {
    read: (ids: Ids) => string;
    body: (record: Read, ids: Ids) => unknown;
    conflict: string;
  };
}

/** A camera's plate read of one of today's advices: from one camera at a time, or from `CONNECTIONS`. */
function anprRead(slug: string, connections?: number): Scenario {
  return {
    name: ({ vehicles }) =>
      `ANPR plate read matched${connections === 1 ? ', one camera' : ''} (${vehicles.advicePlate}, an advice of today)`,
    slug,
    group: 'vehicle',
    method: 'POST',
    ...(connections ? { connections } : {}),
    path: () => '/api/vehicle/anpr/read',
    body: ({ vehicles }) => ({
      plate: vehicles.advicePlate,
      camera: 'Hlavní vrátnice – vjezd',
      gate: vehicles.gateId,
      confidence: 92,
    }),
    headers: ({ vehicles }) => ({ 'x-client-token': vehicles.anprToken, 'content-type': 'application/json' }),
  };
}

const SCENARIOS: Scenario[] = [
  {
    name: 'Visit manager, first page (time desc)',
    slug: 'first-page',
    group: 'visit',
    path: () => '/api/visit?page=1&size=25',
  },
  {
    name: `Visit manager, name filter (lastName=${BENCH_SURNAME})`,
    slug: 'name-filter',
    group: 'visit',
    path: () => `/api/visit?page=1&size=25&lastName=${encodeURIComponent(BENCH_SURNAME)}`,
  },
  {
    name: 'In-area list (overview)',
    slug: 'in-area',
    group: 'visit',
    path: () => '/api/visit/overview?page=1&size=25',
  },
  {
    name: 'Single visit',
    slug: 'single-visit',
    group: 'visit',
    path: ({ visitId }) => `/api/visit/${visitId}`,
  },
  {
    name: 'Audit log, first page (time desc)',
    slug: 'audit-first-page',
    group: 'visit',
    path: () => '/api/system_audit?page=1&size=25',
  },
  {
    name: `Audit log, author filter (author~${BENCH_AUDIT_AUTHOR})`,
    slug: 'audit-author',
    group: 'visit',
    path: () => `/api/system_audit?page=1&size=25&author=${BENCH_AUDIT_AUTHOR}`,
  },
  {
    name: 'Vehicle manager, first page (time desc)',
    slug: 'vehicle-first-page',
    group: 'vehicle',
    path: () => '/api/vehicle?page=1&size=25',
  },
  {
    name: ({ vehicles }) => `Vehicle manager, plate filter (plate~${vehicles.platePart})`,
    slug: 'vehicle-plate',
    group: 'vehicle',
    path: ({ vehicles }) => `/api/vehicle?page=1&size=25&plate=${encodeURIComponent(vehicles.platePart)}`,
  },
  {
    name: 'Vehicles in the area',
    slug: 'vehicle-in-area',
    group: 'vehicle',
    path: () => '/api/vehicle/inarea?page=1&size=25',
  },
  // Last: every read is a write, which empties the kept totals and the session cache. One camera reading back
  // to back (how long a match takes), then as many cameras as the pages' connections (the stress case).
  anprRead('anpr-read-one', 1),
  anprRead('anpr-read'),
  {
    name: 'Stock items below their minimum (belowMinimum=true, by code)',
    slug: 'stock-below-minimum',
    group: 'stock',
    path: () => '/api/stock/item?page=1&size=25&belowMinimum=true',
  },
  {
    name: "One item's movements (newest first)",
    slug: 'stock-item-movements',
    group: 'stock',
    path: ({ stock }) => `/api/stock/item/movement?page=1&size=25&item=${stock!.itemId}`,
  },
  {
    name: `Recording a movement (${args['stock-writers']} clients, one item)`,
    slug: 'stock-movement',
    group: 'stock',
    method: 'POST',
    path: () => '/api/stock/item/movement',
    body: ({ stock }) => ({ item: stock!.hotItemId, warehouse: stock!.warehouseId, units: 1 }),
    connections: Number(args['stock-writers']),
  },
  {
    name: 'Transport list, first page (datetimeArrive desc)',
    slug: 'logistics-first-page',
    group: 'logistics',
    path: () => '/api/logistics/transport?page=1&size=25',
  },
  {
    name: 'One transport',
    slug: 'logistics-transport',
    group: 'logistics',
    path: ({ logistics }) => `/api/logistics/transport/${logistics!.transportId}`,
  },
  {
    // What the list's expanded row (and the preview) loads: the record itself comes from the list.
    name: "One transport's log (oldest first, as the list's expanded row loads it)",
    slug: 'logistics-transport-log',
    group: 'logistics',
    path: ({ logistics }) =>
      `/api/logistics/transport/operation?transport=${logistics!.transportId}&page=1&size=100&sort=time,asc`,
  },
  {
    name: `A transition (${args['logistics-dispatchers']} dispatchers, one transport)`,
    slug: 'logistics-transition',
    group: 'logistics',
    method: 'POST',
    path: ({ logistics }) => `/api/logistics/transport/${logistics!.hotTransportId}/operation`,
    connections: Number(args['logistics-dispatchers']),
    versioned: {
      read: ({ logistics }) => `/api/logistics/transport/${logistics!.hotTransportId}`,
      // The operation the workflow offers in the status read (to the ramp, off it), at the version read.
      body: (record, { logistics }) => ({
        operation: logistics!.operationOf[record.status.id],
        version: record.version,
        values: {},
      }),
      conflict: 'LOGISTICS_CONFLICT',
    },
  },
];

type MixUser = keyof typeof MIX_USERS;

/**
 * One turn of the mixed load: what a receptionist, a viewer (personal data masked) and an administrator
 * do, each opening the app (session restore) and reading lists. Every connection goes through it in turn.
 */
const MIX: Array<{ user: MixUser; name: string; path: (ids: Ids) => string }> = [
  { user: 'reception', name: 'session restore', path: () => '/api/session' },
  { user: 'reception', name: 'in-area list', path: () => '/api/visit/overview?page=1&size=25' },
  { user: 'reception', name: 'visit list, first page', path: () => '/api/visit?page=1&size=25' },
  {
    user: 'reception',
    name: `visit list, name filter (${BENCH_SURNAME})`,
    path: () => `/api/visit?page=1&size=25&lastName=${encodeURIComponent(BENCH_SURNAME)}`,
  },
  { user: 'reception', name: 'one visit', path: ({ visitId }) => `/api/visit/${visitId}` },
  {
    user: 'reception',
    name: 'visit list, purpose filter',
    path: ({ purposeId }) => `/api/visit?page=1&size=25&purpose=${purposeId}`,
  },
  { user: 'viewer', name: 'session restore', path: () => '/api/session' },
  { user: 'viewer', name: 'in-area list (masked)', path: () => '/api/visit/overview?page=1&size=25' },
  { user: 'viewer', name: 'visit list, first page (masked)', path: () => '/api/visit?page=1&size=25' },
  { user: 'viewer', name: 'one visit (masked)', path: ({ otherVisitId }) => `/api/visit/${otherVisitId}` },
  { user: 'admin', name: 'session restore', path: () => '/api/session' },
  { user: 'admin', name: 'person list', path: () => '/api/system_person?page=1&size=25' },
  { user: 'admin', name: 'user list', path: () => '/api/access_user?page=1&size=25' },
  { user: 'admin', name: 'audit log, first page', path: () => '/api/system_audit?page=1&size=25' },
];

/** The measured process (bench/target.ts): the app and its database, apart from the load generator. */
async function startTarget(kind: 'postgresql' | 'pglite', visits = VISITS, sites = SITES) {
  const child = fork(
    fileURLToPath(new URL('../dist/bench-target.js', import.meta.url)),
    [
      kind,
      String(visits),
      String(VEHICLES),
      String(STOCK_ITEMS),
      String(STOCK_MOVEMENTS),
      String(LOGISTICS_TRANSPORTS),
      String(LOGISTICS_LOG_ROWS),
      String(sites),
    ],
    {
      // The flags `npm start` and the container image run the server with (README).
      execArgv: ['--enable-source-maps', '--min-semi-space-size=64', '--max-semi-space-size=64'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
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
    capture: (call: Call) => ask({ type: 'capture', ...call }, 'captured'),
    profile: (action: 'start' | 'stop', name: string) => ask({ type: 'profile', action, name }, 'profiled'),
    cpu: async () => (await ask({ type: 'cpu' }, 'cpuUsed')).ms,
    retention: (daysAhead: number) => ask({ type: 'retention', daysAhead }, 'retained'),
    bare: async (groups: Statement[][]) => (await ask({ type: 'bare', groups }, 'bareReady')).address,
    stockCheck: (itemId: number) => ask({ type: 'stockCheck', itemId }, 'stockChecked'),
    transportCheck: (transportId: number) => ask({ type: 'transportCheck', transportId }, 'transportChecked'),
    replay: async (
      groups: Statement[][],
      concurrency: number,
      seconds: number,
      sequential?: boolean,
      versioned?: VersionedWrite,
    ) =>
      (await ask({ type: 'replay', groups, concurrency, seconds, sequential, versioned }, 'replayed')).sample,
    close: async () => {
      if (failure) return;
      await ask({ type: 'close' }, 'closed');
    },
  };
}
type Target = Awaited<ReturnType<typeof startTarget>>;

/** Logs a user in (Basic authorization) and returns the headers that restore the session. */
async function logIn(address: string, userName: string): Promise<Record<string, string>> {
  const login = await fetch(`${address}/api/session`, {
    headers: { authorization: `Basic ${Buffer.from(`${userName}:${BENCH_PASSWORD}`).toString('base64')}` },
  });
  if (login.status !== 200)
    throw new Error(`bench login of ${userName} failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { session: { token: string } }).session.token;
  return { 'x-auth-token': token };
}

/**
 * One HTTP load phase. autocannon sends no Accept-Encoding, so answers come uncompressed; its own
 * percentiles are whole milliseconds, its per-response times are not. A versioned load (`versionedLoad`)
 * times only its writes and counts their outcomes; its refusals are no failure of the phase.
 */
async function httpLoad(options: LoadOptions, what: string, versioned?: VersionedLoad): Promise<Sample> {
  const latencies: number[] = [];
  const outcomes = noOutcomes();
  const load = autocannon(versioned ? versioned.options(options, outcomes) : options);
  load.on('response', (_client, _status, _bytes, responseTime) => {
    // A request's onResponse runs just before this event of its answer (autocannon's httpClient).
    if (!versioned || versioned.timed.next) latencies.push(responseTime);
  });
  const result = await load;
  const refused = versioned ? outcomes.conflicts + outcomes.other : 0;
  if (result.non2xx !== refused || result.errors > 0)
    throw new Error(`${what}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { latencies, seconds: result.duration, ...(versioned ? { outcomes } : {}) };
}

const errorCode = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

interface VersionedLoad {
  /** The load's requests: the read, then the write made from it. */
  options: (base: LoadOptions, outcomes: Outcomes) => LoadOptions;
  /** Whether the answer just received is a write's (set by the requests' onResponse). */
  timed: { next: boolean };
}

/**
 * Every connection in turn reads the record and sends the write made from what it read (the scenario's
 * `versioned`): a success, a conflict (409 with the scenario's code) or another refusal, counted.
 */
function versionedLoad(scenario: Scenario, ids: Ids, headers: Record<string, string>): VersionedLoad {
  const versioned = scenario.versioned!;
  const timed = { next: false };
  let reported = false;
  return {
    timed,
    options: (base, outcomes) => ({
      url: base.url,
      connections: base.connections,
      duration: base.duration,
      requests: [
        {
          method: 'GET',
          path: versioned.read(ids),
          headers,
          onResponse: (status, body, context) => {
            timed.next = false;
            if (status === 200) context.record = JSON.parse(body) as Read;
            else outcomes.other++;
          },
        },
        {
          method: scenario.method,
          path: scenario.path(ids),
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (request, context) => {
            outcomes.unanswered++;
            return { ...request, body: JSON.stringify(versioned.body(context.record as Read, ids)) };
          },
          onResponse: (status, body) => {
            timed.next = true;
            outcomes.unanswered--;
            if (status >= 200 && status < 300) outcomes.succeeded++;
            else if (status === 409 && errorCode(body) === versioned.conflict) outcomes.conflicts++;
            else {
              outcomes.other++;
              if (!reported) log(`    refused otherwise: ${status} ${body.slice(0, 300)}`);
              reported = true;
            }
          },
        },
      ],
    }),
  };
}

/**
 * `ROUNDS` rounds of HTTP then SQL, `ROUND_SECONDS` each; a short pause after each lets what is still
 * queued (PGlite runs one statement at a time) drain before the other side starts. Each round's sample
 * carries the CPU time each part of the machine used meanwhile. With `bare` (`--floor`), each round also
 * loads the bare HTTP server between the two, so that all three see the machine alike.
 */
async function alternate(
  target: Target,
  http: () => Promise<Sample>,
  sql: () => Promise<Sample>,
  bare?: () => Promise<Sample>,
) {
  const rounds: Array<{ http: Sample; sql: Sample; bare?: Sample }> = [];
  const measured = async (phase: () => Promise<Sample>) => {
    const before = await cpuNow(target);
    const sample = await phase();
    const after = await cpuNow(target);
    return { ...sample, cpu: cpuBetween(before, after) };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const httpSample = await measured(http);
    await pause();
    const bareSample = bare ? await measured(bare) : undefined;
    if (bare) await pause();
    const sqlSample = await measured(sql);
    await pause();
    rounds.push({ http: httpSample, sql: sqlSample, ...(bareSample ? { bare: bareSample } : {}) });
  }
  return rounds;
}

/**
 * CPU time (ms) used so far by this process (the load generator), the target and PostgreSQL's processes (by
 * pid: a backend that ended between two readings is left out of their difference, never counted negative).
 */
async function cpuNow(target: Target): Promise<CpuReading> {
  const own = process.cpuUsage();
  return { loadGenerator: (own.user + own.system) / 1000, app: await target.cpu(), database: postgresCpu() };
}

interface CpuReading {
  loadGenerator: number;
  app: number;
  database: Map<number, number>;
}

function cpuBetween(before: CpuReading, after: CpuReading): CpuUse {
  let database = 0;
  for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
  return { loadGenerator: after.loadGenerator - before.loadGenerator, app: after.app - before.app, database };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms) of each `postgres` process of this machine by pid (none where /proc is not there). */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return used;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
    const fields = stat.slice(close + 2).split(' ');
    // After the name: state is field 3 of stat(5); utime and stime are fields 14 and 15.
    used.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
  }
  return used;
}

/** The CPU time per call of each side, where both were measured. */
function cpuOf(rounds: Array<{ http: Sample; sql: Sample }>): { cpu?: { http: CpuUse; raw: CpuUse } } {
  const http = cpuPerCall(rounds.map((round) => round.http));
  const raw = cpuPerCall(rounds.map((round) => round.sql));
  return http && raw ? { cpu: { http, raw } } : {};
}

/**
 * The bare HTTP server's load phase (`--floor`) for these groups, after a warm-up: `connections` of
 * autocannon's, each request answered by the next group's statements.
 */
async function bareLoad(
  target: Target,
  groups: Statement[][],
  connections: number,
  slug: string,
): Promise<() => Promise<Sample>> {
  const address = await target.bare(groups);
  const load = (duration: number) => httpLoad({ url: `${address}/`, connections, duration }, FLOOR_NAME);
  await load(1);
  await pause();
  if (process.env.BENCH_CPU_PROF) await profiled(target, `${slug}-bare`, () => load(DURATION));
  return () => load(ROUND_SECONDS);
}

/** A load phase under the target's CPU profiler (BENCH_CPU_PROF), with its number of calls, for a profile per call. */
async function profiled(target: Target, name: string, load: () => Promise<Sample>): Promise<void> {
  await target.profile('start', name);
  const sample = await load();
  await target.profile('stop', name);
  log(`  CPU profile ${name}: ${sample.latencies.length} calls`);
  await settle();
}

/**
 * The bare server's side of the rounds, where it was measured: its ratios to the same rounds' replay, taken
 * as the app's are (its p50 over the replay's for a page, its throughput over the replay's for the mixed load).
 */
function floorOf(
  rounds: Array<{ http: Sample; sql: Sample; bare?: Sample }>,
  figure: (measurement: Measurement) => number,
): { floor?: FloorResult } {
  if (rounds.some((round) => !round.bare)) return {};
  const ratios = rounds.map((round) => figure(pool([round.bare!])) / figure(pool([round.sql])));
  const cpu = cpuOf(rounds.map((round) => ({ http: round.bare!, sql: round.sql }))).cpu;
  return {
    floor: {
      http: pool(rounds.map((round) => round.bare!)),
      ratios,
      ratio: median(ratios),
      ...(cpu ? { cpu: cpu.http } : {}),
    },
  };
}

/** CPU time per call (ms) of a side over its rounds. */
function cpuPerCall(samples: Sample[]): CpuUse | undefined {
  const calls = samples.reduce((sum, sample) => sum + sample.latencies.length, 0);
  if (calls === 0 || samples.some((sample) => !sample.cpu)) return undefined;
  const total = (part: keyof CpuUse) => samples.reduce((sum, sample) => sum + sample.cpu![part], 0) / calls;
  return { loadGenerator: total('loadGenerator'), app: total('app'), database: total('database') };
}

/**
 * The statements of a call in the steady state that is measured: the second of two calls in a row, so that
 * what the first fills (a kept total, the session cache) is used as it is under load.
 */
async function captureSteady(target: Target, call: Call) {
  await target.capture(call);
  return target.capture(call);
}

/** One API call: a GET with the session's headers, or a write with its body. */
interface Call {
  url: string;
  method?: string;
  body?: string;
  headers: Record<string, string>;
}

/** Transaction control: a read's replay leaves it out (statements at once through the pool). */
const isTransactionControl = (statement: Statement) =>
  /^\s*(begin|commit|rollback|start transaction|savepoint|release)\b/i.test(statement.text);

async function measureScenario(
  target: Target,
  address: string,
  headers: Record<string, string>,
  ids: Ids,
  scenario: Scenario,
): Promise<ScenarioResult> {
  const url = `${address}${scenario.path(ids)}`;
  const name = typeof scenario.name === 'string' ? scenario.name : scenario.name(ids);
  const write = scenario.method !== undefined;
  const call: Call = {
    url,
    method: scenario.method ?? 'GET',
    body: scenario.body ? JSON.stringify(scenario.body(ids)) : undefined,
    headers: {
      ...(scenario.headers ? scenario.headers(ids) : headers),
      ...(scenario.body || scenario.versioned ? { 'content-type': 'application/json' } : {}),
    },
  };
  const connections = scenario.connections ?? CONNECTIONS;
  const load = (duration: number): LoadOptions => ({ ...call, connections, duration });
  // A versioned write: every attempt of the scenario (warm-ups and captures too) is counted, for its check.
  const versioned = scenario.versioned ? versionedLoad(scenario, ids, headers) : undefined;
  const all = noOutcomes();
  const http = async (duration: number) => {
    const sample = await httpLoad(load(duration), url, versioned);
    addOutcomes(all, sample.outcomes);
    return sample;
  };
  await settle();
  await http(2); // warm-up
  // Nothing of the warm-up may still run while the capture listens (writes queued on PGlite drain for longer).
  await (write ? settle() : pause());
  // A write's statements (the terminal's lookup, the read's match and insert, its audit entry) are all its
  // work, replayed in its transactions (a versioned write: as one transaction); a read's have none.
  const work = (statements: Statement[]) =>
    statements.filter(
      (statement) =>
        !isSessionStatement(statement) &&
        (!isTransactionControl(statement) || (write && !scenario.versioned)),
    );
  let captured: Awaited<ReturnType<Target['capture']>>;
  let replayed: VersionedWrite | undefined;
  if (scenario.versioned) {
    const { read, body, conflict } = scenario.versioned;
    const readRecord = async () =>
      (await (await fetch(`${address}${read(ids)}`, { headers })).json()) as Read;
    // A stale write first: what the app sends after its read when it refuses one (the refusal's audit entry).
    const stale = await readRecord();
    const refusal = await target.capture({
      ...call,
      body: JSON.stringify(body({ ...stale, version: stale.version - 1 }, ids)),
    });
    if (refusal.status !== 409 || errorCode(refusal.body) !== conflict)
      throw new Error(`${url}, stale: ${refusal.status} ${refusal.body}`);
    all.conflicts++;
    const writes: VersionedWrite['writes'] = {};
    // Two writes in a row, each at the version read just before: the statements from two states (there and back).
    for (let attempt = 0; attempt < 2; attempt++) {
      const record = await readRecord();
      captured = await target.capture({ ...call, body: JSON.stringify(body(record, ids)) });
      if (captured.status !== 200) throw new Error(`${url}: ${captured.status} ${captured.body}`);
      all.succeeded++;
      writes[String(record.status.id)] = { statements: work(captured.statements), version: record.version };
    }
    // The clients' read (`GET` of the record) as they make it before each write.
    const reading = await target.capture({ url: `${address}${read(ids)}`, method: 'GET', headers });
    if (reading.status !== 200) throw new Error(`${read(ids)}: ${reading.status} ${reading.body}`);
    replayed = {
      writes,
      read: work(reading.statements).filter((statement) => !isTransactionControl(statement)),
      versionKey: 'version',
      stateKey: 'status',
      versionColumn: 'version',
      refused: work(refusal.statements).slice(1),
    };
    log(
      `  refusal after its read: ${replayed.refused.map((statement) => statement.text.slice(0, 50)).join(' | ')}`,
    );
  } else {
    // The statements of a page in the steady state that is measured (a large total is kept a while).
    captured = await captureSteady(target, call);
    if (captured.status !== (write ? 201 : 200))
      throw new Error(`${url}: ${captured.status} ${captured.body}`);
  }
  const page = work(captured!.statements);
  log(`  ${name}: ${page.length} statements, total ${captured!.total ?? '-'}`);
  if (process.env.BENCH_CPU_PROF) await profiled(target, scenario.slug, () => http(DURATION));
  const replay = async (seconds: number) => {
    const sample = await target.replay([page], connections, seconds, write, replayed);
    addOutcomes(all, sample.outcomes);
    return sample;
  };
  await replay(1); // warm-up
  await pause();
  const bare = FLOOR && !write ? await bareLoad(target, [page], connections, scenario.slug) : undefined;
  const rounds = await alternate(
    target,
    () => http(ROUND_SECONDS),
    () => replay(ROUND_SECONDS),
    bare,
  );
  // A write's first statement is the terminal's lookup, not a page's rows.
  const rawMain = write
    ? null
    : pool([await target.replay([page.slice(0, 1)], CONNECTIONS, 2 * ROUND_SECONDS)]);
  const ratios = rounds.map((round) => pool([round.http]).p50 / pool([round.sql]).p50);
  const sum = (samples: Sample[]) =>
    samples.reduce((total, sample) => addOutcomes(total, sample.outcomes), noOutcomes());
  const result: ScenarioResult = {
    name,
    group: scenario.group,
    ...(scenario.connections ? { connections } : {}),
    method: call.method,
    sequential: write,
    path: scenario.path(ids).replace(String(ids.visitId), ':id'),
    total: captured!.total,
    statements: page.map((statement) => statement.text),
    http: pool(rounds.map((round) => round.http)),
    raw: pool(rounds.map((round) => round.sql)),
    rawMain,
    ratios,
    ratio: median(ratios),
    ...cpuOf(rounds),
    ...floorOf(rounds, (measurement) => measurement.p50),
    ...(versioned
      ? {
          outcomes: {
            http: sum(rounds.map((round) => round.http)),
            raw: sum(rounds.map((round) => round.sql)),
            all,
          },
        }
      : {}),
  };
  log(
    `    http p50 ${result.http.p50.toFixed(2)} ms p99 ${result.http.p99.toFixed(2)} ms ${result.http.rps.toFixed(0)} req/s | ` +
      `sql p50 ${result.raw.p50.toFixed(2)} ms p99 ${result.raw.p99.toFixed(2)} ms ${result.raw.rps.toFixed(0)}/s | ` +
      `ratios ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')} → median ${result.ratio.toFixed(2)}`,
  );
  if (result.floor)
    log(
      `    ${FLOOR_NAME} p50 ${result.floor.http.p50.toFixed(2)} ms | ratios ${result.floor.ratios.map((ratio) => ratio.toFixed(2)).join(' ')} → median ${result.floor.ratio.toFixed(2)}`,
    );
  if (result.outcomes) log(`    outcomes: ${JSON.stringify(result.outcomes)}`);
  return result;
}

/**
 * The mixed load: `MIX_CONNECTIONS` connections, each going through `MIX` in turn, against the statements
 * of every call of the mix (session ones included) replayed from as many loops.
 */
async function measureMix(target: Target, address: string, ids: Ids): Promise<MixResult> {
  const headersOf = {} as Record<MixUser, Record<string, string>>;
  for (const user of Object.keys(MIX_USERS) as MixUser[])
    headersOf[user] = await logIn(address, MIX_USERS[user].userName);
  const requests = MIX.map((item) => ({
    method: 'GET',
    path: item.path(ids),
    headers: headersOf[item.user],
  }));
  const options = { url: address, requests, connections: MIX_CONNECTIONS };
  await settle();
  // Warm-up: every connection goes through the whole mix once (a time would not reach every call on PGlite).
  await httpLoad({ ...options, amount: MIX.length * MIX_CONNECTIONS }, 'mix');
  await settle(); // nothing of the warm-up may still run while the capture listens
  const groups: Statement[][] = [];
  const calls: MixRequestResult[] = [];
  for (const [index, item] of MIX.entries()) {
    const captured = await captureSteady(target, {
      url: `${address}${requests[index].path}`,
      headers: headersOf[item.user],
    });
    if (captured.status !== 200) throw new Error(`mix ${item.name}: ${captured.status} ${captured.body}`);
    const statements = captured.statements.filter((statement) => !isTransactionControl(statement));
    groups.push(statements);
    calls.push({
      user: MIX_USERS[item.user].userName,
      name: item.name,
      path: requests[index].path.replace(String(ids.visitId), ':id').replace(String(ids.otherVisitId), ':id'),
      statements: statements.map((statement) => statement.text),
      skipped: captured.statements.length - statements.length,
    });
  }
  log(`  mix: ${MIX.length} calls per turn, ${groups.flat().length} statements`);
  if (process.env.BENCH_CPU_PROF)
    await profiled(target, 'mix', () => httpLoad({ ...options, duration: DURATION }, 'mix'));
  await target.replay(groups, MIX_CONNECTIONS, 1); // warm-up
  await pause();
  const rounds = await alternate(
    target,
    () => httpLoad({ ...options, duration: ROUND_SECONDS }, 'mix'),
    () => target.replay(groups, MIX_CONNECTIONS, ROUND_SECONDS),
    FLOOR ? await bareLoad(target, groups, MIX_CONNECTIONS, 'mix') : undefined,
  );
  const ratios = rounds.map((round) => pool([round.http]).rps / pool([round.sql]).rps);
  const result: MixResult = {
    connections: MIX_CONNECTIONS,
    calls,
    http: pool(rounds.map((round) => round.http)),
    raw: pool(rounds.map((round) => round.sql)),
    ratios,
    ratio: median(ratios),
    ...cpuOf(rounds),
    ...floorOf(rounds, (measurement) => measurement.rps),
  };
  log(
    `    mix http ${result.http.rps.toFixed(0)} req/s p50 ${result.http.p50.toFixed(2)} ms p99 ${result.http.p99.toFixed(2)} ms | ` +
      `sql ${result.raw.rps.toFixed(0)}/s p50 ${result.raw.p50.toFixed(2)} ms p99 ${result.raw.p99.toFixed(2)} ms | ` +
      `throughput ratios ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')} → median ${result.ratio.toFixed(2)}`,
  );
  return result;
}

/** The records the scenarios read: two visits from the middle of the list, a purpose, what the seed made. */
async function idsOf(target: Target, headers: Record<string, string>): Promise<Ids> {
  const middle = await fetch(`${target.address}/api/visit?page=20&size=25`, { headers });
  const visits = (await middle.json()) as Array<{ id: number; purpose: { id: number } | null }>;
  return {
    visitId: visits[0].id,
    otherVisitId: visits[1].id,
    purposeId: visits.find((visit) => visit.purpose)!.purpose!.id,
    vehicles: target.vehicles,
    stock: target.stock,
    logistics: target.logistics,
  };
}

async function benchDatabase(kind: 'postgresql' | 'pglite'): Promise<DatabaseRun> {
  log(
    `\n== ${kind}: seeding ${VISITS.toLocaleString('en')} visits on ${SITES} site(s), ${VEHICLES.toLocaleString('en')} vehicle movements`,
  );
  const load = os.loadavg();
  const target = await startTarget(kind);
  try {
    const { address, seedSeconds, vehicleSeedSeconds } = target;
    log(
      `  seeded in ${seedSeconds.toFixed(0)} s (vehicle movements ${vehicleSeedSeconds.toFixed(0)} s, ` +
        `stock ${target.stockSeedSeconds.toFixed(0)} s, logistics ${target.logisticsSeedSeconds.toFixed(0)} s)`,
    );
    const headers = await logIn(address, BENCH_USER);
    const ids = await idsOf(target, headers);

    const only = args.only?.split(',');
    const results: ScenarioResult[] = [];
    let stockCheck: DatabaseRun['stockCheck'];
    let transitionCheck: DatabaseRun['transitionCheck'];
    for (const scenario of SCENARIOS.filter((item) => !only || only.includes(item.slug))) {
      if (scenario.group === 'stock' && !ids.stock) continue;
      if (scenario.group === 'logistics' && !ids.logistics) continue;
      const before = scenario.versioned ? await target.transportCheck(ids.logistics!.hotTransportId) : null;
      const result = await measureScenario(target, address, headers, ids, scenario);
      results.push(result);
      if (before && result.outcomes) {
        // Every transition that succeeded (over HTTP and by the replay) is one version and one log entry more.
        await settle();
        const after = await target.transportCheck(ids.logistics!.hotTransportId);
        const { all } = result.outcomes;
        const versions = after.version - before.version;
        const logRows = after.logRows - before.logRows;
        transitionCheck = {
          ...all,
          versions,
          logRows,
          // Writes cut off at the end of a phase may have succeeded unanswered: at most that many more.
          exact:
            logRows === versions && versions >= all.succeeded && versions <= all.succeeded + all.unanswered,
        };
        log(`    transition check: ${JSON.stringify(transitionCheck)}`);
      }
      if (scenario.slug === 'stock-movement') {
        // Every movement recorded (over HTTP and by the replay) is in the item's stock: no update lost.
        await settle();
        const { current, moved, levels, movements } = await target.stockCheck(ids.stock!.hotItemId);
        stockCheck = { current, moved, levels, movements, exact: current === moved && levels === moved };
        log(`    stock check: ${JSON.stringify(stockCheck)}`);
      }
    }
    const mix = !only || only.includes('mix') ? await measureMix(target, address, ids) : null;
    // Last: it anonymizes the seeded visits that the scenarios above search by name.
    if (!only || only.includes('retention')) await measureRetention(target, address, headers, kind);
    return {
      kind,
      visits: VISITS,
      sites: SITES,
      vehicles: VEHICLES,
      seedSeconds,
      vehicleSeedSeconds,
      ...(ids.stock
        ? {
            stockItems: STOCK_ITEMS,
            stockMovements: STOCK_MOVEMENTS,
            stockSeedSeconds: target.stockSeedSeconds,
            stockCheck,
          }
        : {}),
      ...(ids.logistics
        ? {
            logisticsTransports: LOGISTICS_TRANSPORTS,
            logisticsLogRows: LOGISTICS_LOG_ROWS,
            logisticsSeedSeconds: target.logisticsSeedSeconds,
            transitionCheck,
          }
        : {}),
      load,
      loadAtEnd: os.loadavg(),
      connections: CONNECTIONS,
      duration: DURATION,
      rounds: ROUNDS,
      results,
      mix,
    };
  } finally {
    await target.close();
  }
}

/**
 * `--scale`: the visit and audit reads (`--only` chooses among them) of a database of `large` against the first
 * one's, both started at once, in alternating rounds (bench/scale.ts).
 */
async function benchScale(large: { visits: number; sites: number }): Promise<Omit<ScaleRun, 'machine'>> {
  log(
    `\n== postgresql: ${VISITS.toLocaleString('en')} visits on ${SITES} site(s) beside ` +
      `${large.visits.toLocaleString('en')} on ${large.sites}, seeded at once`,
  );
  const targets = await Promise.all([
    startTarget('postgresql'),
    startTarget('postgresql', large.visits, large.sites),
  ]);
  try {
    const sides = await Promise.all(
      targets.map(async (target) => {
        const headers = await logIn(target.address, BENCH_USER);
        return { target, headers, ids: await idsOf(target, headers) };
      }),
    );
    const only = args.only?.split(',');
    const pages: ScalePage[] = [];
    const reads = SCENARIOS.filter(
      (scenario) => scenario.group === 'visit' && !scenario.method && (!only || only.includes(scenario.slug)),
    );
    for (const scenario of reads) {
      const prepared = await Promise.all(
        sides.map(async ({ target, headers, ids }, side) => {
          const url = `${target.address}${scenario.path(ids)}`;
          const load = (duration: number) =>
            httpLoad({ url, headers, connections: CONNECTIONS, duration }, url);
          await load(2); // warm-up
          await pause();
          const captured = await captureSteady(target, { url, headers });
          if (captured.status !== 200) throw new Error(`${url}: ${captured.status} ${captured.body}`);
          const page = captured.statements.filter(
            (statement) => !isSessionStatement(statement) && !isTransactionControl(statement),
          );
          const bare = FLOOR
            ? await bareLoad(
                target,
                [page],
                CONNECTIONS,
                `${scenario.slug}-${side === 0 ? 'small' : 'large'}`,
              )
            : undefined;
          return {
            http: () => load(ROUND_SECONDS),
            bare,
            rounds: { http: [] as Sample[], bare: [] as Sample[] },
          };
        }),
      );
      for (let round = 0; round < ROUNDS; round++)
        for (const side of prepared) {
          side.rounds.http.push(await side.http());
          await pause();
          if (side.bare) {
            side.rounds.bare.push(await side.bare());
            await pause();
          }
        }
      const name = typeof scenario.name === 'string' ? scenario.name : scenario.name(sides[0].ids);
      const [base, largeSide] = prepared.map((side) => ({
        http: side.rounds.http,
        ...(side.bare ? { bare: side.rounds.bare } : {}),
      }));
      const page = scalePage(
        name,
        scenario.path(sides[0].ids).replace(String(sides[0].ids.visitId), ':id'),
        base!,
        largeSide!,
      );
      pages.push(page);
      log(
        `  ${name}: p50 ${page.base.http.p50.toFixed(2)} → ${page.large.http.p50.toFixed(2)} ms, ` +
          `p99 ${page.base.http.p99.toFixed(2)} → ${page.large.http.p99.toFixed(2)} ms | ` +
          `ratios ${page.ratios.map((ratio) => ratio.toFixed(2)).join(' ')} → median ${page.ratio.toFixed(2)}` +
          (page.bareRatio === undefined ? '' : ` | bare server → median ${page.bareRatio.toFixed(2)}`),
      );
    }
    return {
      base: { visits: VISITS, sites: SITES, seedSeconds: targets[0].seedSeconds },
      large: { ...large, seedSeconds: targets[1].seedSeconds },
      connections: CONNECTIONS,
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      pages,
    };
  } finally {
    await Promise.all(targets.map((target) => target.close()));
  }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};

/**
 * The retention scenario (issue 35, docs/privacy.md): the visit manager's first page is loaded alone, then
 * while the retention job anonymizes every departed visit of the bench site (its clock 100 days ahead) in its
 * batches. Logs the job's time per million anonymized movements and the page's p99 alone and meanwhile.
 */
async function measureRetention(
  target: Awaited<ReturnType<typeof startTarget>>,
  address: string,
  headers: Record<string, string>,
  kind: string,
): Promise<void> {
  const page = { url: `${address}/api/visit?page=1&size=25`, headers, connections: CONNECTIONS };
  await settle();
  const alone = await httpLoad({ ...page, duration: 3 }, 'visit page before retention');
  const during: number[] = [];
  let finished = false;
  const job = target.retention(100).finally(() => {
    finished = true;
  });
  while (!finished)
    during.push(...(await httpLoad({ ...page, duration: 1 }, 'visit page during retention')).latencies);
  const { seconds, anonymized } = await job;
  const rows = Object.values(anonymized).reduce((sum, count) => sum + count, 0);
  log(`Retention (${kind}): ${rows.toLocaleString('en')} records anonymized in ${seconds.toFixed(1)} s`);
  log(`  ${JSON.stringify(anonymized)}`);
  if (anonymized.visits)
    log(`  ${((seconds / anonymized.visits) * 1e6).toFixed(1)} s per million visit rows`);
  log(
    `  visit first page p99: ${percentile(alone.latencies, 0.99).toFixed(1)} ms alone, ` +
      `${percentile(during, 0.99).toFixed(1)} ms during the run (${during.length} requests)`,
  );
}

/** Lets requests still queued after a load phase (PGlite runs one statement at a time) drain. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
/** The same between the rounds of one measurement, where little is queued. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The session lookup and extension of every request: app overhead, not the page's SQL. */
function isSessionStatement(statement: Statement): boolean {
  return /access_session|access_user_role/.test(statement.text);
}

/**
 * The measured process is built as `npm start` runs the server (build.mjs): one bundle run by plain node, not
 * TypeScript compiled on the fly by tsx, which names every closure it makes at run time.
 */
function buildTarget(): void {
  execFileSync(process.execPath, ['build.mjs', '--bench'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
}

/** The machine of a run that started at `started` with the load average `load`, as the reports name it. */
function machineOf(load: number[], started: number) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    load,
    loadAtEnd: os.loadavg(),
    date: new Date(started).toISOString().slice(0, 10),
  };
}

if (args.scale) {
  const large = parseScale(args.scale);
  const load = os.loadavg();
  const started = Date.now();
  buildTarget();
  const run: ScaleRun = {
    ...(await benchScale(large)),
    machine: machineOf(load, started),
  };
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(run));
  const report = renderScale(run);
  log(`\n${report}`);
  if (args.out) {
    fs.writeFileSync(
      args.out,
      withScaleReport(fs.existsSync(args.out) ? fs.readFileSync(args.out, 'utf8') : '', report),
    );
    log(`written to ${args.out}`);
  }
  process.exit(0);
}

type Machine = ReportMachine;
let measured: { runs: DatabaseRun[]; machine: Machine };
if (args.render) {
  const files = args.render
    .split(',')
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as typeof measured);
  // A file of one database's run: its machine's load is that run's.
  for (const file of files)
    if (file.runs.length === 1) {
      file.runs[0].load ??= file.machine.load;
      file.runs[0].loadAtEnd ??= file.machine.loadAtEnd;
    }
  const first = files[0].machine;
  const last = files[files.length - 1].machine;
  measured = {
    runs: files
      .flatMap((file) => file.runs)
      .sort((a, b) => Number(a.kind === 'pglite') - Number(b.kind === 'pglite')),
    // One machine: the load when the first run started and when the last ended, the minutes of all.
    machine: {
      ...first,
      loadAtEnd: last.loadAtEnd,
      minutes: files.reduce((sum, file) => sum + file.machine.minutes, 0),
    },
  };
} else {
  const load = os.loadavg();
  const started = Date.now();
  const kinds =
    args.db === 'both' ? (['postgresql', 'pglite'] as const) : [args.db as 'postgresql' | 'pglite'];
  buildTarget();
  const runs: DatabaseRun[] = [];
  for (const kind of kinds) runs.push(await benchDatabase(kind));
  measured = {
    runs,
    machine: { ...machineOf(load, started), minutes: (Date.now() - started) / 60_000 },
  };
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(measured));
}
const report = renderReport(measured.runs, measured.machine);
log(`\n${report}`);
if (args.out) {
  const existing = fs.existsSync(args.out) ? fs.readFileSync(args.out, 'utf8') : null;
  fs.writeFileSync(args.out, existing ? mergeReport(existing, report) : report);
  log(`written to ${args.out}`);
}
