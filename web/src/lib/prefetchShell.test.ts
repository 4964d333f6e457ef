// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './idle';

/** A fresh copy of the module (it fetches the shell once per page). */
const freshModule = async () => {
  vi.resetModules();
  return import('./prefetchShell');
};

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as') ?? '',
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

beforeEach(() => {
  document.head.innerHTML =
    '<meta name="strazce-shell-files" content="/assets/AppFrame-1.js /assets/table-2.js /assets/AppFrame-3.css">';
});

describe('the logged-in shell fetched ahead (index.html names its files)', () => {
  it('prefetches them for a guest, once, without running them', async () => {
    const { prefetchShell } = await freshModule();
    prefetchShell();
    prefetchShell();
    const added = links();
    expect(added).toHaveLength(3);
    expect(added).toEqual(
      ['/assets/AppFrame-1.js', '/assets/table-2.js', '/assets/AppFrame-3.css'].map((href) => ({
        rel: 'prefetch',
        as: '',
        href,
        crossOrigin: 'anonymous',
      })),
    );
  });

  it('preloads them at once with a stored session: scripts as modules, the style sheet as a style', async () => {
    const { preloadShell } = await freshModule();
    preloadShell();
    expect(links()).toEqual([
      { rel: 'modulepreload', as: 'script', href: '/assets/AppFrame-1.js', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', as: 'script', href: '/assets/table-2.js', crossOrigin: 'anonymous' },
      { rel: 'preload', as: 'style', href: '/assets/AppFrame-3.css', crossOrigin: 'anonymous' },
    ]);
  });

  it('adds nothing where the page names no files (the development server)', async () => {
    document.head.innerHTML = '';
    const { prefetchShell } = await freshModule();
    prefetchShell();
    expect(links()).toEqual([]);
  });
});

describe('onFirstInteraction', () => {
  it('runs once, at the first key press, input or click, and not before', () => {
    const run = vi.fn();
    onFirstInteraction(run);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('input'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
