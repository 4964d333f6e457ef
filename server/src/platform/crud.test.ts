// Over 600 lines: the CRUD machinery's cases share tables of their own created once for the file.
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text as textColumn, uniqueIndex } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bool, datetime, defineEntity, enumOf, int, ref, text } from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';
import { entityColumns, ts } from '../db/columns';
import { crudRoutes } from './crud';

/** A site-scoped entity of a module, registered only in this test: the guard and the CRUD factory on their own. */
const gadget = defineEntity({
  resource: 'test/gadget',
  module: 'MOD_STOCK',
  scope: 'site',
  read: ['STOCK_ADMIN', 'STOCK_VIEW'],
  write: ['STOCK_ADMIN'],
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 50, list: true, sort: true, filter: 'contains', unique: true }),
    code: text({ max: 20, unique: true }),
    quantity: int({ min: 0, sort: true, filter: 'range' }),
    checked: datetime({ sort: true, filter: 'range' }),
    kind: enumOf(['BATCH', 'UNIQUE'], { filter: 'in' }),
    owner: ref('system_person', { sort: true, filter: 'eq' }),
    active: bool({ default: true, filter: 'eq' }),
  },
});

const gadgets = pgTable(
  'test_gadget',
  {
    ...entityColumns(),
    siteId: integer().notNull(),
    name: textColumn().notNull(),
    code: textColumn(),
    quantity: integer(),
    checked: ts(),
    kind: textColumn(),
    ownerId: integer(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('test_gadget_name_uq').on(t.siteId, t.name),
    uniqueIndex('test_gadget_code_uq').on(t.siteId, t.code),
  ],
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    resetOrigins: ['http://localhost:5173'],
    routes: async (app, db) => {
      await db.execute(sql`
        create table test_gadget (
          id integer primary key generated always as identity,
          version integer not null default 0,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          site_id integer not null references system_site(id),
          name text not null,
          code text,
          quantity integer,
          checked timestamptz,
          kind text,
          owner_id integer references system_person(id),
          active boolean not null default true
        )`);
      await db.execute(sql`create unique index test_gadget_name_uq on test_gadget (site_id, name)`);
      await db.execute(sql`create unique index test_gadget_code_uq on test_gadget (site_id, code)`);
      crudRoutes(app, db, { entity: gadget, table: gadgets });
      app.get('/api/test/unguarded', async () => ({ secret: 'data' }));
      app.get('/api/test/nobody', { config: { access: { roles: [] } } }, async () => ({ secret: 'data' }));
    },
  });
});
afterAll(() => ctx?.close());

type Response = Awaited<ReturnType<TestContext['call']>>;

function expectError(response: Response, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['x-error-code']).toBe(code);
  expect(response.headers['x-error-message']).toEqual(expect.any(String));
  expect(response.json()).toMatchObject({ code, message: expect.any(String) });
}

const names = (response: Response) =>
  response.json().map((row: { name?: string; lastName?: string }) => row.name ?? row.lastName);

