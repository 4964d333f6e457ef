import { describe, expect, it, vi } from 'vitest';
import type { PatrolSubmitResponse, PatrolTerminalEvent } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { EventQueue, memoryStore, type QueueTransport } from './eventQueue';
import { newEvent } from './round';

const PATROL = '7b0e9a4e-6a52-4c39-9a7c-2f1e3c4d5e6f';

const scan = (tagId: string) => newEvent(PATROL, 'scan', { tagId, method: 'TYPED' });
const incident = () =>
  newEvent(PATROL, 'incident', {
    incidentType: 1,
    consequence: 'LOW',
    report: 'Door open',
    description: null,
  });

type Status = PatrolSubmitResponse['results'][number]['status'];

/** A server that answers every event (or as `answer` says), recording what it got. */
function fakeServer(answer: (event: PatrolTerminalEvent) => Status | null = () => 'accepted') {
  const submitted: PatrolTerminalEvent[][] = [];
  const uploaded: string[] = [];
  const transport: QueueTransport = {
    submit: vi.fn(async (events: PatrolTerminalEvent[]) => {
      submitted.push(events);
      return {
        results: events.flatMap((event) => {
          const status = answer(event);
          if (!status) return [];
          return [
            {
              id: event.id,
              status,
              code: status === 'rejected' ? 'VALIDATION' : null,
              message: status === 'rejected' ? 'validation.required' : null,
              instance: 1,
              incident: event.type === 'incident' ? 9 : null,
            },
          ];
        }),
      };
    }),
    upload: vi.fn(async (eventId: string) => {
      uploaded.push(eventId);
    }),
  };
  return { transport, submitted, uploaded };
}

