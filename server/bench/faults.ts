/**
 * The failures a real site sees, as scripted drills under load (docs/operations.md, "Fault drills"):
 *
 *   npm run faults -w @strazce/server [-- --drill=smtp,kill,disk,postgres --writers=4 --readers=8]
 *
 * Two instances (8481, 8482) on one fresh PostgreSQL database (FAULTS_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/postgres) share one data folder, as a shared volume does in a deployment,
 * behind the reverse proxy of cluster.ts on 8480. E-mail goes to a small SMTP server of the drill's own that
 * either accepts every message or greets and then never answers (a hanging mail server). Throughout, readers
 * (autocannon: session, visit list, key list) and writers (visit entries through the proxy, one a second per
 * writer as at a busy gate, each e-mailing its purpose's address) keep the instances busy; every acknowledged entry (201) is remembered.
 *
 * - smtp: the mail server hangs. Entries must not wait on it (their latency is reported beside the readers');
 *   the outbox records failed attempts and backs off (1, 2, 4 … minutes). The server then recovers, the drill
 *   moves the retries forward (instead of waiting a minute) and every e-mail is delivered exactly once.
 * - kill: one instance gets SIGKILL while writes go on. The proxy sends everything to the other; the jobs (the
 *   outbox) run on there; e-mails of entries made after the kill are delivered exactly once.
 * - disk: the files folder is a 1 MB tmpfs (needs root to mount; skipped otherwise) filled to the last byte.
 *   An upload answers 507 STORAGE_FULL, entries and reads go on; once space is freed, uploads work again.
 * - postgres: PostgreSQL is stopped for 5 s and started again (pg_ctlcluster, else systemctl). The instances answer 503 on readiness
 *   while it is away and 200 again by themselves; no acknowledged entry is lost. It stops every other user of
 *   that PostgreSQL server for a few seconds: run it on a machine of its own.
 *
 * At the end: every acknowledged entry is in the database (0 lost), and the figures of each drill.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { parseArgs, promisify } from 'node:util';
import autocannon, { type Instance as LoadInstance } from 'autocannon';
import pg from 'pg';
import { readiness, say, sleep, startCluster, untilReady, type Cluster, type Instance } from './cluster';

const { values: args } = parseArgs({
  options: {
    drill: { type: 'string', default: 'smtp,kill,disk,postgres' },
    writers: { type: 'string', default: '4' },
    readers: { type: 'string', default: '8' },
  },
});
const drills = new Set(args.drill!.split(',').map((name) => name.trim()));
const PROXY_PORT = 8480;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const DATA_DIR = `/tmp/strazce-faults-${process.pid}`;
const FILES_DIR = `${DATA_DIR}/files`;
const NOTIFY = 'drill@example.com';
const SECRETS_KEY = randomBytes(32).toString('hex');

// ---- a mail server of the drill's own: accepting, or greeting and then silent ----

let smtpMode: 'accept' | 'hang' = 'accept';
/** The messages received, as the mail server saw them (headers and body). */
const received: string[] = [];
const smtp = net.createServer((socket) => {
  socket.write('220 drill.example.com ESMTP\r\n');
  let inData = false;
  let message = '';
  let buffered = '';
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    if (smtpMode === 'hang') return;
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push(message);
          message = '';
          socket.write('250 2.0.0 queued\r\n');
        } else message += `${line}\n`;
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250 drill.example.com\r\n');
      else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 OK\r\n');
    }
  });
});

// ---- load ----

interface Entry {
  lastName: string;
  status: number;
  ms: number;
  id?: number;
  at: number;
}
const entries: Entry[] = [];
let writing = false;
let entryCount = 0;

