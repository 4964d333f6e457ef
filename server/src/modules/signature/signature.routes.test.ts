// Over 600 lines: one module's HTTP story against one database; its cases share the set-up of the file.
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { PNG, multipartFile } from '../../../test/multipart';
import { givenTerminal, terminalHeaders } from '../../../test/terminals';
import { audits, persons, siteProperties } from '../../platform/platform.tables';
import { emails } from '../messaging/messaging.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';
import { jobRunner } from '../../platform/jobs';
import { shredDue, signatureShredJob } from './signature.service';
import { signatureSigned } from './signature.tables';

let ctx: TestContext;
let admin: TestUser;
let signer: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let adminB: TestUser;

type Json = Record<string, unknown> & { id: number; version: number };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;
/** A4 portrait in points. */
const PAGE = { width: 595, height: 842 };

/**
 * A PNG whose header (IHDR) claims `width` × `height` px of 8-bit RGBA, with `rows` rows of zeros compressed
 * in its IDAT: a decompression bomb when the header claims far more than the data holds (or than is sane).
 */
function pngOf(width: number, height: number, rows = 1): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rows * (1 + width * 4)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

async function templatePdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++)
    pdf.addPage([PAGE.width, PAGE.height]).drawText(`Page ${page}`, { x: 50, y: 800, size: 12, font });
  return Buffer.from(await pdf.save());
}

