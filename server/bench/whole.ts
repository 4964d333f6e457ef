// Over 600 lines: one scenario with its set-up, its kinds of clients, the boards, the sampling and the report; the
// clients are the part to move to a file of their own if it grows.
/**
 * Every module at once (issue 37 point 3): two app instances on one fresh PostgreSQL database, driven for
 * `--minutes` by `--connections` client connections in all, as a real installation is used:
 *
 *   npm run bench -- --whole [--minutes=10 --warmup=30 --connections=200 --cameras=8 --boards=50 --think=2000]
 *
 * Set-up: startCluster (cluster.ts) with the server built as `npm start` runs it (one bundle run by plain node),
 * the demo data (two sites with every module) and, through the API, what the load needs on each site: ANPR
 * cameras, patrol terminals, keyboxes with a workflow, a ramp per dispatcher, a key per key desk. Each client
 * logs in as its own session of a demo user with the fitting roles (receptionist `user`, dispatcher and
 * administrator `admin`, board `viewer`) on its site.
 *
 * Connections (each one keep-alive TCP connection, held to one instance: the clients are spread over both
 * instances and both sites, as a sticky load balancer would spread them): `--boards` dispatcher boards on the
 * logistics event stream (SSE), `--cameras` ANPR cameras posting plate reads, two patrol terminals and two
 * keyboxes per site, and the rest shared by receptionists (visit entries, then departures), dispatchers
 * (a transport created, then moved through the workflow: offered operations read, transition), stock clerks
 * (movements in and out), key desks (lend, return) and administrators paging through the lists. Every client
 * waits about `--think` ms (±50 %) between its calls: people and devices, not a flood.
 *
 * Measured: each call type's p50/p99 and errors (any status but the expected one, or no answer within 30 s);
 * for every transport event a dispatcher caused, when each board of its site saw it after the write was
 * acknowledged (missed events, p99 and max delay); each instance's RSS every 30 s (/proc/<pid>/status); the
 * database's connections (pg_stat_activity, every 5 s); the CPU time of this process (the load generator); and per
 * 5-second window what may have held the slow calls (stalls.ts: event-loop delays, GC pauses, CPU, disk, locks).
 *
 * Ports: instances 8581, 8582 (proxy 8580, used for the set-up only); data folders /tmp/strazce-whole-*.
 * PostgreSQL: WHOLE_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres); the fresh
 * database is dropped at the end, also on failure or Ctrl-C.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEMO_GUARD_PIN } from '../src/modules/patrol/patrol.demo';
import { fillSecrets } from '../src/modules/messaging/secrets';
import { openSecret, secretsKeyFrom, useSecretsKey } from '../src/platform/secretBox';
import { DEMO_PASSWORD } from '../src/seed';
import { buildServer, login, say, sleep, startCluster, type Cluster } from './cluster';
import { machineTicks, watchStalls, type StallWatch } from './stalls';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--whole'),
  options: {
    minutes: { type: 'string', default: '10' },
    /**
     * Seconds of load before the measured minutes: the instances' first calls of each kind (code V8 has not yet
     * compiled, statements not yet prepared on each pooled connection) are reported apart.
     */
    warmup: { type: 'string', default: '30' },
    connections: { type: 'string', default: '200' },
    cameras: { type: 'string', default: '8' },
    boards: { type: 'string', default: '50' },
    think: { type: 'string', default: '2000' },
  },
});
const MINUTES = Number(args.minutes);
const WARMUP_S = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const CAMERAS = Number(args.cameras);
const BOARDS = Number(args.boards);
const THINK_MS = Number(args.think);
const PROXY_PORT = 8580;
const DATA_DIR = `/tmp/strazce-whole-${process.pid}`;
const SECRETS_KEY = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(24).toString('hex');
const REPLY_TIMEOUT_MS = 30_000;
const READ_TARGET_MS = 100;
const WRITE_TARGET_MS = 250;
const DELIVERY_TARGET_MS = 1000;

// ---- calls, timed per type ----

type Kind = 'read' | 'write';
interface CallRecord {
  kind: Kind;
  ms: number[];
  errors: number;
  statuses: Map<string, number>;
  sample?: string;
}
const calls = new Map<string, CallRecord>();
/** Calls are recorded only while the load runs (not during the set-up). */
let measuring = false;
/** Calls of the warm-up: their times and failures, reported apart from the measured minutes. */
let warming = false;
const warmup = { ms: [] as number[], errors: 0 };
let running = true;
let stalls: StallWatch | undefined;

