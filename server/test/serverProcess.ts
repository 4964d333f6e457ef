import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY_LINE } from '../src/platform/logging';

/** The server package's folder. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const ADMIN_PASSWORD = 'Process-Test-1234!';

/** A real server process, as `npm start` or `npm run dev` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to standard output and error so far. */
  output(): string;
  /** Its port once it listens; rejects when it exits first or does not listen in time. */
  listening: Promise<number>;
  /** Its exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>;
}

const started: ServerProcess[] = [];

/**
 * Starts `node <args>` in the server folder (a fresh embedded database takes a few seconds to create and
 * migrate; on a loaded machine far longer, hence the generous time limits of these tests) on the embedded database in `dataDir`, on a free port (PORT=0),
 * with an empty database (no demo data) and a known admin password.
 */
export function startServer(args: string[], dataDir: string, timeoutMs = 150_000): ServerProcess {
  // The parent's database settings are not the child's: it runs on the embedded database in `dataDir`.
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _testUrl, ...env } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal!)),
  );
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not listen within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /Server listening at http:\/\/[^\s"]+:(\d+)/.exec(output)?.[1];
      // Ready once its data is there too (a new data folder is seeded after the server listens: main.ts).
      if (port && READY_LINE.test(output)) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it listened:\n${output}`));
    });
  });
  // A caller that expects the refusal never awaits `listening`.
  listening.catch(() => undefined);
  const server = { child, output: () => output, listening, exited };
  started.push(server);
  return server;
}

/** Kills every server process a test left running (afterEach). */
export async function killStartedServers(): Promise<void> {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
}
