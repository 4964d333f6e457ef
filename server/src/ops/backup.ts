import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from '../db/dataDirLock';
import { pgliteSnapshot, type PgliteSnapshot } from '../db/snapshot';

/**
 * Backups of either database with the stored files (docs/operations.md, "Backups"). A backup is a folder:
 *
 * - `manifest.json`: what it holds (database kind, when, sizes);
 * - `database.dump` (PostgreSQL: `pg_dump -Fc`, restored by `pg_restore`) or `database.tar.gz` (the embedded
 *   PGlite's data folder, `dumpDataDir()`, restored by `loadDataDir`);
 * - `files/`: a copy of `DATA_DIR/files` (uploads; they never change once written, so a copy taken after the
 *   database holds every file the database names).
 *
 * The embedded database has one connection, held by the running server (`DATA_DIR/server.lock`): a backup
 * while it runs is taken by the server itself, asked over the Unix socket `DATA_DIR/backup.sock` (only the
 * folder's owner can reach it); when no server runs, the command opens the folder itself.
 */
export const MANIFEST = 'manifest.json';
export const BACKUP_SOCKET = 'backup.sock';
const PG_DUMP_FILE = 'database.dump';
const PGLITE_FILE = 'database.tar.gz';
const FILES = 'files';

export interface BackupManifest {
  format: 1;
  kind: 'pglite' | 'postgresql';
  createdAt: string;
  /** The database's file in the backup folder and its size. */
  database: { file: string; bytes: number };
  /** The stored files copied. */
  files: { count: number; bytes: number };
  durationMs: number;
}

function newBackupFolder(target: string): void {
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(`The backup folder ${target} exists and is not empty; choose a new one.`);
  fs.mkdirSync(target, { recursive: true });
}

/** Copies the stored files (not their `tmp/`, uploads in progress) into `target`. */
function copyFiles(filesDir: string, target: string): { count: number; bytes: number } {
  const counted = { count: 0, bytes: 0 };
  fs.mkdirSync(target, { recursive: true });
  if (!fs.existsSync(filesDir)) return counted;
  fs.cpSync(filesDir, target, {
    recursive: true,
    filter: (source) => path.relative(filesDir, source) !== 'tmp',
  });
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      counted.count++;
      counted.bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  return counted;
}