function record(
  name: string,
  kind: Kind,
  ms: number,
  outcome: { ok: boolean; status: string; body?: string },
) {
  if (warming) {
    warmup.ms.push(ms);
    if (!outcome.ok) warmup.errors++;
    return;
  }
  if (!measuring) return;
  stalls?.note(name, ms);
  let entry = calls.get(name);
  if (!entry) calls.set(name, (entry = { kind, ms: [], errors: 0, statuses: new Map() }));
  entry.ms.push(ms);
  if (outcome.ok) return;
  entry.errors++;
  entry.statuses.set(outcome.status, (entry.statuses.get(outcome.status) ?? 0) + 1);
  entry.sample ??= `${outcome.status} ${outcome.body?.slice(0, 300) ?? ''}`;
}

interface Reply {
  status: number;
  body: string;
}

/** One HTTP exchange on `agent`; rejects on a network error or after REPLY_TIMEOUT_MS. */
function exchange(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: REPLY_TIMEOUT_MS,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A client's own keep-alive connection to one instance, with its credentials. */
class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(
    readonly port: number,
    private readonly headers: Record<string, string>,
  ) {}

  /** The call timed as `name`; its JSON answer, or null when it failed (recorded as an error). */
  async call<T = Record<string, unknown>>(
    name: string,
    kind: Kind,
    method: string,
    path: string,
    body?: unknown,
    expected = method === 'POST' ? [200, 201] : [200],
  ): Promise<T | null> {
    const started = performance.now();
    try {
      const reply = await exchange(this.agent, this.port, method, path, this.headers, body);
      const ok = expected.includes(reply.status);
      record(name, kind, performance.now() - started, { ok, status: String(reply.status), body: reply.body });
      if (!ok) return null;
      return (reply.body ? JSON.parse(reply.body) : {}) as T;
    } catch (error) {
      record(name, kind, performance.now() - started, { ok: false, status: (error as Error).message });
      return null;
    }
  }

  /** A set-up call: throws unless it answers as expected. */
  async must<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await exchange(this.agent, this.port, method, path, this.headers, body);
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body}`);
    return (reply.body ? JSON.parse(reply.body) : {}) as T;
  }

  close() {
    this.agent.destroy();
  }
}

/** Waits the client's think time: `THINK_MS` ±50 %, or less when the run ends. */
async function think(share = 1): Promise<void> {
  const ms = THINK_MS * share * (0.5 + Math.random());
  const until = Date.now() + ms;
  while (running && Date.now() < until) await sleep(Math.min(250, until - Date.now()));
}

// ---- the set-up ----

interface Ref {
  id: number;
}
interface Site {
  id: number;
  index: number;
  gates: number[];
  purpose: number;
  supplier: number;
  warehouse: number;
  stockItems: number[];
  keyType: number;
  persons: number[];
  keybox: { id: number; token: string; uuid: string; workflow: number }[];
  patrolTerminals: string[];
  checkpoints: Map<number, string>;
}

let ports: number[] = [];
let adminPassword = '';

/** A session of `userName` on `site` through instance `port`, as a client of its own. */
async function sessionClient(port: number, userName: string, site: number): Promise<Client> {
  const password = userName === 'admin' ? adminPassword : DEMO_PASSWORD;
  const token = await login(`http://127.0.0.1:${port}`, userName, password);
  const client = new Client(port, { 'x-auth-token': token });
  await client.must('POST', '/api/system_site/switch', { id: site });
  return client;
}

const terminalClient = (port: number, token: string) => new Client(port, { 'x-client-token': token });

async function siteSetUp(admin: Client, siteId: number, index: number): Promise<Site> {
  const list = <T>(path: string) => admin.must<T[]>('GET', path);
  const gates = await list<Ref>('/api/system_site/district/gate?valid=true&size=100');
  const [purpose] = await list<Ref>('/api/visit/purpose?size=10');
  const [supplier] = await list<Ref>('/api/logistics/supplier?size=10');
  const [warehouse] = await list<Ref>('/api/stock/warehouse?size=10');
  const items = await list<Ref & { type: string }>('/api/stock/item?size=100');
  const [keyType] = await list<Ref>('/api/keymanagement/keytype?size=10');
  const persons = await list<Ref>('/api/keymanagement/person?size=25');
  const checkpoints = await list<Ref & { tagId: string }>('/api/patrol/checkpoint?size=100');
  return {
    id: siteId,
    index,
    gates: gates.map((gate) => gate.id),
    purpose: purpose.id,
    supplier: supplier.id,
    warehouse: warehouse.id,
    stockItems: items.filter((item) => item.type === 'BATCH').map((item) => item.id),
    keyType: keyType.id,
    persons: persons.map((person) => person.id),
    keybox: [],
    patrolTerminals: [],
    checkpoints: new Map(checkpoints.map((checkpoint) => [checkpoint.id, checkpoint.tagId])),
  };
}

