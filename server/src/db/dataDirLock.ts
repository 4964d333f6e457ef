import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One server per embedded data folder. PGlite has no lock of its own: a second server on the same folder
 * starts silently, both hand out the same ids from their own copy of the sequences, and the folder ends with
 * duplicate primary keys and lost writes. The server that opens the folder first creates `DATA_DIR/server.lock`
 * (exclusively: `open` with `wx`) holding who it is; any other refuses to start while that server lives.
 *
 * A lock left by a server that crashed (killed, power cut) is stale and taken over, with a warning; it is
 * stale when its holder is on this host and no longer runs: its process is gone, its process id now belongs
 * to another process (Linux: a different process start time), or the machine has restarted since (Linux: a
 * different boot id). A lock written on another host (a folder shared over the network, a data volume in a
 * new container) cannot be checked: the server refuses and says how to remove the lock by hand.
 */
export const LOCK_FILE = 'server.lock';

/** What a lock file holds. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder started (ISO 8601). */
  started: string;
  /** Linux: the kernel's boot id, to tell a lock from before a restart. */
  bootId?: string;
  /** Linux: the holder's start time in clock ticks after boot, to tell a process id taken over by another. */
  processStart?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The lock file. */
  file: string;
  /** Removes the lock file (once; only while it is still this process's lock). */
  release(): void;
}

/** Folders locked by this process: a second open of one of them in the same process is refused too. */
const heldHere = new Set<string>();

/** How long a takeover may take before its marker counts as left by a crash. */
const TAKEOVER_STALE_MS = 10_000;

export interface LockOptions {
  /** Told when a stale lock is taken over. */
  warn?: (message: string) => void;
  /** This process, as it would be written into the lock (tests give other identities). */
  self?: LockHolder;
  /** Whether a process id on this host is running (tests give their own). */
  isRunning?: (holder: LockHolder) => boolean;
}

/**
 * Locks `dataDir` for this process, or throws DataDirLockedError naming the server that holds it. The lock is
 * removed by `release` (at a clean shutdown) and, as a last resort, when the process exits.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const folder = path.resolve(dataDir);
  const self = options.self ?? currentProcess();
  if (heldHere.has(folder))
    throw new DataDirLockedError(
      `This process uses DATA_DIR ${folder} already; it cannot open it twice.`,
      self,
    );
  // Reserved at once: a second open in this process meanwhile is refused above, not raced below.
  heldHere.add(folder);
  try {
    return await acquire(folder, self, options);
  } catch (error) {
    heldHere.delete(folder);
    throw error;
  }
}

async function acquire(folder: string, self: LockHolder, options: LockOptions): Promise<DataDirLock> {
  const file = path.join(folder, LOCK_FILE);
  const isRunning = options.isRunning ?? holderRunning;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  fs.mkdirSync(folder, { recursive: true });
  const content = JSON.stringify(self);

  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file, content)) break;
    const holder = readHolder(file);
    if (holder === undefined) {
      // Removed meanwhile: try again.
      if (attempt < 50) continue;
      throw new DataDirLockedError(`The lock file ${file} keeps changing; is another server starting?`, null);
    }
    if (holder === null) {
      // Being written right now by another server, or left empty or garbled by a crash mid-write.
      if (ageMs(file) < TAKEOVER_STALE_MS && attempt < 50) {
        await sleep(100);
        continue;
      }
    } else if (holder.host !== self.host) {
      throw new DataDirLockedError(
        `The data folder ${folder} (DATA_DIR) is locked by a Strážce server on host ${holder.host} (pid ${holder.pid}, ` +
          `started ${holder.started}), which this host cannot check. Stop that server or choose another DATA_DIR; ` +
          `if it surely runs no more, delete ${file}.`,
        holder,
      );
    } else if (!isStale(holder, self, isRunning)) {
      throw new DataDirLockedError(inUse(holder, folder), holder);
    }
    // Stale: taken over under a marker of its own, so that two servers starting at once after a crash do not
    // both take it (the second finds the first one's fresh lock when it reads the file again).
    if (takeOver(file, holder, content)) {
      warn(
        holder
          ? `Took over the lock of DATA_DIR ${folder} left by a Strážce server that no longer runs ` +
              `(pid ${holder.pid}, started ${holder.started}); it did not shut down cleanly.`
          : `Took over the unreadable lock file ${file}, left by a server that did not shut down cleanly.`,
      );
      break;
    }
    if (attempt >= 50)
      throw new DataDirLockedError(
        holder ? inUse(holder, folder) : `Another server is taking over the lock file ${file}.`,
        holder,
      );
    await sleep(100);
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(folder);
    process.off('exit', release);
    // Only our own lock: never one another server took over (e.g. after the file was deleted by hand).
    if (readOptional(file) === content) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

function inUse(holder: LockHolder, folder: string): string {
  return (
    `Another Strážce server (pid ${holder.pid}, started ${holder.started}) uses DATA_DIR ${folder}; ` +
    'stop it or choose another DATA_DIR.'
  );
}

/** Creates the lock file with our content, or false when it exists. */
function tryCreate(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** The lock's holder; null when the file is empty or garbled, undefined when there is no file. */
function readHolder(file: string): LockHolder | null | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.host === 'string' ? holder : null;
  } catch {
    return null;
  }
}

function ageMs(file: string): number {
  try {
    // eslint-disable-next-line no-restricted-syntax -- a lock file's age against the file system's times
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function isStale(holder: LockHolder, self: LockHolder, isRunning: (holder: LockHolder) => boolean): boolean {
  if (holder.bootId && self.bootId && holder.bootId !== self.bootId) return true;
  // Our own process id, but not our lock (checked above): a process before ours had the id (containers
  // restarted with the server as their first process).
  if (holder.pid === self.pid) return true;
  return !isRunning(holder);
}

/** Whether the holder still runs: its process exists and, where that can be told, is the same process. */
export function holderRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (holder.processStart) {
    const start = processStart(holder.pid);
    if (start !== undefined && start !== holder.processStart) return false;
  }
  return true;
}

/**
 * Replaces the stale lock `previous` (null: unreadable) by ours, under an exclusive marker file; false when
 * another server is taking it over at the same time or got it first.
 */
function takeOver(file: string, previous: LockHolder | null, content: string): boolean {
  const marker = `${file}.takeover`;
  if (!tryCreate(marker, content)) {
    if (ageMs(marker) >= TAKEOVER_STALE_MS) fs.rmSync(marker, { force: true });
    return false;
  }
  try {
    const current = readHolder(file);
    if (current !== undefined && JSON.stringify(current) !== JSON.stringify(previous)) return false;
    fs.rmSync(file, { force: true });
    return tryCreate(file, content);
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

/** This process as a lock holder. */
export function currentProcess(): LockHolder {
  const bootId = readOptional('/proc/sys/kernel/random/boot_id')?.trim();
  const start = processStart(process.pid);
  return {
    pid: process.pid,
    host: os.hostname(),
    // eslint-disable-next-line no-restricted-syntax -- when this process took the lock, for the operator
    started: new Date().toISOString(),
    ...(bootId ? { bootId } : {}),
    ...(start ? { processStart: start } : {}),
  };
}

/** Linux: the start time of a process in clock ticks after boot (field 22 of /proc/<pid>/stat). */
function processStart(pid: number): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces; the fields after it start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[22 - 3];
}

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
