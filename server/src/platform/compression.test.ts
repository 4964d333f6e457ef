import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { fakeWebDir } from '../../test/webDir';
import { PUBLIC } from './guard';
import { sendJson } from './crud';

/** Script text long enough to be compressed, and compressible as real scripts are. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'text number ${i}';`).join(
  '\n',
);
const STYLE = Array.from({ length: 200 }, (_, i) => `.class-${i} { margin: ${i}px; }`).join('\n');
/** What the precompressed siblings hold: different from the original, so the test sees which was sent. */
const PRECOMPRESSED = `${SCRIPT}\n// precompressed`;
const BIG_JSON = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Record ${i}` })));

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  // One script with precompressed siblings (as the build writes), one style sheet without.
  webDir = fakeWebDir({ script: SCRIPT, style: STYLE, precompressed: PRECOMPRESSED });
  ctx = await createTestContext({
    webDir,
    // An API answer sent as a ready JSON text, as the CRUD lists are.
    routes: (app) => {
      app.get('/api/test/json-text', { config: { access: PUBLIC } }, (_request, reply) =>
        sendJson(reply, BIG_JSON),
      );
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

type Response = Awaited<ReturnType<TestContext['call']>>;

function decoded(response: Response): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // The web app's policy on its files, the API's on API answers.
  expect(response.headers['content-security-policy']).toMatch(/^default-src '(self|none)'/);
}

describe('compression', () => {
  it('compresses files with brotli or gzip as accepted, keeping type, caching and security headers', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const style = await ctx.call(null, 'GET', '/assets/index-Ef56Gh78.css', undefined, {
        'accept-encoding': accept,
      });
      expect(style.statusCode, accept).toBe(200);
      expect(style.headers['content-encoding'], accept).toBe(encoding);
      expect(style.headers['content-type']).toContain('text/css');
      expect(style.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(style.headers.vary).toContain('accept-encoding');
      expectSecurityHeaders(style);
      expect(decoded(style)).toBe(STYLE);
      expect(style.rawPayload.length).toBeLessThan(STYLE.length / 3);
    }
  });

  it("sends the build's precompressed files in place of the original", async () => {
    for (const encoding of ['br', 'gzip']) {
      const script = await ctx.call(null, 'GET', '/assets/index-Ab12Cd34.js', undefined, {
        'accept-encoding': encoding,
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-encoding']).toBe(encoding);
      expect(script.headers['content-type']).toContain('javascript');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectSecurityHeaders(script);
      expect(decoded(script)).toBe(PRECOMPRESSED);
    }
    // The siblings are not files of their own.
    const sibling = await ctx.call(null, 'GET', '/assets/index-Ab12Cd34.js.br');
    expect(sibling.headers['content-type']).toContain('text/html');
  });

  it('sends everything as it is without Accept-Encoding', async () => {
    const script = await ctx.call(null, 'GET', '/assets/index-Ab12Cd34.js', undefined, {
      'accept-encoding': '',
    });
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const style = await ctx.call(null, 'GET', '/assets/index-Ef56Gh78.css');
    expect(style.headers['content-encoding']).toBeUndefined();
    expect(style.body).toBe(STYLE);
    const json = await ctx.call(null, 'GET', '/api/test/json-text');
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.json()).toEqual(JSON.parse(BIG_JSON));
    const identity = await ctx.call(null, 'GET', '/api/test/json-text', undefined, {
      'accept-encoding': 'identity',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(JSON.parse(BIG_JSON));
  });

  it('compresses API answers, those sent as JSON text and those serialized from objects', async () => {
    for (const encoding of ['br', 'gzip']) {
      const text = await ctx.call(null, 'GET', '/api/test/json-text', undefined, {
        'accept-encoding': encoding,
      });
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-encoding']).toBe(encoding);
      expect(text.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(text.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(text);
      expect(JSON.parse(decoded(text))).toEqual(JSON.parse(BIG_JSON));

      const plain = await ctx.call(ctx.admin, 'GET', '/api/docs');
      const docs = await ctx.call(ctx.admin, 'GET', '/api/docs', undefined, { 'accept-encoding': encoding });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-encoding']).toBe(encoding);
      expect(docs.headers['content-type']).toContain('application/json');
      expect(docs.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(decoded(docs))).toEqual(plain.json());
    }
  });

  it('leaves small answers and index.html as they are; index.html is never cached', async () => {
    const session = await ctx.call(null, 'GET', '/api/session', undefined, { 'accept-encoding': 'br, gzip' });
    expect(session.statusCode).toBe(401);
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(session.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    for (const url of ['/', '/visits/manager']) {
      const page = await ctx.call(null, 'GET', url, undefined, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(decoded(page)).toContain('<div id="root"></div>');
    }
  });
});
