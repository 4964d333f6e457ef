import { PERSONAL_VALUE_MASK } from '@strazce/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';
import { audits } from './platform.tables';
import { toAppError } from './errors';
import { enter, givenVisitSite, visitor, type VisitSite } from '../modules/visit/visit.fixtures';

/**
 * The deletion rules of the CRUD machinery: who may delete (the entity's `delete` roles, refused before the
 * input is looked at), records in use kept with the reason (IN_USE), every deletion audited.
 */
let ctx: TestContext;
let site: VisitSite;
let reception: TestUser;
let visitAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  site = await givenVisitSite(ctx, ctx.siteA);
  await givenVisitSite(ctx, ctx.siteB);
  reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VIEW_PERSONAL_INFO'] });
});
afterAll(() => ctx?.close());

const lastAudit = async (entity: string, recordId: number) =>
  (
    await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, entity), eq(audits.recordId, String(recordId))))
      .orderBy(desc(audits.id))
      .limit(1)
  )[0];

describe('who may delete a movement record', () => {
  it('refuses a receptionist (VISIT_USER) with 403 before looking at the request', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const refused = await ctx.call(reception, 'DELETE', `/api/visit/${entry.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-error-code']).toBe('FORBIDDEN');
    // Refused by role before the id is even parsed: a nonsense id gets the same answer.
    expect((await ctx.call(reception, 'DELETE', '/api/visit/not-a-number')).statusCode).toBe(403);
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/visit/${entry.id}`)).statusCode).toBe(403);
    expect((await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).statusCode).toBe(200);
    // A companion is a part of the movement record: the same rule.
    const withCompanion = (
      await enter(ctx, reception, visitor(site, { companions: [{ name: 'Petr Malý', document: null }] }))
    ).json();
    const companionId = withCompanion.companions[0].id as number;
    expect((await ctx.call(reception, 'DELETE', `/api/visit/accompaniment/${companionId}`)).statusCode).toBe(
      403,
    );
  });

  it('lets the visit administrator delete a visit with its companions, and audits the deletion', async () => {
    const entry = (
      await enter(ctx, reception, visitor(site, { companions: [{ name: 'Eva Dvořáková', document: null }] }))
    ).json();
    const removed = await ctx.call(visitAdmin, 'DELETE', `/api/visit/${entry.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await ctx.call(visitAdmin, 'GET', `/api/visit/${entry.id}`)).statusCode).toBe(404);
    const audit = await lastAudit('visit', entry.id);
    expect(audit).toMatchObject({
      event: 'WRITE',
      method: 'DELETE',
      status: 204,
      author: visitAdmin.userName,
      siteId: ctx.siteA,
    });
    // The deleted visitor's name is recorded as personal, not as its value (auditPrivacy.ts).
    expect(audit.changes).toMatchObject({
      lastName: { from: PERSONAL_VALUE_MASK },
      direction: { from: 'IN' },
    });
  });

  it('keeps an entry whose departure is recorded until the departure is deleted', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const leave = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.gate });
    expect(leave.statusCode).toBe(201);
    const refused = await ctx.call(visitAdmin, 'DELETE', `/api/visit/${entry.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual([
      {
        path: 'visit.entry',
        message: 'crud.usedByField',
        params: { count: 1, entityKey: 'entity.visit.title', fieldKey: 'entity.visit.values.direction.OUT' },
      },
    ]);
    expect((await ctx.call(visitAdmin, 'DELETE', `/api/visit/${leave.json().id}`)).statusCode).toBe(204);
    expect((await ctx.call(visitAdmin, 'DELETE', `/api/visit/${entry.id}`)).statusCode).toBe(204);
  });

  it("answers 404 for another site's visit and leaves it alone", async () => {
    const otherAdmin = await ctx.givenUser({
      roles: ['VISIT_ADMIN', 'VIEW_PERSONAL_INFO'],
      sites: [ctx.siteB],
    });
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const refused = await ctx.call(otherAdmin, 'DELETE', `/api/visit/${entry.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await ctx.call(visitAdmin, 'GET', `/api/visit/${entry.id}`)).statusCode).toBe(200);
  });
});

describe('records in use are kept', () => {
  it('refuses to delete a visited person of visits, says why, and lets it be deactivated', async () => {
    const visited = (
      await ctx.call(visitAdmin, 'POST', '/api/visit/visited', { firstName: 'Pavel', lastName: 'Ředitel' })
    ).json();
    for (let i = 0; i < 2; i++) await enter(ctx, reception, visitor(site, { visited: visited.id }));
    const refused = await ctx.call(visitAdmin, 'DELETE', `/api/visit/visited/${visited.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('IN_USE');
    expect(refused.json().details).toEqual([
      {
        path: 'visit.visited',
        message: 'crud.usedByField',
        params: { count: 2, entityKey: 'entity.visit.title', fieldKey: 'entity.visit.fields.visited' },
      },
    ]);
    expect((await ctx.call(visitAdmin, 'GET', `/api/visit/visited/${visited.id}`)).statusCode).toBe(200);
    // The refused attempt is in the audit trail too.
    expect(await lastAudit('visit/visited', visited.id)).toMatchObject({
      event: 'REFUSED',
      method: 'DELETE',
      status: 409,
      author: visitAdmin.userName,
    });

    const deactivated = await ctx.call(visitAdmin, 'PUT', `/api/visit/visited/${visited.id}`, {
      version: visited.version,
      valid: false,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().valid).toBe(false);
  });

  it('deletes a visited person nobody refers to', async () => {
    const unused = (
      await ctx.call(visitAdmin, 'POST', '/api/visit/visited', { firstName: 'Jan', lastName: 'Nikdo' })
    ).json();
    expect((await ctx.call(visitAdmin, 'DELETE', `/api/visit/visited/${unused.id}`)).statusCode).toBe(204);
    expect(await lastAudit('visit/visited', unused.id)).toMatchObject({ method: 'DELETE', status: 204 });
  });

  it('refuses to delete a person who is the person of a user', async () => {
    const person = (
      await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'Věra', lastName: 'Černá' })
    ).json();
    const user = await ctx.call(ctx.admin, 'POST', '/api/access_user', {
      userName: 'vera.cerna',
      password: 'Secret123!x',
      person: person.id,
    });
    expect(user.statusCode).toBe(201);
    const refused = await ctx.call(ctx.admin, 'DELETE', `/api/system_person/${person.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'IN_USE',
      details: [
        { path: 'access_user.person', params: { count: 1, fieldKey: 'entity.access_user.fields.person' } },
      ],
    });
  });

  it('refuses to delete a site with data, naming each kind of record', async () => {
    const refused = await ctx.call(ctx.admin, 'DELETE', `/api/system_site/${ctx.siteB}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('IN_USE');
    const paths = (refused.json().details as Array<{ path: string }>).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'system_site/district',
        'system_site/district/gate',
        'visit/purpose',
        'visit/card',
      ]),
    );
    const empty = (await ctx.call(ctx.admin, 'POST', '/api/system_site', { name: 'Prázdná pobočka' })).json();
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_site/${empty.id}`)).statusCode).toBe(204);
  });

  it('refuses to delete a gate that visits passed through', async () => {
    const siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
    const refused = await ctx.call(siteAdmin, 'DELETE', `/api/system_site/district/gate/${site.gate}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual([
      expect.objectContaining({
        path: 'visit.gate',
        params: expect.objectContaining({ count: expect.any(Number) }),
      }),
    ]);
  });

  it('refuses an administrator deleting their own account with its own code', async () => {
    const refused = await ctx.call(ctx.admin, 'DELETE', `/api/access_user/${ctx.admin.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('CANNOT_DELETE_SELF');
  });
});

describe("the database's own refusal of a deletion", () => {
  it('is IN_USE for a row still referred to, DATA_INTEGRITY for a reference to a missing row', () => {
    const failure = (message: string) => new Error('Failed query', { cause: { code: '23503', message } });
    expect(
      toAppError(failure('update or delete on table "visit_purpose" violates foreign key constraint "x"'))
        .code,
    ).toBe('IN_USE');
    expect(
      toAppError(failure('insert or update on table "visit" violates foreign key constraint "x"')).code,
    ).toBe('DATA_INTEGRITY');
  });
});
