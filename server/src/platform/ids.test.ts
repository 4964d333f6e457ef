import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, int, ref } from '@strazce/contract';
import { createTestContext, type TestContext } from '../../test/helper';
import { entityColumns } from '../db/columns';
import { crudRoutes } from './crud';

/** A global entity of this test only: `in` filters on a reference and on an integer. */
const widget = defineEntity({
  resource: 'test/widget',
  scope: 'global',
  read: ['ADMINISTRATOR'],
  write: ['ADMINISTRATOR'],
  fields: {
    count: int({ filter: 'in' }),
    owner: ref('system_person', { filter: 'in' }),
  },
});
const widgets = pgTable('test_widget', { ...entityColumns(), count: integer(), ownerId: integer() });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    routes: async (app, db) => {
      await db.execute(sql`
        create table test_widget (
          id integer primary key generated always as identity,
          version integer not null default 0,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          count integer,
          owner_id integer references system_person(id)
        )`);
      crudRoutes(app, db, { entity: widget, table: widgets });
    },
  });
});
afterAll(() => ctx?.close());

/** Spellings `Number()` and `z.coerce.number()` take for an id, and out-of-range ids. */
const MALFORMED = [
  '+1',
  '0x1',
  '1e0',
  '1.0',
  '%201',
  '1%20',
  '-1',
  '0',
  '2147483648',
  '99999999999',
  '1a',
  'Infinity',
];

async function expectInvalid(url: string, path: string) {
  const response = await ctx.call(ctx.admin, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
  expect(response.headers['x-error-code']).toBe('VALIDATION');
  const details = response.json().details as Array<{ path: string; message: string }>;
  expect(details.map((detail) => detail.path)).toContain(path);
  for (const detail of details) expect(detail.message).toMatch(/^validation\.\w+/);
}

describe('strict ids and integers in paths and query strings', () => {
  it('answers a record to its plain id only', async () => {
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_site/${ctx.siteA}`)).statusCode).toBe(200);
    for (const id of MALFORMED) await expectInvalid(`/api/system_site/${id}`, 'params.id');
  });

  it('refuses malformed ids in the paths of update and delete', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await ctx.call(ctx.admin, method, `/api/system_site/+${ctx.siteA}`, {
        name: 'Renamed',
        version: 0,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['x-error-code']).toBe('VALIDATION');
    }
  });

  it('refuses malformed ids in the paths and query strings of the other routes', async () => {
    const clerk = await ctx.givenUser({ roles: ['VISIT_USER'] });
    for (const id of ['+1', '0x1', '1e0']) {
      await expectInvalid(`/api/system_file/${id}/data`, 'params.id');
      await expectInvalid(`/api/access_user/avatar?id=${id}`, 'querystring.id');
      await expectInvalid(`/api/system_site/modules?id=${id}`, 'querystring.id');
      const leave = await ctx.call(clerk, 'POST', `/api/visit/${id}/leave`, { gate: 1 });
      expect(leave.statusCode, leave.body).toBe(400);
      const advice = await ctx.call(clerk, 'POST', `/api/visit/advice/${id}/visit`, {});
      expect(advice.statusCode, advice.body).toBe(400);
      const reset = await ctx.call(ctx.admin, 'POST', `/api/access_user/${id}/twofa/reset`);
      expect(reset.statusCode, reset.body).toBe(400);
    }
  });

  it('refuses malformed page, size, reference and integer filters of lists', async () => {
    expect((await ctx.call(ctx.admin, 'GET', '/api/test/widget?page=1&size=10')).statusCode).toBe(200);
    for (const value of ['+1', '0x1', '1e0', '%201', '1.0']) {
      await expectInvalid(`/api/test/widget?page=${value}`, 'querystring.page');
      await expectInvalid(`/api/system_audit?site=${value}`, 'querystring.site');
    }
    await expectInvalid('/api/test/widget?size=0x0a', 'querystring.size');
    await expectInvalid('/api/test/widget?size=1e1', 'querystring.size');
  });

  it('refuses malformed items of `in` filters on references and integers', async () => {
    const person = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'Ida',
      lastName: 'Idová',
    });
    expect(person.statusCode, person.body).toBe(201);
    const owner = person.json().id as number;
    const created = await ctx.call(ctx.admin, 'POST', '/api/test/widget', { count: -3, owner });
    expect(created.statusCode, created.body).toBe(201);

    const found = await ctx.call(ctx.admin, 'GET', `/api/test/widget?owner=${owner},999&count=-3,4`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toHaveLength(1);
    for (const item of ['+1', '0x1', '1e0', '-1', '0', '2147483648', ' 1'])
      await expectInvalid(`/api/test/widget?owner=${owner},${encodeURIComponent(item)}`, 'owner');
    for (const item of ['+1', '0x1', '1e0', '1.5'])
      await expectInvalid(`/api/test/widget?count=${encodeURIComponent(item)}`, 'count');
  });
});
