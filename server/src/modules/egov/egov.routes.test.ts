import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, type AssignableRole } from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { configFromEnv } from '../../config';
import {
  EGOV_SESSION_MS,
  SIMULATED_PEOPLE,
  SIMULATOR_READ_MS,
  egovProvider,
  egovSimulator,
  httpEgovProvider,
  noEgovProvider,
  type EgovProvider,
} from './egov';

/**
 * The electronic identity document routes (docs/egov-provider.md) over HTTP: who may read, the simulator on
 * the app's clock, the HTTP provider against a local server playing the provider, and no provider. The app's
 * provider delegates to the one a test chooses.
 */
type Mode = 'ok' | 'error' | 'silent' | 'garbage' | 'notJson';
let mode: Mode = 'ok';
const received: Array<{ method?: string; url?: string; authorization?: string }> = [];
const reader = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
    if (mode === 'silent') return; // never answers
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    if (mode === 'notJson') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
      return;
    }
    const body =
      mode === 'garbage'
        ? { state: 'whatever', person: { name: 'Jan Novák' } }
        : request.url === '/egov/init'
          ? { id: 'read-42', expiresAt: '2030-01-01T10:00:00.000Z' }
          : {
              status: 'DONE',
              person: {
                firstName: 'Eva',
                lastName: 'Malá',
                documentKind: 'PASSPORT',
                documentNumber: '99887766',
              },
            };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});

let url = '';
let chosen: EgovProvider = noEgovProvider;
const delegating: EgovProvider = {
  get kind() {
    return chosen.kind;
  },
  init: () => chosen.init(),
  result: (id) => chosen.result(id),
};

let ctx: TestContext;
let reception: TestUser;

