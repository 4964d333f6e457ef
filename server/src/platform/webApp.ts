import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from './guard';
import { contentSecurityPolicy, newCspNonce } from './securityHeaders';
import { isApiUrl } from './apiPath';

/**
 * The placeholder Vite writes as the nonce of index.html's scripts, style sheets and its
 * `<meta property="csp-nonce">` (web/vite.config.ts `html.cspNonce`); replaced by a fresh nonce per answer.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Hashed build output (`/assets/index-<hash>.js`): its name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at `/`: its files as they are (hashed assets cached for good, and sent as their
 * precompressed `.br` or `.gz` sibling when the build wrote one and the request accepts it; other answers are
 * compressed as they go, compression.ts), and index.html for
 * `/`, `/index.html` and every other non-API path (the history fallback), each time with a fresh CSP nonce
 * in the page and in its Content-Security-Policy header, never cached (a cached page would reuse a nonce).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    // index.html is never sent as a file: it needs its nonce.
    index: false,
    // The build's `.br`/`.gz` files are sent in place of their original (web/vite.config.ts), not by name.
    preCompressed: true,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(path.join(webDir, 'assets') + path.sep))
        reply.header('cache-control', IMMUTABLE);
    },
  });

  const sendIndex = (reply: FastifyReply) => {
    const nonce = newCspNonce();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .send(indexHtml.split(CSP_NONCE_PLACEHOLDER).join(nonce));
  };
  const options = { config: { access: PUBLIC }, schema: { hide: true } };
  app.get('/', options, (_request, reply) => sendIndex(reply));
  app.get('/*', options, (request, reply) => {
    // A path that names the API however it is spelled (`/API/x`, `//api/x`, `/api%2Fx`) is no page of the app.
    if (isApiUrl(request.url)) return reply.callNotFound();
    return sendIndex(reply);
  });
}
