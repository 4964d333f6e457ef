import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { emails } from './messaging.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insert(emails).values([
    {
      recipient: 'alice@example.com',
      subject: 'First',
      body: 'Body 1',
      queued: new Date('2024-01-01T08:00:00Z'),
    },
    {
      recipient: 'bob@example.com',
      subject: 'Second',
      body: 'Body 2',
      siteId: ctx.siteA,
      queued: new Date('2024-01-02T08:00:00Z'),
      sent: new Date('2024-01-02T08:00:05Z'),
      attempts: 1,
    },
    {
      recipient: 'alice.two@example.com',
      subject: 'Third',
      body: 'Body 3',
      queued: new Date('2024-01-03T08:00:00Z'),
      attempts: 2,
      lastError: 'Connection refused',
    },
  ]);
});
afterAll(() => ctx?.close());

describe('GET /api/system_email', () => {
  it('lists the newest queued first with the total and every log field', async () => {
    const response = await ctx.call(ctx.admin, 'GET', '/api/system_email');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const rows = response.json();
    expect(rows.map((row: { subject: string }) => row.subject)).toEqual(['Third', 'Second', 'First']);
    expect(rows[1]).toMatchObject({
      recipient: 'bob@example.com',
      body: 'Body 2',
      site: { id: ctx.siteA, label: 'Site A' },
      queued: '2024-01-02T08:00:00.000Z',
      sent: '2024-01-02T08:00:05.000Z',
      delivered: true,
      attempts: 1,
      lastError: null,
      version: 0,
      createdAt: '2024-01-02T08:00:00.000Z',
    });
    expect(rows[0]).toMatchObject({
      delivered: false,
      sent: null,
      attempts: 2,
      lastError: 'Connection refused',
    });
  });

  it('filters by recipient, queued range and sent yes/no, sorts and pages', async () => {
    const byRecipient = await ctx.call(ctx.admin, 'GET', '/api/system_email?recipient=ALICE&sort=queued,asc');
    expect(byRecipient.json().map((row: { subject: string }) => row.subject)).toEqual(['First', 'Third']);

    const range = await ctx.call(
      ctx.admin,
      'GET',
      '/api/system_email?queuedFrom=2024-01-02T00:00:00.000Z&queuedTo=2024-01-03T00:00:00.000Z',
    );
    expect(range.json().map((row: { subject: string }) => row.subject)).toEqual(['Second']);

    const pending = await ctx.call(ctx.admin, 'GET', '/api/system_email?delivered=false');
    expect(pending.headers['x-total-count']).toBe('2');
    const sent = await ctx.call(ctx.admin, 'GET', '/api/system_email?delivered=true');
    expect(sent.json().map((row: { subject: string }) => row.subject)).toEqual(['Second']);

    const page = await ctx.call(ctx.admin, 'GET', '/api/system_email?page=2&size=10&sort=recipient,desc');
    expect(page.json()).toEqual([]);
    expect(page.headers['x-total-count']).toBe('3');
    const sorted = await ctx.call(ctx.admin, 'GET', '/api/system_email?sort=recipient,desc');
    expect(sorted.json()[0].recipient).toBe('bob@example.com');
  });

  it('refuses an unknown sort field and filter', async () => {
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_email?sort=body,asc')).statusCode).toBe(400);
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_email?body=x')).statusCode).toBe(400);
  });

  it('gets one message with its body, 404 for an unknown id', async () => {
    const [first] = (await ctx.call(ctx.admin, 'GET', '/api/system_email?sort=queued,asc')).json();
    const one = await ctx.call(ctx.admin, 'GET', `/api/system_email/${first.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ subject: 'First', body: 'Body 1' });
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_email/999999')).statusCode).toBe(404);
  });

  it('is read-only: no create, edit or delete', async () => {
    const [first] = (await ctx.call(ctx.admin, 'GET', '/api/system_email')).json();
    const post = await ctx.call(ctx.admin, 'POST', '/api/system_email', { recipient: 'x@example.com' });
    expect(post.statusCode).toBe(404);
    expect(
      (await ctx.call(ctx.admin, 'PUT', `/api/system_email/${first.id}`, { version: 0 })).statusCode,
    ).toBe(404);
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_email/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses everyone but the administrator', async () => {
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'VIEW_PERSONAL_INFO'] });
    expect((await ctx.call(siteAdmin, 'GET', '/api/system_email')).statusCode).toBe(403);
    const [first] = (await ctx.call(ctx.admin, 'GET', '/api/system_email')).json();
    expect((await ctx.call(siteAdmin, 'GET', `/api/system_email/${first.id}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/system_email')).statusCode).toBe(401);
  });
});
