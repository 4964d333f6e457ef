import { describe, expect, it } from 'vitest';
import { drill, type DrillReport } from './drill';

/**
 * The backup drill on both databases: a database with the demo data and stored files is backed up (the
 * embedded one by its running "server" over the backup socket, PostgreSQL by pg_dump), destroyed, restored,
 * and every table's row count and checksum and every file compared. PostgreSQL with TEST_DATABASE_URL (a
 * database of its own is created on that server and dropped again).
 */
function expectRestored(report: DrillReport): void {
  expect(report.differences).toEqual([]);
  const rows = new Map(report.before.map((figure) => [figure.table, figure.rows]));
  // The demo data and the migrations' journal were there to compare, and came back.
  expect(rows.get('public.access_user')).toBeGreaterThan(1);
  expect(rows.get('public.system_site')).toBeGreaterThanOrEqual(2);
  expect(rows.get('drizzle.__drizzle_migrations')).toBeGreaterThan(10);
  expect(report.files).toBe(3);
  expect(report.manifest.database.bytes).toBeGreaterThan(0);
}

describe('the backup drill', () => {
  it('restores the embedded database, backed up while it is open, table by table and file by file', async () => {
    const report = await drill();
    expect(report.kind).toBe('pglite');
    expect(report.manifest.database.file).toBe('database.tar.gz');
    expectRestored(report);
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores PostgreSQL from pg_dump, table by table and file by file',
    async () => {
      const report = await drill({ postgresServerUrl: process.env.TEST_DATABASE_URL });
      expect(report.kind).toBe('postgresql');
      expect(report.manifest.database.file).toBe('database.dump');
      expectRestored(report);
    },
    120_000,
  );
});
