import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, killStartedServers, startServer } from '../../test/serverProcess';
import { DataDirLockedError, LOCK_FILE, currentProcess, lockDataDir, type LockHolder } from './dataDirLock';

const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-lock-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(dir: string, holder: Partial<LockHolder>): void {
  const content = { pid: 1, host: os.hostname(), started: '2026-01-01T00:00:00.000Z', ...holder };
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(content));
}
const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;

/** The id of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '0']);
  return pid!;
}

describe('the lock of an embedded data folder', () => {
  let dir: string;
  let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
  beforeEach(() => {
    dir = tempDir();
    warn = vi.fn<(message: string) => void>();
  });

  it('is taken by the first opener, holds who it is, and is removed at release', async () => {
    const lock = await lockDataDir(dir, { warn });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    // Free again.
    (await lockDataDir(dir, { warn })).release();
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses while the server that holds it runs, naming it', async () => {
    writeLock(dir, { pid: process.ppid });
    const opening = lockDataDir(dir, { warn });
    await expect(opening).rejects.toThrow(DataDirLockedError);
    await expect(opening).rejects.toThrow(
      `Another Strážce server (pid ${process.ppid}, started 2026-01-01T00:00:00.000Z) uses DATA_DIR ${dir}; stop it or choose another DATA_DIR.`,
    );
    expect(lockOf(dir).pid).toBe(process.ppid);
  });

  it('refuses a second open in the same process', async () => {
    const lock = await lockDataDir(dir, { warn });
    await expect(lockDataDir(dir, { warn })).rejects.toThrow('cannot open it twice');
    lock.release();
  });

  it('takes over the lock of a server that no longer runs, saying so', async () => {
    const pid = deadPid();
    writeLock(dir, { pid });
    const lock = await lockDataDir(dir, { warn });
    expect(lockOf(dir).pid).toBe(process.pid);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`no longer runs (pid ${pid}`));
    lock.release();
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'takes over a lock whose process id now belongs to another process, or is from before a restart',
    async () => {
      // The parent process runs, but it is not the one that wrote the lock: it started at another time.
      writeLock(dir, { pid: process.ppid, processStart: '1' });
      (await lockDataDir(dir, { warn })).release();
      writeLock(dir, { pid: process.ppid, bootId: 'a-boot-before-the-last-restart' });
      (await lockDataDir(dir, { warn })).release();
      expect(warn).toHaveBeenCalledTimes(2);
      // The same process, as the lock of a running server holds it, is not taken over.
      writeLock(dir, currentProcessOf(process.ppid));
      await expect(lockDataDir(dir, { warn })).rejects.toThrow(DataDirLockedError);
    },
  );

  it("takes over a lock with this process's own id (a container restarted with the server as its first process)", async () => {
    writeLock(dir, { pid: process.pid });
    (await lockDataDir(dir, { warn })).release();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('refuses a lock written on another host, which it cannot check, and says how to remove it', async () => {
    writeLock(dir, { pid: deadPid(), host: 'another-host' });
    await expect(lockDataDir(dir, { warn })).rejects.toThrow(
      new RegExp(`locked by a Strážce server on host another-host .*delete ${path.join(dir, LOCK_FILE)}`),
    );
  });

  it('takes over an unreadable lock file once it is old, and waits while it is new (being written)', async () => {
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    (await lockDataDir(dir, { warn })).release();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unreadable lock file'));

    // A lock file that is still empty is being written by a server starting right now: its content decides.
    fs.writeFileSync(file, '');
    setTimeout(() => fs.writeFileSync(file, JSON.stringify(currentProcessOf(process.ppid))), 250);
    await expect(lockDataDir(dir, { warn })).rejects.toThrow(`pid ${process.ppid}`);
  });

  it('leaves alone a lock that is no longer its own at release', async () => {
    const lock = await lockDataDir(dir, { warn });
    writeLock(dir, { pid: process.ppid });
    lock.release();
    expect(lockOf(dir).pid).toBe(process.ppid);
  });
});

/** Another process of this host as its own lock would name it. */
function currentProcessOf(pid: number): LockHolder {
  const self = currentProcess();
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const processStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return { ...self, pid, processStart };
}

describe('two servers on one data folder', () => {
  afterEach(() => killStartedServers());

  it('the second refuses to start; after the first is killed, the next one takes the stale lock over', async () => {
    const dataDir = tempDir();
    const command = ['--import', 'tsx', 'src/main.ts'];
    const first = startServer(command, dataDir);
    const port = await first.listening;

    const second = startServer(command, dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Strážce server (pid ${first.child.pid}, started ${lockOf(dataDir).started}) uses DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
    );
    expect(second.output()).not.toContain('Server listening');
    // The first one was not disturbed.
    expect((await fetch(`http://127.0.0.1:${port}/api/info`)).status).toBe(200);

    // A crash leaves the lock behind: the next server finds its holder gone and takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lockOf(dataDir).pid).toBe(first.child.pid);
    const third = startServer(command, dataDir);
    const thirdPort = await third.listening;
    expect(third.output()).toContain(`no longer runs (pid ${first.child.pid}`);
    expect(lockOf(dataDir).pid).toBe(third.child.pid);
    const login = await fetch(`http://127.0.0.1:${thirdPort}/api/session`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    expect(login.status).toBe(200);

    // A clean shutdown removes the lock.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 180_000);
});
