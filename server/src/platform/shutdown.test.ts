import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migratedTemplate } from '../../test/pgliteTemplate';
import { SERVER_DIR } from '../../test/serverProcess';
import { LOCK_FILE } from '../db/dataDirLock';
import { stdoutLog } from './logging';
import { hardExitDelayMs } from './shutdown';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
/** Processes a test saw started and must not leave behind when it fails. */
const leftOver: number[] = [];
afterEach(() => {
  for (const pid of leftOver.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
});

/** Whether the process runs (an ended one waiting to be reaped by its new parent does not). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** How long the process took to end, polled; `Infinity` when it still ran after `limitMs`. */
async function endsWithin(pid: number, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (!running(pid)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Infinity;
}

/** Runs `node --import tsx <args>` in the server folder: its exit, and what it wrote on its standard output. */
function runNode(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('a stop never hangs (issue 37, point 5)', () => {
  it('a server whose output reader goes away while it stops ends within SHUTDOWN_TIMEOUT_MS, cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-shutdown-'));
    folders.push(dataDir);
    // The folder starts migrated (this run's template): on a busy machine the server's start is slow enough.
    const template = migratedTemplate();
    if (template) {
      const pglite = await PGlite.create(path.join(dataDir, 'pglite'), {
        extensions: { pg_trgm },
        loadDataDir: template,
      });
      await pglite.close();
    }
    const timeoutMs = 5_000;
    // The server runs on a fresh embedded database, not on the test's.
    const { DATABASE_URL: _url, TEST_DATABASE_URL: _testUrl, ...env } = process.env;
    const parent = runNode(['test/dyingReader.ts'], {
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'Shutdown-Test-1234!',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
    });
    const { code } = await parent.exited;
    expect(code, parent.stderr()).toBe(0);
    const { pid } = JSON.parse(parent.stdout()) as { pid: number };
    leftOver.push(pid);

    // Before the fix the server stayed, blocked for ever in a synchronous flush of its log at exit.
    expect(await endsWithin(pid, timeoutMs + 2_000)).toBeLessThan(timeoutMs);
    // It ended by its own graceful stop (which releases the data folder), not by the watchdog's kill.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 150_000);

  it('a main thread blocked in a write that nobody reads, deaf to SIGTERM, is killed by the watchdog', async () => {
    // Like the server: SIGTERM has a handler (which runs only when the event loop is free), then the main thread
    // writes synchronously to a standard output that is not read, and retries while it is full, as pino's flush
    // at exit did.
    const script = `
      import fs from 'node:fs';
      import { hardExitAfter } from './src/platform/shutdown.ts';
      process.on('SIGTERM', () => process.exit(3));
      hardExitAfter(1_500);
      fs.writeSync(2, 'blocking\\n');
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (;;) {
        try {
          fs.writeSync(1, chunk);
        } catch {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        }
      }
    `;
    const blocked = runNode(['--input-type=module', '-e', script], process.env);
    blocked.child.stdout.removeAllListeners('data');
    blocked.child.stdout.pause();
    leftOver.push(blocked.child.pid!);
    await new Promise<void>((resolve) => {
      const look = () => (blocked.stderr().includes('blocking') ? resolve() : setTimeout(look, 25));
      look();
    });
    const start = performance.now();
    blocked.child.kill('SIGTERM');
    const { code, signal } = await blocked.exited;
    expect({ code, signal }, blocked.stderr()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(performance.now() - start).toBeLessThan(10_000);
  }, 60_000);

  it('the watchdog fires after the drain delay, the time-out and as long again for the close (1 to 5 s)', () => {
    expect(hardExitDelayMs({ timeoutMs: 10_000 })).toBe(15_000);
    expect(hardExitDelayMs({ timeoutMs: 2_000, drainDelayMs: 3_000 })).toBe(7_000);
    // Requests cut at once still leave the database a second to close.
    expect(hardExitDelayMs({ timeoutMs: 0 })).toBe(1_000);
  });
});

/** A standard output as the destination sees it: what it keeps, errors, drain. */
class FakeOutput extends EventEmitter {
  writableLength = 0;
  lines: string[] = [];
  write(chunk: string): boolean {
    this.lines.push(chunk);
    this.writableLength += chunk.length;
    return true;
  }
  /** The reader takes everything. */
  take(): void {
    this.writableLength = 0;
    this.emit('drain');
  }
}

describe('the server log on standard output', () => {
  it('a reader that went away ends the logging, not the server', async () => {
    const output = new FakeOutput();
    const log = stdoutLog(output);
    log.write('one\n');
    output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    log.write('two\n');
    expect(output.lines).toEqual(['one\n']);
    expect(log.dropped).toBe(1);
    // Nothing to wait for at the stop.
    await log.drained(60_000);
  });

  it('keeps at most the given bytes for a reader that lags, dropping and counting the lines beyond', async () => {
    const output = new FakeOutput();
    const log = stdoutLog(output, 10);
    for (const line of ['12345\n', '67890\n', 'dropped\n']) log.write(line);
    expect(output.lines).toEqual(['12345\n', '67890\n']);
    expect(log.dropped).toBe(1);

    // The stop waits for the reader to take what is kept, at most the time given.
    const drained = log.drained(60_000);
    output.take();
    await drained;
    log.write('again\n');
    const start = performance.now();
    await log.drained(50);
    expect(performance.now() - start).toBeGreaterThanOrEqual(40);
    expect(output.lines.at(-1)).toBe('again\n');
  });
});
