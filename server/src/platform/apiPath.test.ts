import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext } from '../../test/helper';
import { fakeWebDir } from '../../test/webDir';
import { audits } from './platform.tables';
import { isApiUrl } from './apiPath';

let ctx: TestContext;
beforeAll(async () => {
  // With the web app served, so its history fallback and static files are in the way as in production.
  ctx = await createTestContext({ webDir: fakeWebDir() });
});
afterAll(() => ctx?.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the OpenAPI document as `[METHOD, path]`, path parameters filled with 1. */
function operations(): Array<[string, string]> {
  const document = ctx.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method): [string, string] => [
      method.toUpperCase(),
      path.replace(/\{[^}]+\}/g, '1'),
    ]),
  );
}

/** `/api/a/b` → `/api/%61/b`: the first character after `/api/` percent-encoded. */
const encodeFirstAfterApi = (path: string) =>
  `/api/%${path.charCodeAt(5).toString(16).toUpperCase()}${path.slice(6)}`;

describe('the API path however it is spelled', () => {
  it('answers every route of the OpenAPI document without a session as its plain path does, however encoded', async () => {
    const list = operations();
    expect(list.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    for (const [method, path] of list) {
      const plain = await ctx.app.inject({ method, url: path });
      // Spellings the router decodes to the same route: the same guard, the same answer.
      for (const variant of [
        path.replace('/api/', '/%61pi/'),
        path.replace('/api/', '/%61%70%69/'),
        encodeFirstAfterApi(path),
      ]) {
        const answer = await ctx.app.inject({ method, url: variant });
        if (answer.statusCode !== plain.statusCode)
          mismatches.push(`${method} ${variant}: ${answer.statusCode}, plain ${plain.statusCode}`);
      }
      // Spellings that name no route (another case, doubled slashes, an encoded slash, a backslash): not found,
      // never the web app's page nor an API handler.
      for (const variant of [
        path.replace('/api/', '/API/'),
        path.replace('/api/', '/Api/'),
        `/${path}`,
        path.replace('/api/', '/api//'),
        path.replace('/api/', '/api%2F'),
        path.replace('/api/', '/api%2f'),
        path.replace('/api/', '/%2561pi/'),
        path.replace('/api/', '/api\\'),
      ]) {
        const answer = await ctx.app.inject({ method, url: variant });
        const expected = answer.statusCode === 404 || answer.statusCode === plain.statusCode;
        if (!expected || answer.headers['content-type']?.toString().startsWith('text/html'))
          mismatches.push(`${method} ${variant}: ${answer.statusCode}, plain ${plain.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 90_000);

  it('refuses a protected route under an encoded prefix, and its answer is not cached', async () => {
    for (const url of [
      '/api/system_option/roles',
      '/%61pi/system_option/roles',
      '/%61%70%69/system_option/roles',
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.headers['x-error-code'], url).toBe('UNAUTHORIZED');
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const answer = await ctx.call(ctx.admin, 'GET', '/%61pi/system_option/roles');
    expect(answer.statusCode).toBe(200);
  });

  it('serves no page of the web app for a path naming the API in another spelling', async () => {
    for (const url of [
      '/API/system_option/roles',
      '//api/system_option/roles',
      '/api%2Fsystem_option%2Froles',
      '/%2561pi/x',
      '/%61pi/unknown',
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    // The app's own pages stay served.
    expect((await ctx.app.inject({ method: 'GET', url: '/visit/manager' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/apiary' })).statusCode).toBe(200);
  });

  it('checks text and audits writes under an encoded prefix as under the plain one', async () => {
    const nul = await ctx.call(ctx.admin, 'GET', '/%61pi/system_site/property?name=a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details).toEqual([{ path: 'query.name', message: 'validation.text' }]);

    const [last] = await ctx.db.select({ id: audits.id }).from(audits).orderBy(desc(audits.id)).limit(1);
    const created = await ctx.call(ctx.admin, 'POST', '/%61pi/system_site/property', {
      name: 'ENCODED_PATH',
      type: 'LONG',
      value: 1,
      active: true,
    });
    expect(created.statusCode).toBe(201);
    const rows = await ctx.db
      .select()
      .from(audits)
      .where(gt(audits.id, last?.id ?? 0));
    expectEvery(rows, (row) => row.event === 'WRITE' && row.entity === 'system_site/property');
    expect(rows[0]).toMatchObject({ recordId: String(created.json().id), status: 201 });
  });

  it('tells an API path in every spelling', () => {
    for (const url of [
      '/api',
      '/api/x',
      '/API/x',
      '//api/x',
      '/api%2Fx',
      '/%61pi/x',
      '/%2561pi/x',
      '\\api\\x',
      '/api?x',
    ])
      expect(isApiUrl(url), url).toBe(true);
    for (const url of ['/', '/apiary', '/visit/api', '/%zz', '/assets/api.js'])
      expect(isApiUrl(url), url).toBe(false);
  });
});