beforeAll(async () => {
  await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(reader.address() as AddressInfo).port}/egov`;
  ctx = await createTestContext({ egov: delegating });
  chosen = egovSimulator(ctx.clock);
  reception = await ctx.givenUser({ roles: ['VISIT_USER'] });
});
afterAll(async () => {
  reader.closeAllConnections();
  await new Promise((resolve) => reader.close(resolve));
  await ctx?.close();
});

const init = (user: TestUser | null) => ctx.call(user, 'POST', '/api/egov/init');
const result = (user: TestUser | null, id: string) =>
  ctx.call(user, 'GET', `/api/egov/result?id=${encodeURIComponent(id)}`);
const status = async (user: TestUser) => (await ctx.call(user, 'GET', '/api/egov/status')).json();

function expectUnavailable(response: Awaited<ReturnType<typeof init>>) {
  expect(response.statusCode).toBe(502);
  expect(response.headers[HEADERS.errorCode.toLowerCase()]).toBe('EGOV_UNAVAILABLE');
  expect(response.json()).toEqual({
    code: 'EGOV_UNAVAILABLE',
    message: 'Error communicating with the service provider. Please try again later.',
  });
}

describe('who may read a document', () => {
  it('needs a session', async () => {
    expect((await init(null)).statusCode).toBe(401);
    expect((await result(null, 'abc')).statusCode).toBe(401);
    expect((await ctx.call(null, 'GET', '/api/egov/status')).statusCode).toBe(401);
  });

  it('refuses a role that records neither visits nor vehicles', async () => {
    const viewer = await ctx.givenUser({ roles: ['VISIT_VIEW', 'VEHICLE_VIEW', 'KM_USER'] });
    expect((await init(viewer)).statusCode).toBe(403);
    expect((await result(viewer, 'abc')).statusCode).toBe(403);
    expect(await status(viewer)).toEqual({ available: false });
  });

  it.each<AssignableRole>(['VISIT_ADMIN', 'VISIT_USER', 'VEHICLE_ADMIN', 'VEHICLE_USER'])(
    'lets %s read',
    async (role) => {
      const user = await ctx.givenUser({ roles: [role] });
      const started = await init(user);
      expect(started.statusCode).toBe(200);
      expect((await result(user, started.json().id)).statusCode).toBe(200);
      expect(await status(user)).toEqual({ available: true });
    },
  );

  it('refuses a recording role whose module the site has not enabled', async () => {
    const site = await ctx.createSite('Vehicles only', ['MOD_VEHICLE']);
    const visitUser = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [site] });
    const response = await init(visitUser);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('MODULE_DISABLED');
    expect(await status(visitUser)).toEqual({ available: false });
    const vehicleUser = await ctx.givenUser({ roles: ['VEHICLE_USER'], sites: [site] });
    expect((await init(vehicleUser)).statusCode).toBe(200);
  });
});

describe('the simulator (EGOV_PROVIDER=simulator, the default)', () => {
  it('is pending for a second after the init, then reads a person, the same for the same id', async () => {
    chosen = egovSimulator(ctx.clock);
    const started = await init(reception);
    expect(started.statusCode).toBe(200);
    const { id, expiresAt } = started.json();
    expect(new Date(expiresAt).getTime()).toBe(ctx.clock.now() + EGOV_SESSION_MS);
    expect((await result(reception, id)).json()).toEqual({ status: 'PENDING' });
    await ctx.clock.advance(SIMULATOR_READ_MS);
    const done = (await result(reception, id)).json();
    expect(done.status).toBe('DONE');
    expect(SIMULATED_PEOPLE).toContainEqual(done.person);
    expect((await result(reception, id)).json()).toEqual(done);
  });

  it('expires a reading session after two minutes', async () => {
    chosen = egovSimulator(ctx.clock);
    const { id } = (await init(reception)).json();
    await ctx.clock.advance(EGOV_SESSION_MS);
    expect((await result(reception, id)).json()).toEqual({ status: 'EXPIRED' });
  });

  it('answers 404 for a session nobody started here, FAILED for one the provider forgot, and refuses a malformed id', async () => {
    chosen = egovSimulator(ctx.clock);
    expect((await result(reception, 'unknown-id')).statusCode).toBe(404);
    const { id } = (await init(reception)).json();
    chosen = egovSimulator(ctx.clock);
    expect((await result(reception, id)).json()).toEqual({ status: 'FAILED' });
    expect((await result(reception, '../etc')).statusCode).toBe(400);
    expect((await ctx.call(reception, 'GET', '/api/egov/result')).statusCode).toBe(400);
  });

  it('fails every call with EGOV_SIMULATOR_FAIL=true', async () => {
    const config = configFromEnv({ EGOV_SIMULATOR_FAIL: 'true' });
    expect(config.egov).toMatchObject({ simulatorFail: true });
    chosen = egovSimulator(ctx.clock);
    const { id } = (await init(reception)).json();
    chosen = egovProvider(config.egov, true, ctx.clock);
    expectUnavailable(await init(reception));
    expectUnavailable(await result(reception, id));
  });
});

describe('a reading belongs to the user and the site that started it', () => {
  it('answers 404 to another user and to the same user on another site (simulator)', async () => {
    chosen = egovSimulator(ctx.clock);
    const praha = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteA, ctx.siteB] });
    const brno = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteB] });
    const { id } = (await init(praha)).json();
    await ctx.clock.advance(SIMULATOR_READ_MS);
    const other = await result(brno, id);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toMatch(/documentNumber|birthDate|firstName/);
    const sameSiteOther = await result(reception, id);
    expect(sameSiteOther.statusCode).toBe(404);
    expect((await ctx.call(praha, 'POST', '/api/system_site/switch', { id: ctx.siteB })).statusCode).toBe(
      200,
    );
    expect((await result(praha, id)).statusCode).toBe(404);
    expect((await ctx.call(praha, 'POST', '/api/system_site/switch', { id: ctx.siteA })).statusCode).toBe(
      200,
    );
    const mine = (await result(praha, id)).json();
    expect(mine.status).toBe('DONE');
    expect(SIMULATED_PEOPLE).toContainEqual(mine.person);
  });

  it('answers 404 to another user with the HTTP provider', async () => {
    chosen = httpEgovProvider({ url, token: 'egov-token' });
    mode = 'ok';
    const starter = await ctx.givenUser({ roles: ['VISIT_USER'] });
    const other = await ctx.givenUser({ roles: ['VISIT_USER'] });
    expect((await init(starter)).json().id).toBe('read-42');
    received.length = 0;
    expect((await result(other, 'read-42')).statusCode).toBe(404);
    // The provider was not even asked.
    expect(received).toEqual([]);
    expect((await result(starter, 'read-42')).json().status).toBe('DONE');
  });
});

describe('the HTTP provider (EGOV_PROVIDER=http)', () => {
  const useHttp = (timeoutMs = 10_000) => {
    chosen = httpEgovProvider({ url: `${url}/`, token: 'egov-token', timeoutMs });
    received.length = 0;
  };

  it('opens a session and reads the result, with the token as Bearer', async () => {
    useHttp();
    mode = 'ok';
    const started = await init(reception);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ id: 'read-42', expiresAt: '2030-01-01T10:00:00.000Z' });
    const done = await result(reception, 'read-42');
    expect(done.json()).toEqual({
      status: 'DONE',
      person: { firstName: 'Eva', lastName: 'Malá', documentKind: 'PASSPORT', documentNumber: '99887766' },
    });
    expect(received).toEqual([
      { method: 'POST', url: '/egov/init', authorization: 'Bearer egov-token' },
      { method: 'GET', url: '/egov/result/read-42', authorization: 'Bearer egov-token' },
    ]);
  });

  it.each<Mode>(['error', 'garbage', 'notJson'])(
    'answers EGOV_UNAVAILABLE to a provider answering %s',
    async (m) => {
      useHttp();
      mode = m;
      expectUnavailable(await init(reception));
      expectUnavailable(await result(reception, 'read-42'));
    },
  );

  it('answers EGOV_UNAVAILABLE when the provider does not answer in time', async () => {
    useHttp(200);
    mode = 'silent';
    expectUnavailable(await init(reception));
    expectUnavailable(await result(reception, 'read-42'));
  });

  it('answers EGOV_UNAVAILABLE when the provider cannot be reached', async () => {
    chosen = httpEgovProvider({ url: 'http://127.0.0.1:1/egov', timeoutMs: 2000 });
    expectUnavailable(await init(reception));
  });
});

describe('no provider (EGOV_PROVIDER=none)', () => {
  it('says unavailable and refuses the calls', async () => {
    chosen = egovSimulator(ctx.clock);
    const { id } = (await init(reception)).json();
    chosen = egovProvider(configFromEnv({ EGOV_PROVIDER: 'none' }).egov, true, ctx.clock);
    expect(await status(reception)).toEqual({ available: false });
    expectUnavailable(await init(reception));
    expectUnavailable(await result(reception, id));
    chosen = egovSimulator(ctx.clock);
    expect(await status(reception)).toEqual({ available: true });
  });
});

describe('the configuration', () => {
  it('runs the simulator only with demo data or when named, and checks the HTTP provider settings', () => {
    expect(configFromEnv({}).egov).toEqual({ timeoutMs: 5000, simulatorFail: false });
    // Unset: the simulator on a demo installation, none on a real one, the HTTP provider with a URL.
    expect(egovProvider(configFromEnv({}).egov, true, ctx.clock).kind).toBe('simulator');
    expect(egovProvider(configFromEnv({}).egov, false, ctx.clock).kind).toBe('none');
    expect(
      egovProvider(configFromEnv({ EGOV_URL: 'https://egov.example' }).egov, false, ctx.clock).kind,
    ).toBe('http');
    // Named: whatever the data.
    expect(egovProvider(configFromEnv({ EGOV_PROVIDER: 'simulator' }).egov, false, ctx.clock).kind).toBe(
      'simulator',
    );
    expect(
      configFromEnv({
        EGOV_PROVIDER: 'http',
        EGOV_URL: 'https://egov.example/api',
        EGOV_TOKEN: 't',
        EGOV_TIMEOUT_MS: '800',
      }).egov,
    ).toEqual({
      provider: 'http',
      url: 'https://egov.example/api',
      token: 't',
      timeoutMs: 800,
      simulatorFail: false,
    });
    expect(() => configFromEnv({ EGOV_PROVIDER: 'http' })).toThrow('EGOV_URL');
    expect(() => configFromEnv({ EGOV_PROVIDER: 'magic' })).toThrow('EGOV_PROVIDER');
    expect(() => configFromEnv({ EGOV_URL: 'ftp://x' })).toThrow('EGOV_URL');
    expect(() => configFromEnv({ EGOV_TIMEOUT_MS: '0' })).toThrow('EGOV_TIMEOUT_MS');
    expect(() => configFromEnv({ EGOV_SIMULATOR_FAIL: 'yes' })).toThrow('EGOV_SIMULATOR_FAIL');
  });
});
