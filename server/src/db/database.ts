import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { pgliteSnapshot, type PgliteSnapshot } from './snapshot';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { currentEmptyDatabase } from './emptyDatabase';

/**
 * The app's database handle: the pool, or a transaction (a savepoint) of it. drizzle's transaction is a
 * `PgDatabase` too, so a function that takes a `Db` runs on either, and a transaction's callback passes its
 * `tx` on as it is. Without the schema's relational query builders (unused): drizzle builds one per table for
 * every transaction, which cost a write more CPU than some of its statements.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction of the app's database (`db.transaction(async (tx) => …)`): a `Db` itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  /**
   * Hears `NOTIFY channel` from every connection to this database (other app instances included), with the
   * notification's payload (none when it is called after a reconnection). `onLost` is called when
   * notifications may have been missed (the listening connection broke; it reconnects by itself, and
   * `onNotify` is called once it is back, as anything may have changed meanwhile).
   */
  listen(
    channel: string,
    onNotify: (payload?: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL: the connection pool's use now (metrics); PGlite has one connection and no pool. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  /** PGlite: its data folder as a consistent tarball (the online backup, ops/backup.ts). */
  snapshot?: PgliteSnapshot;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;
/** Connections of an instance's PostgreSQL pool. */
const POOL_SIZE = 10;

// Migrations from two instances starting at once must not interleave on one PostgreSQL.
const MIGRATION_LOCK = 7_379_455;

/**
 * The planner's settings of every session of the app (the pool's connection options, each connection of a
 * session-mode pooler, PGlite):
 * - every run of a prepared statement planned for its values (a generic plan cannot see a contains-search's
 *   pattern: at a million vehicle movements it walked the time index for 20 matches where the trigram index
 *   takes milliseconds);
 * - a random page read priced as an SSD's or a cached page's (1.1), not as a spinning disk's (PostgreSQL's
 *   default 4). The app's reads find their pages in memory: the newest entries of the indexes and the code
 *   lists. With the default, a list page looked up each row's gate and document type by scanning the whole
 *   table, which grows with the sites (300 gates of 50 sites: 25 rows × 300 tested), and a site's first page at
 *   50 sites took 1.2–1.35× one site's; planned at 1.1 it reads the primary keys (docs/performance.md).
 */
const PLANNER_SETTINGS = { plan_cache_mode: 'force_custom_plan', random_page_cost: '1.1' } as const;
const PLANNER_OPTIONS = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');
const PLANNER_SQL = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `set ${name} = ${value}`)
  .join('; ');

/**
 * A PostgreSQL client that sends every statement unnamed (`pooler: 'transaction'`): the app's named prepared
 * statements (db/prepared.ts) would be unknown on the next transaction's server connection, and PgBouncer 1.18
 * does not carry them over. An unnamed statement is parsed and planned on each run, as an unprepared one is.
 */
class UnnamedStatementsClient extends pg.Client {}
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
(UnnamedStatementsClient.prototype as unknown as { query: Query }).query = function (config, ...rest) {
  const named = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config);
  // pg's own query, looked up at each call (the bench's capture wraps it).
  return (pg.Client.prototype.query as Query).call(
    this,
    named ? { ...config, name: undefined } : config,
    ...rest,
  );
};

/** Extensions the schema's indexes need (trigram indexes for contains-searches over large lists). */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';

