import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext } from '../../test/helper';

/**
 * Every write route of the API declares its body (ASVS V2.2.1): a schema, `NO_BODY`, or `config.multipart`
 * for an upload; a route that takes no body refuses one with 400 VALIDATION before its handler runs.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('request bodies of write routes', () => {
  it('are declared by every write route: a schema, none, or an upload', () => {
    const routes = ctx.app.writeRouteBodies;
    expectEvery(routes, (route) => route.url.startsWith('/api'));
    expect(routes.filter((route) => route.body === 'undeclared')).toEqual([]);
    // The uploads read their body themselves (multipart, the avatar raw bytes): exactly these.
    expect(
      routes
        .filter((route) => route.body === 'upload')
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual([
      'POST /api/incident/attachment',
      'POST /api/patrol/terminal/attachment',
      'POST /api/signature/template',
      'POST /api/signature/validate',
      'POST /api/system_file',
      'POST /api/vehicle/photo',
      'PUT /api/access_user/avatar',
    ]);
  });

  it('refuses a body where a route takes none, with 400 VALIDATION before the handler', async () => {
    const none = ctx.app.writeRouteBodies.filter((route) => route.body === 'none');
    expectEvery(none, () => true);
    for (const route of none) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const payload of [[], { any: 1 }, 'text']) {
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          payload: typeof payload === 'string' ? JSON.stringify(payload) : payload,
          headers: { 'x-auth-token': ctx.admin.token, 'content-type': 'application/json' },
        });
        expect(
          [response.statusCode, response.headers[HEADERS.errorCode.toLowerCase()]],
          `${route.method} ${route.url} ${response.body}`,
        ).toSatisfy(
          ([status, code]: [number, string]) =>
            // The guard refuses first (role, module, site): the body is never looked at then.
            (status === 400 && code === 'VALIDATION') || status === 401 || status === 403,
        );
        if (response.statusCode === 400)
          expect(response.json().details).toEqual([{ path: '', message: 'validation.noBody' }]);
      }
    }
  });

  it('refuses a body on POST /api/egov/init and still opens a reading without one', async () => {
    const reception = await ctx.givenUser({ roles: ['VISIT_USER'] });
    const refused = await ctx.call(reception, 'POST', '/api/egov/init', []);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[HEADERS.errorCode.toLowerCase()]).toBe('VALIDATION');
    expect((await ctx.call(reception, 'POST', '/api/egov/init', { id: 'x' })).statusCode).toBe(400);
    expect((await ctx.call(reception, 'POST', '/api/egov/init')).statusCode).toBe(200);
  });
});
