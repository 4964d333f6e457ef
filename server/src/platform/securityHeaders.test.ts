import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { fakeWebDir } from '../../test/webDir';
import { CSP_NONCE_PLACEHOLDER } from './webApp';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = fakeWebDir();
  ctx = await createTestContext({ webDir, trustProxy: true });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

type Response = Awaited<ReturnType<TestContext['call']>>;

/** The directives of a Content-Security-Policy header by name. */
function directives(response: Response): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(response: Response) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

/** The headers of an API answer: its policy lets nothing load or run, and nothing frame it. */
function expectApiHeaders(response: Response) {
  expectCommonHeaders(response);
  expect(Object.fromEntries(directives(response))).toEqual({
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
  expect(response.headers['cache-control']).toBe('no-store');
}

/** The headers of the web app's page and files: the app's policy. */
function expectSecurityHeaders(response: Response) {
  expectCommonHeaders(response);
  const csp = directives(response);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  for (const directive of ['script-src', 'style-src']) {
    const values = csp.get(directive) ?? [];
    expect(values[0]).toBe("'self'");
    for (const value of values.slice(1)) expect(value).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
  }
  const header = String(response.headers['content-security-policy']);
  expect(header).not.toContain('unsafe-inline');
  expect(header).not.toContain('unsafe-eval');
}

describe('security headers', () => {
  it('serves index.html with a fresh nonce in the page and in its CSP, for / and every app path', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/index.html', '/visits/manager', '/admin/users?page=2']) {
      const response = await ctx.call(null, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
      const [nonce] = (directives(response).get('script-src') ?? [])
        .slice(1)
        .map((value) => value.slice("'nonce-".length, -1));
      expect(nonce, url).toBeDefined();
      expect(directives(response).get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(response.body).toContain(`src="/assets/index-Ab12Cd34.js" nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('serves hashed assets and other files with the headers, assets cached for good', async () => {
    const script = await ctx.call(null, 'GET', '/assets/index-Ab12Cd34.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expectSecurityHeaders(script);
    expect(directives(script).get('script-src')).toEqual(["'self'"]);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.call(null, 'GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expectSecurityHeaders(icon);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('sends the API policy with no-store on API answers, API errors and not-found answers', async () => {
    const answers = [
      await ctx.call(ctx.admin, 'GET', '/api/session'),
      await ctx.call(ctx.admin, 'GET', '/api/system_site?page=1&size=10'),
      await ctx.call(null, 'GET', '/api/system_site'),
      await ctx.call(ctx.admin, 'GET', '/api/system_site/abc'),
      await ctx.call(ctx.admin, 'GET', '/api/no/such/route'),
      await ctx.call(ctx.admin, 'GET', '/api/system_site/999999'),
      await ctx.call(ctx.admin, 'POST', '/api/system_person', '{"broken"', {
        'content-type': 'application/json',
      }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 400, 404, 404, 400]);
    for (const response of answers) expectApiHeaders(response);
  });

  it('adds HSTS to answers that came over HTTPS (here through a trusted proxy)', async () => {
    for (const url of ['/', '/api/session', '/assets/index-Ab12Cd34.js', '/api/nothing']) {
      const response = await ctx.call(ctx.admin, 'GET', url, undefined, { 'x-forwarded-proto': 'https' });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const plain = await ctx.call(ctx.admin, 'GET', url);
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
