import { createStore, del, get, set } from 'idb-keyval';
import { memoryStore, type KeyValueStore } from './eventQueue';

/**
 * The queue's store in the device's IndexedDB (database `strazce-patrol-terminal`), which keeps photos (Blobs)
 * as they are and survives reloads. Where IndexedDB cannot be opened (some private modes) the queue lives in
 * memory for this page load: `persistent` says so, and the page warns the guard.
 */
export async function openQueueStore(): Promise<{ store: KeyValueStore; persistent: boolean }> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB');
    const db = createStore('strazce-patrol-terminal', 'queue');
    const store: KeyValueStore = {
      get: <T>(key: string) => get<T>(key, db),
      set: (key, value) => set(key, value, db),
      del: (key) => del(key, db),
    };
    await store.get('events');
    return { store, persistent: true };
  } catch {
    return { store: memoryStore(), persistent: false };
  }
}
