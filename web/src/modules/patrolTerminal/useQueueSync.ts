import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { EventQueue, QueueState } from './eventQueue';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The browser's idea of the connection (false means surely offline; true only possibly online). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** First retry after 2 s, doubling up to a minute, with some jitter (many terminals coming back at once). */
export function retryDelay(failures: number): number {
  const base = Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.85 + Math.random() * 0.3));
}

/** How often the queue is tried while the browser says it is offline (its `online` event may not come). */
const OFFLINE_CHECK_MS = 30_000;

const emptyState: QueueState = { events: [], photos: 0, rejected: [], sending: false };

/**
 * Keeps the queue flowing: a flush as soon as something is queued or the connection comes back, and after a
 * failure a retry timer with back-off. Returns the queue's state, the connection, the last failure and a way to
 * send at once.
 */
export function useQueueSync(queue: EventQueue | null) {
  const online = useOnline();
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => queue?.subscribe(listener) ?? (() => undefined), [queue]),
    () => queue?.getState() ?? emptyState,
  );
  const [lastError, setLastError] = useState<unknown>(null);
  const kickRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!queue) return;
    let failures = 0;
    let timer: number | undefined;
    let stopped = false;
    const pending = () => {
      const current = queue.getState();
      return current.events.length > 0 || current.photos > 0;
    };
    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void attempt(), ms);
    };
    const attempt = async () => {
      timer = undefined;
      if (stopped || !pending()) return;
      if (!navigator.onLine) {
        schedule(OFFLINE_CHECK_MS);
        return;
      }
      const result = await queue.flush();
      if (stopped) return;
      if (result.status === 'failed') {
        failures += 1;
        setLastError(result.error ?? null);
        schedule(retryDelay(failures));
      } else {
        failures = 0;
        setLastError(null);
        if (pending()) schedule(0);
      }
    };
    const kick = () => {
      failures = 0;
      schedule(0);
    };
    kickRef.current = kick;
    // Something new in the queue: send it now, unless a retry is waiting out its back-off.
    const unsubscribe = queue.subscribe(() => {
      if (timer === undefined && failures === 0 && !queue.getState().sending && pending()) schedule(0);
    });
    window.addEventListener('online', kick);
    schedule(0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('online', kick);
    };
  }, [queue]);

  const sendNow = useCallback(() => kickRef.current(), []);
  return { online, state, lastError, sendNow };
}
