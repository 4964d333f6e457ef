import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compressed answers, brotli or gzip as the request's `Accept-Encoding` prefers (brotli when both are
 * accepted), for API answers (JSON sent as objects or as ready texts, CSV exports) and the web app's files
 * alike; none without `Accept-Encoding`, and none for content that is compressed already (images, PDFs).
 * Hashed assets built with precompressed `.br`/`.gz` siblings are sent as those files (webApp.ts); this
 * hook leaves an answer that has its `Content-Encoding` alone. Brotli at quality 4: close to gzip's speed
 * with smaller output; the built assets have their quality-11 files.
 *
 * Compression leaks the length of a secret beside attacker-chosen text only when the attacker can make the
 * victim's browser send authenticated requests (BREACH); the API's credentials are the `X-Auth-Token` header,
 * which no other origin can make the browser send.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
