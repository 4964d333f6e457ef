import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Migrations from two instances starting at once must not interleave on one PostgreSQL.
const MIGRATION_LOCK = 7_379_455;

/** Extensions the schema's indexes need (trigram indexes for contains-searches over large lists). */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';

/**
 * Opens the database: PostgreSQL through a pool when `databaseUrl` is given, else PGlite persisted in
 * `dataDir` (or in memory when `dataDir` is `memory://`), and brings its schema up to date.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, admin termination) is discarded by the pool and reported
    // here; without a listener it would crash the process. Queries report their own errors.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await lockClient.query(EXTENSIONS_SQL);
      await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    return { db: db as unknown as Db, kind: 'postgresql', close: () => pool.end() };
  }
  const memory = options.dataDir.startsWith('memory://');
  if (!memory) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(memory ? 'memory://' : path.join(options.dataDir, 'pglite'), {
    extensions: { pg_trgm },
  });
  await client.exec(EXTENSIONS_SQL);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