describe('guard', () => {
  it('denies a route without an access rule and a rule without roles, even to an administrator', async () => {
    for (const url of ['/api/test/unguarded', '/api/test/nobody']) {
      const response = await ctx.call(ctx.admin, 'GET', url);
      expectError(response, 403, 'FORBIDDEN');
      expect(response.body).not.toContain('data');
    }
  });

  it('answers 401 without a session and 403 for a wrong role', async () => {
    expectError(await ctx.call(null, 'GET', '/api/system_person'), 401, 'UNAUTHORIZED');
    expectError(
      await ctx.call(null, 'POST', '/api/system_person', { firstName: 'A', lastName: 'B' }),
      401,
      'UNAUTHORIZED',
    );
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'STOCK_ADMIN'] });
    for (const resource of ['system_person', 'access_user', 'access_group', 'system_site', 'system_client']) {
      expectError(await ctx.call(siteAdmin, 'GET', `/api/${resource}`), 403, 'FORBIDDEN');
      expectError(await ctx.call(siteAdmin, 'GET', `/api/${resource}/1`), 403, 'FORBIDDEN');
      expectError(await ctx.call(siteAdmin, 'POST', `/api/${resource}`, {}), 403, 'FORBIDDEN');
      expectError(await ctx.call(siteAdmin, 'PUT', `/api/${resource}/1`, { version: 0 }), 403, 'FORBIDDEN');
      expectError(await ctx.call(siteAdmin, 'DELETE', `/api/${resource}/1`), 403, 'FORBIDDEN');
    }
  });

  it('guards HEAD requests like the GET routes they mirror', async () => {
    expect((await ctx.app.inject({ method: 'HEAD', url: '/api/system_person' })).statusCode).toBe(401);
    const viewer = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    expect((await ctx.call(viewer, 'HEAD', '/api/system_person')).statusCode).toBe(403);
    expect((await ctx.call(ctx.admin, 'HEAD', '/api/system_person')).statusCode).toBe(200);
  });

  it('separates read and write roles', async () => {
    const viewer = await ctx.givenUser({ roles: ['STOCK_VIEW'] });
    expect((await ctx.call(viewer, 'GET', '/api/test/gadget')).statusCode).toBe(200);
    expectError(await ctx.call(viewer, 'POST', '/api/test/gadget', { name: 'Drill' }), 403, 'FORBIDDEN');
  });

  it('answers 404 with the error shape for unknown API paths', async () => {
    expectError(await ctx.call(ctx.admin, 'GET', '/api/no/such/thing'), 404, 'NOT_FOUND');
    expectError(await ctx.call(null, 'POST', '/api/no/such/thing', {}), 404, 'NOT_FOUND');
  });

  it('answers CORS preflights and exposes the wire headers', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/system_person',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    const list = await ctx.call(ctx.admin, 'GET', '/api/system_person', undefined, {
      origin: 'http://localhost:5173',
    });
    const exposed = String(list.headers['access-control-expose-headers']);
    for (const header of [
      'X-Auth-Token',
      'X-Client-Token',
      'X-Total-Count',
      'X-Error-Code',
      'X-Error-Message',
    ])
      expect(exposed).toContain(header);
    expect(list.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // Any other origin gets no CORS permission (ASVS V3.4.2).
    const foreign = await ctx.call(ctx.admin, 'GET', '/api/system_person', undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('module enabled on the site', () => {
  let stockAdmin: TestUser;
  let noStock: number;
  beforeAll(async () => {
    noStock = await ctx.createSite('Without stock', ['MOD_VISIT']);
    stockAdmin = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [ctx.siteA, noStock] });
  });

  it('refuses calls of a module the current site has not enabled with 403 MODULE_DISABLED', async () => {
    expect((await ctx.call(stockAdmin, 'GET', '/api/test/gadget')).statusCode).toBe(200);
    await ctx.call(stockAdmin, 'POST', '/api/system_site/switch', { id: noStock });
    expectError(await ctx.call(stockAdmin, 'GET', '/api/test/gadget'), 403, 'MODULE_DISABLED');
    expectError(
      await ctx.call(stockAdmin, 'POST', '/api/test/gadget', { name: 'X' }),
      403,
      'MODULE_DISABLED',
    );
    await ctx.call(stockAdmin, 'POST', '/api/system_site/switch', { id: ctx.siteA });
  });

  it('takes a module switched off by the administrator into account at once', async () => {
    const site = await ctx.createSite('Switching modules');
    const user = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [site] });
    expect((await ctx.call(user, 'GET', '/api/test/gadget')).statusCode).toBe(200);
    const current = (await ctx.call(ctx.admin, 'GET', `/api/system_site/${site}`)).json();
    const updated = await ctx.call(ctx.admin, 'PUT', `/api/system_site/${site}`, {
      version: current.version,
      modules: ['MOD_VISIT', 'MOD_KM'],
    });
    expect(updated.json().modules).toEqual(['MOD_KM', 'MOD_VISIT']);
    expectError(await ctx.call(user, 'GET', '/api/test/gadget'), 403, 'MODULE_DISABLED');
  });

  it('needs a current site for site-scoped calls', async () => {
    const homeless = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [] });
    expectError(await ctx.call(homeless, 'GET', '/api/test/gadget'), 403, 'NO_SITE');
  });
});

