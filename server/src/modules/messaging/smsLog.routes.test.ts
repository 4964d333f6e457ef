import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { smsMessages } from './messaging.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insert(smsMessages).values([
    { recipient: '+420777000001', text: 'První', created: new Date('2024-03-01T10:00:00Z') },
    {
      recipient: '+420777000002',
      text: 'Druhá',
      siteId: ctx.siteB,
      created: new Date('2024-03-02T10:00:00Z'),
      sentRetry: 1,
      sentSuccessFull: true,
      sent: new Date('2024-03-02T10:00:01Z'),
    },
    {
      recipient: '+421900000003',
      text: 'Třetí',
      created: new Date('2024-03-03T10:00:00Z'),
      sentRetry: 3,
      lastError: 'Gateway timeout',
    },
  ]);
});
afterAll(() => ctx?.close());

const texts = (rows: Array<{ text: string }>) => rows.map((row) => row.text);

describe('GET /api/system_sms', () => {
  it('lists the newest first with sentRetry and sentSuccessFull', async () => {
    const response = await ctx.call(ctx.admin, 'GET', '/api/system_sms');
    expect(response.headers['x-total-count']).toBe('3');
    const rows = response.json();
    expect(texts(rows)).toEqual(['Třetí', 'Druhá', 'První']);
    expect(rows[1]).toMatchObject({
      recipient: '+420777000002',
      site: { id: ctx.siteB, label: 'Site B' },
      sentRetry: 1,
      sentSuccessFull: true,
      sent: '2024-03-02T10:00:01.000Z',
      created: '2024-03-02T10:00:00.000Z',
    });
    expect(rows[0]).toMatchObject({ sentRetry: 3, sentSuccessFull: false, lastError: 'Gateway timeout' });
  });

  it('filters, sorts and pages', async () => {
    const call = async (query: string) =>
      (await ctx.call(ctx.admin, 'GET', `/api/system_sms${query}`)).json();
    expect(texts(await call('?sentSuccessFull=false&sort=created,asc'))).toEqual(['První', 'Třetí']);
    expect(texts(await call('?recipient=%2B421'))).toEqual(['Třetí']);
    expect(
      texts(await call('?createdFrom=2024-03-02T00:00:00.000Z&createdTo=2024-03-02T23:59:59.999Z')),
    ).toEqual(['Druhá']);
    expect(texts(await call('?sort=sentRetry,desc'))).toEqual(['Třetí', 'Druhá', 'První']);
    expect(texts(await call(`?site=${ctx.siteB}`))).toEqual(['Druhá']);
    expect(await call('?page=2&size=10')).toEqual([]);
  });

  it('gets one message, is read-only and for the administrator only', async () => {
    const [first] = (await ctx.call(ctx.admin, 'GET', '/api/system_sms')).json();
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_sms/${first.id}`)).json().text).toBe('Třetí');
    expect((await ctx.call(ctx.admin, 'GET', '/api/system_sms/999999')).statusCode).toBe(404);
    expect((await ctx.call(ctx.admin, 'POST', '/api/system_sms', { text: 'x' })).statusCode).toBe(404);
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_sms/${first.id}`)).statusCode).toBe(404);
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
    expect((await ctx.call(siteAdmin, 'GET', '/api/system_sms')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/system_sms')).statusCode).toBe(401);
  });
});
