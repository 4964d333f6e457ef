import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionResponseSchema } from '@strazce/contract';
import { captureStatements, type Statement } from '../../../bench/sql';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { hashToken } from '../../platform/secrets';
import { EXTEND_GRANULARITY_MS, extendSession, loadSession } from '../../platform/session';
import { sessions, users } from '../../platform/platform.tables';
import { userAvatars } from './access.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
const isWrite = (statement: Statement) => /^\s*(insert|update|delete)\b/i.test(statement.text);

async function storedExpiry(token: string): Promise<number> {
  const [row] = await ctx.db
    .select({ expires: sessions.expires })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row.expires.getTime();
}

/**
 * Written around the API: the cached sessions are forgotten as a write call of the API would, and the change
 * notice is heard back (it would otherwise forget a session cached meanwhile, and a count would be off).
 */
async function forgetSessions(): Promise<void> {
  const cache = ctx.app.sessionCache;
  const before = cache.generation();
  await ctx.sessionsChanged();
  await vi.waitFor(() => expect(cache.generation()).toBeGreaterThanOrEqual(before + 2), { timeout: 5000 });
}

const restore = (user: TestUser) =>
  captureStatements(ctx.database, () => ctx.call(user, 'GET', '/api/session'));

describe('session restore (GET /api/session with X-Auth-Token)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await ctx.givenUser({ roles: ['VISIT_VIEW', 'STOCK_USER'], sites: [ctx.siteB, ctx.siteA] });
    await ctx.db
      .insert(userAvatars)
      .values({ userId: user.id, contentType: 'image/png', data: Buffer.from('x') });
  });

  it('sends one statement and writes nothing for a cached session within the minute', async () => {
    await forgetSessions();
    const first = await ctx.call(user, 'GET', '/api/session');
    expect(first.statusCode).toBe(200);
    const { statements, response } = await restore(user);
    expect(response.statusCode).toBe(200);
    expect(statements.map((statement) => statement.text)).toHaveLength(1);
    expect(statements.filter(isWrite)).toEqual([]);
    expect(response.json()).toEqual(first.json());
  });

  it('answers what a login answers: user with person and avatar, member sites by name, roles, site', async () => {
    const login = await ctx.login(user.userName);
    expect(login.statusCode).toBe(200);
    const restored = await ctx.call({ ...user, token: login.json().session.token }, 'GET', '/api/session');
    expect(restored.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(restored.json());
    expect(body).toEqual(login.json());
    expect(body.user).toMatchObject({
      id: user.id,
      userName: user.userName,
      person: { firstName: 'Test', lastName: user.userName, email: `${user.userName}@example.com` },
      hasAvatar: true,
      tfa: false,
      forceTfa: false,
      mustChangePassword: false,
    });
    expect(body.sites).toEqual([
      { id: ctx.siteA, name: 'Site A' },
      { id: ctx.siteB, name: 'Site B' },
    ]);
    expect(body.authorities).toEqual([
      { role: 'ALL_CLIENTS' },
      { role: 'STOCK_USER' },
      { role: 'VISIT_VIEW' },
    ]);
    // The current site's modules and configuration, as their own routes give them.
    const session = { ...user, token: body.session.token };
    const modules = await ctx.call(session, 'GET', `/api/system_site/modules?id=${body.site!.id}`);
    const config = await ctx.call(session, 'GET', '/api/system_site/config');
    expect(modules.json().length).toBeGreaterThan(0);
    expect(config.json().length).toBeGreaterThan(0);
    expect(body.modules).toEqual(modules.json());
    expect(body.config).toEqual(config.json());
  });

  it('loads an uncached session with one more statement, and extends it with one write once a minute has passed', async () => {
    // Idle for two minutes: the next call extends the session.
    ctx.clock.advanceIdle(2 * MINUTE);
    await forgetSessions();
    const late = await restore(user);
    expect(late.response.statusCode).toBe(200);
    // The session, the extension, the body.
    expect(late.statements).toHaveLength(3);
    expect(late.statements.filter(isWrite)).toHaveLength(1);
    const extended = await storedExpiry(user.token);
    expect(extended).toBe(ctx.clock.now() + 30 * MINUTE);
    expect(new Date(late.response.json().session.expires).getTime()).toBe(extended);

    // Right after, the session is cached and recent: one statement again.
    const again = await restore(user);
    expect(again.statements).toHaveLength(1);
    expect(await storedExpiry(user.token)).toBe(extended);
  });

  it('answers for a user without a person', async () => {
    const other = await ctx.givenUser({ roles: [] });
    await ctx.db.update(users).set({ personId: null }).where(eq(users.id, other.id));
    await forgetSessions();
    const body = (await ctx.call(other, 'GET', '/api/session')).json();
    expect(body.user).toMatchObject({ person: null, hasAvatar: false });
    expect(body.sites).toEqual([{ id: ctx.siteA, name: 'Site A' }]);
    expect(body.authorities).toEqual([{ role: 'ALL_CLIENTS' }]);
  });
});

describe('session extension', () => {
  it('writes at most once a minute: an idle session never outlives its time-out after the last call', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    const timeout = session.timeoutMinutes * MINUTE;
    // The session was extended last at `extendedAt`.
    const extendedAt = session.expires.getTime() - timeout;

    // Within the minute: nothing written, and the expiry stays within the time-out of the call.
    const within = extendedAt + EXTEND_GRANULARITY_MS - 1000;
    const quiet = await captureStatements(ctx.database, () => extendSession(ctx.db, session, within));
    expect(quiet.statements).toEqual([]);
    expect(session.expires.getTime()).toBeLessThanOrEqual(within + timeout);
    expect(session.expires.getTime()).toBeGreaterThan(within + timeout - EXTEND_GRANULARITY_MS);

    // A minute on: one write, to the call's time + the time-out.
    const later = extendedAt + EXTEND_GRANULARITY_MS;
    const written = await captureStatements(ctx.database, () => extendSession(ctx.db, session, later));
    expect(written.statements).toHaveLength(1);
    expect(session.expires.getTime()).toBe(later + timeout);
    expect(await storedExpiry(user.token)).toBe(later + timeout);
  });

  it('extends a session with a short time-out more often: a tenth of the time-out', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const session = { ...(await loadSession(ctx.db, user.token, ctx.clock.now()))!, timeoutMinutes: 1 };
    session.expires = new Date(ctx.clock.now() + MINUTE);
    const at = ctx.clock.now() + 7000;
    const { statements } = await captureStatements(ctx.database, () => extendSession(ctx.db, session, at));
    expect(statements).toHaveLength(1);
    expect(session.expires.getTime()).toBe(at + MINUTE);
  });
});
