import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { files } from '../files/files.tables';
import { givenGates } from '../site/site.fixtures';
import { siteProperties } from '../../platform/platform.tables';
import { vehiclePhotos, vehiclePurposes } from './vehicle.tables';

let ctx: TestContext;
let guard: TestUser;
let vehicleAdmin: TestUser;
let viewer: TestUser;
let visitUser: TestUser;
let guardOnB: TestUser;
let movement: number;
let otherMovement: number;
let movementOnB: number;
let siteA: { gate: number; purpose: number };
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-photos-test-'));

/** Every stored content file (the temporary folder excluded). */
function storedContents(): string[] {
  return fs
    .readdirSync(filesDir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.startsWith('tmp') && fs.statSync(path.join(filesDir, entry)).isFile());
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `size` × `size` pixels, a red square on blue, made here. */
function png(size = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const inside = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      rows.set(inside ? [200, 30, 30] : [20, 80, 200], y * (1 + size * 3) + 1 + x * 3);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An 8 × 8 JPEG as a browser's canvas encodes it (`toDataURL('image/jpeg')`). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3Nw' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAA' +
    'AChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAA' +
    'AAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAA' +
    'AAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMA' +
    'LgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/' +
    '2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIA' +
    'AhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAaEQEA' +
    'AwADAAAAAAAAAAAAAAACAAEDERIx/9oADAMBAAIRAxEAPwCUAK2muy9lDnmcjQFcVU//2Q==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function multipart(fileName: string, content: Buffer, type: string) {
  const boundary = `----strazce${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  user: TestUser | null,
  movementId: number,
  fileName: string,
  content: Buffer,
  type = 'image/png',
) {
  const { payload, headers } = multipart(fileName, content, type);
  return ctx.call(user, 'POST', `/api/vehicle/photo?movement=${movementId}`, payload, headers);
}

const list = (user: TestUser | null, movementId: number) =>
  ctx.call(user, 'GET', `/api/vehicle/photo?movement=${movementId}`);

/** A gate and an entry purpose of the site, for its entries. */
async function givenVehicleSite(siteId: number) {
  const { gate } = await givenGates(ctx, siteId, 'Truck gate');
  const [purpose] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });
  return { gate, purpose: purpose.id };
}

/** A vehicle entry of the user's site through the API; its movement id. */
async function givenMovement(user: TestUser, site: { gate: number; purpose: number }, plate: string) {
  const response = await ctx.call(user, 'POST', '/api/vehicle/entry', { plate, ...site });
  if (response.statusCode !== 201) throw new Error(`entry: ${response.body}`);
  return response.json().id as number;
}

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  guard = await ctx.givenUser({ roles: ['VEHICLE_USER'] });
  vehicleAdmin = await ctx.givenUser({ roles: ['VEHICLE_ADMIN'] });
  viewer = await ctx.givenUser({ roles: ['VEHICLE_VIEW'] });
  visitUser = await ctx.givenUser({ roles: ['VISIT_USER'] });
  guardOnB = await ctx.givenUser({ roles: ['VEHICLE_USER'], sites: [ctx.siteB] });
  siteA = await givenVehicleSite(ctx.siteA);
  movement = await givenMovement(guard, siteA, '1PH0001');
  otherMovement = await givenMovement(guard, siteA, '1PH0002');
  movementOnB = await givenMovement(guardOnB, await givenVehicleSite(ctx.siteB), '1PH0003');
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('/api/vehicle/photo', () => {
  let pngId: number;
  let jpegId: number;

  it('stores a PNG and a JPEG with the movement as stored files of the site, sniffed from the content', async () => {
    const image = png();
    // The browser's declared type does not count: the content does.
    const first = await upload(guard, movement, 'rampa.png', image, 'application/octet-stream');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      movement,
      name: 'rampa.png',
      type: 'image/png',
      size: image.length,
      createdBy: { id: guard.id, label: guard.userName },
    });
    pngId = first.json().id;
    const second = await upload(vehicleAdmin, movement, 'image.jpg', JPEG, 'image/jpeg');
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ type: 'image/jpeg', size: JPEG.length });
    jpegId = second.json().id;

    const [row] = await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.id, pngId));
    expect(row).toMatchObject({ siteId: ctx.siteA, movementId: movement, userId: guard.id });
    const [file] = await ctx.db.select().from(files).where(eq(files.id, row.fileId));
    expect(file).toMatchObject({ siteId: ctx.siteA, module: 'MOD_VEHICLE', type: 'image/png' });
  });

  it("lists a movement's photos oldest first, to readers, and none of another movement", async () => {
    const photos = await list(viewer, movement);
    expect(photos.statusCode).toBe(200);
    expect(photos.json().map((photo: { id: number }) => photo.id)).toEqual([pngId, jpegId]);
    expect(photos.headers['x-total-count']).toBe('2');
    expectEvery(photos.json() as Array<{ movement: number }>, (photo) => photo.movement === movement);
    expect((await list(guard, otherMovement)).json()).toEqual([]);
  });

  it('sends the bytes as stored with their type, no-store and nosniff', async () => {
    const image = await ctx.call(viewer, 'GET', `/api/vehicle/photo/${pngId}/data`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png())).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('no-store');
    const jpeg = await ctx.call(guard, 'GET', `/api/vehicle/photo/${jpegId}/data`);
    expect(jpeg.rawPayload.equals(JPEG)).toBe(true);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a PDF named as a photo, a PDF, text and executables, and keeps nothing of them', async () => {
    const before = storedContents().length;
    const renamed = await upload(guard, movement, 'photo.jpg', PDF, 'image/jpeg');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.headers['x-error-code']).toBe('FILE_TYPE_MISMATCH');
    const pdf = await upload(guard, movement, 'scan.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
    expect(pdf.json().details).toEqual([{ path: 'file', message: 'validation.fileTypeRefused' }]);
    const text = await upload(guard, movement, 'note.txt', Buffer.from('not a photo'), 'text/plain');
    expect(text.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
    const exe = await upload(
      guard,
      movement,
      'camera',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
    );
    expect(exe.headers['x-error-code']).toBe('FILE_TYPE_REFUSED');
    expect(storedContents()).toHaveLength(before);
    expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    expect((await list(guard, movement)).json()).toHaveLength(2);
  });

  it("refuses a photo over the site's FILE_MAX_SIZE_MB", async () => {
    const overTen = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024, 1)]);
    const tooBig = await upload(guard, otherMovement, 'big.png', overTen);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');

    await ctx.db
      .insert(siteProperties)
      .values({ siteId: ctx.siteB, name: 'FILE_MAX_SIZE_MB', type: 'LONG', value: 1 });
    const overOne = Buffer.concat([png(), Buffer.alloc(1024 * 1024, 1)]);
    const refused = await upload(guardOnB, movementOnB, 'medium.png', overOne);
    expect(refused.statusCode).toBe(413);
    expect(refused.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');
    expect((await list(guardOnB, movementOnB)).json()).toEqual([]);
  });

  it("lets viewers and other modules' users not add or remove photos, and nobody without a session", async () => {
    expect((await upload(viewer, movement, 'v.png', png())).statusCode).toBe(403);
    expect((await ctx.call(viewer, 'DELETE', `/api/vehicle/photo/${pngId}`)).statusCode).toBe(403);
    expect((await list(visitUser, movement)).statusCode).toBe(403);
    expect((await ctx.call(visitUser, 'GET', `/api/vehicle/photo/${pngId}/data`)).statusCode).toBe(403);
    expect((await upload(null, movement, 'n.png', png())).statusCode).toBe(401);
    expect((await list(null, movement)).statusCode).toBe(401);
    expect((await ctx.call(null, 'GET', `/api/vehicle/photo/${pngId}/data`)).statusCode).toBe(401);
    expect((await ctx.call(null, 'DELETE', `/api/vehicle/photo/${pngId}`)).statusCode).toBe(401);
    expect((await list(guard, movement)).json()).toHaveLength(2);
  });

  it("answers 404 for another site's movement and photo, and for a movement that is not there", async () => {
    expect((await upload(guardOnB, movement, 'b.png', png())).statusCode).toBe(404);
    expect((await list(guardOnB, movement)).statusCode).toBe(404);
    expect((await ctx.call(guardOnB, 'GET', `/api/vehicle/photo/${pngId}/data`)).statusCode).toBe(404);
    expect((await ctx.call(guardOnB, 'DELETE', `/api/vehicle/photo/${pngId}`)).statusCode).toBe(404);
    expect((await upload(guard, movementOnB, 'a.png', png())).statusCode).toBe(404);
    expect((await list(guard, 999_999)).statusCode).toBe(404);
    expect((await list(guard, movement)).json()).toHaveLength(2);
  });

  it('removes a photo with its stored file and content; a second delete is 404', async () => {
    const before = storedContents().length;
    const removed = await ctx.call(guard, 'DELETE', `/api/vehicle/photo/${pngId}`);
    expect(removed.statusCode).toBe(204);
    expect((await list(guard, movement)).json().map((photo: { id: number }) => photo.id)).toEqual([jpegId]);
    expect((await ctx.call(guard, 'GET', `/api/vehicle/photo/${pngId}/data`)).statusCode).toBe(404);
    expect((await ctx.call(guard, 'DELETE', `/api/vehicle/photo/${pngId}`)).statusCode).toBe(404);
    expect(storedContents()).toHaveLength(before - 1);
    const rows = await ctx.db.select().from(files).where(eq(files.module, 'MOD_VEHICLE'));
    expect(rows).toHaveLength(1);
  });

  it("deleting a movement (VEHICLE_ADMIN) removes its photos' files and contents too", async () => {
    const doomed = await givenMovement(guard, siteA, '1PH0009');
    expect((await upload(guard, doomed, 'a.png', png())).statusCode).toBe(201);
    expect((await upload(guard, doomed, 'b.png', png(24))).statusCode).toBe(201);
    const before = storedContents().length;
    const filesBefore = (await ctx.db.select().from(files).where(eq(files.module, 'MOD_VEHICLE'))).length;

    // The guard records movements but may not delete one.
    expect((await ctx.call(guard, 'DELETE', `/api/vehicle/${doomed}`)).statusCode).toBe(403);
    expect(storedContents()).toHaveLength(before);
    const removed = await ctx.call(vehicleAdmin, 'DELETE', `/api/vehicle/${doomed}`);
    expect(removed.statusCode).toBe(204);
    expect(storedContents()).toHaveLength(before - 2);
    const filesAfter = await ctx.db.select().from(files).where(eq(files.module, 'MOD_VEHICLE'));
    expect(filesAfter).toHaveLength(filesBefore - 2);
    expect((await list(guard, doomed)).statusCode).toBe(404);
  });

  it('audits adding and removing as business records of the site, and the refusals', async () => {
    const audit = (
      await ctx.call(ctx.admin, 'GET', '/api/system_audit?path=/api/vehicle/photo&size=100')
    ).json();
    const calls = audit.map((entry: { method: string; status: number }) => `${entry.method} ${entry.status}`);
    expect(calls).toContain('POST 201');
    expect(calls).toContain('DELETE 204');
    expect(calls).toContain('POST 415');
    expect(calls).toContain('POST 413');
    const added = audit.find(
      (entry: { method: string; status: number }) => entry.method === 'POST' && entry.status === 201,
    );
    expect(added).toMatchObject({ entity: 'vehicle/photo', site: { id: ctx.siteA } });
  });
});
