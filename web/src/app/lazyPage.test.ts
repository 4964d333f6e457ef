import { afterEach, describe, expect, it, vi } from 'vitest';

const visitManager = vi.fn(() => Promise.resolve({ default: () => null }));
vi.mock('../modules/registry', () => ({ PAGES: { '/visits/manager': visitManager } }));

const { preloadPageOf } = await import('./lazyPage');

describe('preloadPageOf', () => {
  afterEach(() => visitManager.mockClear());

  it('loads the page of the address the app opens on, through the page registry', async () => {
    preloadPageOf('/visits/manager');
    await vi.waitFor(() => expect(visitManager).toHaveBeenCalledTimes(1));
  });

  it('loads nothing for an address without a page of its own (a path with parameters, an unknown one)', async () => {
    preloadPageOf('/visits/manager/42');
    preloadPageOf('/');
    // The registry's promise settles first: nothing is called, nothing is thrown.
    await import('../modules/registry');
    await Promise.resolve();
    expect(visitManager).not.toHaveBeenCalled();
  });
});