describe('EventQueue', () => {
  it('sends the events in the order they were recorded', async () => {
    const server = fakeServer();
    const queue = new EventQueue(memoryStore(), server.transport);
    const events = [newEvent(PATROL, 'start', { route: 1, guard: 2 }), scan('A'), scan('B'), scan('C')];
    for (const event of events) await queue.enqueue(event);
    expect(queue.getState().events.map((event) => event.id)).toEqual(events.map((event) => event.id));
    const result = await queue.flush();
    expect(result).toMatchObject({ status: 'done', answered: 4 });
    expect(server.submitted).toEqual([events]);
    expect(queue.getState().events).toEqual([]);
  });

  it('stores an event before it resolves the enqueue', async () => {
    const store = memoryStore();
    const queue = new EventQueue(store, fakeServer().transport);
    const event = scan('A');
    await queue.enqueue(event);
    expect(store.data.get('events')).toEqual([event]);
  });

  it('removes only the events the server answered, and keeps the rejected ones for the guard', async () => {
    const [a, b, c] = [scan('A'), scan('B'), scan('C')];
    const server = fakeServer((event) =>
      event.id === a.id ? 'duplicate' : event.id === b.id ? 'rejected' : null,
    );
    const queue = new EventQueue(memoryStore(), server.transport);
    for (const event of [a, b, c]) await queue.enqueue(event);
    const result = await queue.flush();
    expect(result.status).toBe('failed');
    expect(queue.getState().events).toEqual([c]);
    expect(queue.getState().rejected).toEqual([
      { event: b, photo: false, code: 'VALIDATION', message: 'validation.required' },
    ]);
    await queue.dismissRejected();
    expect(queue.getState().rejected).toEqual([]);
  });

  it('keeps every event when the network fails, and sends them when it is back', async () => {
    const server = fakeServer();
    const submit = server.transport.submit;
    const offline = vi.fn(async () => {
      throw new NetworkError('Network error');
    });
    const transport: QueueTransport = { ...server.transport, submit: offline };
    const store = memoryStore();
    const queue = new EventQueue(store, transport);
    const events = [scan('A'), scan('B')];
    for (const event of events) await queue.enqueue(event);
    const failed = await queue.flush();
    expect(failed).toMatchObject({ status: 'failed', answered: 0, transient: true });
    expect(queue.getState().events).toEqual(events);
    expect(store.data.get('events')).toEqual(events);
    transport.submit = submit;
    expect(await queue.flush()).toMatchObject({ status: 'done', answered: 2 });
    expect(queue.getState().events).toEqual([]);
  });

  it('keeps the events when the server refuses the whole submission (a revoked token)', async () => {
    const transport: QueueTransport = {
      submit: async () => {
        throw new ApiError(401, 'TERMINAL_REQUIRED', null, null);
      },
      upload: async () => undefined,
    };
    const queue = new EventQueue(memoryStore(), transport);
    await queue.enqueue(scan('A'));
    expect(await queue.flush()).toMatchObject({ status: 'failed', transient: false });
    expect(queue.getState().events).toHaveLength(1);
  });

  it('resumes after a reload: a new queue on the same store has the events, the photos and the refusals', async () => {
    const store = memoryStore();
    const first = new EventQueue(
      store,
      fakeServer((event) => (event.type === 'scan' ? 'rejected' : null)).transport,
    );
    const rejectedScan = scan('X');
    await first.enqueue(rejectedScan);
    await first.flush();
    const withPhoto = incident();
    await first.enqueue(scan('A'));
    await first.enqueue(withPhoto, new Blob(['jpeg'], { type: 'image/jpeg' }));

    const server = fakeServer();
    const second = new EventQueue(store, server.transport);
    await second.ready;
    expect(second.getState().events.map((event) => event.type)).toEqual(['scan', 'incident']);
    expect(second.getState().photos).toBe(1);
    expect(second.getState().rejected.map((refusal) => refusal.event.id)).toEqual([rejectedScan.id]);
    await second.flush();
    expect(server.uploaded).toEqual([withPhoto.id]);
    expect(second.getState()).toMatchObject({ events: [], photos: 0 });
    expect(store.data.has(`photo:${withPhoto.id}`)).toBe(false);
  });

  it('sends nothing twice while a flush is under way, and keeps events recorded meanwhile', async () => {
    let release: () => void = () => undefined;
    const server = fakeServer();
    const answer = server.transport.submit;
    const held = new Promise<void>((resolve) => (release = resolve));
    const submit = vi.fn(async (events: PatrolTerminalEvent[], sentAt: string) => {
      await held;
      return answer(events, sentAt);
    });
    const queue = new EventQueue(memoryStore(), { ...server.transport, submit });
    const a = scan('A');
    await queue.enqueue(a);
    const first = queue.flush();
    const second = queue.flush();
    expect(second).toBe(first);
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(queue.getState().sending).toBe(true);
    const b = scan('B');
    await queue.enqueue(b);
    release();
    await first;
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls.map(([events]) => events.map((event) => event.id))).toEqual([[a.id], [b.id]]);
    expect(queue.getState()).toMatchObject({ events: [], sending: false });
  });

  it('uploads a photo only after its incident event was answered, and drops the photo of a rejected one', async () => {
    const accepted = incident();
    const refused = incident();
    const server = fakeServer((event) => (event.id === refused.id ? 'rejected' : 'accepted'));
    const store = memoryStore();
    const queue = new EventQueue(store, server.transport);
    await queue.enqueue(accepted, new Blob(['a']));
    await queue.enqueue(refused, new Blob(['b']));
    await queue.flush();
    expect(server.uploaded).toEqual([accepted.id]);
    expect(store.data.has(`photo:${refused.id}`)).toBe(false);
    expect(queue.getState().photos).toBe(0);
  });

  it('keeps a photo whose upload failed for lack of a connection; reports one the server refused', async () => {
    const event = incident();
    const server = fakeServer();
    const upload = vi.fn(async () => {
      throw new NetworkError('Network error');
    });
    const queue = new EventQueue(memoryStore(), { ...server.transport, upload });
    await queue.enqueue(event, new Blob(['a']));
    expect(await queue.flush()).toMatchObject({ status: 'failed', answered: 1 });
    expect(queue.getState()).toMatchObject({ events: [], photos: 1 });
    upload.mockImplementation(async () => {
      throw new ApiError(400, 'FILE_TYPE_MISMATCH', null, null);
    });
    await queue.flush();
    expect(queue.getState().photos).toBe(0);
    expect(queue.getState().rejected).toEqual([
      { event, photo: true, code: 'FILE_TYPE_MISMATCH', message: null },
    ]);
  });

  it('sends a long queue in batches of the submit limit', async () => {
    const server = fakeServer();
    const queue = new EventQueue(memoryStore(), server.transport, { batchSize: 2 });
    for (const tag of ['A', 'B', 'C', 'D', 'E']) await queue.enqueue(scan(tag));
    await queue.flush();
    expect(server.submitted.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });
});