describe('site scoping', () => {
  let onA: TestUser;
  let onB: TestUser;
  let foreignId: number;
  beforeAll(async () => {
    onA = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [ctx.siteA] });
    onB = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [ctx.siteB] });
    const created = await ctx.call(onB, 'POST', '/api/test/gadget', {
      name: 'Secret gadget of B',
      code: 'B-1',
    });
    expect(created.statusCode).toBe(201);
    foreignId = created.json().id;
  });

  it("creates rows on the session's current site", async () => {
    const [row] = await ctx.db.select().from(gadgets).where(eq(gadgets.id, foreignId));
    expect(row.siteId).toBe(ctx.siteB);
  });

  it("answers 404 for another site's record by id and never shows its data", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { version: 0, name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await ctx.call(onA, method, `/api/test/gadget/${foreignId}`, payload);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('Secret gadget');
    }
    const [row] = await ctx.db.select().from(gadgets).where(eq(gadgets.id, foreignId));
    expect(row).toMatchObject({ name: 'Secret gadget of B', version: 0 });
  });

  it("lists only the current site's rows", async () => {
    await ctx.call(onA, 'POST', '/api/test/gadget', { name: 'Gadget of A' });
    const list = await ctx.call(onA, 'GET', '/api/test/gadget?size=100');
    expect(names(list)).toContain('Gadget of A');
    expect(list.body).not.toContain('Secret gadget');
    expect(list.headers['x-total-count']).toBe(String(list.json().length));
  });

  it('keeps unique keys per site', async () => {
    expect(
      (await ctx.call(onA, 'POST', '/api/test/gadget', { name: 'Secret gadget of B', code: 'B-1' }))
        .statusCode,
    ).toBe(201);
    expectError(
      await ctx.call(onA, 'POST', '/api/test/gadget', { name: 'Gadget of A' }),
      400,
      'DATA_INTEGRITY',
    );
  });

  it('stores an empty optional text as null, so empty values never collide on a unique key', async () => {
    const first = await ctx.call(onA, 'POST', '/api/test/gadget', { name: 'Empty code 1', code: '' });
    const second = await ctx.call(onA, 'POST', '/api/test/gadget', { name: 'Empty code 2', code: '  ' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json().code).toBeNull();
  });
});

