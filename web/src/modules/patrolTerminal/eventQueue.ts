import type { PatrolSubmitResponse, PatrolTerminalEvent } from '@strazce/contract';
import { isTransient } from './terminalApi';

/** Where the queue keeps its state: IndexedDB on the device (idbStore.ts), memory in tests. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** A store in memory: the tests', and the fallback of a browser without IndexedDB (nothing survives a reload). */
export function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async <T>(key: string) => data.get(key) as T | undefined,
    // A copy, as a real store keeps: later changes of the caller's lists do not reach it.
    set: async (key, value) => void data.set(key, value instanceof Blob ? value : structuredClone(value)),
    del: async (key) => void data.delete(key),
  };
}

/** What sends the queue: the terminal's submit and photo upload (terminalApi.ts). */
export interface QueueTransport {
  submit(events: PatrolTerminalEvent[], sentAt: string): Promise<PatrolSubmitResponse>;
  upload(eventId: string, photo: Blob): Promise<void>;
}

/** An event the server refused (it never will accept it), or an incident photo it refused; shown to the guard. */
export interface RejectedEvent {
  event: PatrolTerminalEvent;
  /** True when the event was stored and only its photo was refused. */
  photo: boolean;
  code: string | null;
  message: string | null;
}

export interface QueueState {
  /** Events waiting to be sent (in order). */
  events: readonly PatrolTerminalEvent[];
  /** Photos of incident events waiting to be uploaded. */
  photos: number;
  rejected: readonly RejectedEvent[];
  /** A flush is under way. */
  sending: boolean;
}

export interface FlushResult {
  /** `empty`: nothing to send; `done`: all sent; `failed`: a call failed, what was not answered is kept. */
  status: 'empty' | 'done' | 'failed';
  /** Events the server answered in this flush. */
  answered: number;
  error?: unknown;
  /** The failure may pass by itself (no connection, a server error, too many requests). */
  transient?: boolean;
}

const KEYS = { events: 'events', photos: 'photos', rejected: 'rejected' } as const;
const photoKey = (eventId: string) => `photo:${eventId}`;

/** The submit's limit of events at once (patrolSubmitSchema). */
export const SUBMIT_BATCH = 500;

/**
 * The terminal's outbox. Every action of the guard is appended here (and written to the store) before anything
 * is sent; `flush` sends the events in order, removes exactly those the server answered (accepted, duplicate or
 * rejected: the rejected ones are kept aside for the guard to see), then uploads the photos of the answered
 * incident events. A failed call leaves everything not answered in place; sending an event again is harmless
 * (the server knows it by its id). One flush at a time: a call during a flush gets the flush under way.
 */
export class EventQueue {
  private events: PatrolTerminalEvent[] = [];
  /** Incident events whose photo waits (the photo itself is stored under `photo:<event id>`). */
  private photos: PatrolTerminalEvent[] = [];
  private rejected: RejectedEvent[] = [];
  private inFlight: Promise<FlushResult> | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  private listeners = new Set<() => void>();
  private state: QueueState = { events: [], photos: 0, rejected: [], sending: false };
  readonly ready: Promise<void>;

  constructor(
    private readonly store: KeyValueStore,
    private readonly transport: QueueTransport,
    private readonly options: { batchSize?: number; now?: () => Date } = {},
  ) {
    this.ready = this.load();
  }

  /** Reads what an earlier page load left (a reload resumes the queue). */
  private async load(): Promise<void> {
    const [events, photos, rejected] = await Promise.all([
      this.store.get<PatrolTerminalEvent[]>(KEYS.events),
      this.store.get<PatrolTerminalEvent[]>(KEYS.photos),
      this.store.get<RejectedEvent[]>(KEYS.rejected),
    ]);
    // Anything enqueued before the load finished comes after what was stored.
    this.events = [...(events ?? []), ...this.events];
    this.photos = [...(photos ?? []), ...this.photos];
    this.rejected = [...(rejected ?? []), ...this.rejected];
    this.publish();
  }

