import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type Database, type Db } from '../db/database';
import { onServer } from '../db/freshDatabase';
import { seed } from '../seed';
import {
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
  serveBackups,
  type BackupManifest,
} from './backup';
import { rowsOf } from '../db/prepared';

/**
 * The backup drill (`npm run backup:drill`): a database with the demo data and a few stored files, its
 * figures (every table's row count and checksum, every file's checksum), a backup, the database and files
 * destroyed, the restore, the figures again. The embedded database is backed up by its running "server"
 * (the socket of ops/backup.ts), PostgreSQL by pg_dump while its pool is open.
 */

/** A table's row count and the md5 of its rows' text in order. */
export interface TableFigure {
  table: string;
  rows: number;
  md5: string;
}

/** Every table of the database (the migrations' journal included) with its row count and checksum. */
export async function tableChecksums(db: Db): Promise<TableFigure[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const figures: TableFigure[] = [];
  for (const { schema, name } of tables) {
    const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
    const [figure] = rowsOf<{ rows: number; md5: string }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${table} t`,
        ),
      ),
    );
    figures.push({ table: `${schema}.${name}`, rows: figure.rows, md5: figure.md5 });
  }
  return figures;
}

/** Every stored file (path under the folder → sha256). */
function fileChecksums(dir: string): Map<string, string> {
  const sums = new Map<string, string>();
  if (!fs.existsSync(dir)) return sums;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      sums.set(path.relative(dir, file), createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  return sums;
}

/** A few stored files where the file store keeps them (`files/ab/<uuid>`). */
function writeSampleFiles(filesDir: string, count: number): void {
  for (let index = 0; index < count; index++) {
    const id = randomUUID();
    fs.mkdirSync(path.join(filesDir, id.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(filesDir, id.slice(0, 2), id), randomBytes(1024 * (index + 1)));
  }
}

export interface DrillReport {
  kind: 'pglite' | 'postgresql';
  tables: number;
  rows: number;
  files: number;
  manifest: BackupManifest;
  /** Backup, destruction, restore, each in milliseconds. */
  backupMs: number;
  destroyMs: number;
  restoreMs: number;
  /** What differs after the restore (tables, files); empty when the drill passed. */
  differences: string[];
  before: TableFigure[];
}

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

function compare(
  before: TableFigure[],
  after: TableFigure[],
  filesBefore: Map<string, string>,
  filesAfter: Map<string, string>,
): string[] {
  const differences: string[] = [];
  const afterByTable = new Map(after.map((figure) => [figure.table, figure]));
  for (const figure of before) {
    const restored = afterByTable.get(figure.table);
    if (!restored) differences.push(`${figure.table}: missing after the restore`);
    else if (restored.rows !== figure.rows || restored.md5 !== figure.md5)
      differences.push(
        `${figure.table}: ${figure.rows} rows (${figure.md5}) before, ${restored.rows} (${restored.md5}) after`,
      );
    afterByTable.delete(figure.table);
  }
  for (const table of afterByTable.keys()) differences.push(`${table}: only after the restore`);
  for (const [file, sum] of filesBefore)
    if (filesAfter.get(file) !== sum) differences.push(`file ${file}: missing or changed after the restore`);
  if (filesAfter.size !== filesBefore.size)
    differences.push(`${filesBefore.size} files before, ${filesAfter.size} after`);
  return differences;
}

async function filled(database: Database, filesDir: string, sampleFiles: number): Promise<void> {
  await seed(database, { adminPassword: `Drill-${randomBytes(8).toString('hex')}`, demo: true, log: silent });
  writeSampleFiles(filesDir, sampleFiles);
}

/**
 * Runs the drill on the embedded database (in a new folder under `workDir`) or, with `postgresServerUrl`, on a
 * new database on that PostgreSQL server (created and dropped again).
 */
export async function drill(
  options: { postgresServerUrl?: string; workDir?: string; sampleFiles?: number } = {},
): Promise<DrillReport> {
  const work = fs.mkdtempSync(path.join(options.workDir ?? os.tmpdir(), 'strazce-drill-'));
  try {
    return options.postgresServerUrl
      ? await drillPostgres(options.postgresServerUrl, work, options.sampleFiles ?? 3)
      : await drillEmbedded(work, options.sampleFiles ?? 3);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function report(
  kind: DrillReport['kind'],
  before: TableFigure[],
  manifest: BackupManifest,
  times: { backupMs: number; destroyMs: number; restoreMs: number },
  differences: string[],
): DrillReport {
  return {
    kind,
    tables: before.length,
    rows: before.reduce((sum, figure) => sum + figure.rows, 0),
    files: manifest.files.count,
    manifest,
    ...times,
    differences,
    before,
  };
}

async function drillEmbedded(work: string, sampleFiles: number): Promise<DrillReport> {
  const dataDir = path.join(work, 'data');
  const filesDir = path.join(dataDir, 'files');
  const target = path.join(work, 'backup');
  let database = await openDatabase({ dataDir });
  let before: TableFigure[];
  let filesBefore: Map<string, string>;
  let manifest: BackupManifest;
  let backupMs: number;
  try {
    await filled(database, filesDir, sampleFiles);
    before = await tableChecksums(database.db);
    filesBefore = fileChecksums(filesDir);
    // As while the server runs: it holds the folder and answers on its backup socket.
    const stop = await serveBackups({ snapshot: database.snapshot!, dataDir, log: silent });
    if (!stop) throw new Error(`The work folder ${work} is too deep for a Unix socket`);
    const started = Date.now();
    try {
      manifest = await backupEmbedded(dataDir, target);
    } finally {
      await stop();
    }
    backupMs = Date.now() - started;
  } finally {
    await database.close();
  }
  let started = Date.now();
  fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  fs.rmSync(filesDir, { recursive: true, force: true });
  const destroyMs = Date.now() - started;
  started = Date.now();
  await restoreEmbedded(target, dataDir);
  const restoreMs = Date.now() - started;
  database = await openDatabase({ dataDir });
  try {
    const after = await tableChecksums(database.db);
    const differences = compare(before, after, filesBefore, fileChecksums(filesDir));
    return report('pglite', before, manifest, { backupMs, destroyMs, restoreMs }, differences);
  } finally {
    await database.close();
  }
}

async function drillPostgres(serverUrl: string, work: string, sampleFiles: number): Promise<DrillReport> {
  const name = `strazce_drill_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = path.join(work, 'data');
  const filesDir = path.join(dataDir, 'files');
  const target = path.join(work, 'backup');
  await onServer(serverUrl, `create database ${name}`);
  try {
    let database = await openDatabase({ databaseUrl, dataDir });
    let before: TableFigure[];
    let filesBefore: Map<string, string>;
    let manifest: BackupManifest;
    let started = Date.now();
    try {
      await filled(database, filesDir, sampleFiles);
      before = await tableChecksums(database.db);
      filesBefore = fileChecksums(filesDir);
      // While the pool is open, as with instances running.
      started = Date.now();
      manifest = await backupPostgres(databaseUrl, dataDir, target);
    } finally {
      await database.close();
    }
    const backupMs = Date.now() - started;
    started = Date.now();
    await onServer(serverUrl, `drop database ${name} with (force)`);
    await onServer(serverUrl, `create database ${name}`);
    fs.rmSync(filesDir, { recursive: true, force: true });
    const destroyMs = Date.now() - started;
    started = Date.now();
    await restorePostgres(target, databaseUrl, dataDir);
    const restoreMs = Date.now() - started;
    database = await openDatabase({ databaseUrl, dataDir });
    try {
      const after = await tableChecksums(database.db);
      const differences = compare(before, after, filesBefore, fileChecksums(filesDir));
      return report('postgresql', before, manifest, { backupMs, destroyMs, restoreMs }, differences);
    } finally {
      await database.close();
    }
  } finally {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

/** The drill's figures as lines for the console. */
export function describeDrill(drillReport: DrillReport): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  return [
    `${drillReport.kind}: ${drillReport.tables} tables, ${drillReport.rows} rows, ${drillReport.files} stored files`,
    `  backup  ${drillReport.backupMs} ms: database ${kb(drillReport.manifest.database.bytes)} (${drillReport.manifest.database.file}), files ${kb(drillReport.manifest.files.bytes)}`,
    `  destroy ${drillReport.destroyMs} ms, restore ${drillReport.restoreMs} ms`,
    drillReport.differences.length === 0
      ? `  every table's row count and checksum and every file are the same after the restore`
      : `  DIFFERENCES:\n${drillReport.differences.map((line) => `    ${line}`).join('\n')}`,
  ];
}