async function writer(token: string, purpose: number, gate: number): Promise<void> {
  while (writing) {
    // ASCII only: the name is found as it is in the encoded message the mail server receives.
    const lastName = `Drill${++entryCount}x${process.pid}`;
    const started = Date.now();
    const entry: Entry = { lastName, status: 0, ms: 0, at: started };
    try {
      const reply = await fetch(`${PROXY}/api/visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': token },
        body: JSON.stringify({ purpose, gate, firstName: 'Drill', lastName }),
        signal: AbortSignal.timeout(30_000),
      });
      entry.status = reply.status;
      if (reply.status === 201) entry.id = ((await reply.json()) as { id: number }).id;
      else await reply.text();
    } catch {
      entry.status = 0;
    }
    entry.ms = Date.now() - started;
    entries.push(entry);
    // A busy gate: one entry a second per writer at most.
    await sleep(Math.max(200, 1000 - entry.ms));
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function entryFigures(from: number, to: number) {
  const window = entries.filter((entry) => entry.at >= from && entry.at < to);
  const ok = window.filter((entry) => entry.status === 201);
  const statuses = new Map<number, number>();
  for (const entry of window) statuses.set(entry.status, (statuses.get(entry.status) ?? 0) + 1);
  return {
    sent: window.length,
    acknowledged: ok.length,
    failed: window.length - ok.length,
    statuses: [...statuses].map(([status, n]) => `${status || 'no answer'}×${n}`).join(', '),
    p50: percentile(
      ok.map((entry) => entry.ms),
      50,
    ),
    p99: percentile(
      ok.map((entry) => entry.ms),
      99,
    ),
    max: Math.max(0, ...ok.map((entry) => entry.ms)),
  };
}

const report: string[] = [];
const line = (text: string) => {
  report.push(text);
  say(text);
};

// ---- the drills ----

async function outboxOf(client: pg.Client) {
  const { rows } = await client.query<{ state: string; n: number; attempts: number; next_in: number }>(
    `select state, count(*)::int as n, max(attempts)::int as attempts,
            coalesce(extract(epoch from max(next_attempt) - now()), 0)::float8 as next_in
       from system_email where recipient = $1 group by state order by state`,
    [NOTIFY],
  );
  return rows;
}

/**
 * Waits until every e-mail of the drill queued so far is SENT, its retries moved forward once (a failed attempt
 * waits a minute, a claim of an instance that died its lease of ten minutes); how long it took.
 */
async function deliverAll(client: pg.Client, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  const { rows: last } = await client.query<{ id: number }>(
    `select coalesce(max(id), 0)::int as id from system_email where recipient = $1`,
    [NOTIFY],
  );
  await client.query(
    `update system_email set next_attempt = now() where recipient = $1 and sent is null and id <= $2`,
    [NOTIFY, last[0].id],
  );
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from system_email where recipient = $1 and sent is null and id <= $2`,
      [NOTIFY, last[0].id],
    );
    if (rows[0].n === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      const { rows: stuck } = await client.query(
        `select id, attempts, state, left(last_error, 120) as error,
                round(extract(epoch from next_attempt - now()))::int as next_in
           from system_email where recipient = $1 and sent is null and id <= $2 order by id limit 30`,
        [NOTIFY, last[0].id],
      );
      throw new Error(`${rows[0].n} e-mails still unsent:\n${JSON.stringify(stuck, null, 1)}`);
    }
    await sleep(500);
  }
}

/** The names of the entries acknowledged from `from` until now: their e-mails are queued by now. */
function acknowledgedSince(from: number): string[] {
  const now = Date.now();
  return entries
    .filter((entry) => entry.id !== undefined && entry.at >= from && entry.at + entry.ms <= now)
    .map((entry) => entry.lastName);
}

/** Each acknowledged entry's e-mail arrived exactly once? Counts of missing and duplicated. */
function deliveryCheck(names: string[]) {
  let missing = 0;
  let duplicated = 0;
  for (const name of names) {
    const count = received.filter((message) => message.includes(name)).length;
    if (count === 0) missing++;
    if (count > 1) duplicated++;
  }
  return { missing, duplicated };
}

async function smtpDrill(client: pg.Client) {
  smtpMode = 'hang';
  const from = Date.now();
  say('smtp: the mail server hangs for 20 s');
  await sleep(20_000);
  const during = entryFigures(from, Date.now());
  const outbox = await outboxOf(client);
  line(
    `smtp hanging: ${during.acknowledged} entries acknowledged (${during.failed} failed: ${during.statuses}), ` +
      `p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms; outbox: ` +
      outbox
        .map(
          (row) =>
            `${row.state} ${row.n} (attempts ≤ ${row.attempts}, next in ≤ ${Math.round(row.next_in)} s)`,
        )
        .join(', '),
  );
  smtpMode = 'accept';
  const names = acknowledgedSince(from);
  const deliveredMs = await deliverAll(client);
  const check = deliveryCheck(names);
  line(
    `smtp recovered: all ${names.length} e-mails of the entries made while it hung delivered ${(deliveredMs / 1000).toFixed(1)} s after the retries were moved forward; missing ${check.missing}, duplicated ${check.duplicated}`,
  );
}

async function killDrill(client: pg.Client, instances: Instance[], proxy: Cluster['proxy']) {
  const before = Date.now();
  await sleep(5000);
  const retriesBefore = proxy.stats.retries;
  say(`kill: SIGKILL to ${instances[0].port}`);
  const killedAt = Date.now();
  instances[0].child.kill('SIGKILL');
  await instances[0].exited;
  await sleep(15_000);
  const after = entryFigures(killedAt, Date.now());
  const jobs = await client.query<{ job: string; instance: string; started: Date }>(
    `select job, instance, started from job_run where job = 'outbox-delivery'`,
  );
  const names = acknowledgedSince(before);
  const deliveredMs = await deliverAll(client);
  const check = deliveryCheck(names);
  line(
    `kill -9 of one instance: in the 15 s after, ${after.acknowledged} entries acknowledged, ${after.failed} failed (${after.statuses}), ` +
      `p50 ${after.p50} ms, p99 ${after.p99} ms; the proxy retried ${proxy.stats.retries - retriesBefore} requests on the other instance; ` +
      `the outbox job last ran on ${jobs.rows[0]?.instance ?? '—'} ${jobs.rows[0] ? `at ${jobs.rows[0].started.toISOString()}` : ''}; ` +
      `e-mails of ${names.length} entries around the kill: missing ${check.missing}, duplicated ${check.duplicated} (all sent ${(deliveredMs / 1000).toFixed(1)} s after the retries were moved forward)`,
  );
}

async function diskDrill(token: string, mounted: boolean) {
  if (!mounted) {
    line('disk full: skipped (mounting a 1 MB tmpfs on the files folder needs root)');
    return;
  }
  const filler = `${FILES_DIR}/filler`;
  const block = Buffer.alloc(64 * 1024, 1);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(200 * 1024, 'a')], { type: 'text/plain' }), 'report.txt');
    const reply = await fetch(`${PROXY}/api/system_file`, {
      method: 'POST',
      headers: { 'x-auth-token': token },
      body: form,
    });
    return { status: reply.status, code: reply.headers.get('x-error-code') };
  };
  const from = Date.now();
  const full = await upload();
  await sleep(5000);
  const during = entryFigures(from, Date.now());
  fs.rmSync(filler);
  const freed = await upload();
  line(
    `files disk full: upload answered ${full.status} ${full.code ?? ''}; meanwhile ${during.acknowledged} entries acknowledged, ${during.failed} failed; ` +
      `after space was freed the upload answered ${freed.status}`,
  );
}

