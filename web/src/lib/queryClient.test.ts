import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { staleAfterWrites } from './queryClient';
import { systemOptionQuery } from './systemOptions';

/** A cache holding a fresh list read on another page, watching the API's successful calls. */
function cacheWithList() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  client.setQueryData(['crud', 'signature/signed', 'list', {}], [{ id: 1 }]);
  const stop = staleAfterWrites(client);
  const listState = () => client.getQueryState(['crud', 'signature/signed', 'list', {}]);
  return { client, stop, listState };
}

const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(status === 204 ? null : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the cache after writes', () => {
  it('marks every cached read stale after a successful write, so the next page reads afresh', async () => {
    const { stop, listState } = cacheWithList();
    vi.stubGlobal('fetch', answering(200, { id: 7 }));
    expect(listState()?.isInvalidated).toBe(false);
    await api.post('/signature/signed/7/sign', { zones: [] });
    expect(listState()?.isInvalidated).toBe(true);
    stop();
  });

  it('keeps the cache fresh after reads and after refused writes', async () => {
    const { stop, listState } = cacheWithList();
    vi.stubGlobal('fetch', answering(200, []));
    await api.get('/signature/signed');
    vi.stubGlobal('fetch', answering(400, { code: 'VALIDATION', message: 'Validation failed' }));
    await expect(api.put('/signature/signed/7', { version: 1 }, { silent: true })).rejects.toThrow();
    expect(listState()?.isInvalidated).toBe(false);
    stop();
  });

  it("keeps the product's options fresh after a write: no write changes them", async () => {
    const { client, stop, listState } = cacheWithList();
    vi.stubGlobal('fetch', answering(200, []));
    await client.prefetchQuery(systemOptionQuery('roles'));
    vi.stubGlobal('fetch', answering(200, { id: 7 }));
    await api.post('/signature/signed/7/sign', { zones: [] });
    expect(listState()?.isInvalidated).toBe(true);
    expect(client.getQueryState(['system_option', 'roles'])?.isInvalidated).toBe(false);
    stop();
  });
});
