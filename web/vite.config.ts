import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { SHELL_FILES_META } from './src/lib/prefetchShell';
import { loginTexts } from './src/locales/loginTexts';
import { SHELL_SOURCES } from './scripts/shellSources.mjs';
import { LOGIN_SHELL_CLASS, LOGIN_SHELL_ID, showLoginShell } from './src/lib/loginShell';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a `.br` and a `.gz` file beside every hashed script, style sheet and image of the build worth
 * compressing, at the best compression: the server sends them in place of the file to browsers that accept
 * them (server/src/platform/webApp.ts, @fastify/static's `preCompressed`) instead of compressing each answer.
 */
function precompressAssets(): Plugin {
  return {
    name: 'strazce-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter(
        (file) => file.startsWith('assets/') && /\.(js|mjs|css|svg|json)$/.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const filePath = path.join(outDir, file);
          const content = await fs.readFile(filePath);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${filePath}.br`, br), fs.writeFile(`${filePath}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The entry (main.tsx) loads the app (start.tsx) by a dynamic import, after its CSP set-up: without help the
 * browser would learn of start's chunks only once the entry has run, a round trip later. index.html names them
 * as module preloads (and start's style sheet), so they load beside the entry: the login page paints after three
 * round trips (the page; the entry with the app; the language's texts and the login page's chunk, which
 * router.tsx asks for at once) instead of five. Preloading evaluates nothing: the CSP set-up still runs first.
 * It also names the files of the logged-in app's shell (`<meta name="strazce-shell-files">`): a guest's login page
 * prefetches them once it has loaded (lib/prefetchShell.ts), so that the home screen does not wait for them after
 * the login.
 */
function preloadStart(): Plugin {
  return {
    name: 'strazce-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return [];
        const chunkOf = (source: string) => {
          const chunk = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(source),
          );
          if (!chunk || chunk.type !== 'chunk') throw new Error(`preloadStart: no chunk of ${source}`);
          return chunk;
        };
        /** A chunk's file with its static imports' files (what loading it loads), and their style sheets. */
        const closure = (fileNames: string[]) => {
          const files = new Set<string>();
          const css = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
            files.add(fileName);
            for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
            chunk.imports.forEach(visit);
          };
          fileNames.forEach(visit);
          return { files, css };
        };
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        const start = closure([chunkOf('/src/start.tsx').fileName]);
        // The logged-in app's shell and page registry (router.tsx), prefetched once the login page has loaded.
        const shell = closure(SHELL_SOURCES.map((source) => chunkOf(`/${source}`).fileName));
        const shellFiles = [...shell.files, ...shell.css].filter(
          (file) => !alreadyLoaded.has(file) && !start.files.has(file) && !start.css.has(file),
        );
        return [
          ...[...start.css].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}`, nonce: '__CSP_NONCE__' },
            injectTo: 'head' as const,
          })),
          ...[...start.files]
            .filter((file) => !alreadyLoaded.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, nonce: '__CSP_NONCE__' },
              injectTo: 'head' as const,
            })),
          {
            tag: 'meta',
            attrs: { name: SHELL_FILES_META, content: shellFiles.map((file) => `/${file}`).join(' ') },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

const LOGIN_TEXTS_PREFIX = 'virtual:login-texts/';
const localesDir = fileURLToPath(new URL('./src/locales/', import.meta.url));

/**
 * `import('virtual:login-texts/cs')`: the texts of src/locales/cs.json that the login page uses
 * (src/locales/loginTexts.ts), as a module of its own. One language file stays the source of every text.
 */
export function loginTextsModules(): Plugin {
  return {
    name: 'strazce-login-texts',
    resolveId(id) {
      return id.startsWith(LOGIN_TEXTS_PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${LOGIN_TEXTS_PREFIX}`)) return undefined;
      // Named without `.json`: Vite's JSON plugin would take the module for a JSON file.
      const file = path.join(localesDir, `${path.basename(id.slice(LOGIN_TEXTS_PREFIX.length + 1))}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(loginTexts(texts))};`;
    },
  };
}

/** The language files of the product's languages (lib/i18n.ts loads the same). */
const LANGUAGE_FILES = { cs: 'cs', 'en-US': 'en' } as const;

/** The style sheets the login page uses (it has no Ant Design), put into index.html with its copy. */
const LOGIN_SHELL_STYLES = [
  'src/app/global.css',
  'src/components/light/light.css',
  'src/modules/auth/auth.css',
];

/**
 * index.html's copy of the login page (src/lib/loginShell.ts): the build renders the login page to HTML in each
 * language (src/modules/auth/loginShellMarkup.tsx, through a Vite server of its own for the server-side render)
 * and puts it into the page as `<template>`s, with the page's style sheets and the inline script that shows the
 * guest's language before the first paint. A guest's login form then paints after the page itself (one round
 * trip), not after the app's scripts and the texts (three).
 */
