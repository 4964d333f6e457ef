import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { personalReads } from '../../platform/personalRead.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';

let ctx: TestContext;
let site: VisitSite;
let reception: TestUser;
let siteAdmin: TestUser;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-access-test-'));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, content: Buffer, type: string) {
  const boundary = `----strazce${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const readsOf = async (userId: number) =>
  (await ctx.db.select().from(personalReads)).filter((read) => read.userId === userId);

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  site = await givenVisitSite(ctx, ctx.siteA);
  reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  siteAdmin = ctx.admin;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('reads of personal data are recorded (issue 35 point 6)', () => {
  it('records a file download: who, site, entity, file id, when; no value', async () => {
    const { payload, headers } = multipart('Jana-Novakova-photo.png', PNG, 'image/png');
    const uploaded = await ctx.call(siteAdmin, 'POST', '/api/system_file', payload, headers);
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().id as number;
    expect(await readsOf(siteAdmin.id)).toEqual([]);

    const download = await ctx.call(siteAdmin, 'GET', `/api/system_file/${fileId}/data`);
    expect(download.statusCode).toBe(200);
    const reads = await readsOf(siteAdmin.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      kind: 'file',
      entity: 'system_file',
      siteId: ctx.siteA,
      userName: siteAdmin.userName,
      recordIds: [fileId],
      rowCount: 1,
    });
    expect(reads[0].createdAt.getTime()).toBe(ctx.clock.now());
    expect(JSON.stringify(reads)).not.toContain('Novakova');
  });

  it('records a CSV export of a list with personal fields: which list, fields, row ids; no value', async () => {
    const first = await enter(ctx, reception, visitor(site, { lastName: 'Markerova' }));
    const second = await enter(ctx, reception, visitor(site, { lastName: 'Markerova' }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const response = await ctx.call(reception, 'GET', '/api/visit/export?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Markerova');
    const reads = await readsOf(reception.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ kind: 'export', entity: 'visit', siteId: ctx.siteA });
    expect(reads[0].fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'documentNumber']));
    expect([...reads[0].recordIds].sort()).toEqual([first.json().id, second.json().id].sort());
    expect(reads[0].rowCount).toBe(2);
    expect(JSON.stringify(reads)).not.toContain('Markerova');
  });

  it('records nothing for a refused download', async () => {
    const { payload, headers } = multipart('photo.png', PNG, 'image/png');
    const uploaded = await ctx.call(ctx.admin, 'POST', '/api/system_file', payload, headers);
    const stranger = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const refused = await ctx.call(stranger, 'GET', `/api/system_file/${uploaded.json().id}/data`);
    expect(refused.statusCode).toBe(403);
    expect(await readsOf(stranger.id)).toEqual([]);
  });
});

describe('the log of reads, /api/privacy/access', () => {
  it('lists the reads to the privacy officer, filtered by user, entity and date; no value', async () => {
    const officer = await ctx.givenUser({ roles: ['PRIVACY_ADMIN'] });
    const all = await ctx.call(officer, 'GET', '/api/privacy/access');
    expect(all.statusCode).toBe(200);
    const rows = all.json() as { entity: string; kind: string; userName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.entity)).toEqual(expect.arrayContaining(['system_file', 'visit']));
    expect(all.body).not.toContain('Markerova');

    const visits = await ctx.call(officer, 'GET', '/api/privacy/access?entity=visit');
    expect(visits.statusCode).toBe(200);
    const visitRows = visits.json() as { entity: string; userName: string }[];
    expectEvery(visitRows, (row) => row.entity === 'visit');

    const byUser = await ctx.call(officer, 'GET', `/api/privacy/access?user=${reception.id}`);
    expect(byUser.statusCode).toBe(200);
    const userRows = byUser.json() as { userName: string }[];
    expect(userRows.length).toBeGreaterThan(0);
    expect(new Set(userRows.map((row) => row.userName))).toEqual(new Set([reception.userName]));

    const later = new Date(ctx.clock.now() + 86_400_000).toISOString();
    const none = await ctx.call(officer, 'GET', `/api/privacy/access?createdAtFrom=${later}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('is read by the administrator; refused (403) to other roles; nobody writes it', async () => {
    expect((await ctx.call(ctx.admin, 'GET', '/api/privacy/access')).statusCode).toBe(200);
    const other = await ctx.givenUser({ roles: ['SITE_ADMIN', 'VIEW_PERSONAL_INFO'] });
    expect((await ctx.call(other, 'GET', '/api/privacy/access')).statusCode).toBe(403);
    expect((await ctx.call(reception, 'GET', '/api/privacy/access')).statusCode).toBe(403);
    const write = await ctx.call(ctx.admin, 'POST', '/api/privacy/access', { entity: 'visit' });
    expect([403, 404, 405]).toContain(write.statusCode);
  });
});
