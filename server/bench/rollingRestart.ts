/**
 * Rolling restart under load, measured (docs/operations.md, "Shutdown and restarts"):
 *
 *   npm run rolling-restart -w @strazce/server [-- --connections=8 --settle=5 --delay=3000]
 *
 * Two instances (PORT 8471 and 8472, DATA_DIR under /tmp) on one fresh PostgreSQL database (created on
 * ROLLING_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end),
 * behind a small Node reverse proxy on 8470 that does what deploy/Caddyfile tells Caddy: round-robin, the
 * readiness of each instance asked every 2 s (503: no new requests), a request that cannot reach an instance
 * (connection refused or reset before an answer, GET only for the latter) tried again on the next one every
 * 250 ms for up to 10 s. autocannon sends read calls of a logged-in session through the proxy while each
 * instance in turn gets SIGTERM (SHUTDOWN_DELAY_MS `--delay`, 3000 as in compose.yaml) and is started again once it has
 * exited; the load stops `--settle` seconds after the second instance is ready again. Reports the requests
 * sent, the failed ones (non-2xx or errors) and the times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { onServer } from '../src/db/freshDatabase';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '8' },
    /** Seconds of load before the first restart and after the last. */
    settle: { type: 'string', default: '5' },
    /** SHUTDOWN_DELAY_MS of the instances (compose.yaml: 3000); 0 leaves it to the proxy's retries. */
    delay: { type: 'string', default: '3000' },
  },
});
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROXY_PORT = 8470;
const PORTS = [8471, 8472];
const ADMIN_PASSWORD = `Rolling-${randomBytes(6).toString('hex')}`;
const serverUrl = process.env.ROLLING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `strazce_rolling_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s`;
const say = (line: string) => console.log(`${at()}  ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the instances ----

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | string>;
}

function startInstance(port: number): Promise<Instance> {
  const dataDir = `/tmp/strazce-rolling-${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'off',
      SHUTDOWN_DELAY_MS: args.delay,
      SHUTDOWN_TIMEOUT_MS: '15000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Server listening')) {
        child.stdout!.off('data', collect);
        child.stdout!.resume();
        resolve({ port, child, exited });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    void exited.then((code) =>
      reject(new Error(`instance ${port} exited (${code}) before listening:\n${output}`)),
    );
  });
}

// ---- the proxy (deploy/Caddyfile's reverse_proxy, in small) ----

const upstreams = PORTS.map((port) => ({ port, healthy: true }));
const proxyStats = { requests: 0, retries: 0, failed: 0 };
let nextUpstream = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function checkHealth(): void {
  for (const upstream of upstreams) {
    const request = http.get(
      { host: '127.0.0.1', port: upstream.port, path: '/api/health/ready', timeout: 2000, agent: false },
      (response) => {
        response.resume();
        upstream.healthy = response.statusCode === 200;
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => (upstream.healthy = false));
  }
}

function pickUpstream(): (typeof upstreams)[number] {
  const healthy = upstreams.filter((upstream) => upstream.healthy);
  const choices = healthy.length > 0 ? healthy : upstreams;
  return choices[nextUpstream++ % choices.length];
}

const proxy = http.createServer((request, response) => {
  proxyStats.requests++;
  const deadline = Date.now() + 10_000;
  const requestId = randomUUID();
  const attempt = () => {
    const upstream = pickUpstream();
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { ...request.headers, 'x-request-id': requestId };
    for (const header of HOP_BY_HOP) delete headers[header];
    const forwarded = http.request(
      { host: '127.0.0.1', port: upstream.port, method: request.method, path: request.url, headers, agent },
      (upstreamResponse) => {
        answered = true;
        const replyHeaders = { ...upstreamResponse.headers };
        for (const header of HOP_BY_HOP) delete replyHeaders[header];
        response.writeHead(upstreamResponse.statusCode ?? 502, replyHeaders);
        upstreamResponse.pipe(response);
      },
    );
    forwarded.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return response.destroy();
      // Not connected at all: always retried; connected but no answer: only a GET (lb_retry_match's default).
      const retriable = error.code === 'ECONNREFUSED' || request.method === 'GET';
      if (retriable && Date.now() < deadline) {
        proxyStats.retries++;
        setTimeout(attempt, 250);
        return;
      }
      proxyStats.failed++;
      response.writeHead(502).end();
    });
    forwarded.end();
  };
  // The read calls of the load have no body.
  request.resume();
  request.on('end', attempt);
});