function loginShell(): Plugin {
  let root = '';
  return {
    name: 'strazce-login-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler() {
        const renderer = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          plugins: [loginTextsModules()],
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        let markup: Array<[string, string]>;
        try {
          const { loginShellMarkup } = await renderer.ssrLoadModule('/src/modules/auth/loginShellMarkup.tsx');
          markup = await Promise.all(
            Object.entries(LANGUAGE_FILES).map(async ([language, file]): Promise<[string, string]> => {
              const texts = JSON.parse(await fs.readFile(path.join(localesDir, `${file}.json`), 'utf8'));
              // The test ids stay the app's: a browser test finds the app's form, not its copy.
              const html = (await loginShellMarkup(language, texts)) as string;
              return [language, html.replace(/ data-testid="[^"]*"/g, '')];
            }),
          );
        } finally {
          await renderer.close();
        }
        const styles = await Promise.all(
          LOGIN_SHELL_STYLES.map((file) => fs.readFile(path.join(root, file), 'utf8')),
        );
        // The icons' own rules, which @ant-design/icons adds to the page when its first icon renders.
        const { iconStyles } = createRequire(import.meta.url)('@ant-design/icons/lib/utils') as {
          iconStyles: string;
        };
        return [
          {
            tag: 'style',
            attrs: { nonce: '__CSP_NONCE__' },
            children: [...styles, iconStyles, `.${LOGIN_SHELL_CLASS} #root { display: none; }`].join('\n'),
            injectTo: 'head' as const,
          },
          ...markup.map(([language, html]) => ({
            tag: 'template',
            attrs: { id: `${LOGIN_SHELL_ID}-${language}` },
            children: html,
            injectTo: 'body-prepend' as const,
          })),
          { tag: 'div', attrs: { id: LOGIN_SHELL_ID }, injectTo: 'body-prepend' as const },
          {
            tag: 'script',
            attrs: { nonce: '__CSP_NONCE__' },
            children: `(${showLoginShell.toString()})();`,
            injectTo: 'body-prepend' as const,
          },
        ];
      },
    },
  };
}

/** Where the build puts pdf.js's standard fonts, and where the pages' pdf.js fetches them (signature/pdfView.tsx). */
const PDF_FONTS_PATH = 'pdfjs/standard_fonts/';
const pdfFontsDir = fileURLToPath(new URL('../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

/**
 * pdf.js draws the fonts a PDF names without embedding them (Helvetica, Times…: what PDF generators such as
 * pdf-lib's standard fonts write) with these files: without them a template shows in the browser's nearest font.
 * They are copied into the build at a fixed path (pdf.js asks for them by name) and served from it in development.
 */
function pdfStandardFonts(): Plugin {
  const fontFiles = async () => (await fs.readdir(pdfFontsDir)).filter((name) => /\.(pfb|ttf)$/.test(name));
  return {
    name: 'strazce-pdf-standard-fonts',
    async generateBundle() {
      for (const name of await fontFiles())
        this.emitFile({
          type: 'asset',
          fileName: `${PDF_FONTS_PATH}${name}`,
          source: await fs.readFile(path.join(pdfFontsDir, name)),
        });
    },
    configureServer(server) {
      server.middlewares.use(`/${PDF_FONTS_PATH}`, (request, response, next) => {
        const name = path.basename(request.url ?? '');
        fontFiles()
          .then(async (names) => {
            if (!names.includes(name)) return next();
            response.setHeader('content-type', 'application/octet-stream');
            response.end(await fs.readFile(path.join(pdfFontsDir, name)));
          })
          .catch(next);
      });
    },
  };
}

/**
 * React Router publishes its production build beside the development one but names only the development one in
 * its package exports; the app's build takes the production build (no development checks and warnings; half a
 * kB of gzip less on the login page).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The service worker (Workbox through vite-plugin-pwa, docs/performance.md "Repeat visits"): it precaches the
 * build's hashed files, so a repeat visit loads no script or style sheet over the network, and an open page of
 * an older build still finds its own chunks after a new deployment (until the user takes the new version:
 * app/appUpdate.ts shows the prompt). It never caches an API answer (personal data) and never precaches
 * index.html: the page is fetched from the server on every navigation (it carries a fresh CSP nonce,
 * server/src/platform/webApp.ts); its last copy is kept under one key only to open the app without a network.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // Registered by app/appUpdate.ts (after the page has loaded), not by a script in index.html.
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ['assets/**/*.{js,css,svg,woff2}', 'favicon.svg'],
      globIgnores: ['**/*.br', '**/*.gz', 'index.html'],
      // Hashed names change with their content: no revision needed (and no cache-busting query).
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      navigateFallback: null,
      runtimeCaching: [
        {
          // Pages (navigations outside the API): from the server, the last copy when the network fails.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !/^\/+api(\/|$)/i.test(decodeURIComponent(url.pathname)),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'strazce-page',
            networkTimeoutSeconds: 5,
            cacheableResponse: { statuses: [200] },
            // Every path is the same page (the history fallback): one copy, and no path kept in the cache.
            plugins: [{ cacheKeyWillBeUsed: async () => '/' }],
          },
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    loginTextsModules(),
    precompressAssets(),
    pdfStandardFonts(),
    preloadStart(),
    loginShell(),
    serviceWorker(),
  ],
  resolve: {
    alias:
      command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  // index.html's scripts, style sheets and <meta property="csp-nonce"> carry this placeholder; the server
  // replaces it with a fresh nonce per answer (server/src/platform/webApp.ts), named in its CSP header.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    // dist/.vite/manifest.json: which chunks each page loads, read by the bundle budget (scripts/bundleBudget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contract (packages/contract) only declares: constants, schemas, entities. Its modules have no
        // effects of their own, so what a page does not use is left out (its package.json says nothing).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
}));