const run = promisify(execFile);

/** How long PostgreSQL stays down in the drill: long enough for readiness and the load to meet it. */
const POSTGRES_DOWN_MS = 5000;

/**
 * Stops PostgreSQL, keeps it down for POSTGRES_DOWN_MS and starts it again (pg_ctlcluster, else systemctl).
 * Asynchronous: the drill's own load and readiness watch go on meanwhile (a synchronous call would pause them).
 */
async function restartPostgres(): Promise<void> {
  let control: (action: 'stop' | 'start') => Promise<unknown>;
  try {
    const clusters = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0]
      .split(/\s+/);
    control = (action) => run('pg_ctlcluster', [clusters[0], clusters[1], action]);
  } catch {
    control = (action) => run('systemctl', [action, 'postgresql']);
  }
  await control('stop');
  await sleep(POSTGRES_DOWN_MS);
  await control('start');
}

async function postgresDrill(instances: Instance[]) {
  const from = Date.now();
  const seen503 = new Set<number>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const instance of instances)
        if ((await readiness(instance.port)) === 503) seen503.add(instance.port);
      await sleep(100);
    }
  })();
  say('postgres: restarting PostgreSQL');
  const restartStarted = Date.now();
  await restartPostgres();
  const restartMs = Date.now() - restartStarted;
  const recovered = await Promise.all(instances.map((instance) => untilReady(instance.port, 120_000)));
  watching = false;
  await watcher;
  await sleep(5000);
  const during = entryFigures(from, Date.now());
  const afterwards = entryFigures(Date.now() - 5000, Date.now());
  line(
    `PostgreSQL stopped and started again (down ${(restartMs / 1000).toFixed(1)} s): readiness 503 seen on ${[...seen503].join(', ') || 'none'}; ` +
      `ready again ${recovered.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} after the restart returned, without restarting an instance; ` +
      `entries: ${during.acknowledged} acknowledged, ${during.failed} refused while it was away (${during.statuses}); in the last 5 s ${afterwards.acknowledged} acknowledged, ${afterwards.failed} failed`,
  );
}

