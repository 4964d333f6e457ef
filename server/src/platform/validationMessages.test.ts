import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorDetail } from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../test/helper';
import { givenVisitSite, type VisitSite } from '../modules/visit/visit.fixtures';

/**
 * A 400 VALIDATION answer names each field's problem with a translation key (`validation.*`) that both
 * languages of the web app know, never zod's English text ("Invalid input: expected number, received
 * undefined").
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/locales');
type Tree = { [key: string]: string | Tree };
const locales = ['cs', 'en'].map(
  (lang) => JSON.parse(readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Tree,
);
/** A key has a text, itself or in plural forms (`_other`: a text that counts, 'Alespoň {{count}} znaky'). */
const hasText = (tree: Tree, key: string) => {
  const parts = key.split('.');
  let node: string | Tree | undefined = tree;
  for (const part of parts.slice(0, -1)) node = typeof node === 'object' ? node[part] : undefined;
  const last = parts[parts.length - 1];
  return typeof node === 'object' && typeof (node[last] ?? node[`${last}_other`]) === 'string';
};

let ctx: TestContext;
let site: VisitSite;
let clerk: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  site = await givenVisitSite(ctx, ctx.siteA);
  clerk = await ctx.givenUser({
    roles: ['VISIT_ADMIN', 'VISIT_ADVICE_ADMIN', 'VISIT_ADVICE_RESPONSE', 'VIEW_PERSONAL_INFO'],
  });
});
afterAll(() => ctx?.close());

/** The answer is 400 VALIDATION, and every detail is a `validation.*` key with a text in both languages. */
function details(response: LightMyRequestResponse): ErrorDetail[] {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['x-error-code']).toBe('VALIDATION');
  const list = response.json().details as ErrorDetail[];
  expect(list.length, 'no details').toBeGreaterThan(0);
  expect(list.filter((detail) => !/^validation\.[A-Za-z]+(:.*)?$/.test(detail.message))).toEqual([]);
  const keys = list.map((detail) => detail.message.split(':')[0]);
  for (const tree of locales) expect(keys.filter((key) => !hasText(tree, key))).toEqual([]);
  return list;
}

const call = (method: string, url: string, body?: unknown) => ctx.call(clerk, method, url, body);

describe('validation messages are translation keys', () => {
  it('says required for a missing number, invalid for a wrong type (advice response)', async () => {
    expect(details(await call('POST', '/api/visit/advice/response', {}))).toEqual(
      expect.arrayContaining([{ path: 'id', message: 'validation.required' }]),
    );
    expect(
      details(
        await call('POST', '/api/visit/advice/response', {
          id: 'seven',
          status: 'MAYBE',
          reason: 'x'.repeat(1001),
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { path: 'id', message: 'validation.invalid' },
        { path: 'status', message: 'validation.enum' },
        { path: 'reason', message: 'validation.maxLength' },
      ]),
    );
  });

  it('names unknown fields, too long texts, wrong types and bad dates of an entry', async () => {
    const list = details(
      await call('POST', '/api/visit', {
        gate: 'main',
        purpose: site.meeting,
        firstName: 'x'.repeat(5000),
        lastName: 42,
        movementTime: 'yesterday',
        companions: [{ name: 5 }],
        secret: true,
      }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        { path: '', message: 'validation.unknownField:secret' },
        { path: 'gate', message: 'validation.invalid' },
        { path: 'firstName', message: 'validation.maxLength' },
        { path: 'lastName', message: 'validation.invalid' },
        { path: 'movementTime', message: 'validation.datetime' },
        { path: 'companions.0.name', message: 'validation.invalid' },
      ]),
    );
  });

  it('says required for missing fields of actions (write-off, leave, advice to visit)', async () => {
    expect(details(await call('POST', '/api/visit/writeoff', {}))).toEqual([
      { path: 'id', message: 'validation.required' },
    ]);
    expect(details(await call('POST', '/api/visit/1/leave', {}))).toEqual([
      { path: 'gate', message: 'validation.required' },
    ]);
    expect(details(await call('POST', '/api/visit/advice/1/visit', { gate: site.gate }))).toEqual([
      { path: 'purpose', message: 'validation.required' },
    ]);
  });

  it('refuses a day that is not in the calendar, and a bad choice (advice)', async () => {
    expect(
      details(
        await call('POST', '/api/visit/advice', {
          oneTimeDate: '2026-02-30',
          firstName: 'A',
          lastName: 'B',
          reason: 'R',
        }),
      ),
    ).toEqual(expect.arrayContaining([{ path: 'oneTimeDate', message: 'validation.date' }]));
    expect(details(await call('POST', '/api/visit/advice', { validFrom: 'tomorrow' }))).toEqual(
      expect.arrayContaining([{ path: 'validFrom', message: 'validation.date' }]),
    );
  });

  it('answers keys for list queries, route parameters and updates without a version', async () => {
    expect(
      details(
        await call('GET', '/api/visit?page=first&size=7&direction=SIDEWAYS&movementTimeFrom=yesterday'),
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'querystring.direction', message: 'validation.enum' }),
        expect.objectContaining({ path: 'querystring.movementTimeFrom', message: 'validation.datetime' }),
      ]),
    );
    details(await call('GET', '/api/visit/abc'));
    expect(details(await call('PUT', `/api/visit/purpose/${site.meeting}`, { name: 'Meeting' }))).toEqual([
      { path: 'version', message: 'validation.required' },
    ]);
    expect(details(await call('POST', '/api/visit/purpose', { name: 7 }))).toEqual(
      expect.arrayContaining([{ path: 'name', message: 'validation.invalid' }]),
    );
  });

  it("answers the site properties' own keys", async () => {
    expect(
      details(
        await ctx.call(ctx.admin, 'POST', '/api/system_site/property', {
          name: 'X',
          type: 'LONG',
          value: 'a',
        }),
      ),
    ).toEqual([{ path: 'value', message: 'validation.configValue' }]);
    expect(
      details(
        await ctx.call(ctx.admin, 'POST', '/api/system_site/property', {
          name: 'SITE_TIME_ZONE',
          type: 'STRING',
          value: 'Mars/Olympus',
        }),
      ),
    ).toEqual([{ path: 'value', message: 'validation.timeZone' }]);
  });
});
