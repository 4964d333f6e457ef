import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { jsonDepth, MAX_JSON_DEPTH } from './requestBody';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Response = Awaited<ReturnType<TestContext['call']>>;

/** A 400 through the app's error handler: the wire contract's error body, not a framework one. */
function expectBadRequest(response: Response) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['x-error-code']).toBe('BAD_REQUEST');
  expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
  expect(response.json().code).toBe('BAD_REQUEST');
}

describe('multipart bodies', () => {
  const upload = (contentType: string, body = 'x') =>
    ctx.call(ctx.admin, 'POST', '/api/system_file', body, { 'content-type': contentType });

  it('answers 400 to a multipart body without a boundary, never 500', async () => {
    for (const type of [
      'multipart/form-data',
      'multipart/form-data;',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ])
      expectBadRequest(await upload(type));
  });

  it('answers 400 to a multipart body cut off before its closing boundary', async () => {
    expectBadRequest(
      await upload(
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      ),
    );
    expectBadRequest(await upload('multipart/form-data; boundary=xyz', 'no parts at all'));
  });

  it('still takes a well-formed upload', async () => {
    const body =
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n' +
      'hello\r\n--xyz--\r\n';
    const response = await upload('multipart/form-data; boundary=xyz', body);
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('JSON bodies', () => {
  const post = (body: string) =>
    ctx.call(ctx.admin, 'POST', '/api/system_person', body, { 'content-type': 'application/json' });

  it('answers 400 to very deep JSON (10,000 nested arrays or objects), never 500', async () => {
    expectBadRequest(await post('['.repeat(10_000) + ']'.repeat(10_000)));
    expectBadRequest(await post(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`));
    expectBadRequest(
      await post(
        `{"firstName":"A","lastName":"B","note":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`,
      ),
    );
  });

  it('counts brackets inside strings as text and takes ordinary bodies', async () => {
    const response = await post(JSON.stringify({ firstName: '[[[{{{', lastName: 'x"]]]\\' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ firstName: '[[[{{{', lastName: 'x"]]]\\' });
  });

  it('still refuses __proto__ keys and malformed JSON with 400', async () => {
    expectBadRequest(await post('{"firstName":"A","lastName":"B","__proto__":{"admin":true}}'));
    expectBadRequest(await post('{"firstName":'));
  });

  it('measures the depth outside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(1000), 10)).toBe(11);
  });
});
