import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PgBouncer (`apt-get install pgbouncer`), when installed. */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file));

/** A PgBouncer of a test's own, on a free port in a temporary folder; `url(database)` reaches a database through it. */
export interface Pgbouncer {
  url(database: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts PgBouncer in front of the PostgreSQL server of `serverUrl` (trust authentication, every database as
 * that URL's user) with `mode` pooling and `poolSize` server connections per database. Run as root, PgBouncer
 * refuses to start unless told a user to run as: then it runs as `postgres`.
 */
export async function startPgbouncer(
  serverUrl: string,
  mode: 'session' | 'transaction',
  poolSize: number,
): Promise<Pgbouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed');
  const server = new URL(serverUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      `pool_mode = ${mode}`,
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      'logfile =',
      'pidfile =',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Ready when it accepts connections.
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer did not start:\n${output}`);
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (accepted) break;
    if (Date.now() - start > 15_000) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not listen within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url(database) {
      return `postgres://${server.username || 'postgres'}@127.0.0.1:${port}/${database}`;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The PgBouncer version line, for a report. */
export const pgbouncerVersion = (): string =>
  PGBOUNCER ? spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] : '';
