import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { siteProperties } from '../../platform/platform.tables';
import { attachmentDisposition } from '../../platform/contentDisposition';

let ctx: TestContext;
let siteAdmin: TestUser;
let adminOnB: TestUser;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-files-test-'));

/** Every stored content file (the temporary folder excluded). */
function storedContents(): string[] {
  return fs
    .readdirSync(filesDir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.startsWith('tmp') && fs.statSync(path.join(filesDir, entry)).isFile());
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function multipart(fileName: string, content: Buffer, type = 'application/octet-stream', field = 'file') {
  const boundary = `----strazce${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  user: TestUser,
  fileName: string,
  content: Buffer,
  type?: string,
  query = '',
  field?: string,
) {
  const { payload, headers } = multipart(fileName, content, type, field);
  return ctx.call(user, 'POST', `/api/system_file${query}`, payload, headers);
}

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'VIEW_PERSONAL_INFO'] });
  adminOnB = await ctx.givenUser({ roles: ['ADMINISTRATOR'], sites: [ctx.siteB] });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('upload and download', () => {
  it('stores a file on the current site with its sniffed type and returns it byte for byte', async () => {
    const created = await upload(ctx.admin, 'logo.png', PNG, 'application/octet-stream', '?module=MOD_VISIT');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'logo.png',
      type: 'image/png',
      size: PNG.length,
      site: { id: ctx.siteA, label: 'Site A' },
      module: 'MOD_VISIT',
      version: 0,
    });
    const download = await ctx.call(ctx.admin, 'GET', `/api/system_file/${created.json().id}/data`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="logo.png"; filename*=UTF-8''logo.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a UTF-8 name exactly and gives an ASCII fallback', async () => {
    const created = await upload(ctx.admin, 'Smlouva č. 1 (final).pdf', PDF, 'application/pdf');
    expect(created.json()).toMatchObject({ name: 'Smlouva č. 1 (final).pdf', type: 'application/pdf' });
    const download = await ctx.call(ctx.admin, 'GET', `/api/system_file/${created.json().id}/data`);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Smlouva c. 1 (final).pdf"; filename*=UTF-8''Smlouva%20%C4%8D.%201%20%28final%29.pdf`,
    );
  });

  it('keeps plain text types and serves anything else without a signature as binary', async () => {
    const text = await upload(ctx.admin, 'notes.txt', Buffer.from('Dobrý den'), 'text/plain; charset=utf-8');
    expect(text.json().type).toBe('text/plain');
    const html = await upload(ctx.admin, 'page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(html.json().type).toBe('application/octet-stream');
  });

  it('refuses content that does not match its name, and executables', async () => {
    const disguised = await upload(ctx.admin, 'photo.png', PDF, 'image/png');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.headers['x-error-code']).toBe('FILE_TYPE_MISMATCH');
    expect(disguised.json().details).toEqual([{ path: 'file', message: 'validation.fileTypeMismatch' }]);
    const fake = await upload(ctx.admin, 'scan.pdf', Buffer.from('just text'), 'application/pdf');
    expect(fake.statusCode).toBe(415);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const executable = await upload(ctx.admin, 'tool.dat', exe);
    expect(executable.statusCode).toBe(415);
    expect(executable.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
  });

  it("limits the size by the site's FILE_MAX_SIZE_MB", async () => {
    const justOver10 = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const tooBig = await upload(adminOnB, 'big.txt', justOver10, 'text/plain');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');

    await ctx.db
      .insert(siteProperties)
      .values({ siteId: ctx.siteB, name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 1 });
    const overOne = await upload(adminOnB, 'medium.txt', Buffer.alloc(1024 * 1024 + 1, 'a'), 'text/plain');
    expect(overOne.statusCode).toBe(413);
    const exactlyOne = await upload(adminOnB, 'medium.txt', Buffer.alloc(1024 * 1024, 'a'), 'text/plain');
    expect(exactlyOne.statusCode).toBe(201);
    expect(exactlyOne.json()).toMatchObject({ size: 1024 * 1024, site: { id: ctx.siteB } });
  });

  it('refuses an upload with STORAGE_FULL (507) when the files disk is full, keeps nothing and serves on', async () => {
    const before = storedContents().length;
    // The disk says ENOSPC on the first write, as a full disk (or a quota) does.
    const full = vi.spyOn(fs, 'createWriteStream').mockImplementation(
      () =>
        new Writable({
          write(_chunk, _encoding, callback) {
            callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          },
        }) as unknown as fs.WriteStream,
    );
    try {
      const refused = await upload(ctx.admin, 'report.pdf', PDF, 'application/pdf');
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toMatchObject({ code: 'STORAGE_FULL' });
      expect(refused.body).not.toContain('ENOSPC');
      // The rest of the server answers as before while the disk is full.
      expect((await ctx.call(ctx.admin, 'GET', '/api/system_file')).statusCode).toBe(200);
    } finally {
      full.mockRestore();
    }
    expect(storedContents().length).toBe(before);
    expect((await upload(ctx.admin, 'report.pdf', PDF, 'application/pdf')).statusCode).toBe(201);
  });

  it('refuses a request without a file part or not in multipart form', async () => {
    const wrongField = await upload(ctx.admin, 'a.txt', Buffer.from('x'), 'text/plain', '', 'attachment');
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.call(ctx.admin, 'POST', '/api/system_file', { name: 'x' });
    expect(json.statusCode).toBe(415);
    const badModule = await upload(ctx.admin, 'a.txt', Buffer.from('x'), 'text/plain', '?module=MOD_NONE');
    expect(badModule.statusCode).toBe(400);
  });
});

