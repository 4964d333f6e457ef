import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';

/** Where the migrated embedded database of this test run is kept (`globalSetup` writes it). */
export const TEMPLATE_ENV = 'STRAZCE_TEST_PGLITE_TEMPLATE';

/**
 * Vitest's global set-up: one in-memory PGlite migrated to the newest schema, dumped once for the whole run,
 * so each test file's database starts from it instead of running every migration again.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const database = await openDatabase({ dataDir: 'memory://' });
  const dump = await database.snapshot!.dumpDataDir();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-test-'));
  const file = path.join(dir, 'migrated.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The migrated database of this run, when the global set-up made one. */
export function migratedTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
