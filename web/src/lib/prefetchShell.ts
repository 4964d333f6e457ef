/** The `<meta>` of index.html that names the files of the logged-in app's shell (web/vite.config.ts). */
export const SHELL_FILES_META = 'strazce-shell-files';

let requested = false;

/** The files of the logged-in app's shell and page registry, from index.html (none in development). */
function shellFiles(): string[] {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SHELL_FILES_META}"]`);
  return meta?.content.split(' ').filter(Boolean) ?? [];
}

function addLinks(kind: (href: string) => { rel: string; as?: string }): void {
  if (requested || typeof document === 'undefined') return;
  requested = true;
  for (const href of shellFiles()) {
    const { rel, as } = kind(href);
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.setAttribute('as', as);
    // The module scripts' CORS mode: the later import takes them from the cache.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * With a stored session the logged-in app comes next: its shell is fetched at once, beside the app's own chunks,
 * instead of after the router asks for it (main.tsx).
 */
export function preloadShell(): void {
  addLinks((href) =>
    href.endsWith('.css') ? { rel: 'preload', as: 'style' } : { rel: 'modulepreload', as: 'script' },
  );
}

/**
 * A guest on the login page: the shell is downloaded into the cache (not run) at the lowest priority, so that the
 * home screen after the login does not wait for it (router.tsx calls it once the user starts to log in).
 */
export function prefetchShell(): void {
  addLinks(() => ({ rel: 'prefetch' }));
}
