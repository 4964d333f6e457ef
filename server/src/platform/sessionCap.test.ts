import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';
import { givenTerminal } from '../../test/terminals';
import { sessions, siteProperties } from './platform.tables';
import { extendSession, loadSession } from './session';

/**
 * The absolute session cap per site (issue 32 point 4): the site's SESSION_MAX_HOURS (0: none, every call extends
 * the session as the spec says), else the system property; never for a session on a terminal or of a kiosk user.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;

/** The user's sessions began `hours` ago (and were active since: their idle expiry lies ahead). */
async function loggedInHoursAgo(user: TestUser, hours: number) {
  await ctx.db
    .update(sessions)
    .set({ created: new Date(ctx.clock.now() - hours * HOUR) })
    .where(eq(sessions.userId, user.id));
  await ctx.sessionsChanged();
}

async function setSiteCap(siteId: number, hours: number | null) {
  await ctx.db
    .delete(siteProperties)
    .where(and(eq(siteProperties.siteId, siteId), eq(siteProperties.name, 'SESSION_MAX_HOURS')));
  if (hours !== null)
    await ctx.db
      .insert(siteProperties)
      .values({ siteId, name: 'SESSION_MAX_HOURS', type: 'LONG', value: hours });
  await ctx.sessionsChanged();
}

const alive = async (user: TestUser) => (await ctx.call(user, 'GET', '/api/session')).statusCode;

describe('the absolute session cap per site', () => {
  it('follows the site: none with 0, its hours when set, else the system property (12 h)', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteA] });
    await loggedInHoursAgo(user, 13);
    expect(await alive(user)).toBe(401);

    await setSiteCap(ctx.siteA, 0);
    expect(await alive(user)).toBe(200);
    // Far beyond any cap: still alive while active.
    await loggedInHoursAgo(user, 24 * 30);
    expect(await alive(user)).toBe(200);
    const session = (await loadSession(ctx.db, user.token, ctx.clock.now()))!;
    expect(session.endsAt).toBeNull();

    await setSiteCap(ctx.siteA, 24);
    await loggedInHoursAgo(user, 13);
    expect(await alive(user)).toBe(200);
    await setSiteCap(ctx.siteA, 1);
    expect(await alive(user)).toBe(401);
    await setSiteCap(ctx.siteA, null);
  });

  it('never ends a kiosk user’s session or one opened on a terminal however long ago the login was', async () => {
    const kiosk = await ctx.givenUser({ roles: ['VISIT_KIOSK'], sites: [ctx.siteA] });
    await loggedInHoursAgo(kiosk, 72);
    expect(await alive(kiosk)).toBe(200);

    const guardConsole = await ctx.givenUser({ roles: ['VISIT_USER'], sites: [ctx.siteA] });
    const terminal = await givenTerminal(ctx, { role: null, site: ctx.siteA, name: 'Guard console' });
    await ctx.db.update(sessions).set({ clientId: terminal.id }).where(eq(sessions.userId, guardConsole.id));
    await loggedInHoursAgo(guardConsole, 72);
    expect(await alive(guardConsole)).toBe(200);

    // The same user without the terminal: the cap applies.
    await ctx.db.update(sessions).set({ clientId: null }).where(eq(sessions.userId, guardConsole.id));
    await ctx.sessionsChanged();
    expect(await alive(guardConsole)).toBe(401);
  });

  it('refuses a site value outside 0–720 hours', async () => {
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteA] });
    const refused = await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
      name: 'SESSION_MAX_HOURS',
      type: 'LONG',
      value: -1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ path: 'value', message: 'validation.sessionMaxHours' }),
    ]);
  });
});

describe('a short site time-out', () => {
  it('keeps a session called every 20 s alive with a 1-minute time-out (written at a tenth of it)', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const session = { ...(await loadSession(ctx.db, user.token, ctx.clock.now()))!, timeoutMinutes: 1 };
    let at = ctx.clock.now();
    session.expires = new Date(at + 60_000);
    for (let call = 0; call < 10; call++) {
      at += 20_000;
      // Alive at the call…
      expect(session.expires.getTime()).toBeGreaterThan(at);
      await extendSession(ctx.db, session, at);
      // …and a full time-out after it, within the write interval.
      expect(session.expires.getTime()).toBeGreaterThan(at + 60_000 - 6_000);
    }
  });
});
