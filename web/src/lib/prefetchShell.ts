import { afterLoadWhenIdle } from './idle';

/** The `<meta>` of index.html that names the files of the logged-in app's shell (web/vite.config.ts). */
export const SHELL_FILES_META = 'strazce-shell-files';

let prefetched = false;

/**
 * Downloads the files of the logged-in app's shell into the browser's cache without running them, once the page
 * has loaded and the browser is idle: the login page paints without Ant Design, and the home screen after the
 * login does not wait for it. Prefetched at the lowest priority, with the module scripts' CORS mode (so that the
 * later import takes them from the cache).
 */
export function prefetchShell(): void {
  if (prefetched || typeof document === 'undefined') return;
  prefetched = true;
  const files = document
    .querySelector<HTMLMetaElement>(`meta[name="${SHELL_FILES_META}"]`)
    ?.content.split(' ');
  if (!files) return;
  afterLoadWhenIdle(() => {
    for (const href of files.filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
  });
}
