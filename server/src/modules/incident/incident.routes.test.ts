import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentModule } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { files } from '../files/files.tables';
import { audits, siteProperties } from '../../platform/platform.tables';
import { emails } from '../messaging/messaging.tables';

let ctx: TestContext;
let patrolAdmin: TestUser;
let patrolView: TestUser;
let kmAdmin: TestUser;
let stockAdmin: TestUser;
let visitAdmin: TestUser;
let patrolAdminOnB: TestUser;
let kmAdminNoKeys: TestUser;
let siteWithoutKeys: number;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-incidents-test-'));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

function multipart(fileName: string, content: Buffer, type: string) {
  const boundary = `----strazce${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const q = (module: IncidentModule) => `module=${module}`;

async function givenType(
  user: TestUser,
  module: IncidentModule,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await ctx.call(user, 'POST', `/api/incident/type?${q(module)}`, {
    name: `Type ${randomBytes(3).toString('hex')}`,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`type: ${response.body}`);
  return response.json().id;
}

async function givenIncident(
  user: TestUser,
  module: IncidentModule,
  type: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await ctx.call(user, 'POST', `/api/incident?${q(module)}`, {
    type,
    report: 'Broken seal',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`incident: ${response.body}`);
  return response.json().id;
}

let patrolType: number;
let kmType: number;
let stockType: number;
let patrolIncident: number;
let kmIncident: number;
let stockIncident: number;

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  patrolAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'] });
  patrolView = await ctx.givenUser({ roles: ['PATROL_VIEW'] });
  kmAdmin = await ctx.givenUser({ roles: ['KM_ADMIN'] });
  stockAdmin = await ctx.givenUser({ roles: ['STOCK_ADMIN'] });
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'KM_USER', 'KM_VIEW', 'STOCK_USER'] });
  patrolAdminOnB = await ctx.givenUser({ roles: ['PATROL_ADMIN'], sites: [ctx.siteB] });
  siteWithoutKeys = await ctx.createSite('No keys', ['MOD_PATROL', 'MOD_STOCK']);
  kmAdminNoKeys = await ctx.givenUser({ roles: ['KM_ADMIN', 'PATROL_ADMIN'], sites: [siteWithoutKeys] });
  patrolType = await givenType(patrolAdmin, 'MOD_PATROL');
  kmType = await givenType(kmAdmin, 'MOD_KM');
  stockType = await givenType(stockAdmin, 'MOD_STOCK');
  patrolIncident = await givenIncident(patrolAdmin, 'MOD_PATROL', patrolType, { consequence: 'CRITICAL' });
  kmIncident = await givenIncident(kmAdmin, 'MOD_KM', kmType);
  stockIncident = await givenIncident(stockAdmin, 'MOD_STOCK', stockType);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('/api/incident: one mechanism for patrols, keys and stock', () => {
  it('creates an incident with its module, creator person and date, unresolved', async () => {
    const response = await ctx.call(patrolAdmin, 'GET', `/api/incident/${patrolIncident}?${q('MOD_PATROL')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      module: 'MOD_PATROL',
      consequence: 'CRITICAL',
      report: 'Broken seal',
      type: { id: patrolType },
      createdBy: { label: `${patrolAdmin.userName} Test` },
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
    });
    expect(new Date(response.json().createdDate).getTime()).toBe(ctx.clock.now());
  });

  it('role matrix: each module its own roles (PATROL_VIEW reads only), others 403', async () => {
    const cases: Array<[TestUser, IncidentModule, 'read' | 'write' | 'none']> = [
      [patrolAdmin, 'MOD_PATROL', 'write'],
      [patrolView, 'MOD_PATROL', 'read'],
      [kmAdmin, 'MOD_KM', 'write'],
      [stockAdmin, 'MOD_STOCK', 'write'],
      [patrolAdmin, 'MOD_KM', 'none'],
      [patrolAdmin, 'MOD_STOCK', 'none'],
      [patrolView, 'MOD_KM', 'none'],
      [kmAdmin, 'MOD_PATROL', 'none'],
      [kmAdmin, 'MOD_STOCK', 'none'],
      [stockAdmin, 'MOD_PATROL', 'none'],
      [stockAdmin, 'MOD_KM', 'none'],
      [visitAdmin, 'MOD_PATROL', 'none'],
      [visitAdmin, 'MOD_KM', 'none'],
      [visitAdmin, 'MOD_STOCK', 'none'],
    ];
    const types = { MOD_PATROL: patrolType, MOD_KM: kmType, MOD_STOCK: stockType };
    for (const [user, module, may] of cases) {
      const list = await ctx.call(user, 'GET', `/api/incident?${q(module)}`);
      expect(list.statusCode, `${module} list`).toBe(may === 'none' ? 403 : 200);
      const typeList = await ctx.call(user, 'GET', `/api/incident/type?${q(module)}`);
      expect(typeList.statusCode, `${module} types`).toBe(may === 'none' ? 403 : 200);
      // Refused before validation: an empty body is 403 to those who may not write, 400 to writers.
      const invalid = await ctx.call(user, 'POST', `/api/incident?${q(module)}`, {});
      expect(invalid.statusCode, `${module} create`).toBe(may === 'write' ? 400 : 403);
      const created = await ctx.call(user, 'POST', `/api/incident?${q(module)}`, {
        type: types[module],
        report: 'Matrix',
      });
      expect(created.statusCode).toBe(may === 'write' ? 201 : 403);
    }
    expect((await ctx.call(null, 'GET', `/api/incident?${q('MOD_KM')}`)).statusCode).toBe(401);
    expect((await ctx.call(null, 'POST', `/api/incident?${q('MOD_KM')}`, {})).statusCode).toBe(401);
  });

  it('takes the module from the body on create, and refuses a body naming another module than the query', async () => {
    const fromBody = await ctx.call(kmAdmin, 'POST', '/api/incident', {
      module: 'MOD_KM',
      type: kmType,
      report: 'Body module',
    });
    expect(fromBody.statusCode).toBe(201);
    expect(fromBody.json().module).toBe('MOD_KM');
    const smuggled = await ctx.call(kmAdmin, 'POST', `/api/incident?${q('MOD_KM')}`, {
      module: 'MOD_STOCK',
      type: kmType,
      report: 'x',
    });
    expect(smuggled.statusCode).toBe(403);
    const none = await ctx.call(kmAdmin, 'GET', '/api/incident');
    expect(none.statusCode).toBe(400);
  });

  it("separates the modules: a patrol incident is never listed or got under MOD_KM, nor another module's type used", async () => {
    const km = await ctx.call(kmAdmin, 'GET', `/api/incident?${q('MOD_KM')}&size=100`);
    expectEvery(km.json() as Array<{ module: string }>, (row) => row.module === 'MOD_KM');
    expect((km.json() as Array<{ id: number }>).map((row) => row.id)).not.toContain(patrolIncident);
    const both = await ctx.givenUser({ roles: ['KM_ADMIN', 'PATROL_ADMIN', 'STOCK_ADMIN'] });
    expect((await ctx.call(both, 'GET', `/api/incident/${patrolIncident}?${q('MOD_KM')}`)).statusCode).toBe(
      404,
    );
    expect((await ctx.call(both, 'GET', `/api/incident/${kmIncident}?${q('MOD_STOCK')}`)).statusCode).toBe(
      404,
    );
    expect((await ctx.call(both, 'GET', `/api/incident/${stockIncident}?${q('MOD_STOCK')}`)).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.call(both, 'POST', `/api/incident/${patrolIncident}/resolve?${q('MOD_KM')}`)).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call(both, 'DELETE', `/api/incident/${patrolIncident}?${q('MOD_KM')}`)).statusCode,
    ).toBe(404);
    const types = await ctx.call(both, 'GET', `/api/incident/type?${q('MOD_STOCK')}&size=100`);
    expectEvery(types.json() as Array<{ module: string }>, (row) => row.module === 'MOD_STOCK');
    const wrongType = await ctx.call(both, 'POST', `/api/incident?${q('MOD_KM')}`, {
      type: patrolType,
      report: 'x',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toEqual([{ path: 'type', message: 'validation.ref' }]);
  });

  it('refuses a module that is not enabled on the site (403) and answers 404 for another site', async () => {
    const disabled = await ctx.call(kmAdminNoKeys, 'GET', `/api/incident?${q('MOD_KM')}`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.headers['x-error-code']).toBe('MODULE_DISABLED');
    expect((await ctx.call(kmAdminNoKeys, 'POST', `/api/incident?${q('MOD_KM')}`, {})).statusCode).toBe(403);
    expect((await ctx.call(kmAdminNoKeys, 'GET', `/api/incident?${q('MOD_PATROL')}`)).statusCode).toBe(200);
    expect(
      (await ctx.call(patrolAdminOnB, 'GET', `/api/incident/${patrolIncident}?${q('MOD_PATROL')}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.call(patrolAdminOnB, 'POST', `/api/incident/${patrolIncident}/resolve?${q('MOD_PATROL')}`))
        .statusCode,
    ).toBe(404);
    const onB = await ctx.call(patrolAdminOnB, 'GET', `/api/incident?${q('MOD_PATROL')}`);
    expect(onB.json()).toEqual([]);
    const typeOfA = await ctx.call(patrolAdminOnB, 'POST', `/api/incident?${q('MOD_PATROL')}`, {
      type: patrolType,
      report: 'x',
    });
    expect(typeOfA.statusCode).toBe(400);
  });

  it('resolves and reopens (date and user set and cleared, audited); the default filter resolved=false hides it', async () => {
    const id = await givenIncident(patrolAdmin, 'MOD_PATROL', patrolType, { report: 'To resolve' });
    const unresolved = async () =>
      (
        await ctx.call(patrolView, 'GET', `/api/incident?${q('MOD_PATROL')}&resolved=false&size=100`)
      ).json() as Array<{
        id: number;
        resolved: boolean;
      }>;
    expect((await unresolved()).map((row) => row.id)).toContain(id);
    expect(
      (await ctx.call(patrolView, 'POST', `/api/incident/${id}/resolve?${q('MOD_PATROL')}`)).statusCode,
    ).toBe(403);

    await ctx.clock.advance(60_000);
    const resolved = await ctx.call(patrolAdmin, 'POST', `/api/incident/${id}/resolve?${q('MOD_PATROL')}`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      resolved: true,
      resolvedAt: new Date(ctx.clock.now()).toISOString(),
      resolvedBy: { id: patrolAdmin.id, label: patrolAdmin.userName },
    });
    const list = await unresolved();
    expectEvery(list, (row) => !row.resolved);
    expect(list.map((row) => row.id)).not.toContain(id);
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'incident'), eq(audits.recordId, String(id))))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(audit).toMatchObject({ status: 200, changes: { resolved: { from: false, to: true } } });

    const reopened = await ctx.call(patrolAdmin, 'POST', `/api/incident/${id}/reopen?${q('MOD_PATROL')}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ resolved: false, resolvedAt: null, resolvedBy: null });
    expect((await unresolved()).map((row) => row.id)).toContain(id);
    const [reopenAudit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'incident'), eq(audits.recordId, String(id))))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(reopenAudit.path).toContain('/reopen');
    expect(reopenAudit.changes).toMatchObject({
      resolved: { from: true, to: false },
      resolvedAt: { to: null },
    });
  });

  it('e-mails a new incident through the outbox when its type or the incident itself notifies', async () => {
    const notifying = await givenType(stockAdmin, 'MOD_STOCK', {
      notify: true,
      notificationEmails: 'sklad@example.com; vedouci@example.com',
    });
    const quiet = await givenType(stockAdmin, 'MOD_STOCK', { notificationEmails: 'quiet@example.com' });
    const sent = async (recipient: string) =>
      ctx.db.select().from(emails).where(eq(emails.recipient, recipient));

    await givenIncident(stockAdmin, 'MOD_STOCK', notifying, {
      report: 'Missing pallet',
      consequence: 'CRITICAL',
    });
    const messages = await sent('sklad@example.com');
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toContain('Missing pallet');
    expect(messages[0].body).toContain('KRITICKÝ');
    expect(messages[0].body).toContain('CRITICAL');
    expect(await sent('vedouci@example.com')).toHaveLength(1);

    await givenIncident(stockAdmin, 'MOD_STOCK', quiet, { report: 'Nothing to tell' });
    expect(await sent('quiet@example.com')).toHaveLength(0);
    await givenIncident(stockAdmin, 'MOD_STOCK', quiet, { report: 'Tell this one', notify: true });
    const told = await sent('quiet@example.com');
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain('Tell this one');
  });
});