async function created(who: TestUser, resource: string, body: Record<string, unknown>): Promise<Json> {
  const response = await ctx.call(who, 'POST', `/api/signature/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

function upload(who: TestUser, url: string, name: string, content: Buffer, type = 'application/pdf') {
  const { payload, headers } = multipartFile(name, content, type);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'x-auth-token': who.token } });
}

let documentCount = 0;
/** A document with a version and a two-page template in Czech. */
async function givenTemplate(
  who: TestUser = admin,
  document: Record<string, unknown> = {},
): Promise<{ document: number; template: number }> {
  documentCount++;
  const doc = await created(who, 'document', {
    name: `Předávací protokol ${documentCount}`,
    maxAgeDays: 2,
    shredDays: 30,
    ...document,
  });
  const version = await created(who, 'version', { document: doc.id, name: '1.0' });
  const response = await upload(
    who,
    `/api/signature/template?version=${version.id}&locale=cs`,
    'protokol.pdf',
    await templatePdf(),
  );
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ pages: 2, locale: 'cs', fileName: 'protokol.pdf' });
  return { document: doc.id, template: response.json().id };
}

const prepare = (who: TestUser, document: number, title = 'Jan Novák') =>
  ctx.call(who, 'POST', '/api/signature/signed', { document, title });

const detailsOf = (body: string) =>
  (JSON.parse(body) as { details: Array<{ path: string; message: string }> }).details;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.givenUser({ roles: ['SIG_ADMIN'] });
  signer = await ctx.givenUser({ roles: ['SIG_USER'] });
  viewer = await ctx.givenUser({ roles: ['SIG_VIEW'] });
  stranger = await ctx.givenUser({ roles: ['KM_ADMIN', 'VISIT_ADMIN'] });
  adminB = await ctx.givenUser({ roles: ['SIG_ADMIN', 'SIG_USER'], sites: [ctx.siteB] });
});
afterAll(() => ctx?.close());

describe('documents, templates, zones and attributes', () => {
  it('keeps a template through the files machinery: a PDF by its content, with its page count', async () => {
    const { document } = await givenTemplate();
    const record = await ctx.call(viewer, 'GET', `/api/signature/document/${document}`);
    expect(record.json()).toMatchObject({ version: '1.0', maxAgeDays: 2, shredDays: 30 });
    const version = await created(admin, 'version', { document, name: '2.0' });
    const url = `/api/signature/template?version=${version.id}&locale=en`;
    const png = await upload(admin, url, 'image.png', PNG, 'image/png');
    expect(png.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
    const disguised = await upload(admin, url, 'image.pdf', PNG, 'application/pdf');
    expect(disguised.headers['x-error-code']).toBe('FILE_TYPE_MISMATCH');
    const broken = await upload(admin, url, 'broken.pdf', Buffer.from('%PDF-1.4\nnothing else\n'));
    expect(broken.statusCode).toBe(400);
    expect(detailsOf(broken.body)).toEqual([{ path: 'file', message: 'validation.pdfUnreadable' }]);
    const pdf = await ctx.call(viewer, 'GET', `/api/signature/document/${document}`);
    expect(pdf.json().version).toBe('2.0');
  });

  it('refuses a page the template does not have, max below min and a SET without values', async () => {
    const { template } = await givenTemplate();
    const zone = await ctx.call(admin, 'POST', '/api/signature/zone', {
      template,
      name: 'Podpis',
      page: 3,
      x: 10,
      y: 10,
      width: 100,
      height: 40,
    });
    expect(zone.statusCode).toBe(400);
    expect(detailsOf(zone.body)).toEqual([
      { path: 'page', message: 'validation.pageMissing', params: { pages: 2 } },
    ]);
    const base = { template, name: 'Počet', page: 1, x: 10, y: 10, type: 'INTEGER' };
    const minMax = await ctx.call(admin, 'POST', '/api/signature/attribute', { ...base, min: 5, max: 1 });
    expect(minMax.statusCode).toBe(400);
    expect(detailsOf(minMax.body).map((d) => d.path)).toEqual(['max']);
    const set = await ctx.call(admin, 'POST', '/api/signature/attribute', {
      ...base,
      type: 'SET',
      values: ' ; ',
    });
    expect(detailsOf(set.body)).toEqual([{ path: 'values', message: 'validation.setValues' }]);
    const good = await created(admin, 'attribute', { ...base, min: 1, max: 5 });
    const change = await ctx.call(admin, 'PUT', `/api/signature/attribute/${good.id}`, {
      version: good.version,
      min: 10,
    });
    expect(detailsOf(change.body).map((d) => d.path)).toEqual(['max']);
  });

  it('lets only SIG_ADMIN set up, refuses other modules’ users and hides another site’s records', async () => {
    const { document, template } = await givenTemplate();
    const denied = await ctx.call(signer, 'POST', '/api/signature/document', { name: 'X' });
    expect(denied.statusCode).toBe(403);
    expect((await ctx.call(stranger, 'GET', '/api/signature/document')).statusCode).toBe(403);
    expect((await ctx.call(stranger, 'GET', '/api/signature/signed')).statusCode).toBe(403);
    expect((await ctx.call(adminB, 'GET', `/api/signature/document/${document}`)).statusCode).toBe(404);
    expect((await ctx.call(adminB, 'GET', `/api/signature/template/${template}/pdf`)).statusCode).toBe(404);
    const foreign = await ctx.call(adminB, 'POST', '/api/signature/zone', {
      template,
      name: 'Cizí',
      page: 1,
      x: 0,
      y: 0,
      width: 50,
      height: 50,
    });
    expect(foreign.statusCode).toBe(400);
    expect((await prepare(adminB, document)).statusCode).toBe(404);
  });
});

/**
 * What a page of a PDF shows: its texts with their baseline positions (pdf.js, as a viewer reads them) and the
 * placements of its images (`x y` translation, then `w 0 0 h` scale, of the content stream pdf-lib writes).
 */
async function pageContent(bytes: Uint8Array, pageIndex: number) {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  const page = await document.getPage(pageIndex + 1);
  const texts = (await page.getTextContent()).items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform } = item as { str: string; transform: number[] };
      return { text: str, x: transform[4], y: transform[5] };
    });
  const pdf = await PDFDocument.load(bytes);
  const node = pdf.getPage(pageIndex).node;
  const contents = node.Contents();
  const refs = contents && 'asArray' in contents ? contents.asArray() : [node.get(PDFName.of('Contents'))];
  let stream = '';
  for (const ref of refs) {
    const part = pdf.context.lookup(ref) as PDFRawStream;
    const raw = Buffer.from(part.contents);
    stream += (part.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1') + '\n';
  }
  // drawImage: translate to (x, y), then scale to (width, height) among identity matrices, then Do.
  const placements = stream.matchAll(
    /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*([\d.]+) 0 0 ([\d.]+) 0 0 cm/g,
  );
  const images = [...placements].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    width: Number(m[3]),
    height: Number(m[4]),
  }));
  return { texts, images };
}

describe('signing', () => {
  let document: number;
  let template: number;
  const attribute: Record<string, number> = {};
  let zone: number;

  beforeAll(async () => {
    ({ document, template } = await givenTemplate());
    const place = { template, page: 1, y: 100 };
    const add = async (name: string, fields: Record<string, unknown>) =>
      (attribute[name] = (await created(admin, 'attribute', { ...place, name, ...fields })).id);
    await add('name', { type: 'TEXT', printName: 'Jméno', mandatory: true, min: 3, max: 30, x: 72, y: 100 });
    await add('count', { type: 'INTEGER', min: 1, max: 10, x: 72, y: 130, bold: true });
    await add('weight', { type: 'FLOAT', max: 99.5, x: 72, y: 160, stamp: false });
    await add('agree', { type: 'BOOLEAN', mandatory: true, x: 72, y: 190, page: 2 });
    await add('colour', { type: 'SET', values: 'red; green', x: 72, y: 220 });
    await add('day', { type: 'DATE', x: 300, y: 100 });
    await add('at', { type: 'DATETIME', x: 300, y: 130 });
    await add('time', { type: 'TIME', x: 300, y: 160 });
    zone = (
      await created(admin, 'zone', {
        template,
        name: 'Podpis',
        page: 1,
        x: 300,
        y: 600,
        width: 200,
        height: 100,
        notification: 'archive@example.com',
      })
    ).id;
  });

  const valid = () => ({
    [attribute.name]: 'Jan Dvořák',
    [attribute.count]: 3,
    [attribute.weight]: '12,5',
    [attribute.agree]: true,
    [attribute.colour]: 'green',
    [attribute.day]: '2026-03-01',
    [attribute.at]: '2026-03-01T08:30:00',
    [attribute.time]: '08:30',
  });

  it('checks every attribute by its type, min, max and mandatory, and that each zone is signed', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    expect(copy).toMatchObject({ status: 'WAITING', document: { id: document } });
    const form = await ctx.call(signer, 'GET', `/api/signature/signed/${copy.id}/form`);
    expect(form.json().attributes).toHaveLength(8);
    expect(form.json().zones).toEqual([expect.objectContaining({ id: zone, page: 1, width: 200 })]);
    const bad = await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: {
        [attribute.name]: 'Jo',
        [attribute.count]: 2.5,
        [attribute.weight]: 120,
        [attribute.agree]: false,
        [attribute.colour]: 'blue',
        [attribute.day]: '2026-02-30',
        [attribute.at]: 'yesterday',
        [attribute.time]: '25:00',
      },
      signatures: {},
    });
    expect(bad.statusCode).toBe(400);
    const byPath = Object.fromEntries(detailsOf(bad.body).map((d) => [d.path, d.message]));
    expect(byPath).toEqual({
      [`values.${attribute.name}`]: 'validation.minLength',
      [`values.${attribute.count}`]: 'validation.integer',
      [`values.${attribute.weight}`]: 'validation.max',
      [`values.${attribute.agree}`]: 'validation.required',
      [`values.${attribute.colour}`]: 'validation.enum',
      [`values.${attribute.day}`]: 'validation.date',
      [`values.${attribute.at}`]: 'validation.datetime',
      [`values.${attribute.time}`]: 'validation.timeOfDay',
      [`signatures.${zone}`]: 'validation.signatureRequired',
    });
    const count = await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: { ...valid(), [attribute.count]: 'many', [attribute.name]: '' },
      signatures: { [zone]: PNG_URL },
    });
    expect(Object.fromEntries(detailsOf(count.body).map((d) => [d.path, d.message]))).toEqual({
      [`values.${attribute.name}`]: 'validation.required',
      [`values.${attribute.count}`]: 'validation.double',
    });
    const stillWaiting = await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}`);
    expect(stillWaiting.json().status).toBe('WAITING');
  });

  it('stamps the values and the signature at their places, stores the hash and validates the PDF', async () => {
    const copy = (await prepare(signer, document, 'Předání klíče')).json() as Json;
    const signed = await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'SIGNED', signedBy: signer.userName, terminal: null });
    expect(signed.json().sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.json().signedAt).toBe(new Date(ctx.clock.now()).toISOString());

    const pdf = await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    const first = await pageContent(bytes, 0);
    const at = (text: string) => first.texts.find((t) => t.text === text);
    /** The text's top at `top` points below the page's top: its baseline lower by its ascent (< font size). */
    const expectTopAt = (text: string, x: number, top: number, size = 10) => {
      expect(at(text), `${text} in ${JSON.stringify(first.texts)}`).toBeDefined();
      expect(at(text)!.x).toBeCloseTo(x, 1);
      expect(at(text)!.y).toBeLessThan(PAGE.height - top - size * 0.6);
      expect(at(text)!.y).toBeGreaterThan(PAGE.height - top - size);
    };
    // Czech letters as typed (an embedded Unicode font).
    expectTopAt('Jméno: Jan Dvořák', 72, 100);
    expectTopAt('3', 72, 130);
    expectTopAt('green', 72, 220);
    expectTopAt('01.03.2026', 300, 100);
    expect(at('01.03.2026')).toMatchObject({ x: 300 });
    expect(at('01.03.2026 08:30:00')).toBeDefined();
    expect(at('08:30')).toBeDefined();
    // Not stamped: the weight (stamp off); the checkbox on page 2.
    expect(first.texts.some((t) => t.text.includes('12'))).toBe(false);
    expect((await pageContent(bytes, 1)).texts.map((t) => t.text)).toContain('Ano');
    // The 1×1 signature fitted into the 200×100 zone: 100×100, centred, its bottom at 842 - 600 - 100.
    expect(first.images).toEqual([{ x: 350, y: PAGE.height - 700, width: 100, height: 100 }]);

    const unaltered = await upload(viewer, '/api/signature/validate', 'signed.pdf', bytes);
    expect(unaltered.statusCode, unaltered.body).toBe(200);
    expect(unaltered.json()).toMatchObject({ valid: true, signed: { id: copy.id, title: 'Předání klíče' } });
    const altered = Buffer.from(bytes);
    altered[Math.floor(altered.length / 2)] ^= 0x01;
    const changed = await upload(viewer, '/api/signature/validate', 'signed.pdf', altered);
    expect(changed.json()).toMatchObject({ valid: false, signed: null });
    expect((await ctx.call(viewer, 'GET', `/api/signature/validate/${copy.id}`)).json().valid).toBe(true);
    // Another site's archive does not know it.
    expect((await upload(adminB, '/api/signature/validate', 'signed.pdf', bytes)).json().valid).toBe(false);
    expect((await ctx.call(adminB, 'GET', `/api/signature/validate/${copy.id}`)).statusCode).toBe(404);

    const again = await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    expect(again.headers['x-error-code']).toBe('SIGNATURE_SIGNED');
    const told = await ctx.db.select().from(emails).where(eq(emails.recipient, 'archive@example.com'));
    expect(told).toEqual([expect.objectContaining({ subject: 'Podepsáno / Signed: Předání klíče' })]);
    const archive = await ctx.call(viewer, 'GET', '/api/signature/signed?status=SIGNED');
    expectEvery(archive.json() as Json[], (row) => row.status === 'SIGNED');
  });

  it('refuses a signature image too large by its header before decoding it, on the zone, quickly', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    const sign = (image: string) =>
      ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
        values: valid(),
        signatures: { [zone]: image },
      });
    // A decompression bomb: a few hundred bytes claiming 10,000 × 10,000 px.
    const bomb = pngOf(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    const refused = await sign(dataUrlOf(bomb));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.headers['x-error-code']).toBe('VALIDATION');
    expect(detailsOf(refused.body)).toEqual([
      { path: `signatures.${zone}`, message: 'validation.signatureImageTooLarge' },
    ]);
    // One side over 2,000 px, or more than 2,000,000 px in all, is enough; so is more than 1 MB of PNG.
    for (const [width, height] of [
      [2001, 10],
      [10, 2001],
      [1500, 1500],
    ])
      expect(detailsOf((await sign(dataUrlOf(pngOf(width, height)))).body)).toEqual([
        { path: `signatures.${zone}`, message: 'validation.signatureImageTooLarge' },
      ]);
    const heavy = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(detailsOf((await sign(dataUrlOf(heavy))).body)).toEqual([
      { path: `signatures.${zone}`, message: 'validation.signatureImageTooLarge' },
    ]);
    // Not a PNG at all (the data URL's text says it is one).
    expect(detailsOf((await sign(dataUrlOf(Buffer.alloc(64, 1)))).body)).toEqual([
      { path: `signatures.${zone}`, message: 'validation.signatureImage' },
    ]);
    expect((await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}`)).json().status).toBe('WAITING');
    // A signature pad's image at the limit is signed.
    const signed = await sign(dataUrlOf(pngOf(2000, 1000, 1000)));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().status).toBe('SIGNED');
  });

  it('audits the signing as a business event without the images or the values, and shreds the values', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    const path = `/api/signature/signed/${copy.id}/sign`;
    const refused = await ctx.call(signer, 'POST', path, {
      values: { ...valid(), [attribute.count]: 'many' },
      signatures: { [zone]: PNG_URL },
    });
    expect(refused.statusCode).toBe(400);
    const signed = await ctx.call(signer, 'POST', path, { values: valid(), signatures: { [zone]: PNG_URL } });
    expect(signed.statusCode, signed.body).toBe(200);
    const sha256 = signed.json().sha256 as string;

    const entries = await ctx.db.select().from(audits).where(eq(audits.path, path));
    expect(entries.map((entry) => entry.event).sort()).toEqual(['REFUSED', 'WRITE']);
    const image = PNG.toString('base64');
    expectEvery(entries, (entry) => {
      const stored = JSON.stringify(entry);
      return (
        entry.requestBody === null &&
        !stored.includes(image) &&
        !stored.includes('Jan Dvořák') &&
        !stored.includes('2026-03-01')
      );
    });
    const write = entries.find((entry) => entry.event === 'WRITE')!;
    expect(write).toMatchObject({
      entity: 'signature/signed',
      recordId: String(copy.id),
      author: signer.userName,
      status: 200,
      changes: {
        status: { from: 'WAITING', to: 'SIGNED' },
        document: { to: document },
        zones: { to: ['Podpis'] },
        sha256: { to: sha256 },
      },
    });

    const [kept] = await ctx.db.select().from(signatureSigned).where(eq(signatureSigned.id, copy.id));
    expect(JSON.parse(kept.attributeValues!)).toMatchObject({ name: 'Jan Dvořák' });
    await ctx.clock.advance(30 * DAY + 1);
    expect(await shredDue(ctx.db, ctx.app.files, new Date(ctx.clock.now()))).toBeGreaterThan(0);
    const [shredded] = await ctx.db
      .select()
      .from(signatureSigned)
      .where(and(eq(signatureSigned.id, copy.id), eq(signatureSigned.status, 'SHREDDED')));
    expect(shredded).toMatchObject({ attributeValues: null, fileId: null, sha256 });
  });

  it("refuses a PDF to validate over the site's FILE_MAX_SIZE_MB, as an upload", async () => {
    const viewerB = await ctx.givenUser({ roles: ['SIG_VIEW'], sites: [ctx.siteB] });
    await ctx.db
      .insert(siteProperties)
      .values({ siteId: ctx.siteB, name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 1 });
    const MB = 1024 * 1024;
    const over = await upload(viewerB, '/api/signature/validate', 'big.pdf', Buffer.alloc(MB + 1, 'a'));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');
    const within = await upload(viewerB, '/api/signature/validate', 'big.pdf', Buffer.alloc(MB, 'a'));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json()).toMatchObject({ valid: false, signed: null });
    expect(within.json().sha256).toMatch(/^[0-9a-f]{64}$/);
    // Site A keeps its own (default 10 MB) limit.
    const other = await upload(viewer, '/api/signature/validate', 'big.pdf', Buffer.alloc(MB + 1, 'a'));
    expect(other.statusCode, other.body).toBe(200);
  });

  it('records the browser terminal the signer’s session was opened on', async () => {
    const tablet = await givenTerminal(ctx, { role: null, site: null, name: 'Recepce – tablet' });
    const account = await ctx.givenUser({ roles: ['SIG_USER'], login: false });
    const login = await ctx.login(account.userName, undefined, terminalHeaders(tablet));
    expect(login.statusCode, login.body).toBe(200);
    const onTablet = { ...account, token: login.json().session.token as string };
    const copy = (await prepare(onTablet, document)).json() as Json;
    const signed = await ctx.call(onTablet, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    expect(signed.json()).toMatchObject({ status: 'SIGNED', terminal: 'Recepce – tablet' });
  });

  it('refuses a copy past its max age: Document has expired', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    expect(copy.expires).toBe(new Date(ctx.clock.now() + 2 * DAY).toISOString());
    await ctx.clock.advance(2 * DAY + 1);
    const late = await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    expect(late.statusCode).toBe(409);
    expect(late.headers['x-error-code']).toBe('SIGNATURE_EXPIRED');
    expect(decodeURIComponent(String(late.headers['x-error-message']))).toBe('Document has expired');
  });

  it('lets SIG_VIEW read the archive only and refuses another site', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    expect((await prepare(viewer, document)).statusCode).toBe(403);
    const sign = await ctx.call(viewer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: {},
      signatures: {},
    });
    expect(sign.statusCode).toBe(403);
    const foreign = await ctx.call(adminB, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.call(adminB, 'GET', `/api/signature/signed/${copy.id}/pdf`)).statusCode).toBe(404);
  });

  it('shreds signed PDFs past their shred days by the scheduled job, once, keeping the record with the date', async () => {
    const copy = (await prepare(signer, document)).json() as Json;
    await ctx.call(signer, 'POST', `/api/signature/signed/${copy.id}/sign`, {
      values: valid(),
      signatures: { [zone]: PNG_URL },
    });
    // Two app instances, each with its job runner on the app's (injected) clock.
    const log = { error: () => undefined, debug: () => undefined, info: () => undefined };
    const runners = ['one', 'two'].map((instance) => {
      const runner = jobRunner({ database: ctx.database, log, clock: ctx.clock, instance });
      runner.register(signatureShredJob({ db: ctx.db, files: ctx.app.files, log: log as never }));
      return runner;
    });
    await ctx.clock.advance(29 * DAY);
    await runners[0].tick();
    expect((await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}`)).json().status).toBe('SIGNED');

    await ctx.clock.advance(DAY + HOUR);
    const outcomes = await Promise.all(runners.map((runner) => runner.tick()));
    // One runs it; the other finds it run (`done`) or running (`busy`, PostgreSQL's lock).
    const shredRuns = outcomes.map((outcome) => outcome['signature-shred']);
    expect(shredRuns.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    expect(shredRuns.filter((outcome) => outcome === 'done' || outcome === 'busy')).toHaveLength(1);
    const [row] = await ctx.db.select().from(signatureSigned).where(eq(signatureSigned.id, copy.id));
    expect(row).toMatchObject({ status: 'SHREDDED', fileId: null });
    expect(row.shreddedAt!.getTime()).toBeLessThanOrEqual(ctx.clock.now());
    expect(row.shreddedAt!.getTime()).toBeGreaterThan(ctx.clock.now() - HOUR);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}/pdf`)).statusCode).toBe(404);
    const archived = (await ctx.call(viewer, 'GET', `/api/signature/signed/${copy.id}`)).json();
    expect(archived).toMatchObject({ status: 'SHREDDED', signedBy: signer.userName });
    // Whoever runs it again (the same period, or the next two at once) shreds a copy once.
    const again = new Date(ctx.clock.now());
    const [first, second] = await Promise.all([
      shredDue(ctx.db, ctx.app.files, again),
      shredDue(ctx.db, ctx.app.files, again),
    ]);
    expect(first + second).toBe(0);
  });
});

describe('signing what other modules produce', () => {
  let site: VisitSite;
  beforeAll(async () => {
    site = await givenVisitSite(ctx, ctx.siteA);
  });

  it('prepares the purpose’s entry and leave documents for the visitor to sign', async () => {
    const { document } = await givenTemplate();
    // The visit administrator picks the documents without a signature role (the visits' own picker).
    const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN'] });
    const picker = await ctx.call(visitAdmin, 'GET', '/api/visit/signature_document?name=Předávací');
    expectEvery(picker.json() as Json[], (row) => String(row.name).startsWith('Předávací'));
    expect((await ctx.call(visitAdmin, 'GET', '/api/signature/document')).statusCode).toBe(403);
    const purpose = await ctx.call(visitAdmin, 'PUT', `/api/visit/purpose/${site.meeting}`, {
      version: 0,
      entryDocument: document,
      leaveDocument: document,
    });
    expect(purpose.statusCode, purpose.body).toBe(200);
    expect(purpose.json().entryDocument).toMatchObject({ id: document });
    const reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
    const entry = await enter(ctx, reception, visitor(site, { purpose: site.meeting, lastName: 'Dvořák' }));
    expect(entry.statusCode, entry.body).toBe(201);
    const id = entry.json().id as number;
    const list = await ctx.call(signer, 'GET', `/api/signature/signed?source=MOD_VISIT&sourceId=${id}`);
    expect(list.json()).toEqual([
      expect.objectContaining({ title: 'Meeting: Dvořák Jana', status: 'WAITING', source: 'MOD_VISIT' }),
    ]);
    const leave = await ctx.call(reception, 'POST', `/api/visit/${id}/leave`, { gate: site.gate });
    expect(leave.statusCode, leave.body).toBe(201);
    const both = await ctx.call(signer, 'GET', `/api/signature/signed?source=MOD_VISIT&sourceId=${id}`);
    expect(both.json()).toHaveLength(2);
    // A purpose without documents prepares nothing.
    const plain = await enter(ctx, reception, visitor(site, { purpose: site.delivery }));
    const none = await ctx.call(
      signer,
      'GET',
      `/api/signature/signed?source=MOD_VISIT&sourceId=${plain.json().id}`,
    );
    expect(none.json()).toEqual([]);
  });

  it('prepares the key type’s handover protocol at each lend-out', async () => {
    const { document } = await givenTemplate();
    const keys = await ctx.givenUser({ roles: ['KM_ADMIN', 'KM_USER'] });
    const km = async (resource: string, body: Record<string, unknown>) => {
      const response = await ctx.call(keys, 'POST', `/api/keymanagement/${resource}`, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Json;
    };
    const type = await km('keytype', { name: 'S protokolem', handoverDocument: document });
    expect(type.handoverDocument).toMatchObject({ id: document });
    const key = await km('key', { code: 'P-001', name: 'Serverovna', type: type.id });
    const { gate } = site;
    const [holder] = await ctx.db
      .insert(persons)
      .values({ firstName: 'Petr', lastName: 'Držitel', homeSiteId: ctx.siteA })
      .returning({ id: persons.id });
    const lent = await km('lend', { key: key.id, person: holder.id, gate });
    const copies = await ctx.call(signer, 'GET', `/api/signature/signed?source=MOD_KM&sourceId=${lent.id}`);
    expect(copies.json()).toEqual([
      expect.objectContaining({ status: 'WAITING', document: expect.objectContaining({ id: document }) }),
    ]);
    expect((copies.json() as Json[])[0].title).toContain('Držitel');
  });

  it('prepares the stock category’s handover document at an issue and a return, linked from the movement', async () => {
    const { document } = await givenTemplate();
    // A document without a valid version with a template: nothing can be prepared from it.
    const empty = await created(admin, 'document', { name: `Bez šablony ${documentCount}` });
    const stockAdmin = await ctx.givenUser({ roles: ['STOCK_ADMIN'] });
    const storekeeper = await ctx.givenUser({ roles: ['STOCK_USER'] });
    const stockViewer = await ctx.givenUser({ roles: ['STOCK_VIEW'] });
    const stockAdminB = await ctx.givenUser({ roles: ['STOCK_ADMIN', 'SIG_ADMIN'], sites: [ctx.siteB] });
    const stock = async (who: TestUser, resource: string, body: Record<string, unknown>) => {
      const response = await ctx.call(who, 'POST', `/api/stock/${resource}`, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Json;
    };
    // The stock administrator picks the document without a signature role (the stock's own picker).
    const picker = await ctx.call(stockAdmin, 'GET', '/api/stock/signature_document?name=Předávací');
    expectEvery(picker.json() as Json[], (row) => String(row.name).startsWith('Předávací'));
    expect((await ctx.call(storekeeper, 'GET', '/api/stock/signature_document')).statusCode).toBe(403);
    const flagged = await stock(stockAdmin, 'category', {
      name: 'Radiostanice s protokolem',
      issueDocument: true,
      returnDocument: true,
      handoverDocument: document,
      maxLendingHours: 8,
    });
    expect(flagged.handoverDocument).toMatchObject({ id: document });
    const plain = await stock(stockAdmin, 'category', { name: 'Bez protokolu', handoverDocument: document });
    const untemplated = await stock(stockAdmin, 'category', {
      name: 'Protokol bez šablony',
      issueDocument: true,
      handoverDocument: empty.id,
    });
    const unit = await stock(stockAdmin, 'mu', { name: 'Kusy', abbreviation: 'ks' });
    const warehouse = (await stock(stockAdmin, 'warehouse', { name: 'Sklad protokolů' })).id;
    const item = async (code: string, category: number) => {
      const created = await stock(stockAdmin, 'item', {
        code,
        name: `Vysílačka ${code}`,
        category,
        unit: unit.id,
      });
      await stock(storekeeper, 'item/movement', { item: created.id, warehouse, units: 5 });
      return created.id;
    };
    const [radio, tape, torch] = [
      await item('PR-1', flagged.id),
      await item('PR-2', plain.id),
      await item('PR-3', untemplated.id),
    ];
    const [holder] = await ctx.db
      .insert(persons)
      .values({ firstName: 'Petr', lastName: 'Výdejní', homeSiteId: ctx.siteA })
      .returning({ id: persons.id });
    const issue = (item: number) => ({ item, warehouse, units: -2, type: 'SHORT_TERM', person: holder.id });
    const copiesOf = async (movement: number) =>
      (
        await ctx.call(signer, 'GET', `/api/signature/signed?source=MOD_STOCK&sourceId=${movement}`)
      ).json() as Json[];

    // The issue of a flagged item: its document prepared in the same write, named on the movement.
    const lent = await stock(storekeeper, 'item/movement', issue(radio));
    expect(lent).toMatchObject({
      document: { id: expect.any(Number), label: expect.stringMatching(/^Předávací protokol/) },
      documentMissing: false,
    });
    const [copy] = await copiesOf(lent.id);
    expect(copy).toMatchObject({
      id: (lent.document as Json).id,
      status: 'WAITING',
      source: 'MOD_STOCK',
      document: expect.objectContaining({ id: document }),
    });
    // Who, what, how much and when (the site's zone, Europe/Prague).
    const at = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Prague',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(lent.movementTime as string))
        .map((part) => [part.type, part.value]),
    );
    expect(copy.title).toBe(
      `Vysílačka PR-1 (PR-1), 2 ks: Výdejní Petr, ${at.day}.${at.month}.${at.year} ${at.hour}:${at.minute}:${at.second}`,
    );
    // Every stock reader sees the link; the list names it too.
    const read = (await ctx.call(stockViewer, 'GET', `/api/stock/item/movement/${lent.id}`)).json() as Json;
    expect(read.document).toEqual(lent.document);
    const listed = (
      await ctx.call(stockViewer, 'GET', `/api/stock/item/movement?item=${radio}&type=SHORT_TERM`)
    ).json() as Json[];
    expectEvery(listed, (row) => (row.document as Json | null)?.id === (lent.document as Json).id);

    // Its return: the category asks for a document on returns too.
    const back = await ctx.call(storekeeper, 'POST', `/api/stock/item/movement/${lent.id}/return`, {});
    expect(back.statusCode, back.body).toBe(201);
    const returned = back.json() as Json;
    expect(returned.document).toMatchObject({ id: expect.any(Number) });
    expect((returned.document as Json).id).not.toBe((lent.document as Json).id);
    expect(await copiesOf(returned.id)).toHaveLength(1);

    // A receipt of the flagged item, and an issue of an item whose category asks for no document: none.
    const receipt = await stock(storekeeper, 'item/movement', { item: radio, warehouse, units: 1 });
    expect(receipt).toMatchObject({ document: null, documentMissing: false });
    const unflagged = await stock(storekeeper, 'item/movement', issue(tape));
    expect(unflagged).toMatchObject({ document: null, documentMissing: false });
    expect(await copiesOf(unflagged.id)).toEqual([]);
    // A category whose document has no template: the issue is written, without a document, and says so.
    const missing = await stock(storekeeper, 'item/movement', issue(torch));
    expect(missing).toMatchObject({ document: null, documentMissing: true });
    expect(await copiesOf(missing.id)).toEqual([]);

    // Another site sees neither the movement nor its document.
    const signedId = (lent.document as Json).id;
    expect((await ctx.call(stockAdminB, 'GET', `/api/stock/item/movement/${lent.id}`)).statusCode).toBe(404);
    expect((await ctx.call(adminB, 'GET', `/api/signature/signed/${signedId}`)).statusCode).toBe(404);
    // Wrong roles: a stock reader without a signature role does not open the copy; a viewer or another module's
    // user records no movement.
    expect((await ctx.call(storekeeper, 'GET', `/api/signature/signed/${signedId}`)).statusCode).toBe(403);
    for (const who of [stockViewer, stranger, signer]) {
      const refused = await ctx.call(who, 'POST', '/api/stock/item/movement', issue(radio));
      expect(refused.statusCode).toBe(403);
    }
  });
});