// ---- the run ----

async function main(): Promise<void> {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.address() as net.AddressInfo).port;
  fs.mkdirSync(FILES_DIR, { recursive: true });
  let mounted = false;
  if (drills.has('disk'))
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', FILES_DIR]);
      mounted = true;
    } catch {
      mounted = false;
    }
  let cluster: Cluster | undefined;
  let client: pg.Client | undefined;
  let readers: LoadInstance | undefined;
  try {
    // The instances share one data folder, as a shared volume does in a deployment.
    cluster = await startCluster({
      name: 'faults',
      proxyPort: PROXY_PORT,
      databaseVariable: 'FAULTS_DATABASE_URL',
      env: () => ({
        DATA_DIR,
        SECRETS_KEY,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMTP_TIMEOUT_MS: '2000',
        SHUTDOWN_TIMEOUT_MS: '5000',
      }),
    });
    const { database, instances, proxy, token } = cluster;
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    client.on('error', () => undefined);
    const headers = { 'content-type': 'application/json', 'x-auth-token': token };
    const gates = (await (
      await fetch(`${PROXY}/api/system_site/district/gate?valid=true`, { headers })
    ).json()) as {
      id: number;
    }[];
    const purposeReply = await fetch(`${PROXY}/api/visit/purpose`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Cvičení ${process.pid}`, notificationEmails: NOTIFY }),
    });
    if (purposeReply.status !== 201 || gates.length === 0)
      throw new Error(`set-up failed: purpose ${purposeReply.status} ${await purposeReply.text()}`);
    const purpose = ((await purposeReply.json()) as { id: number }).id;
    say(`data folder ${DATA_DIR}; ${args.readers} readers, ${args.writers} writers`);

    readers = autocannon({
      url: PROXY,
      connections: Number(args.readers),
      duration: 3600,
      headers: { 'x-auth-token': token },
      requests: ['/api/session', '/api/visit?size=25', '/api/keymanagement/key?size=25'].map((path) => ({
        method: 'GET',
        path,
      })),
    });
    writing = true;
    const writers = Array.from({ length: Number(args.writers) }, () => writer(token, purpose, gates[0].id));
    await sleep(5000);
    const baseline = entryFigures(0, Date.now());
    line(
      `baseline: entries p50 ${baseline.p50} ms, p99 ${baseline.p99} ms (${baseline.acknowledged} in the first 5 s)`,
    );

    // The client of the drill reconnects if PostgreSQL goes away.
    if (drills.has('smtp')) await smtpDrill(client);
    if (drills.has('disk')) await diskDrill(token, mounted);
    if (drills.has('postgres')) {
      await client.end().catch(() => undefined);
      await postgresDrill(instances);
    }
    const checker = drills.has('postgres') ? new pg.Client({ connectionString: database.url }) : client;
    if (checker !== client) await checker.connect();
    if (drills.has('kill')) await killDrill(checker, instances, proxy);

    writing = false;
    await Promise.all(writers);
    readers.stop();
    const read = await readers;
    const acknowledged = entries.filter((entry) => entry.id !== undefined);
    const { rows } = await checker.query<{ n: number }>(
      `select count(*)::int as n from visit where id = any($1)`,
      [acknowledged.map((entry) => entry.id)],
    );
    line(
      `in all: ${entries.length} entries sent, ${acknowledged.length} acknowledged, ${acknowledged.length - rows[0].n} of them lost; ` +
        `readers ${read.requests.total} requests, ${read.non2xx} non-2xx, ${read.errors} errors, p50 ${read.latency.p50} ms, p99 ${read.latency.p99} ms`,
    );
    if (checker !== client) await checker.end();
    console.log('\nFault drills\n' + report.map((text) => `- ${text}`).join('\n'));
  } finally {
    writing = false;
    readers?.stop();
    smtp.close();
    await client?.end().catch(() => undefined);
    await cluster?.stop();
    if (mounted) execFileSync('umount', [FILES_DIR]);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