/** A keybox of the site with a workflow whose deposit e-mail carries the pick-up PIN. */
async function keyboxOf(admin: Client, site: Site, n: number) {
  const keybox = await admin.must<{ id: number; token: string; uuid: string }>('POST', '/api/kbox/keybox', {
    name: `Zátěž ${n}`,
  });
  const workflow = await admin.must<Ref>('POST', '/api/kbox/workflow', {
    name: `Zátěž ${n}`,
    keybox: keybox.id,
    email: 'provider@example.com',
    notifyCustomer: true,
    subject: 'Zásilka {{content.id}}',
    incomingEmail: true,
    incomingMessage: 'Zásilka {{content.trackingNumber}} čeká v boxu {{content.boxName}}. PIN {{pin}}',
  });
  site.keybox.push({ ...keybox, workflow: workflow.id });
}

// ---- the clients ----

let visitorCount = 0;
async function receptionist(client: Client, site: Site) {
  const gate = site.gates[0];
  while (running) {
    const name = `Zátěž${++visitorCount}`;
    const entry = await client.call<Ref>('visit entry', 'write', 'POST', '/api/visit', {
      purpose: site.purpose,
      gate,
      firstName: 'Host',
      lastName: name,
    });
    await think();
    if (entry && running)
      await client.call('visit departure', 'write', 'POST', `/api/visit/${entry.id}/leave`, {
        gate: site.gates[1] ?? gate,
      });
    await think();
  }
}