describe('list: paging, sorting, filters and total', () => {
  let stock: TestUser;
  beforeAll(async () => {
    const site = await ctx.createSite('Listing site');
    stock = await ctx.givenUser({ roles: ['STOCK_ADMIN'], sites: [site] });
    const owner = (
      await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'Olga', lastName: 'Owner' })
    ).json();
    for (let index = 1; index <= 12; index++) {
      const response = await ctx.call(stock, 'POST', '/api/test/gadget', {
        name: `Item ${String(index).padStart(2, '0')}`,
        quantity: index,
        checked: new Date(Date.UTC(2024, 0, index)).toISOString(),
        kind: index % 3 === 0 ? 'UNIQUE' : 'BATCH',
        owner: index <= 2 ? owner.id : null,
        active: index !== 5,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('pages with the default sort and gives the total in X-Total-Count', async () => {
    const first = await ctx.call(stock, 'GET', '/api/test/gadget');
    expect(first.headers['x-total-count']).toBe('12');
    expect(names(first)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Item ${String(index + 1).padStart(2, '0')}`),
    );
    const second = await ctx.call(stock, 'GET', '/api/test/gadget?page=2&size=10');
    expect(names(second)).toEqual(['Item 11', 'Item 12']);
    expect(second.headers['x-total-count']).toBe('12');
    const beyond = await ctx.call(stock, 'GET', '/api/test/gadget?page=5&size=25');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('12');
  });

  it('sorts by a sortable field either way, also by a reference label', async () => {
    const desc = await ctx.call(stock, 'GET', '/api/test/gadget?sort=quantity,desc&size=25');
    expect(names(desc).slice(0, 3)).toEqual(['Item 12', 'Item 11', 'Item 10']);
    const byOwner = await ctx.call(stock, 'GET', '/api/test/gadget?sort=owner,asc&size=25');
    expect(byOwner.statusCode).toBe(200);
    expect(names(byOwner).slice(0, 2).sort()).toEqual(['Item 01', 'Item 02']);
  });

  it('filters by contains, range, in, eq and reference', async () => {
    const contains = await ctx.call(stock, 'GET', '/api/test/gadget?name=item%201');
    expect(names(contains)).toEqual(['Item 10', 'Item 11', 'Item 12']);
    const range = await ctx.call(stock, 'GET', '/api/test/gadget?quantityFrom=4&quantityTo=6');
    expect(names(range)).toEqual(['Item 04', 'Item 05', 'Item 06']);
    const dates = await ctx.call(
      stock,
      'GET',
      `/api/test/gadget?checkedFrom=${encodeURIComponent('2024-01-11T00:00:00.000Z')}`,
    );
    expect(names(dates)).toEqual(['Item 11', 'Item 12']);
    const kinds = await ctx.call(stock, 'GET', '/api/test/gadget?kind=UNIQUE&size=25');
    expect(kinds.headers['x-total-count']).toBe('4');
    const inactive = await ctx.call(stock, 'GET', '/api/test/gadget?active=false');
    expect(names(inactive)).toEqual(['Item 05']);
    const owned = (await ctx.call(stock, 'GET', '/api/test/gadget?size=25')).json()[0].owner;
    expect(owned).toEqual({ id: expect.any(Number), label: 'Owner Olga' });
    const byOwner = await ctx.call(stock, 'GET', `/api/test/gadget?owner=${owned.id}`);
    expect(names(byOwner)).toEqual(['Item 01', 'Item 02']);
  });

  it('answers each request for its own values when the same filters come again (prepared per shape)', async () => {
    expect(names(await ctx.call(stock, 'GET', '/api/test/gadget?name=item%201'))).toEqual([
      'Item 10',
      'Item 11',
      'Item 12',
    ]);
    expect(names(await ctx.call(stock, 'GET', '/api/test/gadget?name=item%200&size=25'))).toHaveLength(9);
    const batch = await ctx.call(stock, 'GET', '/api/test/gadget?kind=BATCH&size=25');
    expect(batch.headers['x-total-count']).toBe('8');
    const both = await ctx.call(stock, 'GET', '/api/test/gadget?kind=BATCH,UNIQUE&size=25');
    expect(both.headers['x-total-count']).toBe('12');
    const later = `/api/test/gadget?checkedFrom=${encodeURIComponent('2024-01-06T00:00:00.000Z')}&size=25`;
    expect(names(await ctx.call(stock, 'GET', later))).toHaveLength(7);
    const descending = await ctx.call(stock, 'GET', '/api/test/gadget?sort=quantity,desc&page=2&size=10');
    expect(names(descending)).toEqual(['Item 02', 'Item 01']);
    const ascending = await ctx.call(stock, 'GET', '/api/test/gadget?sort=quantity,asc&page=2&size=10');
    expect(names(ascending)).toEqual(['Item 11', 'Item 12']);
  });

  it('returns date-times as ISO strings in UTC with milliseconds, in the list and in the record', async () => {
    const created = await ctx.call(stock, 'POST', '/api/test/gadget', {
      name: 'Timed',
      checked: '2024-05-06T09:08:09.123+02:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = (await ctx.call(stock, 'GET', `/api/test/gadget/${created.json().id}`)).json();
    expect(record.checked).toBe('2024-05-06T07:08:09.123Z');
    expect(record.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.json()).toEqual(record);
    const listed = (await ctx.call(stock, 'GET', '/api/test/gadget?name=Timed')).json();
    expect(listed).toEqual([record]);
    expect((await ctx.call(stock, 'DELETE', `/api/test/gadget/${record.id}`)).statusCode).toBe(204);
  });

  it('treats LIKE wildcards in a contains filter literally', async () => {
    const response = await ctx.call(stock, 'GET', '/api/test/gadget?name=%25');
    expect(response.json()).toEqual([]);
  });

  it.each([
    'size=20',
    'size=0',
    'page=0',
    'page=x',
    'sort=code,asc',
    'sort=name,sideways',
    'quantity=3',
    'kind=BROKEN',
    'active=maybe',
    'checkedFrom=yesterday',
    'unknown=1',
  ])('refuses the query %s with 400 VALIDATION', async (query) => {
    expectError(await ctx.call(stock, 'GET', `/api/test/gadget?${query}`), 400, 'VALIDATION');
  });
});

describe('CRUD of persons', () => {
  it('creates (201), reads, updates with the version and deletes (204)', async () => {
    const created = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: ' Jana ',
      lastName: 'Nováková',
      email: 'jana@example.com',
      homeSite: ctx.siteB,
    });
    expect(created.statusCode).toBe(201);
    const person = created.json();
    expect(person).toMatchObject({
      id: expect.any(Number),
      version: 0,
      firstName: 'Jana',
      lastName: 'Nováková',
      email: 'jana@example.com',
      phone: null,
      valid: true,
      homeSite: { id: ctx.siteB, label: 'Site B' },
    });
    expect(person.createdAt).toMatch(/Z$/);

    const read = await ctx.call(ctx.admin, 'GET', `/api/system_person/${person.id}`);
    expect(read.json()).toEqual(person);

    const updated = await ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, {
      version: 0,
      phone: '+420 777 123 456',
      homeSite: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      version: 1,
      phone: '+420 777 123 456',
      homeSite: null,
      firstName: 'Jana',
    });

    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_person/${person.id}`)).statusCode).toBe(204);
    expectError(await ctx.call(ctx.admin, 'GET', `/api/system_person/${person.id}`), 404, 'NOT_FOUND');
  });

  it('refuses a stale version with 409 CONFLICT and keeps the newer data', async () => {
    const person = (
      await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'A', lastName: 'Stale' })
    ).json();
    expect(
      (await ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, { version: 0, note: 'first' }))
        .statusCode,
    ).toBe(200);
    expectError(
      await ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, { version: 0, note: 'second' }),
      409,
      'CONFLICT',
    );
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_person/${person.id}`)).json()).toMatchObject({
      note: 'first',
      version: 1,
    });
  });

  it('answers 404 for unknown ids and 400 for ids that are not ids', async () => {
    expectError(await ctx.call(ctx.admin, 'GET', '/api/system_person/999999'), 404, 'NOT_FOUND');
    expectError(
      await ctx.call(ctx.admin, 'PUT', '/api/system_person/999999', { version: 0 }),
      404,
      'NOT_FOUND',
    );
    expectError(await ctx.call(ctx.admin, 'DELETE', '/api/system_person/999999'), 404, 'NOT_FOUND');
    expectError(await ctx.call(ctx.admin, 'GET', '/api/system_person/abc'), 400, 'VALIDATION');
    expectError(await ctx.call(ctx.admin, 'GET', '/api/system_person/99999999999'), 400, 'VALIDATION');
  });

  it('reports invalid fields with 400 VALIDATION and field details', async () => {
    const response = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      lastName: '',
      email: 'not-an-address',
    });
    expectError(response, 400, 'VALIDATION');
    const details = response.json().details as { path: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: expect.any(String) },
        { path: 'lastName', message: 'validation.required' },
        { path: 'email', message: 'validation.email' },
      ]),
    );
  });

  it('rejects unknown fields, read-only fields and a missing version', async () => {
    const unknown = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'A',
      lastName: 'B',
      nickname: 'x',
    });
    expectError(unknown, 400, 'VALIDATION');
    expect(unknown.json().details[0].message).toContain('nickname');
    const person = (
      await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'A', lastName: 'Fields' })
    ).json();
    expectError(
      await ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, { version: 0, id: 5 }),
      400,
      'VALIDATION',
    );
    expectError(
      await ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, { note: 'x' }),
      400,
      'VALIDATION',
    );
  });

  it('refuses a reference to a missing record', async () => {
    const response = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'A',
      lastName: 'B',
      homeSite: 999999,
    });
    expectError(response, 400, 'VALIDATION');
    expect(response.json().details).toEqual([{ path: 'homeSite', message: 'validation.ref' }]);
  });

  it('refuses a duplicate unique key with 400 DATA_INTEGRITY', async () => {
    await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'A',
      lastName: 'B',
      corporateId: 'EMP-1',
    });
    const duplicate = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'C',
      lastName: 'D',
      corporateId: 'EMP-1',
    });
    expectError(duplicate, 400, 'DATA_INTEGRITY');
  });

  it('refuses malformed JSON, an empty JSON body, an unsupported content type and an oversized body', async () => {
    const inject = (payload: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/system_person',
        payload,
        headers: { 'x-auth-token': ctx.admin.token, 'content-type': contentType },
      });
    expectError(await inject('{"firstName": "A", ', 'application/json'), 400, 'BAD_REQUEST');
    expectError(await inject('', 'application/json'), 400, 'BAD_REQUEST');
    expectError(await inject('{"__proto__": {"admin": true}}', 'application/json'), 400, 'BAD_REQUEST');
    expectError(
      await inject('firstName=A', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const huge = JSON.stringify({ firstName: 'A', lastName: 'B', note: 'x'.repeat(1_100_000) });
    expectError(await inject(huge, 'application/json'), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('lists with filters and the total', async () => {
    for (const lastName of ['Listový', 'Listová', 'Listík']) {
      await ctx.call(ctx.admin, 'POST', '/api/system_person', {
        firstName: 'L',
        lastName,
        valid: lastName !== 'Listík',
      });
    }
    const list = await ctx.call(
      ctx.admin,
      'GET',
      '/api/system_person?lastName=list&valid=true&sort=lastName,desc',
    );
    expect(list.headers['x-total-count']).toBe('2');
    expect(names(list)).toEqual(['Listový', 'Listová']);
  });
});

describe('CRUD of users', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (
      await ctx.call(ctx.admin, 'POST', '/api/access_group', { name: 'Guards', roles: ['VISIT_USER'] })
    ).json().id;
  });

  async function createUser(body: Record<string, unknown>) {
    return ctx.call(ctx.admin, 'POST', '/api/access_user', {
      password: 'Initial.1',
      roles: ['ALL_CLIENTS'],
      ...body,
    });
  }

  it('creates a user with roles, groups and sites, and never returns the password', async () => {
    const response = await createUser({
      userName: 'new.guard',
      roles: ['ALL_CLIENTS', 'KM_USER'],
      groups: [groupId],
      sites: [ctx.siteB, ctx.siteA],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      userName: 'new.guard',
      authProvider: 'LOCAL',
      valid: true,
      tfa: false,
      forceTfa: false,
      lastLogin: null,
      roles: ['ALL_CLIENTS', 'KM_USER'],
      groups: [{ id: groupId, label: 'Guards' }],
      sites: [
        { id: ctx.siteA, label: 'Site A' },
        { id: ctx.siteB, label: 'Site B' },
      ],
    });
    const everything = [
      response.body,
      (await ctx.call(ctx.admin, 'GET', `/api/access_user/${created.id}`)).body,
      (await ctx.call(ctx.admin, 'GET', '/api/access_user?size=100')).body,
    ].join();
    expect(everything).not.toMatch(/Initial\.1|argon2|passwordHash|"password"|tfaSecret/);

    const login = await ctx.login('new.guard', 'Initial.1');
    expect(login.statusCode).toBe(200);
    expect(login.json().authorities.map((authority: { role: string }) => authority.role)).toEqual([
      'ALL_CLIENTS',
      'KM_USER',
      'VISIT_USER',
    ]);
  });

  it('needs a valid password for a new local user', async () => {
    const missing = await ctx.call(ctx.admin, 'POST', '/api/access_user', { userName: 'no.password' });
    expectError(missing, 400, 'VALIDATION');
    expect(missing.json().details).toEqual([{ path: 'password', message: 'validation.required' }]);
    const weak = await createUser({ userName: 'weak.password', password: 'weakpass' });
    expect(weak.json().details).toEqual([{ path: 'password', message: 'validation.password' }]);
  });

  it('refuses read-only fields, unknown roles and a duplicate user name in any case', async () => {
    expectError(await createUser({ userName: 'ro.user', tfa: true }), 400, 'VALIDATION');
    expectError(
      await createUser({ userName: 'ro.user', lastLogin: new Date().toISOString() }),
      400,
      'VALIDATION',
    );
    expectError(await createUser({ userName: 'ro.user', roles: ['ANPR'] }), 400, 'VALIDATION');
    expectError(await createUser({ userName: 'ro.user', sites: [999999] }), 400, 'VALIDATION');
    expect((await createUser({ userName: 'Same.Name' })).statusCode).toBe(201);
    expectError(await createUser({ userName: 'same.name' }), 400, 'DATA_INTEGRITY');
  });

  it('replaces the links that are sent and keeps the others', async () => {
    const user = (
      await createUser({ userName: 'links.user', roles: ['KM_VIEW'], groups: [groupId], sites: [ctx.siteA] })
    ).json();
    const updated = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version: 0,
      roles: ['STOCK_VIEW'],
    });
    expect(updated.json()).toMatchObject({
      roles: ['STOCK_VIEW'],
      groups: [{ id: groupId, label: 'Guards' }],
      sites: [{ id: ctx.siteA, label: 'Site A' }],
    });
    const cleared = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version: 1,
      groups: [],
      sites: [],
    });
    expect(cleared.json()).toMatchObject({ roles: ['STOCK_VIEW'], groups: [], sites: [] });
  });

  it('ends the sessions of a user who is disabled or gets a new password', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const version = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${user.id}`)).json().version;
    await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, { version, valid: false });
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await ctx.login(user.userName)).statusCode).toBe(401);
    await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, { version: version + 1, valid: true });
    const again = { ...user, token: (await ctx.login(user.userName)).json().session.token };
    await ctx.call(ctx.admin, 'PUT', `/api/access_user/${user.id}`, {
      version: version + 2,
      password: 'Changed.2',
    });
    expect((await ctx.call(again, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await ctx.login(user.userName, 'Changed.2')).statusCode).toBe(200);
  });

  it('does not let an administrator disable or delete themselves', async () => {
    const self = (await ctx.call(ctx.admin, 'GET', `/api/access_user/${ctx.admin.id}`)).json();
    expectError(
      await ctx.call(ctx.admin, 'PUT', `/api/access_user/${ctx.admin.id}`, {
        version: self.version,
        valid: false,
      }),
      400,
      'VALIDATION',
    );
    expectError(
      await ctx.call(ctx.admin, 'DELETE', `/api/access_user/${ctx.admin.id}`),
      409,
      'CANNOT_DELETE_SELF',
    );
    expect((await ctx.call(ctx.admin, 'GET', '/api/session')).statusCode).toBe(200);
  });

  it('deletes a user with their sessions', async () => {
    const user = await ctx.givenUser({ roles: [] });
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/access_user/${user.id}`)).statusCode).toBe(204);
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(401);
  });

  it('filters and sorts users', async () => {
    const list = await ctx.call(ctx.admin, 'GET', '/api/access_user?userName=guard&sort=userName,asc');
    expect(list.json().map((user: { userName: string }) => user.userName)).toEqual(['new.guard']);
    expectError(await ctx.call(ctx.admin, 'GET', '/api/access_user?password=x'), 400, 'VALIDATION');
    expectError(await ctx.call(ctx.admin, 'GET', '/api/access_user?sort=password'), 400, 'VALIDATION');
  });
});

describe('CRUD of groups', () => {
  it('gives members the roles of valid groups only', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const group = (
      await ctx.call(ctx.admin, 'POST', '/api/access_group', {
        name: 'Key office',
        roles: ['KM_ADMIN'],
        members: [user.id],
      })
    ).json();
    expect(group).toMatchObject({
      roles: ['KM_ADMIN'],
      members: [{ id: user.id, label: user.userName }],
      valid: true,
    });
    const roles = async () => (await ctx.call(user, 'GET', `/api/access_user/roles?id=${user.id}`)).json();
    expect(await roles()).toContainEqual({ role: 'KM_ADMIN' });
    await ctx.call(ctx.admin, 'PUT', `/api/access_group/${group.id}`, { version: 0, valid: false });
    expect(await roles()).not.toContainEqual({ role: 'KM_ADMIN' });
    expect((await ctx.call(ctx.admin, 'GET', `/api/access_user/${user.id}`)).json().groups).toEqual([
      { id: group.id, label: 'Key office' },
    ]);
  });

  it('keeps group names unique and deletes groups', async () => {
    const group = (await ctx.call(ctx.admin, 'POST', '/api/access_group', { name: 'Unique group' })).json();
    expectError(
      await ctx.call(ctx.admin, 'POST', '/api/access_group', { name: 'Unique group' }),
      400,
      'DATA_INTEGRITY',
    );
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/access_group/${group.id}`)).statusCode).toBe(204);
    expect((await ctx.call(ctx.admin, 'GET', `/api/access_group/${group.id}`)).statusCode).toBe(404);
  });
});