describe('/api/system_file', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    ids = [];
    for (const name of ['a-list.txt', 'b-list.txt', 'c-list.txt'])
      ids.push(
        (await upload(ctx.admin, name, Buffer.from(name), 'text/plain', '?module=MOD_STOCK')).json().id,
      );
  });

  it('lists with total, sort, paging and filters', async () => {
    const list = await ctx.call(ctx.admin, 'GET', '/api/system_file?name=-list&sort=name,desc');
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
    expect(list.headers['x-total-count']).toBe('3');
    const byModule = await ctx.call(ctx.admin, 'GET', '/api/system_file?module=MOD_STOCK&size=10&page=1');
    expect(byModule.json()).toHaveLength(3);
    const bySite = await ctx.call(ctx.admin, 'GET', `/api/system_file?site=${ctx.siteB}`);
    expectEvery(bySite.json() as Array<{ site: { id: number } }>, (row) => row.site.id === ctx.siteB);
    const page = await ctx.call(ctx.admin, 'GET', '/api/system_file?name=-list&size=10&page=2');
    expect(page.json()).toEqual([]);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('renames with the version and refuses a stale version', async () => {
    const renamed = await ctx.call(ctx.admin, 'PUT', `/api/system_file/${ids[0]}`, {
      name: 'renamed.txt',
      version: 0,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'renamed.txt', version: 1, type: 'text/plain' });
    const stale = await ctx.call(ctx.admin, 'PUT', `/api/system_file/${ids[0]}`, {
      name: 'again.txt',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    const readOnly = await ctx.call(ctx.admin, 'PUT', `/api/system_file/${ids[0]}`, { size: 1, version: 1 });
    expect(readOnly.statusCode).toBe(400);
  });

  it('deletes the row and the content', async () => {
    const before = storedContents().length;
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_file/${ids[2]}`)).statusCode).toBe(204);
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_file/${ids[2]}`)).statusCode).toBe(404);
    expect((await ctx.call(ctx.admin, 'GET', `/api/system_file/${ids[2]}/data`)).statusCode).toBe(404);
    expect((await ctx.call(ctx.admin, 'DELETE', `/api/system_file/${ids[2]}`)).statusCode).toBe(404);
    expect(storedContents()).toHaveLength(before - 1);
  });

  it('keeps the content outside the database, and nothing of refused uploads', async () => {
    const rows = (await ctx.call(ctx.admin, 'GET', '/api/system_file?size=100')).json();
    expect(storedContents()).toHaveLength(rows.length);
    expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
  });

  it('refuses everyone but the administrator', async () => {
    for (const [method, url] of [
      ['GET', '/api/system_file'],
      ['GET', `/api/system_file/${ids[1]}`],
      ['GET', `/api/system_file/${ids[1]}/data`],
      ['PUT', `/api/system_file/${ids[1]}`],
      ['DELETE', `/api/system_file/${ids[1]}`],
    ])
      expect(
        (await ctx.call(siteAdmin, method, url, method === 'PUT' ? { version: 0 } : undefined)).statusCode,
      ).toBe(403);
    expect((await upload(siteAdmin, 'x.txt', Buffer.from('x'), 'text/plain')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `/api/system_file/${ids[1]}/data`)).statusCode).toBe(401);
  });

  it('audits uploads, edits and deletes', async () => {
    const audit = (
      await ctx.call(ctx.admin, 'GET', '/api/system_audit?path=/api/system_file&size=100')
    ).json();
    const calls = audit.map((entry: { method: string; status: number }) => `${entry.method} ${entry.status}`);
    expect(calls).toContain('POST 201');
    expect(calls).toContain('POST 413');
    expect(calls).toContain('PUT 200');
    expect(calls).toContain('DELETE 204');
  });
});

describe('attachmentDisposition', () => {
  it('cannot be broken by a hostile name', () => {
    const header = attachmentDisposition('a"\r\nSet-Cookie: x=1;/../..\\evil.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_Set-Cookie: x=1__.._.._evil.txt"; filename*=UTF-8''a%22Set-Cookie%3A%20x%3D1%3B_.._.._evil.txt`,
    );
    expect(attachmentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
