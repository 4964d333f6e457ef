import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, expectEvery, PASSWORD, type TestContext } from '../../test/helper';
import { DEFAULT_LOGIN_LIMITS, delayMs, type LoginLimits } from './loginLimiter';

const LIMITS: LoginLimits = {
  addressFree: 8,
  pairFree: 3,
  accountFree: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 60,
  newAddressDelaySeconds: 3,
  forgetAfterMinutes: 60,
};

let ctx: TestContext;
// The app's clock: tests move it instead of waiting.
const advance = (seconds: number) => ctx.clock.advance(seconds * 1000);
beforeAll(async () => {
  ctx = await createTestContext({ loginLimits: LIMITS });
});
afterAll(() => ctx?.close());

const WRONG = 'Wrong123!';
const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

describe('login throttling', () => {
  it('delays a user name from one address with growing delays and Retry-After, capped', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await ctx.login(user.userName, WRONG, {}, '10.0.0.1')).statusCode).toBe(401);
    // The third failure starts the delays: 2 s, then 4 s, 8 s, … at most 60 s.
    let limited = await ctx.login(user.userName, PASSWORD, {}, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-error-code']).toBe('TOO_MANY_REQUESTS');
    expect(retryAfter(limited)).toBe(2);
    await advance(2);
    expect((await ctx.login(user.userName, WRONG, {}, '10.0.0.1')).statusCode).toBe(401);
    limited = await ctx.login(user.userName, PASSWORD, {}, '10.0.0.1');
    expect(retryAfter(limited)).toBe(4);
    await advance(1);
    expect(retryAfter(await ctx.login(user.userName, PASSWORD, {}, '10.0.0.1'))).toBe(3);
    for (let round = 0; round < 4; round++) {
      await advance(60);
      expect((await ctx.login(user.userName, WRONG, {}, '10.0.0.1')).statusCode).toBe(401);
    }
    // 8 failures: 2 · 2⁵ = 64 s, capped at 60 s.
    expect(retryAfter(await ctx.login(user.userName, PASSWORD, {}, '10.0.0.1'))).toBe(60);
    await advance(60);
    // Once the delay has passed, the right password gets in.
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.0.0.1')).statusCode).toBe(200);
  });

  it('lets the right password from another address in although failures elsewhere lock the name', async () => {
    // The attack of issue 9: wrong passwords for `admin`-like names from a few addresses, over and over.
    const victim = await ctx.givenUser({ roles: [], login: false });
    for (let round = 0; round < 8; round++) {
      await advance(60);
      const response = await ctx.login(victim.userName, WRONG, {}, `10.1.0.${round % 2}`);
      expect(response.statusCode).toBe(401);
    }
    // 8 failures for the name: the attackers' addresses wait 2 · 2³ = 16 s for it.
    const attacker = await ctx.login(victim.userName, PASSWORD, {}, '10.1.0.1');
    expect(attacker.statusCode).toBe(429);
    expect(retryAfter(attacker)).toBe(16);
    // The real user from their own address waits a few seconds at most, then gets in with the right password.
    const early = await ctx.login(victim.userName, PASSWORD, {}, '10.1.9.9');
    expect(early.statusCode).toBe(429);
    expect(retryAfter(early)).toBeLessThanOrEqual(LIMITS.newAddressDelaySeconds);
    await advance(LIMITS.newAddressDelaySeconds);
    expect((await ctx.login(victim.userName, PASSWORD, {}, '10.1.9.9')).statusCode).toBe(200);
  });

  it('counts the user name in any letter case as one', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (const name of [user.userName, user.userName.toUpperCase(), user.userName])
      await ctx.login(name, WRONG, {}, '10.2.0.1');
    expect((await ctx.login(user.userName.toUpperCase(), PASSWORD, {}, '10.2.0.1')).statusCode).toBe(429);
  });

  it('delays an address that fails for many names (password spraying), whatever the name', async () => {
    for (let attempt = 0; attempt < 8; attempt++)
      expect((await ctx.login(`nobody${attempt}`, WRONG, {}, '10.3.0.1')).statusCode).toBe(401);
    const user = await ctx.givenUser({ roles: [], login: false });
    const limited = await ctx.login(user.userName, PASSWORD, {}, '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(retryAfter(limited)).toBe(2);
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.3.0.2')).statusCode).toBe(200);
    // A successful login of an own account does not clear the address's counter.
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.3.0.1')).statusCode).toBe(429);
  });

  it('does not take the client address from X-Forwarded-For unless a proxy is trusted', async () => {
    for (let attempt = 0; attempt < 8; attempt++)
      await ctx.login(`spoofer${attempt}`, WRONG, { 'x-forwarded-for': `192.0.2.${attempt}` }, '10.4.0.1');
    const user = await ctx.givenUser({ roles: [], login: false });
    const response = await ctx.login(
      user.userName,
      PASSWORD,
      { 'x-forwarded-for': '192.0.2.99' },
      '10.4.0.1',
    );
    expect(response.statusCode).toBe(429);
  });

  it('forgets a quiet series: counters start afresh after forgetAfterMinutes', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let attempt = 0; attempt < 3; attempt++) await ctx.login(user.userName, WRONG, {}, '10.5.0.1');
    await advance(30);
    expect((await ctx.login(user.userName, WRONG, {}, '10.5.0.1')).statusCode).toBe(401);
    expect(retryAfter(await ctx.login(user.userName, PASSWORD, {}, '10.5.0.1'))).toBe(4);
    await advance(61 * 60);
    expect((await ctx.login(user.userName, WRONG, {}, '10.5.0.1')).statusCode).toBe(401);
    expect((await ctx.login(user.userName, PASSWORD, {}, '10.5.0.1')).statusCode).toBe(200);
  });

  it('also limits terminal authorization with credentials', async () => {
    const user = await ctx.givenUser({ roles: ['AUTH_CLIENT'], login: false });
    for (let attempt = 0; attempt < 3; attempt++) await ctx.login(user.userName, WRONG, {}, '10.6.0.1');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/system_client/authorize',
      payload: { name: 'Gate PC' },
      headers: { authorization: `Basic ${Buffer.from(`${user.userName}:${PASSWORD}`).toString('base64')}` },
      remoteAddress: '10.6.0.1',
    });
    expect(response.statusCode).toBe(429);
    expect(retryAfter(response)).toBe(2);
  });

  it('answers at most the allowance of parallel wrong logins with 401, on two instances, the rest 429', async () => {
    const second = await ctx.secondInstance();
    const user = await ctx.givenUser({ roles: [], login: false });
    const attempt = (index: number) =>
      (index % 2 === 0 ? ctx.app : second).inject({
        method: 'GET',
        url: '/api/session',
        headers: { authorization: basic(user.userName, WRONG) },
        remoteAddress: '10.7.0.1',
      });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, index) => attempt(index)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMITS.pairFree);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(16 - LIMITS.pairFree);
    expectEvery(refused, (answer) => retryAfter(answer) > 0);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  });

  it('answers at most the address allowance of parallel wrong logins for many names with 401', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => ctx.login(`sprayed${index}`, WRONG, {}, '10.8.0.1')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMITS.addressFree);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      20 - LIMITS.addressFree,
    );
  });

  it('takes a right password back: successful logins never add up to a delay of the address', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    for (let attempt = 0; attempt < LIMITS.addressFree + 2; attempt++)
      expect((await ctx.login(user.userName, PASSWORD, {}, '10.9.0.1')).statusCode).toBe(200);
  });

  it('grows the default delays from 2 s to at most 15 minutes', () => {
    const limits = DEFAULT_LOGIN_LIMITS;
    expect(delayMs(limits, limits.pairFree - 1, limits.pairFree)).toBe(0);
    expect(delayMs(limits, limits.pairFree, limits.pairFree)).toBe(2000);
    expect(delayMs(limits, limits.pairFree + 3, limits.pairFree)).toBe(16_000);
    expect(delayMs(limits, limits.pairFree + 100, limits.pairFree)).toBe(15 * 60_000);
  });
});
