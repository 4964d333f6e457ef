import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, PASSWORD, type TestContext } from '../../test/helper';
import { loginAttempts } from '../modules/access/access.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginLimits: { perUser: 3, perAddress: 5, windowMinutes: 15 } });
});
afterAll(() => ctx?.close());

describe('login rate limiting', () => {
  it('refuses further attempts for a user name after too many failures, even with the right password', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await ctx.login(user.userName, 'Wrong123!', {}, '10.0.0.1')).statusCode).toBe(401);
    }
    const limited = await ctx.login(user.userName, PASSWORD, {}, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-error-code']).toBe('TOO_MANY_REQUESTS');
    // The limit is per name: another user from the same address is not affected.
    const other = await ctx.givenUser({ roles: [], login: false });
    expect((await ctx.login(other.userName, PASSWORD, {}, '10.0.0.1')).statusCode).toBe(200);
  });

  it('counts the user name in any letter case as one', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (const name of [user.userName, user.userName.toUpperCase(), user.userName]) {
      await ctx.login(name, 'Wrong123!', {}, '10.0.1.1');
    }
    expect((await ctx.login(user.userName.toUpperCase(), PASSWORD, {}, '10.0.1.2')).statusCode).toBe(429);
  });

  it('refuses further attempts from an address after too many failures with any names', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await ctx.login(`nobody${attempt}`, 'Wrong123!', {}, '10.0.2.1')).statusCode).toBe(401);
    }
    const user = await ctx.givenUser({ roles: [], login: false });
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.0.2.1')).statusCode).toBe(429);
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.0.2.2')).statusCode).toBe(200);
  });

  it('does not take the client address from X-Forwarded-For unless a proxy is trusted', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await ctx.login(
        `spoofer${attempt}`,
        'Wrong123!',
        { 'x-forwarded-for': `192.0.2.${attempt}` },
        '10.0.6.1',
      );
    }
    const user = await ctx.givenUser({ roles: [], login: false });
    const response = await ctx.login(
      user.userName,
      PASSWORD,
      { 'x-forwarded-for': '192.0.2.99' },
      '10.0.6.1',
    );
    expect(response.statusCode).toBe(429);
  });

  it('forgets the failures of a user name after a successful login', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let round = 0; round < 2; round++) {
      await ctx.login(user.userName, 'Wrong123!', {}, `10.0.3.${round}`);
      await ctx.login(user.userName, 'Wrong123!', {}, `10.0.3.${round}`);
      expect((await ctx.login(user.userName, PASSWORD, {}, `10.0.3.${round}`)).statusCode).toBe(200);
    }
  });

  it('starts counting afresh once the window has passed', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let attempt = 0; attempt < 3; attempt++) await ctx.login(user.userName, 'Wrong123!', {}, '10.0.4.1');
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.0.4.2')).statusCode).toBe(429);
    await ctx.db.update(loginAttempts).set({ windowStart: new Date(Date.now() - 16 * 60_000) });
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.0.4.2')).statusCode).toBe(200);
  });

  it('also limits terminal authorization with credentials', async () => {
    const user = await ctx.givenUser({ roles: ['AUTH_CLIENT'], login: false });
    for (let attempt = 0; attempt < 3; attempt++) await ctx.login(user.userName, 'Wrong123!', {}, '10.0.5.1');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/system_client/authorize',
      payload: { name: 'Gate PC' },
      headers: { authorization: `Basic ${Buffer.from(`${user.userName}:${PASSWORD}`).toString('base64')}` },
      remoteAddress: '10.0.5.2',
    });
    expect(response.statusCode).toBe(429);
  });
});
