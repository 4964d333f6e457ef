import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';
import { createSessionCache, type SessionCache } from './sessionCache';
import { loadSession } from './session';

let ctx: TestContext;
/** A second app instance on the same database, as behind a load balancer. */
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await buildApp({ database: ctx.database, logLevel: 'silent' });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const callOther = (user: TestUser, method: 'GET' | 'DELETE', url: string) =>
  other.inject({ method, url, headers: { 'x-auth-token': user.token } });

/** The other instance hears of a change asynchronously (NOTIFY), within moments. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe('sessions cached in each app instance', () => {
  it('a logout on one instance ends the session on the other', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(200);
    expect((await ctx.call(user, 'DELETE', '/api/session')).statusCode).toBe(204);
    // The instance that did it refuses at once.
    expect((await ctx.call(user, 'GET', '/api/visit')).statusCode).toBe(401);
    await eventually(async () => expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(401));
  });

  it('a role taken away or a user disabled on one instance counts on the other', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(200);
    const record = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${user.id}`)).json();
    const update = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version: record.version,
      roles: ['STOCK_VIEW'],
    });
    expect(update.statusCode).toBe(200);
    expect((await ctx.call(user, 'GET', '/api/visit')).statusCode).toBe(403);
    await eventually(async () => expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(403));

    const again = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${user.id}`)).json();
    await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, { version: again.version, valid: false });
    await eventually(async () => expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(401));
  });

  it('a module switched off on one instance is refused on the other', async () => {
    const site = await ctx.createSite('Cached site');
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'], sites: [site] });
    expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(200);
    const record = (await ctx.call(ctx.admin, 'GET', `/api/system_site/${site}`)).json();
    const update = await ctx.call(ctx.admin, 'PUT', `/api/system_site/${site}`, {
      version: record.version,
      modules: ['MOD_STOCK'],
    });
    expect(update.statusCode).toBe(200);
    await eventually(async () => expect((await callOther(user, 'GET', '/api/visit')).statusCode).toBe(403));
  });
});

describe('the session cache', () => {
  let cache: SessionCache;
  beforeAll(async () => {
    cache = await createSessionCache(ctx.database);
  });
  afterAll(() => cache.close());

  it('gives a copy of a stored session until a change is heard', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    cache.store(session, cache.sessionGeneration());
    const copy = cache.get(session.tokenHash, ctx.clock.now())!;
    expect(copy).toEqual(session);
    copy.siteId = -1;
    expect(cache.get(session.tokenHash, ctx.clock.now())!.siteId).toBe(session.siteId);

    // Another instance's write (here: a plain NOTIFY from the app) empties it.
    await ctx.call(ctx.admin, 'POST', '/api/system_site/switch', { id: ctx.siteA });
    await eventually(async () => expect(cache.get(session.tokenHash, ctx.clock.now())).toBeUndefined());
  });

  it('keeps the sessions through writes of anything else, and counts those writes for other caches', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    cache.store(session, cache.sessionGeneration());
    const writesBefore = cache.generation();
    const writer = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const sessionsNow = cache.sessionGeneration();
    cache.store(session, sessionsNow);
    expect((await ctx.call(writer, 'POST', '/api/visit/purpose', { name: 'Kept sessions' })).statusCode).toBe(
      201,
    );
    // The write's notice is heard (other caches, such as list totals, count it)...
    await eventually(async () => expect(cache.generation()).toBeGreaterThan(writesBefore));
    // ...and the sessions stay.
    expect(cache.sessionGeneration()).toBe(sessionsNow);
    expect(cache.get(session.tokenHash, ctx.clock.now())).toEqual(session);
  });

  it('forgets the sessions when what they are made of changes, also outside the API', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    cache.store(session, cache.sessionGeneration());
    expect(cache.get(session.tokenHash, ctx.clock.now())).toBeDefined();
    await ctx.db.execute(sql`delete from access_user_role where user_id = ${user.id}`);
    await eventually(async () => expect(cache.get(session.tokenHash, ctx.clock.now())).toBeUndefined());
  });

  it('does not store a session loaded before a change', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const startedAt = cache.sessionGeneration();
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    await cache.changed();
    cache.store(session, startedAt);
    expect(cache.get(session.tokenHash, ctx.clock.now())).toBeUndefined();
  });

  it('drops a session past its expiry', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    cache.store(session, cache.sessionGeneration());
    const expiry = session.expires.getTime();
    expect(cache.get(session.tokenHash, expiry - 1)).toBeDefined();
    expect(cache.get(session.tokenHash, expiry)).toBeUndefined();
  });
});
