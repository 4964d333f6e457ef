import { PERSONAL_VALUE_MASK } from '@strazce/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';

let ctx: TestContext;
let siteAdmin: TestUser;
const started = new Date(Date.now() - 1000).toISOString();

interface AuditEntry {
  id: number;
  created: string;
  author: string | null;
  method: string;
  path: string;
  status: number;
  params: Record<string, unknown>;
  requestHeaders: Record<string, unknown>;
  requestBody: Record<string, unknown> | null;
  responseHeaders: Record<string, unknown>;
  event: string;
  entity: string | null;
}

beforeAll(async () => {
  ctx = await createTestContext();
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
  const created = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
    firstName: 'Jana',
    lastName: 'Nová',
  });
  expect(created.statusCode).toBe(201);
  const refused = await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'Bez příjmení' });
  expect(refused.statusCode).toBe(400);
});
afterAll(() => ctx?.close());

const list = async (query: string) => {
  const response = await ctx.call(ctx.admin, 'GET', `/api/system_audit${query}`);
  expect(response.statusCode).toBe(200);
  return { rows: response.json() as AuditEntry[], total: Number(response.headers['x-total-count']) };
};

describe('GET /api/system_audit', () => {
  it('lists the newest entry first with request, response and status', async () => {
    const { rows, total } = await list('?path=system_person');
    expect(total).toBe(2);
    expect(rows[0]).toMatchObject({
      author: 'admin',
      method: 'POST',
      path: '/api/system_person',
      status: 400,
    });
    expect(rows[1]).toMatchObject({
      status: 201,
      requestBody: { firstName: PERSONAL_VALUE_MASK, lastName: PERSONAL_VALUE_MASK },
    });
    expect(rows[1].requestHeaders['x-auth-token']).toBe('***');
    expect(rows[0].responseHeaders['x-error-code']).toBe('VALIDATION');
    expect(rows[1]).toMatchObject({ event: 'WRITE', entity: 'system_person' });
    expect(rows[0]).toMatchObject({ event: 'REFUSED' });
    expect(new Date(rows[0].created).getTime()).toBeGreaterThanOrEqual(new Date(rows[1].created).getTime());
  });

  it('filters by author, status, method and time range, sorts and pages', async () => {
    expectEvery(
      (await list(`?author=${siteAdmin.userName}`)).rows,
      (row) => row.author === siteAdmin.userName,
    );
    expect((await list('?status=400&path=system_person')).rows.map((row) => row.status)).toEqual([400]);
    expect((await list('?method=POST')).total).toBe(2);
    expect((await list(`?createdFrom=${started}&path=system_person`)).total).toBe(2);
    expect((await list('?createdTo=2000-01-01T00:00:00.000Z')).total).toBe(0);
    const sorted = await list('?sort=status,asc&size=10&path=system_person');
    expect(sorted.rows.map((row) => row.status)).toEqual([201, 400]);
    const secondPage = await list('?page=2&size=10');
    expect(secondPage.rows).toEqual([]);
  });

  it('records logins as audited calls', async () => {
    const { rows } = await list(`?author=${siteAdmin.userName}&path=/api/session`);
    expect(rows[0]).toMatchObject({ method: 'GET', status: 200 });
    expect(rows[0].requestHeaders.authorization).toBe('***');
  });

  it('gets one entry and gives 404 for an unknown id', async () => {
    const [first] = (await list('')).rows;
    const one = await ctx.call(ctx.admin, 'GET', `/api/system_audit/${first.id}`);
    expect(one.json()).toMatchObject({ id: first.id, path: first.path });
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_audit/99999999')).statusCode).toBe(404);
  });

  it('is read-only and for the administrator only', async () => {
    const [first] = (await list('')).rows;
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_audit/${first.id}`)).statusCode).toBe(404);
    expect((await ctx.call(ctx.admin, 'POST', '/api/system_audit', {})).statusCode).toBe(404);
    expect((await ctx.call(siteAdmin, 'GET', '/api/system_audit')).statusCode).toBe(403);
    expect((await ctx.call(siteAdmin, 'GET', `/api/system_audit/${first.id}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/system_audit')).statusCode).toBe(401);
  });
});
