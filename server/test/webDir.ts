import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '../src/platform/webApp';

export const FAKE_SCRIPT = '/assets/index-Ab12Cd34.js';
export const FAKE_STYLE = '/assets/index-Ef56Gh78.css';

/**
 * A built web app in a temporary folder, as Vite writes it (web/vite.config.ts `html.cspNonce`): index.html
 * loading one script and one style sheet, and an icon. With `precompressed`, the script gets `.br` and `.gz`
 * siblings holding that text (as the build writes them).
 */
export function fakeWebDir(
  options: { script?: string; style?: string; precompressed?: string } = {},
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
      `<script type="module" crossorigin src="${FAKE_SCRIPT}" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
      `<link rel="stylesheet" crossorigin href="${FAKE_STYLE}" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `</head><body><div id="root"></div></body></html>`,
  );
  const script = path.join(dir, FAKE_SCRIPT);
  fs.writeFileSync(script, options.script ?? 'console.log(1);');
  if (options.precompressed !== undefined) {
    fs.writeFileSync(`${script}.br`, brotliCompressSync(options.precompressed));
    fs.writeFileSync(`${script}.gz`, gzipSync(options.precompressed));
  }
  fs.writeFileSync(path.join(dir, FAKE_STYLE), options.style ?? 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
