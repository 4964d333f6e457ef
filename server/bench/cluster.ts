/**
 * Two or more app instances on one PostgreSQL database behind a small reverse proxy, for the measured drills
 * of docs/operations.md (rollingRestart.ts, faults.ts). The proxy does what deploy/Caddyfile has Caddy do:
 * round-robin, the readiness of each instance asked every 2 s (503: no new requests), a request that cannot
 * reach an instance (connection refused, or for a GET reset before any answer) tried again on the next one
 * every 250 ms for up to 10 s.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onServer } from '../src/db/freshDatabase';
import { READY_LINE } from '../src/platform/logging';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const t0 = Date.now();
/** A line of the drill's running commentary, with the seconds since the start. */
export function say(line: string): void {
  console.log(`${`${((Date.now() - t0) / 1000).toFixed(1)} s`.padStart(8)}  ${line}`);
}

/** A database of its own on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
export async function freshDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  return {
    name,
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | string>;
}

/**
 * Builds the server as `npm start` runs it (build.mjs: one bundle for plain node) into `outfile`, a path under
 * server/ (the bundle finds its migrations from the package.json above it); the bundle's absolute path.
 */
export function buildServer(outfile: string): string {
  execFileSync(process.execPath, ['build.mjs', outfile], { cwd: SERVER_DIR, stdio: 'inherit' });
  return path.resolve(SERVER_DIR, outfile);
}

/** The node options of the `start` script of server/package.json (`node <options> dist/main.js`). */
function productionNodeOptions(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  return words.slice(1, -1);
}

/**
 * Starts the server on `port` with `env` added; resolves once it is ready (listening, its data seeded). By default
 * `src/main.ts` through tsx; with `bundle` (from `buildServer`) that bundle, run as the `start` script runs it.
 */
export function startInstance(port: number, env: Record<string, string>, bundle?: string): Promise<Instance> {
  const dataDir = env.DATA_DIR ?? `/tmp/strazce-cluster-${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  const command = bundle ? [...productionNodeOptions(), bundle] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, command, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'off',
      ...env,
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
      if (READY_LINE.test(output)) {
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

/** Resolves when the instance answers 200 on readiness; the milliseconds it took. */
export async function untilReady(port: number, timeoutMs = 300_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = await readiness(port);
    if (status === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`instance ${port} not ready after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The readiness status of an instance (0: no answer). */
export function readiness(port: number): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
    (reply) => reply.status,
    () => 0,
  );
}

/** Logs in over Basic auth; the session token. */
export async function login(baseUrl: string, userName: string, password: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/session`, {
    headers: { authorization: `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}` },
  });
  if (!reply.ok) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { session: { token: string } }).session.token;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/** The reverse proxy in front of the instances on `ports` (see the top of this file). */
export function reverseProxy(ports: number[]) {
  const upstreams = ports.map((port) => ({ port, healthy: true }));
  const stats = { requests: 0, retries: 0, failed: 0 };
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const checkHealth = () => {
    for (const upstream of upstreams)
      void readiness(upstream.port).then((status) => (upstream.healthy = status === 200));
  };
  const pick = () => {
    const healthy = upstreams.filter((upstream) => upstream.healthy);
    const choices = healthy.length > 0 ? healthy : upstreams;
    return choices[next++ % choices.length];
  };

  const server = http.createServer((request, response) => {
    stats.requests++;
    const deadline = Date.now() + 10_000;
    const requestId = randomUUID();
    const chunks: Buffer[] = [];
    const attempt = () => {
      const upstream = pick();
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
          upstreamResponse.on('error', () => response.destroy());
        },
      );
      forwarded.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return response.destroy();
        // Not connected at all: always retried; connected but no answer: only a GET (lb_retry_match's default).
        const retriable = error.code === 'ECONNREFUSED' || request.method === 'GET';
        if (retriable && Date.now() < deadline) {
          stats.retries++;
          setTimeout(attempt, 250);
          return;
        }
        stats.failed++;
        response.writeHead(502).end();
      });
      forwarded.end(Buffer.concat(chunks));
    };
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', attempt);
  });

  let healthTimer: NodeJS.Timeout | undefined;
  return {
    stats,
    upstreams,
    listen: (port: number) =>
      new Promise<void>((resolve) =>
        server.listen(port, '127.0.0.1', () => {
          checkHealth();
          healthTimer = setInterval(checkHealth, 2000);
          resolve();
        }),
      ),
    close: () => {
      clearInterval(healthTimer);
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * A drill's set-up: a fresh database on the PostgreSQL server named by the environment variable `databaseVariable`
 * (else the machine's), two instances with the demo data on `proxyPort + 1` and `proxyPort + 2` (the first
 * migrates and seeds, the second finds the schema ready) behind the proxy on `proxyPort`, and the administrator's
 * token. `env(port)` adds each instance's own settings; `bundle` (from `buildServer`) runs the instances as
 * production does instead of through tsx. `stop()` ends the instances and drops the database.
 */
export async function startCluster(options: {
  name: string;
  proxyPort: number;
  databaseVariable: string;
  env: (port: number) => Record<string, string>;
  bundle?: string;
}) {
  const serverUrl = process.env[options.databaseVariable] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase(serverUrl, `strazce_${options.name}`);
  const adminPassword = `Drill-${randomBytes(6).toString('hex')}`;
  const ports = [options.proxyPort + 1, options.proxyPort + 2];
  const env = (port: number) => ({
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: adminPassword,
    DEMO_DATA: 'true',
    ...options.env(port),
  });
  const proxy = reverseProxy(ports);
  const instances: Instance[] = [];
  const stop = async () => {
    proxy.close();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await database.drop();
  };
  try {
    say(`database ${database.name}; starting instances on ${ports.join(', ')}`);
    for (const port of ports) instances.push(await startInstance(port, env(port), options.bundle));
    await Promise.all(ports.map((port) => untilReady(port)));
    await proxy.listen(options.proxyPort);
    const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
    const token = await login(proxyUrl, 'admin', adminPassword);
    say(`both ready; proxy on ${options.proxyPort}`);
    /** Starts the instance on `port` again (after it exited) with the same settings. */
    const restart = async (index: number) => {
      instances[index] = await startInstance(ports[index], env(ports[index]), options.bundle);
    };
    return { database, ports, proxy, proxyUrl, instances, token, adminPassword, restart, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
