import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { maskUrl } from './logging';

let ctx: TestContext;
let logged = '';
beforeAll(async () => {
  ctx = await createTestContext({
    logLevel: 'info',
    logRequests: 'info',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    }),
    routes: (app, db) => {
      // A statement that fails (division by zero) with a secret among its parameters.
      app.get('/api/test_failing_query', { config: { access: { roles: ['ROLE_ANY'] } } }, async () => {
        await db.execute(sql`select ${'$argon2id$v=19$m=19456,t=2,p=1$leaked'}::text, 1 / 0`);
        return {};
      });
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

describe('server log and framework errors (issue 9, points 1 and 2)', () => {
  it('masks secrets in logged URLs (a reset link opened in the browser)', async () => {
    await ctx.call(null, 'GET', '/resetPassword?token=RESET-SECRET-1');
    await ctx.call(null, 'GET', '/api/nothing?x=1&token=RESET-SECRET-2');
    expect(logged).toContain('token=***');
    expect(logged).not.toContain('RESET-SECRET');
    expect(maskUrl('/a?code=123456&b=2&password=x')).toBe('/a?code=***&b=2&password=***');
  });

  it('logs a failed query without its parameters, and answers 500 without internals', async () => {
    const response = await ctx.call(null, 'GET', '/api/test_failing_query');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain('argon2');
  });

  it('answers a request the HTTP parser cannot read in the error shape, not the framework text', async () => {
    const address = ctx.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, '127.0.0.1', () => {
        socket.write('POST /api/system_person HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n{}');
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('X-Error-Code: BAD_REQUEST');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Bad request',
    });
  });
});
