import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/database';
import { currentSiteId } from './guard';

declare module 'fastify' {
  interface FastifyInstance {
    siteEvents: SiteEvents;
  }
}

/** The channel on which every app instance on the database hears the events of every site. */
export const SITE_EVENTS_CHANNEL = 'strazce_site_events';
/** A comment line is sent this often on an open stream, so that proxies keep it and a dead client is found. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;

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
   * <topic>`, `data: <payload JSON>`) until the client goes or the app closes; a heartbeat comment every
   * `EVENT_STREAM_HEARTBEAT_MS`.
   */
  stream(request: FastifyRequest, reply: FastifyReply, topic: string): void;
  /** Ends every open stream (before the server closes: they would keep it open) and stops listening. */
  close(): Promise<void>;
}

export async function createSiteEvents(
  database: Database,
  heartbeatMs = EVENT_STREAM_HEARTBEAT_MS,
): Promise<SiteEvents> {
  const listeners = new Map<string, Set<Listener>>();
  const streams = new Set<ServerResponse>();
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
    stream(request, reply, topic) {
      const siteId = currentSiteId(request);
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
      const unsubscribe = subscribe(siteId, topic, (payload) => {
        raw.write(`event: ${topic}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      streams.add(raw);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(raw);
      };
      // The response closes when the client goes (its connection ends) or when the stream is ended.
      raw.on('close', end);
    },
    async close() {
      for (const raw of [...streams]) raw.end();
      streams.clear();
      listeners.clear();
      await stopListening();
    },
  };
}
