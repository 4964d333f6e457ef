import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, PASSWORD, type TestContext, type TestUser } from '../../test/helper';
import { emails } from '../modules/messaging/messaging.tables';
import { DEFAULT_LOGIN_LIMITS } from './loginLimiter';

/**
 * The PIN throttles of the devices that are not users (docs/security.md, "Login throttling"): a keybox's
 * pick-up and operator PINs and a patrol terminal's guard PINs, each with counters of its own, deciding and
 * counting in one step so that parallel guesses on two instances see each other. Default limits: delays after
 * 5 failures per subject from one address and 10 per subject (a keybox, a terminal, an operator card).
 */
let ctx: TestContext;
let second: FastifyInstance;
let kboxAdmin: TestUser;
let patrolAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  second = await ctx.secondInstance();
  kboxAdmin = await ctx.givenUser({ roles: ['KBOX_ADMIN'] });
  patrolAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'] });
});
afterAll(() => ctx?.close());

async function created(path: string, body: Record<string, unknown>, user = kboxAdmin) {
  const response = await ctx.call(user, 'POST', `/api/${path}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { id: number; token: string };
}

/** A call of a device with its token, on the first or the second instance. */
const deviceCall = (
  app: FastifyInstance,
  url: string,
  token: string,
  payload: object,
  address = '10.20.0.1',
) =>
  app.inject({ method: 'POST', url, payload, headers: { 'x-client-token': token }, remoteAddress: address });

/** Half of the calls on each instance, all at once. */
const inParallel = (
  count: number,
  call: (app: FastifyInstance, index: number) => Promise<LightMyRequestResponse>,
) =>
  Promise.all(Array.from({ length: count }, (_, index) => call(index % 2 === 0 ? ctx.app : second, index)));

function expectThrottled(answers: LightMyRequestResponse[], allowance: number) {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(allowance);
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(refused.length).toBeGreaterThanOrEqual(answers.length - allowance);
  expectEvery(refused, (answer) => Number(answer.headers['retry-after']) > 0);
  expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
}

describe('keybox PINs', () => {
  it('answers at most the allowance of 40 parallel wrong pick-up PINs with 401, on two instances', async () => {
    const keybox = await created('kbox/keybox', { name: 'Paralelní' });
    const answers = await inParallel(40, (app, index) =>
      deviceCall(app, '/api/kbox/locker/pickup', keybox.token, {
        uuid: randomUUID(),
        pin: String(100000 + index),
      }),
    );
    expectThrottled(answers, DEFAULT_LOGIN_LIMITS.pairFree);
  });

  it('throttles wrong operator PINs per keybox and per card, and tells the administrator of a burst', async () => {
    const keybox = await created('kbox/keybox', {
      name: 'Servisní',
      notification: 'servis-admin@example.com',
    });
    await created('kbox/operator', { cardNumber: 'T-77', name: 'Technik T', pin: '4321' });
    const service = (pin: string, address = '10.21.0.1') =>
      deviceCall(
        ctx.app,
        '/api/kbox/locker/service',
        keybox.token,
        { uuid: randomUUID(), name: 'SERVIS', cardNumber: 'T-77', pin, boxName: 'A1' },
        address,
      );
    // Sequential wrong PINs from the keybox's address: 5 answered, then the delays start.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      statuses.push((await service(String(1000 + attempt))).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right PIN waits while a delay runs.
    expect((await service('4321')).statusCode).toBe(429);
    // From further addresses the keybox's and the card's counters fill up: 10 failures start their delays.
    for (let attempt = 0; attempt < 5; attempt++) {
      await ctx.clock.advance(60_000);
      expect((await service(String(2000 + attempt), `10.21.1.${attempt}`)).statusCode).toBe(401);
    }
    const [burst] = await ctx.db
      .select()
      .from(emails)
      .where(eq(emails.recipient, 'servis-admin@example.com'));
    expect(burst?.subject).toContain('Servisní');
    expect(burst?.body).toContain('10 ');
    const fresh = await service('4321', '10.21.9.9');
    expect(fresh.statusCode).toBe(429);
    // Once the delay has passed, the operator gets in, and the counters start afresh.
    await ctx.clock.advance(Number(fresh.headers['retry-after']) * 1000);
    expect((await service('4321', '10.21.9.9')).statusCode).toBe(200);
    expect((await service('4321', '10.21.9.9')).statusCode).toBe(200);
  });

  it('counts the operator card on every keybox of the site', async () => {
    const first = await created('kbox/keybox', { name: 'Karta A' });
    const other = await created('kbox/keybox', { name: 'Karta B' });
    await created('kbox/operator', { cardNumber: 'T-88', name: 'Technik U', pin: '2468' });
    const service = (token: string, pin: string, address: string) =>
      deviceCall(
        ctx.app,
        '/api/kbox/locker/service',
        token,
        {
          uuid: randomUUID(),
          name: 'SERVIS',
          cardNumber: 'T-88',
          pin,
          boxName: 'A1',
        },
        address,
      );
    for (let attempt = 0; attempt < 10; attempt++) {
      await ctx.clock.advance(60_000);
      const token = attempt % 2 === 0 ? first.token : other.token;
      expect((await service(token, String(3000 + attempt), `10.22.0.${attempt}`)).statusCode).toBe(401);
    }
    // A third keybox's counters are clean, the card's are not.
    const third = await created('kbox/keybox', { name: 'Karta C' });
    expect((await service(third.token, '2468', '10.22.1.1')).statusCode).toBe(429);
  });
});

describe('patrol terminal PINs', () => {
  it('answers at most the allowance of 40 parallel wrong sign-ins with 401, on two instances', async () => {
    const terminal = await created('patrol/terminal', { name: 'Paralelní terminál' }, patrolAdmin);
    const answers = await inParallel(40, (app, index) =>
      deviceCall(app, '/api/patrol/terminal/signin', terminal.token, { pin: String(5000 + index) }),
    );
    expectThrottled(answers, DEFAULT_LOGIN_LIMITS.pairFree);
  });
});

describe('separate counters per mechanism', () => {
  it('lets the right staff password in from an address whose keypads failed 50 times', async () => {
    const keybox = await created('kbox/keybox', { name: 'Za NATem' });
    const terminal = await created('patrol/terminal', { name: 'Za NATem' }, patrolAdmin);
    const pickUp = () =>
      deviceCall(
        ctx.app,
        '/api/kbox/locker/pickup',
        keybox.token,
        { uuid: randomUUID(), pin: '999999' },
        '10.23.0.1',
      );
    const signIn = () =>
      deviceCall(ctx.app, '/api/patrol/terminal/signin', terminal.token, { pin: '9999' }, '10.23.0.1');
    // Each failure after the longest delay (15 minutes): all 50 are counted, far beyond the 20 an address may fail.
    for (let attempt = 0; attempt < 25; attempt++) {
      await ctx.clock.advance(16 * 60_000);
      expect((await pickUp()).statusCode).toBe(401);
      expect((await signIn()).statusCode).toBe(401);
    }
    expect((await pickUp()).statusCode).toBe(429);
    const receptionist = await ctx.givenUser({ roles: ['VISIT_USER'], login: false });
    const login = await ctx.login(receptionist.userName, PASSWORD, {}, '10.23.0.1');
    expect(login.statusCode, login.body).toBe(200);
  });
});