describe('CRUD of sites', () => {
  it('creates a site with modules, renames it and refuses a duplicate name', async () => {
    const created = await ctx.call(ctx.admin, 'POST', '/api/system_site', {
      name: 'Ostrava',
      modules: ['MOD_KBOX', 'MOD_PATROL'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Ostrava',
      valid: true,
      modules: ['MOD_KBOX', 'MOD_PATROL'],
      description: null,
    });
    expectError(
      await ctx.call(ctx.admin, 'POST', '/api/system_site', { name: 'Ostrava' }),
      400,
      'DATA_INTEGRITY',
    );
    expectError(
      await ctx.call(ctx.admin, 'POST', '/api/system_site', { name: 'Olomouc', modules: ['MOD_NONE'] }),
      400,
      'VALIDATION',
    );
    const renamed = await ctx.call(ctx.admin, 'PUT', `/api/system_site/${created.json().id}`, {
      version: 0,
      name: 'Ostrava – hala',
    });
    expect(renamed.json()).toMatchObject({
      name: 'Ostrava – hala',
      modules: ['MOD_KBOX', 'MOD_PATROL'],
      version: 1,
    });
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_site/${created.json().id}`)).statusCode).toBe(
      204,
    );
  });
});

describe('CRUD of clients (terminals)', () => {
  it('stores date-times, filters by their range and revokes a terminal', async () => {
    const expires = '2030-05-01T08:00:00.000+02:00';
    const created = await ctx.call(ctx.admin, 'POST', '/api/system_client', {
      name: 'Gate 1',
      expires,
      authorized: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Gate 1',
      expires: '2030-05-01T06:00:00.000Z',
      authorized: true,
      lastAccess: null,
    });
    await ctx.call(ctx.admin, 'POST', '/api/system_client', {
      name: 'Gate 2',
      expires: '2020-01-01T00:00:00.000Z',
    });
    const future = await ctx.call(
      ctx.admin,
      'GET',
      `/api/system_client?expiresFrom=${encodeURIComponent('2025-01-01T00:00:00Z')}`,
    );
    expect(names(future)).toEqual(['Gate 1']);
    const revoked = await ctx.call(ctx.admin, 'PUT', `/api/system_client/${created.json().id}`, {
      version: 0,
      authorized: false,
    });
    expect(revoked.json().authorized).toBe(false);
    expectError(
      await ctx.call(ctx.admin, 'POST', '/api/system_client', { name: 'Gate 3', expires: '2030-05-01' }),
      400,
      'VALIDATION',
    );
    expectError(
      await ctx.call(ctx.admin, 'POST', '/api/system_client', { name: 'Gate 3', lastAccess: expires }),
      400,
      'VALIDATION',
    );
  });
});

describe('masks', () => {
  it('refuses, when the routes are made, a mask of a field the records do not have', () => {
    const masks = { of: () => 'hidden', masks: { hidden: { fields: { secret: () => sql`null` } } } };
    expect(() => crudRoutes(Fastify(), ctx.db, { entity: gadget, table: gadgets, masks })).toThrow(
      'test/gadget masks secret, which its records do not have',
    );
  });
});
