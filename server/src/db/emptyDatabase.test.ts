import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate } from '../../test/pgliteTemplate';
import { openDatabase } from './database';
import { currentEmptyDatabase, keepEmptyDatabase, schemaFingerprint } from './emptyDatabase';
import { MIGRATIONS_DIR } from '../paths';

/** The build's empty database (issue 36 point 5): taken by a new folder only when it matches, else made anew. */
const skip = Boolean(process.env.TEST_DATABASE_URL);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-empty-db-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const journal = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');

async function migrationsApplied(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0].n;
  } finally {
    await database.close();
  }
}

describe.skipIf(skip)('the empty database of the build', () => {
  it('is taken only with the fingerprint of these migrations and this PGlite', () => {
    const file = path.join(dir, 'empty.tar.gz');
    expect(currentEmptyDatabase(file)).toBeUndefined();
    keepEmptyDatabase(Buffer.from('a dump'), file);
    expect(currentEmptyDatabase(file)).toBeInstanceOf(Blob);
    expect(schemaFingerprint()).toBe(schemaFingerprint());
    // Another set of migrations (a copy of the folder with one more file) has another fingerprint.
    const other = path.join(dir, 'migrations');
    fs.cpSync(MIGRATIONS_DIR, other, { recursive: true });
    fs.writeFileSync(path.join(other, '9999_more.sql'), 'select 1;');
    expect(schemaFingerprint(other)).not.toBe(schemaFingerprint());
    fs.writeFileSync(`${file}.fingerprint`, schemaFingerprint(other));
    expect(currentEmptyDatabase(file)).toBeUndefined();
    // A file without its fingerprint (an interrupted write) is not taken either.
    fs.rmSync(`${file}.fingerprint`);
    expect(currentEmptyDatabase(file)).toBeUndefined();
  });

  it('starts a new data folder from a migrated copy, with every migration applied', async () => {
    const template = migratedTemplate();
    expect(template, 'the global set-up made a migrated copy').toBeDefined();
    const dataDir = path.join(dir, 'from-copy');
    const database = await openDatabase({ dataDir, startFrom: template });
    await database.close();
    expect(await migrationsApplied(dataDir)).toBe(
      (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length,
    );
  }, 60_000);

  it('makes a new folder from the migrations when the copy does not load, and says so', async () => {
    const warnings: string[] = [];
    const dataDir = path.join(dir, 'from-garbage');
    const database = await openDatabase({
      dataDir,
      startFrom: new Blob([Buffer.from('not a tarball of a data folder')]),
      warn: (message) => warnings.push(message),
    });
    await database.close();
    expect(warnings).toEqual([expect.stringContaining('The empty database did not load')]);
    expect(await migrationsApplied(dataDir)).toBeGreaterThan(0);
  }, 120_000);
});
