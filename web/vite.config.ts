import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), precompressAssets()],
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
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
