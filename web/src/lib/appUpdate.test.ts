// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_RELOAD_GUARD_MS,
  AUTO_RELOAD_KEY,
  isChunkLoadError,
  reloadOnceForNewVersion,
} from './appUpdate';
import { ChunkLoadTimeoutError } from './withTimeout';

describe('isChunkLoadError', () => {
  it("knows the browsers' words for a chunk that could not be loaded", () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
  });

  it('is not a time-out, a failure of the page itself or a non-error', () => {
    expect(isChunkLoadError(new ChunkLoadTimeoutError())).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('dynamically imported module')).toBe(false);
  });
});

describe('reloadOnceForNewVersion', () => {
  afterEach(() => sessionStorage.clear());

  it('reloads once, and not again within the guard (no loop on a broken deployment)', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(1_000_000, reload)).toBe(true);
    expect(sessionStorage.getItem(AUTO_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnceForNewVersion(1_000_000 + AUTO_RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the guard has passed', () => {
    const reload = vi.fn();
    reloadOnceForNewVersion(1_000_000, reload);
    expect(reloadOnceForNewVersion(1_000_000 + AUTO_RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
