import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { configFromEnv } from '../../config';
import {
  governmentBlacklistProvider,
  governmentBlacklistSimulator,
  httpGovernmentBlacklist,
  noGovernmentBlacklist,
  type GovernmentBlacklistProvider,
} from '../blacklist/blacklist';
import { enter, givenVisitSite, visitor, type VisitSite } from './visit.fixtures';

/**
 * The government blacklist providers (docs/blacklist-provider.md) through entries over HTTP: a local HTTP
 * server plays the register. The app's provider delegates to the one a test chooses.
 */
type Mode = 'hit' | 'miss' | 'error' | 'silent' | 'garbage';

let mode: Mode = 'miss';
const received: Array<{ body: unknown; headers: http.IncomingHttpHeaders; url?: string }> = [];
const register = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => (text += chunk));
  request.on('end', () => {
    received.push({ body: JSON.parse(text), headers: request.headers, url: request.url });
    if (mode === 'silent') return; // never answers
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    const body = mode === 'garbage' ? { wanted: 'maybe' } : { hit: mode === 'hit', reason: 'Wanted' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});

let url = '';
let chosen: GovernmentBlacklistProvider = noGovernmentBlacklist;
const delegating: GovernmentBlacklistProvider = {
  get kind() {
    return chosen.kind;
  },
  get timeoutMs() {
    return chosen.timeoutMs;
  },
  check: (subject) => chosen.check(subject),
};

let ctx: TestContext;
let site: VisitSite;
let reception: TestUser;

beforeAll(async () => {
  await new Promise<void>((resolve) => register.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(register.address() as AddressInfo).port}/check`;
  ctx = await createTestContext({ governmentBlacklist: delegating });
  site = await givenVisitSite(ctx, ctx.siteA);
  reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
});
afterAll(async () => {
  register.closeAllConnections();
  await new Promise((resolve) => register.close(resolve));
  await ctx?.close();
});
beforeEach(() => {
  received.length = 0;
});

/** The HTTP provider with a generous time-out (a loaded machine must not turn an answer into UNAVAILABLE). */
const httpProvider = (timeoutMs = 10_000) =>
  httpGovernmentBlacklist({ url, timeoutMs, token: 'secret-token' });

describe('the HTTP provider (BLACKLIST_PROVIDER=http)', () => {
  it('sends the person and the vehicle as JSON and takes a hit as a blacklist warning', async () => {
    chosen = httpProvider();
    mode = 'hit';
    const person = visitor(site, { firstName: 'Hledaný', vehiclePlate: '1ab 2345' });
    const warned = await enter(ctx, reception, person);
    expect(warned.statusCode).toBe(409);
    expect(warned.headers['x-error-code']).toBe('BLACKLIST_HIT');
    expect(warned.json().details).toEqual([
      { path: 'blacklistGovernmentPerson', message: 'BLACKLIST_HIT' },
      { path: 'blacklistGovernmentVehicle', message: 'BLACKLIST_HIT' },
    ]);
    // Each hit with the values the register was asked about and the register's reason.
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistGovernmentPerson',
        matchedBy: null,
        value: `Hledaný ${person.lastName}, ${person.documentNumber}`,
        reason: 'Wanted',
        note: null,
      },
      {
        list: 'blacklistGovernmentVehicle',
        matchedBy: 'PLATE',
        value: '1AB2345',
        reason: 'Wanted',
        note: null,
      },
    ]);
    expect(received.map((request) => request.body)).toEqual(
      expect.arrayContaining([
        {
          kind: 'PERSON',
          firstName: 'Hledaný',
          lastName: person.lastName,
          documentNumber: person.documentNumber,
        },
        { kind: 'VEHICLE', plate: '1AB2345' },
      ]),
    );
    expect(received).toHaveLength(2);
    expect(received[0].url).toBe('/check');
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(received[0].headers.authorization).toBe('Bearer secret-token');

    const acknowledged = await enter(ctx, reception, {
      ...person,
      blacklistAcknowledged: ['blacklistGovernmentPerson', 'blacklistGovernmentVehicle'],
    });
    expect(acknowledged.statusCode).toBe(201);
    expect(acknowledged.json().blacklistHits).toHaveLength(2);
    expect(acknowledged.json()).toMatchObject({
      blacklistGovernmentPerson: 'HIT',
      blacklistGovernmentVehicle: 'HIT',
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
    });
  });

  it('records an entry the register does not know as OK', async () => {
    chosen = httpProvider();
    mode = 'miss';
    const response = await enter(ctx, reception, visitor(site, { vehiclePlate: '2AB 2345' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'OK',
      blacklistGovernmentVehicle: 'OK',
    });
  });

  it('never blocks an entry when the register fails (500): the markers say UNAVAILABLE', async () => {
    chosen = httpProvider();
    mode = 'error';
    const response = await enter(ctx, reception, visitor(site, { vehiclePlate: '3AB 2345' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      inArea: true,
      blacklistGovernmentPerson: 'UNAVAILABLE',
      blacklistGovernmentVehicle: 'UNAVAILABLE',
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
    });
    expect(received).toHaveLength(2);
  });

  it('never blocks an entry when the register does not answer in time: the markers say UNAVAILABLE', async () => {
    chosen = httpProvider(150);
    mode = 'silent';
    const response = await enter(ctx, reception, visitor(site, { vehiclePlate: '4AB 2345' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'UNAVAILABLE',
      blacklistGovernmentVehicle: 'UNAVAILABLE',
    });
    expect(received).toHaveLength(2);
  });

  it('takes an answer outside the contract as UNAVAILABLE', async () => {
    chosen = httpProvider();
    mode = 'garbage';
    const response = await enter(ctx, reception, visitor(site));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'UNAVAILABLE',
      blacklistGovernmentVehicle: null,
    });
  });

  it('takes an unreachable register as UNAVAILABLE', async () => {
    chosen = httpGovernmentBlacklist({ url: 'http://127.0.0.1:1/check', timeoutMs: 10_000 });
    const response = await enter(ctx, reception, visitor(site));
    expect(response.statusCode).toBe(201);
    expect(response.json().blacklistGovernmentPerson).toBe('UNAVAILABLE');
  });

  it('is asked once per subject of an entry (before the transaction; the hook takes that answer)', async () => {
    chosen = httpProvider();
    mode = 'miss';
    const response = await enter(ctx, reception, visitor(site, { lastName: 'Jednou' }));
    expect(response.statusCode).toBe(201);
    expect(received).toHaveLength(1);
  });
});

describe('no provider and the simulator', () => {
  it('marks NOT_CHECKED without a provider and asks nobody', async () => {
    chosen = noGovernmentBlacklist;
    const response = await enter(
      ctx,
      reception,
      visitor(site, { documentNumber: 'X99', vehiclePlate: 'X9' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
    });
    expect(received).toEqual([]);
  });

  it('simulates the register when configured: a document or plate starting with X is wanted', async () => {
    chosen = governmentBlacklistSimulator;
    const person = visitor(site, { documentNumber: 'X1234567', vehiclePlate: 'X1 0000' });
    const warned = await enter(ctx, reception, person);
    expect(warned.headers['x-error-code']).toBe('BLACKLIST_HIT');
    // The simulator gives no reason.
    expect(warned.json().blacklistHits).toEqual([
      expect.objectContaining({ list: 'blacklistGovernmentPerson', reason: null }),
      expect.objectContaining({ list: 'blacklistGovernmentVehicle', value: 'X10000', reason: null }),
    ]);
    const acknowledged = await enter(ctx, reception, {
      ...person,
      blacklistAcknowledged: ['blacklistGovernmentPerson', 'blacklistGovernmentVehicle'],
    });
    expect(acknowledged.json()).toMatchObject({
      blacklistGovernmentPerson: 'HIT',
      blacklistGovernmentVehicle: 'HIT',
      blacklistInternalPerson: 'OK',
    });
  });
});

describe('choosing the provider (BLACKLIST_PROVIDER, BLACKLIST_URL, BLACKLIST_TIMEOUT_MS)', () => {
  const chosenBy = (env: Record<string, string>, demo: boolean) =>
    governmentBlacklistProvider(configFromEnv(env).blacklist, demo);

  it('uses no provider by default, the simulator only with demo data or when named', () => {
    expect(chosenBy({}, false).kind).toBe('none');
    expect(chosenBy({}, true).kind).toBe('simulator');
    expect(chosenBy({ BLACKLIST_PROVIDER: 'simulator' }, false).kind).toBe('simulator');
    expect(chosenBy({ BLACKLIST_PROVIDER: 'none' }, true).kind).toBe('none');
  });

  it('uses the HTTP provider with a URL, with a time-out of 3 s unless set', () => {
    const http = chosenBy({ BLACKLIST_URL: 'https://register.example/check' }, true);
    expect(http).toMatchObject({ kind: 'http', timeoutMs: 3000 });
    expect(
      chosenBy({ BLACKLIST_PROVIDER: 'http', BLACKLIST_URL: url, BLACKLIST_TIMEOUT_MS: '500' }, false),
    ).toMatchObject({ kind: 'http', timeoutMs: 500 });
  });

  it('refuses a configuration it cannot follow', () => {
    expect(() => configFromEnv({ BLACKLIST_PROVIDER: 'http' })).toThrow(/BLACKLIST_URL/);
    expect(() => configFromEnv({ BLACKLIST_PROVIDER: 'government' })).toThrow(/BLACKLIST_PROVIDER/);
    expect(() => configFromEnv({ BLACKLIST_URL: 'ftp://register' })).toThrow(/BLACKLIST_URL/);
    expect(() => configFromEnv({ BLACKLIST_TIMEOUT_MS: '0' })).toThrow(/BLACKLIST_TIMEOUT_MS/);
    expect(() => configFromEnv({ BLACKLIST_TIMEOUT_MS: 'soon' })).toThrow(/BLACKLIST_TIMEOUT_MS/);
  });
});
