import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { SessionContext } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

/** The channel on which an app instance tells the others that session state may have changed. */
export const SESSION_CHANGE_CHANNEL = 'strazce_session_change';

/**
 * A safety net only: an entry is dropped after this long even if no change was heard (a change written to
 * the database by hand, a terminal whose authorization ran out by time).
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: SessionContext;
  loadedAt: number;
}

export interface SessionCache {
  /** The session of a token hash as last loaded, or undefined; each call gets its own copy. */
  get(tokenHash: string): SessionContext | undefined;
  /** Starts a load; the result may be stored only if nothing changed meanwhile (see `store`). */
  generation(): number;
  /**
   * Nothing was written through the API since `generation()` gave this value, here or on another instance
   * (and the change channel was heard all the time). Other read caches use it too (CRUD totals).
   */
  isCurrent(generation: number): boolean;
  store(session: SessionContext, generation: number): void;
  /** The session was extended: later calls must see the new expiry. */
  extended(session: SessionContext): void;
  /** Something a session is made of may have changed (any write): forget all, here and on other instances. */
  changed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps resolved sessions in memory so that an ordinary read costs no session query. What a session is
 * made of (the user and their roles and groups, site membership, the site's modules and time-out, the
 * terminal, the session row) changes only through a write call of the API. Every write call forgets the
 * whole cache before its answer leaves, and tells the other instances through PostgreSQL's NOTIFY; a load
 * that started before a change is not stored. While the listening connection is down nothing is cached.
 */
export async function createSessionCache(database: Database): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;

  const forget = () => {
    generation++;
    entries.clear();
  };
  const stopListening = await database.listen(
    SESSION_CHANGE_CHANNEL,
    () => {
      listening = true;
      forget();
    },
    () => {
      listening = false;
      forget();
    },
  );
  listening = true;

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const now = Date.now();
      if (now - entry.loadedAt > SESSION_CACHE_TTL_MS || entry.session.expires.getTime() <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      return { ...entry.session };
    },
    generation: () => generation,
    isCurrent: (startedAt) => listening && startedAt === generation,
    store(session, startedAt) {
      if (!listening || startedAt !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(session.tokenHash, { session: { ...session }, loadedAt: Date.now() });
    },
    extended(session) {
      const entry = entries.get(session.tokenHash);
      if (entry) entry.session.expires = session.expires;
    },
    async changed() {
      forget();
      await database.db.execute(sql`select pg_notify(${SESSION_CHANGE_CHANNEL}, '')`);
    },
    async close() {
      forget();
      await stopListening();
    },
  };
}
