import { eq } from 'drizzle-orm';
import type { AdvicePending } from '@strazce/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { sites } from '../../platform/platform.tables';
import { adviceCategories, advices } from './visit.tables';

let ctx: TestContext;
let siteC: number;
let noAdviceSite: number;
let responder: TestUser;

const PENDING_URL = '/api/visit/advice/response/pending';

/** Advices straight into the table: the count is under test here, not how advices are made. */
async function givenAdvices(siteId: number, statuses: ('PENDING' | 'APPROVED' | 'REJECTED')[]) {
  const [category] = await ctx.db
    .insert(adviceCategories)
    .values({ siteId, name: `Business ${siteId}` })
    .returning({ id: adviceCategories.id });
  await ctx.db.insert(advices).values(
    statuses.map((status, index) => ({
      siteId,
      categoryId: category.id,
      status,
      oneTimeDate: '2026-03-10',
      activeUntil: '2026-03-10',
      reason: 'Meeting',
      firstName: 'Olga',
      lastName: `Ohlášená ${siteId}-${index}`,
    })),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  siteC = await ctx.createSite('Site C');
  noAdviceSite = await ctx.createSite('Site without advices', ['MOD_VISIT']);
  await givenAdvices(ctx.siteA, ['PENDING', 'PENDING', 'APPROVED', 'REJECTED']);
  await givenAdvices(ctx.siteB, ['PENDING']);
  await givenAdvices(siteC, ['PENDING', 'PENDING', 'PENDING']);
  await givenAdvices(noAdviceSite, ['PENDING']);
  responder = await ctx.givenUser({
    roles: ['VISIT_ADVICE_RESPONSE'],
    sites: [ctx.siteA, ctx.siteB, noAdviceSite],
  });
});
afterAll(() => ctx?.close());

describe('advices pending an answer (GET /api/visit/advice/response/pending)', () => {
  it('counts the PENDING advices of every site of the responder with visit advices enabled', async () => {
    const response = await ctx.call(responder, 'GET', PENDING_URL);
    expect(response.statusCode).toBe(200);
    // Site C (not a member) and the site without the module do not count; answered advices do not either.
    expect(response.json()).toEqual({
      current: 2,
      total: 3,
      sites: [
        { id: ctx.siteA, name: 'Site A', count: 2 },
        { id: ctx.siteB, name: 'Site B', count: 1 },
      ],
    });
  });

  it('leaves out a site that is no longer valid', async () => {
    await ctx.db.update(sites).set({ valid: false }).where(eq(sites.id, ctx.siteB));
    try {
      const response = await ctx.call(responder, 'GET', PENDING_URL);
      expect(response.json()).toEqual({
        current: 2,
        total: 2,
        sites: [{ id: ctx.siteA, name: 'Site A', count: 2 }],
      });
    } finally {
      await ctx.db.update(sites).set({ valid: true }).where(eq(sites.id, ctx.siteB));
    }
  });

  it('answers zero to a responder whose sites have nothing pending', async () => {
    const quiet = await ctx.givenUser({ roles: ['VISIT_ADVICE_RESPONSE'], sites: [noAdviceSite] });
    const response = await ctx.call(quiet, 'GET', PENDING_URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ current: 0, total: 0, sites: [] });
  });

  it("gives the menu's badge the current site's count, the responses list's total (issue 33)", async () => {
    // Advices wait on two sites of the responder: the badge counted both while the list showed one.
    const listTotal = async () => {
      const list = await ctx.call(responder, 'GET', '/api/visit/advice?status=PENDING&size=100');
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json() as unknown[]).length).toBeGreaterThan(0);
      return Number(list.headers['x-total-count']);
    };
    const badge = async () => (await ctx.call(responder, 'GET', PENDING_URL)).json() as AdvicePending;
    try {
      const onA = await badge();
      expect(onA.total).toBe(3);
      expect(onA.current).toBe(await listTotal());
      expect(onA.current).toBe(2);
      const switched = await ctx.call(responder, 'POST', '/api/system_site/switch', { id: ctx.siteB });
      expect(switched.statusCode, switched.body).toBe(200);
      const onB = await badge();
      expect(onB.current).toBe(await listTotal());
      expect(onB.current).toBe(1);
      // A site without visit advices has no list: nothing counts there.
      await ctx.call(responder, 'POST', '/api/system_site/switch', { id: noAdviceSite });
      expect((await badge()).current).toBe(0);
    } finally {
      await ctx.call(responder, 'POST', '/api/system_site/switch', { id: ctx.siteA });
    }
  });

  it('is for responders only', async () => {
    const requester = await ctx.givenUser({ roles: ['VISIT_ADVICE_REQUEST', 'VISIT_ADVICE_VIEW'] });
    expect((await ctx.call(requester, 'GET', PENDING_URL)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', PENDING_URL)).statusCode).toBe(401);
  });
});
