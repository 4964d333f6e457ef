import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database';

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (named `<prefix>_<random hex>`), opened and
 * migrated. `drop` removes it again, also while connections are left open; close the database first.
 * Used by the integration tests and the benchmark, each run on its own database.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Invalid database name prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    return { database: await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' }), drop };
  } catch (error) {
    // A database that could not be opened or migrated is not left behind on the server.
    await drop().catch(() => undefined);
    throw error;
  }
}

/** One statement on its own connection to the server's maintenance database. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
