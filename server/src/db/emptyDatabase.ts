import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MIGRATIONS_DIR, SERVER_DIR } from '../paths';

/**
 * The embedded database's first start (issue 36 point 5). On a new data folder PGlite runs initdb and then every
 * migration: about 6 s on a quiet 2-core machine, most of a first `npm start`. The build keeps a migrated, empty
 * database beside the bundle (`dist/empty-database.tar.gz`, made by `node dist/ops.js empty-database`), and a new
 * folder starts from it in about 2 s. It counts only when it was made from these migrations by this PGlite: its
 * fingerprint is kept beside it, and anything else (a file from an older build, none at all in `npm run dev`)
 * means the slow path, never a wrong schema.
 */
export const EMPTY_DATABASE_FILE = path.join(SERVER_DIR, 'dist', 'empty-database.tar.gz');

/** The installed PGlite's version (its data folder format goes with it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What the empty database is made of: PGlite's version and every file of the migrations, by name and content. */
export function schemaFingerprint(migrationsDir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const files = fs.readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(`${file}\n`).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

/** The empty database of the build, when it matches these migrations and this PGlite. */
export function currentEmptyDatabase(file = EMPTY_DATABASE_FILE): Blob | undefined {
  const fingerprintFile = `${file}.fingerprint`;
  if (!fs.existsSync(file) || !fs.existsSync(fingerprintFile)) return undefined;
  if (fs.readFileSync(fingerprintFile, 'utf8').trim() !== schemaFingerprint()) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** Keeps `dump` (a migrated empty database's data folder) as the build's empty database. */
export function keepEmptyDatabase(dump: Buffer, file = EMPTY_DATABASE_FILE): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The fingerprint last: a file without one (an interrupted write) is never taken.
  fs.rmSync(`${file}.fingerprint`, { force: true });
  fs.writeFileSync(file, dump);
  fs.writeFileSync(`${file}.fingerprint`, `${schemaFingerprint()}\n`);
}