  /** Runs a change of the lists and writes them, one change after the other. */
  private change(apply: () => void, extra?: () => Promise<void>): Promise<void> {
    const run = this.writes.then(async () => {
      await this.ready;
      if (extra) await extra();
      apply();
      await Promise.all([
        this.store.set(KEYS.events, this.events),
        this.store.set(KEYS.photos, this.photos),
        this.store.set(KEYS.rejected, this.rejected),
      ]);
      this.publish();
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Appends an event (with an incident's photo) and resolves once it is stored. */
  enqueue(event: PatrolTerminalEvent, photo?: Blob | null): Promise<void> {
    return this.change(
      () => {
        this.events.push(event);
        if (photo) this.photos.push(event);
      },
      photo ? () => this.store.set(photoKey(event.id), photo) : undefined,
    );
  }

  /** Forgets the refusals the guard has seen. */
  dismissRejected(): Promise<void> {
    return this.change(() => {
      this.rejected = [];
    });
  }

  /** Sends what waits; a flush under way is shared, never doubled. */
  flush(): Promise<FlushResult> {
    if (!this.inFlight) {
      this.inFlight = this.run().finally(() => {
        this.inFlight = null;
        this.publish();
      });
      this.publish();
    }
    return this.inFlight;
  }

  private async run(): Promise<FlushResult> {
    await this.ready;
    await this.writes;
    let answered = 0;
    const batchSize = this.options.batchSize ?? SUBMIT_BATCH;
    while (this.events.length > 0) {
      const batch = this.events.slice(0, batchSize);
      let response: PatrolSubmitResponse;
      try {
        response = await this.transport.submit(batch, (this.options.now?.() ?? new Date()).toISOString());
      } catch (error) {
        return { status: 'failed', answered, error, transient: isTransient(error) };
      }
      const results = new Map(response.results.map((result) => [result.id, result]));
      const done = batch.filter((event) => results.has(event.id));
      if (done.length === 0) return { status: 'failed', answered, transient: true };
      const doneIds = new Set(done.map((event) => event.id));
      const refused = done.filter((event) => results.get(event.id)?.status === 'rejected');
      const refusedIds = new Set(refused.map((event) => event.id));
      const droppedPhotos = this.photos.filter((event) => refusedIds.has(event.id));
      await this.change(() => {
        this.events = this.events.filter((event) => !doneIds.has(event.id));
        this.photos = this.photos.filter((event) => !refusedIds.has(event.id));
        for (const event of refused) {
          const result = results.get(event.id);
          this.rejected.push({
            event,
            photo: false,
            code: result?.code ?? null,
            message: result?.message ?? null,
          });
        }
      });
      await Promise.all(droppedPhotos.map((event) => this.store.del(photoKey(event.id))));
      answered += done.length;
      // Part of the batch unanswered: try again later rather than loop.
      if (done.length < batch.length) return { status: 'failed', answered, transient: true };
    }
    return this.uploadPhotos(answered);
  }

  /** Uploads the photos of incident events the server has answered, oldest first. */
  private async uploadPhotos(answered: number): Promise<FlushResult> {
    let uploaded = 0;
    for (const incident of [...this.photos]) {
      const id = incident.id;
      // Its event not answered yet (enqueued during this flush): the next flush.
      if (this.events.some((event) => event.id === id)) continue;
      const photo = await this.store.get<Blob>(photoKey(id));
      let refusal: RejectedEvent | null = null;
      if (photo) {
        try {
          await this.transport.upload(id, photo);
          uploaded += 1;
        } catch (error) {
          if (isTransient(error)) return { status: 'failed', answered, error, transient: true };
          const code = (error as { code?: string | null }).code ?? null;
          refusal = { event: incident, photo: true, code, message: null };
        }
      }
      await this.change(() => {
        this.photos = this.photos.filter((other) => other.id !== id);
        if (refusal) this.rejected.push(refusal);
      });
      await this.store.del(photoKey(id));
    }
    return { status: answered + uploaded > 0 ? 'done' : 'empty', answered };
  }

  private publish(): void {
    this.state = {
      events: [...this.events],
      photos: this.photos.length,
      rejected: [...this.rejected],
      sending: this.inFlight !== null,
    };
    this.listeners.forEach((listener) => listener());
  }

  /** The current state (a new object after each change: for useSyncExternalStore). */
  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
