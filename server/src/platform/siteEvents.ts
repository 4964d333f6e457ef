import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/database';
import type { Clock } from './clock';
import { AppError } from './errors';
import { accessRefusal, currentSiteId, resolveSessionByHash, sessionOf } from './guard';
import type { SessionCache } from './sessionCache';

declare module 'fastify' {
  interface FastifyInstance {
    siteEvents: SiteEvents;
  }
}

/** The channel on which every app instance on the database hears the events of every site. */
export const SITE_EVENTS_CHANNEL = 'strazce_site_events';
/** A comment line is sent this often on an open stream, so that proxies keep it and a dead client is found. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;
/** How often every open stream checks that its session still lives (expiry on the app's clock). */
export const EVENT_STREAM_SESSION_CHECK_MS = 15_000;
/** Open streams one session may hold on one instance; one more answers 429 TOO_MANY_REQUESTS. */
export const MAX_STREAMS_PER_SESSION = 5;
/**
 * The event a stream ends with when its session ended or may no longer read it: the web app then does not
 * connect again (`data` names why: `session`).
 */
export const STREAM_END_EVENT = 'end';

type Listener = (payload: unknown) => void;

/**
 * Pushes what happens on a site (a transport moved, a keybox opened) to whoever watches it, on every app
 * instance: an event is a NOTIFY on the database (PostgreSQL: every instance's listening connection hears it;
 * PGlite: the one process hears it), so it is sent in the transaction of the change and heard only when that
 * commits. Listeners subscribe by site and topic.
 */
export interface SiteEvents {
  /** Publishes in `tx` (delivered when it commits, dropped when it rolls back). */
  publish(tx: Db, siteId: number, topic: string, payload: unknown): Promise<void>;
  subscribe(siteId: number, topic: string, listener: Listener): () => void;
  /**
   * Answers the request with a `text/event-stream` of the topic's events of the session's site (`event:
   * <topic>`, `data: <payload JSON>`) until the client goes, the app closes or the session ends; a heartbeat
   * comment every `EVENT_STREAM_HEARTBEAT_MS`. The stream lives only as long as its session may call its
   * route: it is checked again (the guard's `accessRefusal`, the session through the session cache, its
   * expiry on the app's clock) before every event, whenever sessions changed on any instance (the session
   * cache's change notice) and every `EVENT_STREAM_SESSION_CHECK_MS`; when it fails, the stream sends
   * `event: end` and ends. At most `MAX_STREAMS_PER_SESSION` per session on an instance (429 beyond).
   */
  stream(request: FastifyRequest, reply: FastifyReply, topic: string): void;
  /** Checks the session of every open stream now, ending those whose session ended (the periodic check). */
  checkSessions(): Promise<void>;
  /** Ends every open stream (before the server closes: they would keep it open) and stops listening. */
  close(): Promise<void>;
}

/** What the streams need to follow their sessions (app.ts); without it `stream` is not available. */
export interface StreamSessions {
  db: Db;
  cache: SessionCache;
  clock: Clock;
  checkMs?: number;
  maxPerSession?: number;
}

interface OpenStream {
  raw: ServerResponse;
  tokenHash: string;
  siteId: number;
  /** The guard's rule of the stream's route and its `METHOD /url`. */
  access: NonNullable<FastifyRequest['routeOptions']['config']['access']>;
  route: string;
  /** Ends the stream, with the end event when the session is why. */
  end(reason?: string): void;
}

export async function createSiteEvents(
  database: Database,
  options: { heartbeatMs?: number; sessions?: StreamSessions } = {},
): Promise<SiteEvents> {
  const heartbeatMs = options.heartbeatMs ?? EVENT_STREAM_HEARTBEAT_MS;
  const sessions = options.sessions;
  const listeners = new Map<string, Set<Listener>>();
  const streams = new Set<OpenStream>();
  const keyOf = (siteId: number, topic: string) => `${siteId}:${topic}`;

  const deliver = (text?: string) => {
    if (!text) return;
    let event: { siteId: number; topic: string; payload: unknown };
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    for (const listener of listeners.get(keyOf(event.siteId, event.topic)) ?? []) listener(event.payload);
  };
  const stopListening = await database.listen(SITE_EVENTS_CHANNEL, deliver, () => undefined);

  /** Whether the stream's session still lives and may still call the stream's route on its site. */
  const sessionHolds = async (stream: OpenStream): Promise<boolean> => {
    if (!sessions) return true;
    const session = await resolveSessionByHash(
      sessions.db,
      sessions.cache,
      stream.tokenHash,
      sessions.clock.now(),
    );
    if (!session) return false;
    if (session.siteId !== stream.siteId) return false;
    return accessRefusal(stream.access, session, stream.route) === null;
  };
  const check = async (stream: OpenStream) => {
    let holds = false;
    try {
      holds = await sessionHolds(stream);
    } catch {
      // The database did not answer: the next check decides (a stream is not cut by a hiccup).
      return;
    }
    if (!holds) stream.end('session');
  };
  let checking: Promise<void> | null = null;
  let again = false;
  const checkSessions = async (): Promise<void> => {
    if (checking) {
      // A change heard during a check: check once more after it.
      again = true;
      return checking;
    }
    checking = (async () => {
      do {
        again = false;
        await Promise.all([...streams].map(check));
      } while (again);
    })().finally(() => {
      checking = null;
    });
    return checking;
  };
  const stopHearingChanges = sessions?.cache.onSessionsChanged(() => void checkSessions());
  const periodic = sessions
    ? setInterval(() => void checkSessions(), sessions.checkMs ?? EVENT_STREAM_SESSION_CHECK_MS)
    : undefined;
  periodic?.unref();

  const subscribe: SiteEvents['subscribe'] = (siteId, topic, listener) => {
    const key = keyOf(siteId, topic);
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(key);
    };
  };

  return {
    async publish(tx, siteId, topic, payload) {
      await tx.execute(
        sql`select pg_notify(${SITE_EVENTS_CHANNEL}, ${JSON.stringify({ siteId, topic, payload })})`,
      );
    },
    subscribe,
    checkSessions,
    stream(request, reply, topic) {
      const siteId = currentSiteId(request);
      if (!sessions) throw new Error('site event streams need the session cache');
      const { tokenHash } = sessionOf(request);
      const access = request.routeOptions.config.access!;
      const route = `${request.method} ${request.routeOptions.url}`;
      const max = sessions.maxPerSession ?? MAX_STREAMS_PER_SESSION;
      if ([...streams].filter((open) => open.tokenHash === tokenHash).length >= max)
        throw new AppError('TOO_MANY_REQUESTS', `At most ${max} open event streams per session`);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(': open\n\n');
      // Events are written in order, each after its session was checked again.
      let delivery = Promise.resolve();
      const unsubscribe = subscribe(siteId, topic, (payload) => {
        delivery = delivery.then(async () => {
          await check(stream);
          if (streams.has(stream)) raw.write(`event: ${topic}\ndata: ${JSON.stringify(payload)}\n\n`);
        });
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const stream: OpenStream = {
        raw,
        tokenHash,
        siteId,
        access,
        route,
        end(reason) {
          if (!streams.has(stream)) return;
          forget();
          if (reason) raw.write(`event: ${STREAM_END_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`);
          raw.end();
        },
      };
      streams.add(stream);
      const forget = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
      };
      // The response closes when the client goes (its connection ends) or when the stream is ended.
      raw.on('close', forget);
    },
    async close() {
      stopHearingChanges?.();
      clearInterval(periodic);
      for (const stream of [...streams]) stream.end();
      streams.clear();
      listeners.clear();
      await stopListening();
    },
  };
}
