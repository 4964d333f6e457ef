import { useMemo, useRef } from 'react';

/**
 * The items of a new answer in an order that moves nothing the user already sees: items shown before keep
 * their places (those no longer offered drop out), new ones come after them.
 */
export function stableOrder<T, K>(previous: readonly K[], items: readonly T[], key: (item: T) => K): T[] {
  const byKey = new Map(items.map((item) => [key(item), item] as const));
  const kept = previous.filter((itemKey) => byKey.has(itemKey));
  const keptSet = new Set(kept);
  const added = items.filter((item) => !keptSet.has(key(item)));
  return [...kept.map((itemKey) => byKey.get(itemKey)!), ...added];
}

/**
 * The suggestions of a picker as they arrive, without moving under the pointer: a click that lands while a
 * new answer replaces the list still hits the option it aimed at. `reset` (e.g. the count of times the
 * picker closed) starts a fresh order, the server's.
 */
export function useStableOrder<T, K>(items: readonly T[], key: (item: T) => K, reset?: unknown): T[] {
  const order = useRef<{ keys: K[]; reset: unknown }>({ keys: [], reset });
  return useMemo(() => {
    const previous = order.current.reset === reset ? order.current.keys : [];
    const next = stableOrder(previous, items, key);
    order.current = { keys: next.map(key), reset };
    return next;
    // `key` is a way to read an item, not data: a new function of the same kind changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, reset]);
}

/** Lower case without surrounding spaces, as a search compares (the server's ILIKE ignores case too). */
export const searchText = (text: unknown): string =>
  text === null || text === undefined ? '' : String(text).trim().toLocaleLowerCase();