/**
 * Opens the database: PostgreSQL through a pool when `databaseUrl` is given, else PGlite persisted in
 * `dataDir` (or in memory when `dataDir` is `memory://`), and brings its schema up to date. A persisted
 * PGlite folder is locked for this process until `close` (dataDirLock.ts): a second server on it throws
 * DataDirLockedError. `warn` hears of a stale lock taken over.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  warn?: (message: string) => void;
  /**
   * A new embedded database (in memory, or a data folder without one yet) starts from this copy of a data folder
   * (`dumpDataDir`), e.g. one migrated already: the tests open a database per file, and migrating each from
   * nothing is most of their set-up. A new data folder takes the build's empty database by default
   * (emptyDatabase.ts).
   */
  startFrom?: Blob;
  /**
   * `databaseUrl` reaches PostgreSQL through a pooler (PgBouncer, `DATABASE_POOLER`): in `session` mode a client
   * keeps its server connection, but the pooler refuses the `options` startup parameter; in `transaction` mode
   * each transaction may run on another server connection, so every statement is sent unnamed.
   */
  pooler?: 'session' | 'transaction';
  /** The database without the pooler (`DATABASE_DIRECT_URL`): the migrations' session lock and LISTEN. */
  directUrl?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { pooler } = options;
    const directUrl = options.directUrl ?? options.databaseUrl;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      // The planner's settings (PLANNER_SETTINGS). A pooler takes no startup options: in session mode each
      // connection sets them first (below); in transaction mode an unnamed statement is planned for its values
      // anyway, and the page cost is the database's or the role's (docs/operations.md, behind a pooler).
      ...(pooler ? {} : { options: PLANNER_OPTIONS }),
      ...(pooler === 'transaction' ? { Client: UnnamedStatementsClient } : {}),
    });
    // pg runs a client's queries in order: this one before any other on the new connection.
    if (pooler === 'session')
      pool.on('connect', (client) => void client.query(PLANNER_SQL).catch(() => undefined));
    // An idle connection the server drops (restart, admin termination) is discarded by the pool and reported
    // here; without a listener it would crash the process. Queries report their own errors.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { casing: 'snake_case' });
    // The migrations hold a session lock from the first statement to the last: on a connection of their own
    // to the database itself when it is behind a pooler in transaction mode.
    const direct = pooler === 'transaction' ? new pg.Client({ connectionString: directUrl }) : undefined;
    await direct?.connect();
    const lockClient = direct ?? (await pool.connect());
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await lockClient.query(EXTENSIONS_SQL);
      await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      if (direct) await direct.end();
      else (lockClient as pg.PoolClient).release();
    }
    return {
      db,
      kind: 'postgresql',
      listen: (channel, onNotify, onLost) => listenPostgres(directUrl, channel, onNotify, onLost),
      poolStats: () => ({
        max: POOL_SIZE,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  const memory = options.dataDir.startsWith('memory://');
  let lock: DataDirLock | null = null;
  if (!memory) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = await lockDataDir(options.dataDir, { warn: options.warn });
  }
  let client: PGlite;
  try {
    if (memory) client = await openPglite('memory://', options.startFrom);
    else {
      const folder = path.join(options.dataDir, 'pglite');
      const isNew = !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
      const startFrom = isNew ? (options.startFrom ?? currentEmptyDatabase()) : undefined;
      client = await openPglite(folder, startFrom).catch(async (error: unknown) => {
        if (!startFrom) throw error;
        // A copy that does not load (damaged, another platform's): the new folder is made from nothing.
        options.warn?.(`The empty database did not load (${String(error)}); creating it from the migrations`);
        fs.rmSync(folder, { recursive: true, force: true });
        return openPglite(folder);
      });
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    snapshot: pgliteSnapshot(client),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** A PGlite database with its schema up to date; closed again when that fails. */
async function openPglite(dataDir: string, startFrom?: Blob): Promise<PGlite> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: startFrom });
  try {
    await client.exec(EXTENSIONS_SQL);
    // As on PostgreSQL (the pool's connection options): PLANNER_SETTINGS.
    await client.exec(PLANNER_SQL);
    await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

const RELISTEN_DELAY_MS = 1000;

/** A dedicated connection (LISTEN holds it) that comes back after a break. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload?: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    const broken = () => {
      if (client !== next || stopped) return;
      client = null;
      onLost();
      next.end().catch(() => undefined);
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    };
    next.on('error', broken);
    next.on('end', broken);
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = () => {
    connect().then(
      () => onNotify(),
      () => {
        if (!stopped) retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
      },
    );
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