function writeManifest(target: string, manifest: BackupManifest): BackupManifest {
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(backup: string): BackupManifest {
  const file = path.join(backup, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${backup} is not a Strážce backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)} in ${file}.`);
  return manifest;
}

/** A backup of an open PGlite and the stored files into the new folder `target`. */
export async function backupPglite(
  snapshot: PgliteSnapshot,
  filesDir: string,
  target: string,
): Promise<BackupManifest> {
  const started = Date.now();
  newBackupFolder(target);
  const tarball = Buffer.from(await (await snapshot.dumpDataDir()).arrayBuffer());
  fs.writeFileSync(path.join(target, PGLITE_FILE), tarball);
  const files = copyFiles(filesDir, path.join(target, FILES));
  return writeManifest(target, {
    format: 1,
    kind: 'pglite',
    createdAt: new Date(started).toISOString(),
    database: { file: PGLITE_FILE, bytes: tarball.length },
    files,
    durationMs: Date.now() - started,
  });
}

/** The folder of the embedded database inside DATA_DIR (database.ts). */
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
const filesDirOf = (dataDir: string) => path.join(dataDir, FILES);

/**
 * A backup of the embedded database in `dataDir`: asked of the server that runs on it, or, when none does,
 * taken by opening the folder here (locked meanwhile, so a server cannot start on it).
 */
export async function backupEmbedded(dataDir: string, target: string): Promise<BackupManifest> {
  const socket = path.join(dataDir, BACKUP_SOCKET);
  if (fs.existsSync(socket)) {
    try {
      return await requestBackup(socket, target);
    } catch (error) {
      // A socket left by a server that was killed: nobody answers, and the folder is free (the lock says).
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ECONNREFUSED' && code !== 'ENOENT') throw error;
    }
  }
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new Error(`No embedded database in ${dataDir} (DATA_DIR).`);
  const lock = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create(pgliteDir(dataDir), { extensions: { pg_trgm } });
    try {
      return await backupPglite(pgliteSnapshot(client), filesDirOf(dataDir), target);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Asks the server listening on `socket` for a backup into `target`. */
export function requestBackup(socket: string, target: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let answer = '';
    connection.on('connect', () => connection.end(`${JSON.stringify({ target: path.resolve(target) })}\n`));
    connection.on('data', (chunk) => (answer += chunk.toString('utf8')));
    connection.on('error', reject);
    connection.on('close', () => {
      if (!answer) return reject(new Error('The server closed the backup connection without an answer.'));
      const reply = JSON.parse(answer) as { manifest?: BackupManifest; error?: string };
      if (reply.manifest) resolve(reply.manifest);
      else reject(new Error(`The server could not take the backup: ${reply.error}`));
    });
  });
}

/**
 * The running server's side: takes a backup of its own embedded database when asked on
 * `DATA_DIR/backup.sock` (one JSON line `{ "target": "/absolute/folder" }`, answered by one JSON line, the
 * manifest or an error). The socket is the folder owner's only (mode 0600). Resolves to a function that
 * closes it; undefined when the path is too long for a Unix socket.
 */
export async function serveBackups(options: {
  snapshot: PgliteSnapshot;
  dataDir: string;
  log: { info(object: object, message: string): void; warn(message: string): void };
}): Promise<(() => Promise<void>) | undefined> {
  const socket = path.join(options.dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(socket) > 100) {
    options.log.warn(
      `No online backups: the path ${socket} is too long for a Unix socket; choose a shorter DATA_DIR`,
    );
    return undefined;
  }
  // This process holds the folder's lock: a socket file there is left by a server that was killed.
  fs.rmSync(socket, { force: true });
  let running: Promise<unknown> = Promise.resolve();
  const server = net.createServer({ allowHalfOpen: true }, (connection) => {
    let request = '';
    connection.on('data', (chunk) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) return;
      connection.pause();
      const take = async () => {
        const { target } = JSON.parse(request) as { target: string };
        if (typeof target !== 'string' || !path.isAbsolute(target))
          throw new Error('The target must be an absolute path');
        const manifest = await backupPglite(options.snapshot, filesDirOf(options.dataDir), target);
        options.log.info({ target, ...manifest }, 'backup taken');
        return manifest;
      };
      // One backup at a time.
      const result = running.then(take);
      running = result.catch(() => undefined);
      result.then(
        (manifest) => connection.end(`${JSON.stringify({ manifest })}\n`),
        (error: Error) => connection.end(`${JSON.stringify({ error: error.message })}\n`),
      );
    });
    connection.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await running;
  };
}

/**
 * Restores an embedded backup into `dataDir` while no server runs on it (the folder is locked meanwhile). The
 * folder must hold no database yet; with `replace`, the present database and files are moved aside
 * (`pglite.before-restore-<time>`, `files.before-restore-<time>`) first.
 */
export async function restoreEmbedded(
  backup: string,
  dataDir: string,
  options: { replace?: boolean } = {},
): Promise<{ durationMs: number; files: number }> {
  const started = Date.now();
  const manifest = readManifest(backup);
  if (manifest.kind !== 'pglite')
    throw new Error(`${backup} is a backup of PostgreSQL; set DATABASE_URL to restore it there.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  try {
    const suffix = `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const folder of [pgliteDir(dataDir), filesDirOf(dataDir)]) {
      if (!fs.existsSync(folder) || fs.readdirSync(folder).length === 0) continue;
      if (!options.replace)
        throw new Error(
          `${folder} exists: restore into a DATA_DIR without a database, or add --replace to move the present one aside.`,
        );
      fs.renameSync(folder, `${folder}.${suffix}`);
    }
    fs.rmSync(pgliteDir(dataDir), { recursive: true, force: true });
    const tarball = fs.readFileSync(path.join(backup, manifest.database.file));
    const client = await PGlite.create(pgliteDir(dataDir), {
      extensions: { pg_trgm },
      loadDataDir: new Blob([tarball]),
    });
    await client.close();
    fs.rmSync(filesDirOf(dataDir), { recursive: true, force: true });
    const files = copyFiles(path.join(backup, FILES), filesDirOf(dataDir));
    return { durationMs: Date.now() - started, files: files.count };
  } finally {
    lock.release();
  }
}

/** The connection URL without its password, which goes to the client tools as PGPASSWORD (not in `ps`). */
function clientEnv(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Fails, saying what to install, when a PostgreSQL client tool is not on the PATH. */
export function checkClientTool(tool: 'pg_dump' | 'pg_restore'): string {
  const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error(
      `${tool} is not installed (or not on the PATH): install the PostgreSQL client tools of the server's major ` +
        `version or newer (Debian/Ubuntu: apt-get install postgresql-client-16), or run it in the database's ` +
        `container: docker compose exec -T db ${tool} … (docs/operations.md).`,
    );
  return probe.stdout.trim();
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** `pg_dump -Fc` of the database (a consistent snapshot while the instances run) and the stored files. */
export async function backupPostgres(
  databaseUrl: string,
  dataDir: string,
  target: string,
): Promise<BackupManifest> {
  checkClientTool('pg_dump');
  const started = Date.now();
  newBackupFolder(target);
  const { url, env } = clientEnv(databaseUrl);
  const file = path.join(target, PG_DUMP_FILE);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`], env);
  const files = copyFiles(filesDirOf(dataDir), path.join(target, FILES));
  return writeManifest(target, {
    format: 1,
    kind: 'postgresql',
    createdAt: new Date(started).toISOString(),
    database: { file: PG_DUMP_FILE, bytes: fs.statSync(file).size },
    files,
    durationMs: Date.now() - started,
  });
}

/**
 * `pg_restore --clean --if-exists --no-owner --single-transaction` of a backup into the database (best an
 * empty one; the instances stopped), and its files into `DATA_DIR/files` (added to the files there).
 */
export async function restorePostgres(
  backup: string,
  databaseUrl: string,
  dataDir: string,
): Promise<{ durationMs: number; files: number }> {
  const manifest = readManifest(backup);
  if (manifest.kind !== 'postgresql')
    throw new Error(`${backup} is a backup of the embedded database; unset DATABASE_URL to restore it.`);
  checkClientTool('pg_restore');
  const started = Date.now();
  const { url, env } = clientEnv(databaseUrl);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      path.join(backup, manifest.database.file),
    ],
    env,
  );
  const files = copyFiles(path.join(backup, FILES), filesDirOf(dataDir));
  return { durationMs: Date.now() - started, files: files.count };
}