describe('/api/incident/attachment', () => {
  const upload = (
    user: TestUser,
    module: IncidentModule,
    incident: number,
    name: string,
    content: Buffer,
    type: string,
  ) => {
    const { payload, headers } = multipart(name, content, type);
    return ctx.call(
      user,
      'POST',
      `/api/incident/attachment?${q(module)}&incident=${incident}`,
      payload,
      headers,
    );
  };

  it('accepts a PDF and a PNG as stored files of the module, lists and sends them, deletes them', async () => {
    const pdf = await upload(kmAdmin, 'MOD_KM', kmIncident, 'report.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ incident: kmIncident, type: 'application/pdf', size: PDF.length });
    const png = await upload(kmAdmin, 'MOD_KM', kmIncident, 'door.png', PNG, 'image/png');
    expect(png.statusCode).toBe(201);
    const [file] = await ctx.db.select().from(files).where(eq(files.name, 'door.png'));
    expect(file).toMatchObject({ module: 'MOD_KM', siteId: ctx.siteA, type: 'image/png' });

    const list = await ctx.call(
      kmAdmin,
      'GET',
      `/api/incident/attachment?${q('MOD_KM')}&incident=${kmIncident}`,
    );
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([pdf.json().id, png.json().id]);
    const data = await ctx.call(
      kmAdmin,
      'GET',
      `/api/incident/attachment/${png.json().id}/data?${q('MOD_KM')}`,
    );
    expect(data.statusCode).toBe(200);
    expect(data.rawPayload.equals(PNG)).toBe(true);
    expect(data.headers['content-type']).toBe('image/png');

    // Another module's caller does not reach them.
    expect(
      (await ctx.call(stockAdmin, 'GET', `/api/incident/attachment/${png.json().id}/data?${q('MOD_KM')}`))
        .statusCode,
    ).toBe(403);
    const both = await ctx.givenUser({ roles: ['KM_ADMIN', 'STOCK_ADMIN'] });
    expect(
      (await ctx.call(both, 'GET', `/api/incident/attachment/${png.json().id}/data?${q('MOD_STOCK')}`))
        .statusCode,
    ).toBe(404);
    expect((await upload(both, 'MOD_STOCK', kmIncident, 'x.png', PNG, 'image/png')).statusCode).toBe(404);

    const removed = await ctx.call(
      kmAdmin,
      'DELETE',
      `/api/incident/attachment/${png.json().id}?${q('MOD_KM')}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await ctx.db.select().from(files).where(eq(files.name, 'door.png'))).toEqual([]);
  });

  it('refuses an executable and a file over the site limit; viewers may not upload', async () => {
    const exe = await upload(
      patrolAdmin,
      'MOD_PATROL',
      patrolIncident,
      'tool.exe',
      EXE,
      'application/octet-stream',
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
    await ctx.db
      .insert(siteProperties)
      .values({ siteId: ctx.siteA, name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 1 });
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]);
    const tooBig = await upload(patrolAdmin, 'MOD_PATROL', patrolIncident, 'big.pdf', big, 'application/pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');
    const viewer = await upload(patrolView, 'MOD_PATROL', patrolIncident, 'v.png', PNG, 'image/png');
    expect(viewer.statusCode).toBe(403);
    const list = await ctx.call(
      patrolView,
      'GET',
      `/api/incident/attachment?${q('MOD_PATROL')}&incident=${patrolIncident}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it('deleting an incident removes its attachments with their files', async () => {
    const id = await givenIncident(kmAdmin, 'MOD_KM', kmType, { report: 'Doomed' });
    const added = await upload(kmAdmin, 'MOD_KM', id, 'doomed.pdf', PDF, 'application/pdf');
    expect(added.statusCode).toBe(201);
    expect((await ctx.call(kmAdmin, 'DELETE', `/api/incident/${id}?${q('MOD_KM')}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(files).where(eq(files.name, 'doomed.pdf'))).toEqual([]);
  });
});