const PLATE_LETTERS = 'ABCEHJKLMPSTUXZ';
const randomPlate = () =>
  `${1 + Math.floor(Math.random() * 9)}${PLATE_LETTERS[Math.floor(Math.random() * PLATE_LETTERS.length)]}` +
  `${PLATE_LETTERS[Math.floor(Math.random() * PLATE_LETTERS.length)]} ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

async function camera(client: Client, site: Site, n: number) {
  while (running) {
    await client.call('ANPR plate read', 'write', 'POST', '/api/vehicle/anpr/read', {
      plate: randomPlate(),
      camera: `Kamera ${n}`,
      gate: site.gates[n % site.gates.length],
      confidence: 80 + Math.floor(Math.random() * 20),
    });
    await think();
  }
}

interface SignIn {
  guard: Ref;
  signIn: { token: string };
  routes: Array<{ id: number; checkpoints: Ref[] }>;
}
/** A guard signed in on the terminal walks the site's route: start, each checkpoint, finish, each sent at once. */
async function patrolTerminal(client: Client, site: Site, signIn: SignIn) {
  const route = signIn.routes[0];
  const submit = (name: string, event: Record<string, unknown>) =>
    client.call('patrol terminal submit', 'write', 'POST', '/api/patrol/terminal/submit', {
      sentAt: new Date().toISOString(),
      events: [{ id: randomUUID(), time: new Date().toISOString(), ...event }],
    });
  while (running) {
    const patrol = randomUUID();
    await submit('start', {
      patrol,
      type: 'start',
      route: route.id,
      guard: signIn.guard.id,
      signIn: signIn.signIn.token,
    });
    for (const checkpoint of route.checkpoints) {
      await think();
      await submit('scan', {
        patrol,
        type: 'scan',
        tagId: site.checkpoints.get(checkpoint.id),
        method: 'NFC',
      });
    }
    await think();
    await submit('finish', { patrol, type: 'finish' });
    await think();
  }
}

// Logistics: every acknowledged write of a transport (its creation, each transition) in order, with the time
// it was acknowledged; the boards' events are matched to them.
interface TransportWrites {
  site: number;
  acknowledged: number[];
}
const transportWrites = new Map<number, TransportWrites>();
const acknowledge = (id: number, site: number) => {
  const writes = transportWrites.get(id) ?? { site, acknowledged: [] };
  writes.acknowledged.push(performance.now());
  transportWrites.set(id, writes);
};

interface Transport {
  id: number;
  version: number;
  closed?: boolean;
  status: Ref;
}
let transportCount = 0;
/** A dispatcher's own ramp; a transport announced, then moved through every operation offered until it closes. */
async function dispatcher(client: Client, site: Site, ramp: number) {
  while (running) {
    let transport = await client.call<Transport>(
      'logistics transport created',
      'write',
      'POST',
      '/api/logistics/transport',
      {
        datetimeArrive: new Date().toISOString(),
        licencePlate: `${(++transportCount % 9) + 1}LG ${String(transportCount % 10_000).padStart(4, '0')}`,
        supplier: site.supplier,
      },
    );
    if (transport) acknowledge(transport.id, site.id);
    while (transport && running) {
      await think();
      const offered = await client.call<Array<Ref & { compulsoryAttributes?: string[] }>>(
        'logistics offered operations',
        'read',
        'GET',
        `/api/logistics/transport/${transport.id}/workflow`,
      );
      if (!offered || offered.length === 0) break;
      const operation = offered[0];
      const id: number = transport.id;
      transport = await client.call<Transport>(
        'logistics transition',
        'write',
        'POST',
        `/api/logistics/transport/${id}/operation`,
        {
          operation: operation.id,
          version: transport.version,
          values: operation.compulsoryAttributes?.includes('ramp') ? { ramp } : {},
        },
      );
      if (transport) acknowledge(id, site.id);
    }
    await think();
  }
}

async function stockClerk(client: Client, site: Site, n: number) {
  const item = site.stockItems[n % site.stockItems.length];
  while (running) {
    for (const units of [5, -5]) {
      await client.call('stock movement', 'write', 'POST', '/api/stock/item/movement', {
        item,
        warehouse: site.warehouse,
        units,
      });
      await think();
    }
  }
}

async function keyDesk(client: Client, site: Site, key: number, n: number) {
  while (running) {
    const lent = await client.call<Ref>('key lending', 'write', 'POST', '/api/keymanagement/lend', {
      gate: site.gates[0],
      key,
      person: site.persons[n % site.persons.length],
    });
    await think();
    if (lent && running)
      await client.call('key return', 'write', 'POST', `/api/keymanagement/lend/${lent.id}/return`, {
        gate: site.gates[0],
      });
    await think();
  }
}

let database: pg.Client;
/** The PIN of the newest e-mail to `recipient` (kept sealed in the outbox: no mail transport is configured). */
async function pinSentTo(recipient: string): Promise<string | null> {
  const { rows } = await database.query<{ body: string; secrets: string[] | string | null }>(
    'select body, secrets from system_email where recipient = $1 order by id desc limit 1',
    [recipient],
  );
  if (!rows[0]) return null;
  const sealed =
    typeof rows[0].secrets === 'string' ? (JSON.parse(rows[0].secrets) as string[]) : rows[0].secrets;
  return /PIN (\d{6})/.exec(fillSecrets(rows[0].body, sealed?.map(openSecret)))?.[1] ?? null;
}

let contentCount = 1_000_000;
/** A receptionist registers a parcel, the keybox reports its deposit, the recipient picks it up with the PIN. */
async function keybox(desk: Client, locker: Client, box: Site['keybox'][number]) {
  while (running) {
    const contentId = ++contentCount;
    const recipientEmail = `zasilka${contentId}@example.com`;
    const content = await desk.call('kbox content registered', 'write', 'POST', '/api/kbox/content', {
      contentId,
      keybox: box.id,
      workflow: box.workflow,
      trackingNumber: `ZT${contentId}`,
      recipientName: 'Jana Nováková',
      recipientEmail,
    });
    await think();
    const deposited =
      content &&
      running &&
      (await locker.call('kbox deposit', 'write', 'POST', '/api/kbox/locker/deposit', {
        uuid: randomUUID(),
        contentId,
        boxName: `A${contentId % 20}`,
      }));
    const pin = deposited ? await pinSentTo(recipientEmail) : null;
    await think();
    if (pin && running)
      await locker.call('kbox pick-up', 'write', 'POST', '/api/kbox/locker/pickup', {
        uuid: randomUUID(),
        pin,
      });
    await think();
  }
}

/** What administrators page through, one list after another. */
const LISTS: Array<[name: string, path: (site: Site) => string]> = [
  ['list: visits', () => '/api/visit?page=1&size=25'],
  ['list: visitors in the area', () => '/api/visit/overview?page=1&size=25'],
  ['list: vehicles', () => '/api/vehicle?page=1&size=25'],
  ['list: ANPR reads', () => '/api/vehicle/anpr/read?page=1&size=25'],
  ['list: patrols', () => '/api/patrol/instance?page=1&size=25'],
  ['list: transports', () => '/api/logistics/transport?page=1&size=25'],
  ['list: stock items', () => '/api/stock/item?page=1&size=25'],
  ['list: stock movements', (site) => `/api/stock/item/movement?page=1&size=25&item=${site.stockItems[0]}`],
  ['list: key lendings', () => '/api/keymanagement/keylend?page=1&size=25'],
  ['list: kbox contents', () => '/api/kbox/content?page=1&size=25'],
  ['list: audit', () => '/api/system_audit?page=1&size=25'],
  ['list: persons', () => '/api/system_person?page=1&size=25'],
  ['list: users', () => '/api/access_user?page=1&size=25'],
];
async function administrator(client: Client, site: Site, n: number) {
  for (let turn = n; running; turn++) {
    const [name, path] = LISTS[turn % LISTS.length];
    await client.call(name, 'read', 'GET', path(site));
    await think();
  }
}

// ---- the boards: the logistics event stream ----

interface Board {
  site: number;
  port: number;
  /** Events seen per transport. */
  seen: Map<number, number>;
  delays: number[];
  /** Events seen before their write's answer arrived (a delay of 0). */
  early: number;
  unmatched: number;
  ends: number;
  request?: http.ClientRequest;
}

function onEvent(board: Board, data: string) {
  const { id } = JSON.parse(data) as { id: number; kind: string };
  // A creation's event may come before its answer: the transport is not known yet.
  const acknowledged = transportWrites.get(id)?.acknowledged ?? [];
  const index = board.seen.get(id) ?? 0;
  board.seen.set(id, index + 1);
  if (index > acknowledged.length) board.unmatched++;
  else if (index === acknowledged.length) {
    board.early++;
    board.delays.push(0);
  } else board.delays.push(Math.max(0, performance.now() - acknowledged[index]));
}

/** Opens the board's stream and reads its events until the run ends; opened again if the server ends it. */
function watch(board: Board, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: board.port,
        path: '/api/logistics/events',
        headers: { 'x-auth-token': token },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`board stream: ${response.statusCode}`));
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'transport' && data) onEvent(board, data);
          }
          if (buffered.includes(': open')) resolve();
        });
        response.on('end', () => {
          if (!running) return;
          board.ends++;
          void watch(board, token);
        });
        response.on('error', () => undefined);
        resolve();
      },
    );
    request.on('error', (error) => (running ? reject(error) : resolve()));
    board.request = request;
  });
}

// ---- what the instances and the database use ----

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** CPU seconds a process has used so far (/proc/<pid>/stat: user and system time in clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

interface Samples {
  rss: Array<{ second: number; kb: number[] }>;
}

function sampleMemory(cluster: Cluster, started: number): { samples: Samples; stop(): void } {
  const samples: Samples = { rss: [] };
  const rss = () =>
    samples.rss.push({
      second: Math.round((Date.now() - started) / 1000),
      kb: cluster.instances.map((instance) => rssKb(instance.child.pid!)),
    });
  rss();
  const timers = [setInterval(rss, 30_000), setTimeout(rss, 120_000)];
  return {
    samples,
    stop: () => {
      for (const timer of timers) clearInterval(timer);
      rss();
    },
  };
}

// ---- the report ----

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
const ms = (value: number) => (Number.isNaN(value) ? '—' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const mb = (kb: number) => (kb / 1024).toFixed(0);

function callTable(minutes: number): string[] {
  const lines = [
    '| call | kind | calls | per s | p50 ms | p99 ms | max ms | errors | target met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  const order = [...calls.entries()].sort(
    ([a, left], [b, right]) => left.kind.localeCompare(right.kind) || a.localeCompare(b),
  );
  for (const [name, entry] of order) {
    const sorted = [...entry.ms].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const target = entry.kind === 'read' ? READ_TARGET_MS : WRITE_TARGET_MS;
    const met = entry.errors === 0 && p99 <= target;
    lines.push(
      `| ${name} | ${entry.kind} | ${sorted.length} | ${(sorted.length / (minutes * 60)).toFixed(1)} | ` +
        `${ms(percentile(sorted, 0.5))} | ${ms(p99)} | ${ms(sorted[sorted.length - 1])} | ${entry.errors} | ` +
        `${met ? 'yes' : `no (${entry.errors > 0 ? 'errors' : `p99 > ${target} ms`})`} |`,
    );
  }
  return lines;
}

function warmupLine(): string {
  const sorted = [...warmup.ms].sort((a, b) => a - b);
  return (
    `Warm-up (the first ${WARMUP_S} s of load, not in the table): ${sorted.length} calls, ${warmup.errors} errors, ` +
    `p50 ${ms(percentile(sorted, 0.5))} ms, p99 ${ms(percentile(sorted, 0.99))} ms, max ${ms(sorted[sorted.length - 1])} ms, ` +
    `${sorted.filter((value) => value > WRITE_TARGET_MS).length} over ${WRITE_TARGET_MS} ms`
  );
}

function errorLines(): string[] {
  return [...calls.entries()]
    .filter(([, entry]) => entry.errors > 0)
    .map(
      ([name, entry]) =>
        `- ${name}: ${[...entry.statuses].map(([status, n]) => `${status} ×${n}`).join(', ')}; first: ${entry.sample}`,
    );
}

function deliveryLines(boards: Board[]): string[] {
  let expected = 0;
  let seen = 0;
  for (const board of boards)
    for (const [id, writes] of transportWrites)
      if (writes.site === board.site) {
        expected += writes.acknowledged.length;
        seen += Math.min(writes.acknowledged.length, board.seen.get(id) ?? 0);
      }
  const delays = boards.flatMap((board) => board.delays).sort((a, b) => a - b);
  const late = delays.filter((delay) => delay > DELIVERY_TARGET_MS).length;
  const events = [...transportWrites.values()].reduce((sum, writes) => sum + writes.acknowledged.length, 0);
  return [
    `- transport events acknowledged: ${events} (creations and transitions); deliveries expected (events × boards of the site): ${expected}`,
    `- delivered: ${seen}, missed: ${expected - seen}; later than ${DELIVERY_TARGET_MS} ms: ${late}; ` +
      `seen before the write's answer arrived: ${boards.reduce((sum, board) => sum + board.early, 0)}`,
    `- delay after the acknowledgement: p50 ${ms(percentile(delays, 0.5))} ms, p99 ${ms(percentile(delays, 0.99))} ms, ` +
      `max ${ms(delays[delays.length - 1])} ms; streams ended by the server and reopened: ${boards.reduce((sum, board) => sum + board.ends, 0)}; ` +
      `unmatched events: ${boards.reduce((sum, board) => sum + board.unmatched, 0)}`,
    `- target (every board every event of its site within ${DELIVERY_TARGET_MS} ms): ${expected === seen && late === 0 ? 'met' : 'not met'}`,
  ];
}

