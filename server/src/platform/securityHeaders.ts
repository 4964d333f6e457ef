import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isApiRoute, isApiUrl } from './apiPath';

/** A fresh CSP nonce: 128 random bits, base64. One per served index.html. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of every answer. With a nonce (the web app's index.html) scripts and `<style>`
 * elements carrying it are allowed besides the app's own files; every other answer gets the same policy
 * without one.
 *
 * - `default-src 'self'`: anything not named below only from the app's own origin (fonts, workers, media,
 *   frames, the manifest).
 * - `script-src 'self' 'nonce-…'`: the bundled scripts (Vite's entry and the chunks it preloads); never
 *   inline scripts, `eval` or `new Function`.
 * - `style-src 'self' 'nonce-…'`: the bundled CSS file, and the `<style>` elements Ant Design's CSS-in-JS
 *   inserts, which carry the nonce (ConfigProvider `csp`, web/src/app/csp.ts). No 'unsafe-inline':
 *   `style` attributes set from scripts (React's `style={…}`, antd's positioning) go through the CSSOM,
 *   which the policy does not restrict.
 * - `img-src 'self' data: blob:`: QR codes of the two-factor set-up (data: URLs), avatars and previews of
 *   files fetched with the session token (blob: URLs), antd's inline SVG images (data:).
 * - `font-src 'self' data:`: fonts of the bundle, inlined small fonts.
 * - `connect-src 'self'`: the API is on the same origin.
 * - `object-src 'none'`: no plugins. `base-uri 'none'`: an injected `<base>` cannot redirect relative URLs.
 * - `form-action 'self'`: forms submit nowhere else. `frame-ancestors 'none'`: no framing (clickjacking).
 */
export function contentSecurityPolicy(nonce?: string): string {
  const own = nonce ? `'self' 'nonce-${nonce}'` : `'self'`;
  return [
    `default-src 'self'`,
    `script-src ${own}`,
    `style-src ${own}`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * The policy of API answers (JSON, files, errors): the OWASP REST Security Cheat Sheet's. A browser never renders
 * one as a page of the app; opened by itself it loads and runs nothing and cannot be framed. It is also a fifth of
 * the page's policy in bytes, on every call of the API.
 */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; frame-ancestors 'none'`;

/**
 * HSTS for answers over HTTPS (as the request came, or as a trusted proxy says with `X-Forwarded-Proto`): a
 * year. Without `includeSubDomains`, which would bind other services of the domain the app does not own.
 */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer, the web app's files and API answers and errors alike (an `onSend` hook
 * runs for the error and not-found handlers too):
 * `X-Content-Type-Options: nosniff`, the Content-Security-Policy (unless the answer set its own, as
 * index.html does with its nonce; API answers the API's), `X-Frame-Options: DENY` for browsers without `frame-ancestors`,
 * `Referrer-Policy: no-referrer` (URLs carry password-reset tokens; no other origin needs to know where a
 * user came from), HSTS over HTTPS, and `Cache-Control: no-store` on every API answer: nearly all of them
 * carry personal or site data, and none is worth a shared cache's risk.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = contentSecurityPolicy();
  app.addHook('onSend', (request, reply, payload, done) => {
    // An API route's answer, or any answer to a path that names the API however spelled (apiPath.ts).
    const api = isApiRoute(request) || isApiUrl(request.url);
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', api ? API_CONTENT_SECURITY_POLICY : csp);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (api) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
