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
  /** The session of a token hash as last loaded and alive at `now` (the app's clock), or undefined; each call gets its own copy. */
  get(tokenHash: string, now: number): SessionContext | undefined;
  /** Starts a session load; the result may be stored only if no session changed meanwhile (see `store`). */
  sessionGeneration(): number;
  store(session: SessionContext, sessionGeneration: number): void;
  /** The session was extended: later calls must see the new expiry. */
  extended(session: SessionContext): void;
  /** Starts a read that other read caches keep (CRUD totals) until something is written. */
  generation(): number;
  /**
   * Nothing was written through the API since `generation()` gave this value, here or on another instance
   * (and the change channel was heard all the time).
   */
  isCurrent(generation: number): boolean;
  /**
   * A write call of this instance is answered: what other caches keep is out of date, and so are the cached
   * sessions when the write changed what a session is made of (`sessionsChanged`). The other instances hear
   * both from the database when the write commits (its audit entry, the session sources' triggers).
   */
  written(sessionsChanged: boolean): void;
  /** Something a session is made of may have changed outside the API: forget all, here and elsewhere. */
  changed(): Promise<void>;
  /**
   * Calls `listener` whenever sessions may have changed, here or on another instance (the moment the cached
   * sessions are forgotten): open event streams check their session again. Answers the unsubscribe.
   */
  onSessionsChanged(listener: () => void): () => void;
  close(): Promise<void>;
}

/** What a notice on the channel says: a write committed, or a session source changed (migration 0023). */
export const WRITE_NOTICE = 'write';
export const SESSION_NOTICE = 'session';

/**
 * Keeps resolved sessions in memory so that an ordinary read costs no session query. What a session is
 * made of (the user and their roles and groups, site membership, the site's modules and time-out, the
 * terminal, the session row) is watched by triggers (migration 0023): a write of it tells every instance
 * through PostgreSQL's NOTIFY when it commits, and the instance that wrote it forgets its sessions before
 * its answer leaves. Other writes leave the sessions cached: under a load of writes (dispatchers, stock
 * movements) every call would otherwise load its session again. A load that started before a change is not
 * stored. While the listening connection is down nothing is cached.
 */
export async function createSessionCache(database: Database): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  let sessions = 0;
  let writes = 0;
  let listening = false;
  const changeListeners = new Set<() => void>();

  const forget = () => {
    sessions++;
    writes++;
    entries.clear();
    for (const listener of changeListeners) listener();
  };
  const stopListening = await database.listen(
    SESSION_CHANGE_CHANNEL,
    (notice) => {
      listening = true;
      if (notice === WRITE_NOTICE) writes++;
      else forget();
    },
    () => {
      listening = false;
      forget();
    },
  );
  listening = true;

  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const expired =
        entry.session.expires.getTime() <= now ||
        (entry.session.endsAt !== null && entry.session.endsAt.getTime() <= now);
      // eslint-disable-next-line no-restricted-syntax -- the cache's own freshness (10 s), not a business time: it follows the machine
      if (expired || Date.now() - entry.loadedAt > SESSION_CACHE_TTL_MS) {
        entries.delete(tokenHash);
        return undefined;
      }
      return { ...entry.session };
    },
    sessionGeneration: () => sessions,
    store(session, startedAt) {
      if (!listening || startedAt !== sessions) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      // eslint-disable-next-line no-restricted-syntax -- the cache's own freshness (10 s), not a business time: it follows the machine
      entries.set(session.tokenHash, { session: { ...session }, loadedAt: Date.now() });
    },
    extended(session) {
      const entry = entries.get(session.tokenHash);
      if (entry) entry.session.expires = session.expires;
    },
    generation: () => writes,
    isCurrent: (startedAt) => listening && startedAt === writes,
    written(sessionsChanged) {
      if (sessionsChanged) forget();
      else writes++;
    },
    async changed() {
      forget();
      await database.db.execute(sql`select pg_notify(${SESSION_CHANGE_CHANNEL}, ${SESSION_NOTICE})`);
    },
    onSessionsChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    async close() {
      changeListeners.clear();
      forget();
      await stopListening();
    },
  };
}