function memoryLines(samples: Samples, instancePorts: number[]): string[] {
  const atTwo = samples.rss.find((sample) => sample.second >= 119) ?? samples.rss[0];
  const last = samples.rss[samples.rss.length - 1];
  const lines = instancePorts.map((port, index) => {
    const change = (last.kb[index] - atTwo.kb[index]) / atTwo.kb[index];
    return (
      `- instance ${port}: RSS ${mb(atTwo.kb[index])} MB at ${atTwo.second} s, ${mb(last.kb[index])} MB at ${last.second} s ` +
      `(${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %; target within 10 %: ${Math.abs(change) <= 0.1 ? 'met' : 'not met'})`
    );
  });
  lines.push(
    `- every 30 s (MB): ${samples.rss.map((sample) => `${sample.second} s ${sample.kb.map(mb).join('/')}`).join(', ')}`,
  );
  return lines;
}

// ---- the run ----

/** Splits the connections that are not boards, cameras, patrol terminals and keyboxes among the desk roles. */
function plan(sites: number) {
  const devices = CAMERAS + 2 * sites * 2;
  const people = CONNECTIONS - BOARDS - devices;
  if (people < 10) throw new Error(`--connections=${CONNECTIONS} leaves too few for the people (${people})`);
  const share = (fraction: number) => Math.max(sites, Math.round(people * fraction));
  const reception = share(0.3);
  const dispatchers = share(0.13);
  const stock = share(0.13);
  const keys = share(0.13);
  const administrators = people - reception - dispatchers - stock - keys;
  return { reception, dispatchers, stock, keys, administrators, patrol: 2 * sites, keyboxes: 2 * sites };
}

