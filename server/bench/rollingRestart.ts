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
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { say, sleep, startCluster, untilReady } from './cluster';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '8' },
    /** Seconds of load before the first restart and after the last. */
    settle: { type: 'string', default: '5' },
    /** SHUTDOWN_DELAY_MS of the instances (compose.yaml: 3000); 0 leaves it to the proxy's retries. */
    delay: { type: 'string', default: '3000' },
  },
});
const READ_PATHS = ['/api/session', '/api/visit?size=25', '/api/keymanagement/key?size=25', '/api/info'];

async function main(): Promise<void> {
  const cluster = await startCluster({
    name: 'rolling',
    proxyPort: 8470,
    databaseVariable: 'ROLLING_DATABASE_URL',
    env: (port) => ({
      DATA_DIR: `/tmp/strazce-rolling-${port}`,
      SHUTDOWN_DELAY_MS: args.delay!,
      SHUTDOWN_TIMEOUT_MS: '15000',
    }),
  });
  const { instances, ports, proxyUrl } = cluster;
  const proxyStats = cluster.proxy.stats;
  try {
    const headers = { 'x-auth-token': cluster.token };
    for (const readPath of READ_PATHS) {
      const reply = await fetch(`${proxyUrl}${readPath}`, { headers });
      if (reply.status !== 200) throw new Error(`${readPath} answers ${reply.status}: ${await reply.text()}`);
    }

    const statuses = new Map<number, number>();
    const load = autocannon({
      url: proxyUrl,
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
    for (const [index, port] of ports.entries()) {
      const instance = instances[index];
      const stopStarted = Date.now();
      say(`SIGTERM to ${port}`);
      instance.child.kill('SIGTERM');
      const code = await instance.exited;
      const stoppedMs = Date.now() - stopStarted;
      say(`${port} exited (${code}) after ${stoppedMs} ms; starting it again`);
      await cluster.restart(index);
      await untilReady(port);
      const downMs = Date.now() - stopStarted;
      say(`${port} ready again, ${downMs} ms after its SIGTERM`);
      restarts.push(`${port}: exited ${stoppedMs} ms after SIGTERM, ready again after ${downMs} ms`);
    }
    await sleep(Number(args.settle) * 1000);
    load.stop();
    const result = await load;
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
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