// ---- the run ----

async function login(): Promise<string> {
  const reply = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/session`, {
    headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  if (!reply.ok) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { session: { token: string } }).session.token;
}

async function untilReady(port: number): Promise<void> {
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (reply) => reply.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
}

const READ_PATHS = ['/api/session', '/api/visit?size=25', '/api/keymanagement/key?size=25', '/api/info'];

async function main(): Promise<void> {
  await onServer(serverUrl, `create database ${dbName}`);
  const instances: Instance[] = [];
  try {
    say(`database ${dbName}; starting instances on ${PORTS.join(', ')}`);
    // The first migrates and seeds; the second finds the schema ready.
    instances.push(await startInstance(PORTS[0]));
    instances.push(await startInstance(PORTS[1]));
    await Promise.all(PORTS.map(untilReady));
    await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, '127.0.0.1', resolve));
    checkHealth();
    const healthTimer = setInterval(checkHealth, 2000);
    say(`both ready; proxy on ${PROXY_PORT}`);

    const token = await login();
    const headers = { 'x-auth-token': token };
    for (const readPath of READ_PATHS) {
      const reply = await fetch(`http://127.0.0.1:${PROXY_PORT}${readPath}`, { headers });
      if (reply.status !== 200) throw new Error(`${readPath} answers ${reply.status}: ${await reply.text()}`);
    }

    const statuses = new Map<number, number>();
    const load = autocannon({
      url: `http://127.0.0.1:${PROXY_PORT}`,
      connections: Number(args.connections),
      duration: 600,
      headers,
      requests: READ_PATHS.map((readPath) => ({ method: 'GET', path: readPath })),
    });
    load.on('response', (_client, statusCode) =>
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1),
    );
    const loadStarted = Date.now();
    say(`load: ${args.connections} connections, ${READ_PATHS.join(' ')}`);
    await sleep(Number(args.settle) * 1000);

    const restarts: string[] = [];
    for (const [index, port] of PORTS.entries()) {
      const instance = instances[index];
      const stopStarted = Date.now();
      say(`SIGTERM to ${port}`);
      instance.child.kill('SIGTERM');
      const code = await instance.exited;
      const stoppedMs = Date.now() - stopStarted;
      say(`${port} exited (${code}) after ${stoppedMs} ms; starting it again`);
      instances[index] = await startInstance(port);
      await untilReady(port);
      const downMs = Date.now() - stopStarted;
      say(`${port} ready again, ${downMs} ms after its SIGTERM`);
      restarts.push(`${port}: exited ${stoppedMs} ms after SIGTERM, ready again after ${downMs} ms`);
    }
    await sleep(Number(args.settle) * 1000);
    load.stop();
    const result = await load;
    clearInterval(healthTimer);
    const seconds = (Date.now() - loadStarted) / 1000;
    const ok = [...statuses]
      .filter(([status]) => status >= 200 && status < 300)
      .reduce((s, [, n]) => s + n, 0);
    const answered = [...statuses.values()].reduce((s, n) => s + n, 0);
    console.log('\nRolling restart under load');
    console.log(
      `  load            ${seconds.toFixed(1)} s, ${args.connections} connections, GET ${READ_PATHS.join(', ')}`,
    );
    console.log(`  requests        ${result.requests.total} sent, ${answered} answered, ${ok} 2xx`);
    console.log(
      `  failed          ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs ` +
        `(statuses: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')})`,
    );
    console.log(
      `  throughput      ${result.requests.average.toFixed(0)} req/s mean; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `  proxy           ${proxyStats.requests} requests, ${proxyStats.retries} retried on the other instance, ${proxyStats.failed} given up (502)`,
    );
    for (const line of restarts) console.log(`  restart         ${line}`);
  } finally {
    proxy.close();
    agent.destroy();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await onServer(serverUrl, `drop database if exists ${dbName} with (force)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