async function main(): Promise<void> {
  say(`building the server as npm start runs it`);
  const bundle = buildServer('dist/whole/main.js');
  useSecretsKey(secretsKeyFrom(SECRETS_KEY, DATA_DIR));
  const clusterStarted = startCluster({
    name: 'whole',
    proxyPort: PROXY_PORT,
    databaseVariable: 'WHOLE_DATABASE_URL',
    env: (port) => ({ DATA_DIR: `${DATA_DIR}-${port}`, SECRETS_KEY, METRICS_TOKEN }),
    bundle,
  });
  stopOnSignal(clusterStarted);
  const cluster = await clusterStarted;
  const clients: Client[] = [];
  const boards: Board[] = [];
  try {
    ports = cluster.ports;
    adminPassword = cluster.adminPassword;
    database = new pg.Client({ connectionString: cluster.database.url });
    await database.connect();
    const load = os.loadavg();

    const admin = new Client(ports[0], { 'x-auth-token': cluster.token });
    const siteIds = (await admin.must<{ sites: Ref[] }>('GET', '/api/session')).sites.map((site) => site.id);
    const sites: Site[] = [];
    for (const [index, siteId] of siteIds.entries()) {
      const siteAdmin = await sessionClient(ports[index % 2], 'admin', siteId);
      sites.push(await siteSetUp(siteAdmin, siteId, index));
      clients.push(siteAdmin);
    }
    const counts = plan(sites.length);
    say(
      `sites ${siteIds.join(', ')}; clients: ${JSON.stringify({ boards: BOARDS, cameras: CAMERAS, ...counts })}`,
    );

    // Client n of a role works on site n % sites, through instance ⌊n / sites⌋ % 2.
    const placed = (n: number) => ({
      site: sites[n % sites.length],
      port: ports[Math.floor(n / sites.length) % 2],
    });
    const admins = new Map<Site, Client>(sites.map((site, index) => [site, clients[index]]));
    const workers: Array<() => Promise<void>> = [];
    // One login after another: the login throttle counts an attempt until it has succeeded (platform/loginLimiter.ts).
    const sessions = async (role: number, userName: string) => {
      const opened = [];
      for (let n = 0; n < role; n++) {
        const { site, port } = placed(n);
        const client = await sessionClient(port, userName, site.id);
        clients.push(client);
        opened.push({ client, site, n, port });
      }
      return opened;
    };

    for (const { client, site } of await sessions(counts.reception, 'user'))
      workers.push(() => receptionist(client, site));
    for (let n = 0; n < CAMERAS; n++) {
      const { site, port } = placed(n);
      const created = await admins.get(site)!.must<{ token: string }>('POST', '/api/system_client', {
        name: `Kamera zátěž ${n}`,
        internalRole: 'ANPR',
        site: site.id,
      });
      const client = terminalClient(port, created.token);
      clients.push(client);
      workers.push(() => camera(client, site, n));
    }
    for (let n = 0; n < counts.patrol; n++) {
      const { site, port } = placed(n);
      const created = await admins.get(site)!.must<{ token: string }>('POST', '/api/patrol/terminal', {
        name: `Terminál zátěž ${n}`,
      });
      const client = terminalClient(port, created.token);
      clients.push(client);
      const signIn = await client.must<SignIn>('POST', '/api/patrol/terminal/signin', {
        pin: DEMO_GUARD_PIN,
      });
      workers.push(() => patrolTerminal(client, site, signIn));
    }
    for (const { client, site, n } of await sessions(counts.dispatchers, 'admin')) {
      const ramp = await admins
        .get(site)!
        .must<Ref>('POST', '/api/logistics/ramp', { name: `Rampa zátěž ${n}` });
      workers.push(() => dispatcher(client, site, ramp.id));
    }
    for (const { client, site, n } of await sessions(counts.stock, 'user'))
      workers.push(() => stockClerk(client, site, n));
    for (const { client, site, n } of await sessions(counts.keys, 'user')) {
      const key = await admins.get(site)!.must<Ref>('POST', '/api/keymanagement/key', {
        code: `Z-${n}`,
        name: `Klíč zátěž ${n}`,
        type: site.keyType,
      });
      workers.push(() => keyDesk(client, site, key.id, n));
    }
    for (const { client: desk, site, n, port } of await sessions(counts.keyboxes, 'user')) {
      await keyboxOf(admins.get(site)!, site, n);
      const box = site.keybox[site.keybox.length - 1];
      const locker = terminalClient(port, box.token);
      clients.push(locker);
      workers.push(() => keybox(desk, locker, box));
    }
    for (const { client, site, n } of await sessions(counts.administrators, 'admin'))
      workers.push(() => administrator(client, site, n));

    for (let n = 0; n < BOARDS; n++) {
      const { site, port } = placed(n);
      const token = await login(`http://127.0.0.1:${port}`, 'viewer', DEMO_PASSWORD);
      await new Client(port, { 'x-auth-token': token }).must('POST', '/api/system_site/switch', {
        id: site.id,
      });
      const board: Board = {
        site: site.id,
        port,
        seen: new Map(),
        delays: [],
        early: 0,
        unmatched: 0,
        ends: 0,
      };
      boards.push(board);
      await watch(board, token);
    }
    say(
      `${boards.length} boards open, ${workers.length} clients ready; warm-up ${WARMUP_S} s, then load for ${MINUTES} min`,
    );
    warming = true;
    const running$ = workers.map((work) => work());
    await sleep(WARMUP_S * 1000);
    warming = false;

    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const instanceCpuBefore = cluster.instances.map((instance) => cpuSeconds(instance.child.pid!));
    const machineBefore = machineTicks();
    const monitor = sampleMemory(cluster, started);
    stalls = watchStalls(
      ports.map((port) => ({ port, token: METRICS_TOKEN })),
      database,
      started,
    );
    measuring = true;
    const progress = setInterval(() => {
      const done = [...calls.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
      const errors = [...calls.values()].reduce((sum, entry) => sum + entry.errors, 0);
      say(`${done} calls, ${errors} errors; load ${os.loadavg()[0].toFixed(2)}`);
    }, 30_000);
    await sleep(MINUTES * 60_000);
    running = false;
    clearInterval(progress);
    await Promise.all(running$);
    measuring = false;
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const instanceCpu = cluster.instances.map(
      (instance, index) => (cpuSeconds(instance.child.pid!) - instanceCpuBefore[index]) / seconds,
    );
    const machineAfter = machineTicks();
    const machineBusy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    // The last events on their way to the boards.
    await sleep(2000);
    monitor.stop();
    await stalls.stop();
    const connections = stalls.connections();

    const report = [
      `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
        `${(await database.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v.split(' ')[0]} PostgreSQL; ` +
        `${new Date(started).toISOString().slice(0, 16)}Z; load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ` +
        `${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')} after`,
      `Clients: ${JSON.stringify({ boards: BOARDS, cameras: CAMERAS, ...counts })}; think time ${THINK_MS} ms ±50 %; ${(seconds / 60).toFixed(1)} min measured after ${WARMUP_S} s of warm-up`,
      `CPU during the load: load generator (this process) ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of one core; ` +
        `instances ${instanceCpu.map((share) => `${(share * 100).toFixed(0)} %`).join(', ')} of one core; ` +
        `the whole machine busy ${(machineBusy * 100).toFixed(0)} % of its ${os.cpus().length} cores (every process of every user)`,
      '',
      ...callTable(seconds / 60),
      '',
      warmupLine(),
      ...errorLines(),
      '',
      'Boards:',
      ...deliveryLines(boards),
      '',
      'Memory:',
      ...memoryLines(monitor.samples, ports),
      '',
      `PostgreSQL connections of the database (pg_stat_activity, every 5 s, the sampler's own left out): ` +
        `max ${Math.max(...connections)}, median ${percentile(
          [...connections].sort((a, b) => a - b),
          0.5,
        )}`,
      '',
      'What held the slow calls (5-s windows):',
      ...stalls.lines(),
    ];
    console.log(`\nEvery module at once\n\n${report.join('\n')}`);
  } finally {
    running = false;
    for (const board of boards) board.request?.destroy();
    for (const client of clients) client.close();
    await database?.end().catch(() => undefined);
    await cluster.stop();
    for (const port of cluster.ports) fs.rmSync(`${DATA_DIR}-${port}`, { recursive: true, force: true });
  }
}

/** Ctrl-C or SIGTERM: the instances stopped and the database dropped before the process ends. */
function stopOnSignal(cluster: Promise<Cluster>) {
  const stop = () => {
    say('stopping: dropping the database');
    running = false;
    void cluster
      .then((started) => started.stop())
      .catch(() => undefined)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
