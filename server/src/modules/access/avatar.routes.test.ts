import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { AVATAR_MAX_BYTES } from '@strazce/contract';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40),
]);
const GIF = Buffer.from(`GIF89a${'\0'.repeat(20)}`, 'latin1');

function upload(user: TestUser | null, body: Buffer | string, contentType: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/access_user/avatar',
    payload: body,
    headers: { 'content-type': contentType, ...(user ? { 'x-auth-token': user.token } : {}) },
  });
}

describe('avatar', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await ctx.givenUser({ roles: [] });
  });

  it('answers 404 while the user has none', async () => {
    const response = await ctx.call(user, 'GET', `/api/access_user/avatar?id=${user.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-error-code']).toBe('NOT_FOUND');
  });

  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/webp', WEBP],
  ])('stores a %s image of the current user and gives it back byte for byte', async (type, image) => {
    expect((await upload(user, image, type)).statusCode).toBe(204);
    const response = await ctx.call(user, 'GET', `/api/access_user/avatar?id=${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.rawPayload.equals(image)).toBe(true);
    expect((await ctx.call(user, 'GET', '/api/session')).json().user.hasAvatar).toBe(true);
  });

  it("lets an administrator see anybody's avatar, but not other users", async () => {
    expect((await ctx.call(ctx.admin, 'GET', `/api/access_user/avatar?id=${user.id}`)).statusCode).toBe(200);
    const other = await ctx.givenUser({ roles: ['SITE_ADMIN'] });
    const response = await ctx.call(other, 'GET', `/api/access_user/avatar?id=${user.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.rawPayload.includes(WEBP.subarray(0, 12))).toBe(false);
  });

  it('refuses bytes that are not the declared image type', async () => {
    for (const [body, type] of [
      [PNG, 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const response = await upload(user, body, type);
      expect(response.statusCode).toBe(415);
      expect(response.headers['x-error-code']).toBe('FILE_TYPE_MISMATCH');
    }
  });

  it('refuses other content types with 415', async () => {
    for (const [body, type] of [
      [GIF, 'image/gif'],
      [PNG, 'application/octet-stream'],
      ['{"image": "x"}', 'application/json'],
    ] as const) {
      const response = await upload(user, body, type);
      expect(response.statusCode).toBe(415);
      expect(response.headers['x-error-code']).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses images over 512 kB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const response = await upload(user, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.headers['x-error-code']).toBe('PAYLOAD_TOO_LARGE');
    const fits = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    expect((await upload(user, fits, 'image/png')).statusCode).toBe(204);
  });

  it('deletes the avatar of the current user', async () => {
    expect((await ctx.call(user, 'DELETE', '/api/access_user/avatar')).statusCode).toBe(204);
    expect((await ctx.call(user, 'GET', `/api/access_user/avatar?id=${user.id}`)).statusCode).toBe(404);
    expect((await ctx.call(user, 'GET', '/api/session')).json().user.hasAvatar).toBe(false);
  });

  it('needs a session', async () => {
    expect((await upload(null, PNG, 'image/png')).statusCode).toBe(401);
    expect((await ctx.call(null, 'GET', `/api/access_user/avatar?id=${user.id}`)).statusCode).toBe(401);
    expect((await ctx.call(null, 'DELETE', '/api/access_user/avatar')).statusCode).toBe(401);
  });
});
