import { PERSONAL_VALUE_MASK } from '@strazce/contract';
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestContext, expectEvery, type TestContext } from '../../test/helper';
import { audits } from './platform.tables';
import { isSecretKey, maskSecrets, writesInAuditScope } from './audit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function lastAuditId(): Promise<number> {
  const [row] = await ctx.db.select({ id: audits.id }).from(audits).orderBy(desc(audits.id)).limit(1);
  return row?.id ?? 0;
}

/** The audit rows written since `after`. */
async function auditsSince(after: number) {
  return ctx.db.select().from(audits).where(gt(audits.id, after)).orderBy(audits.id);
}

async function audited(call: () => Promise<unknown>) {
  const before = await lastAuditId();
  await call();
  const rows = await auditsSince(before);
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('audit trail', () => {
  it('records a successful write with author, site, method, path, params, body and status', async () => {
    const row = await audited(() =>
      ctx.call(ctx.admin, 'POST', '/api/system_person?source=test', {
        firstName: 'Alena',
        lastName: 'Auditní',
      }),
    );
    expect(row).toMatchObject({
      event: 'WRITE',
      author: 'admin',
      authorId: ctx.admin.id,
      // A person is a global record: no site.
      siteId: null,
      method: 'POST',
      path: '/api/system_person',
      entity: 'system_person',
      params: { source: 'test' },
      // Personal values stay out of the audit (auditPrivacy.ts): which fields changed, not their values.
      requestBody: { firstName: PERSONAL_VALUE_MASK, lastName: PERSONAL_VALUE_MASK },
      changes: { firstName: { to: PERSONAL_VALUE_MASK }, lastName: { to: PERSONAL_VALUE_MASK } },
      address: '127.0.0.1',
      status: 201,
    });
    expect(row.recordId).toMatch(/^\d+$/);
    expect(row.created.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.requestHeaders).toMatchObject({ 'x-auth-token': '***' });
    expect(JSON.stringify(row)).not.toContain(ctx.admin.token);
  });

  it('records each of several writes made at once, beside reads, and leaves no write scope open', async () => {
    const before = await lastAuditId();
    const calls = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? ctx.call(ctx.admin, 'POST', '/api/system_person', {
              firstName: 'Souběžná',
              lastName: `Osoba ${index}`,
            })
          : ctx.call(ctx.admin, 'GET', '/api/system_person?page=1&size=25'),
      ),
    );
    expect(calls.map((call) => call.statusCode)).toEqual([201, 200, 201, 200, 201, 200]);
    const created = calls.filter((_, index) => index % 2 === 0).map((call) => String(call.json().id));
    const rows = await auditsSince(before);
    expect(rows.length).toBe(3);
    expect(rows.map((row) => row.recordId).sort()).toEqual([...created].sort());
    expectEvery(rows, (row) => row.event === 'WRITE' && row.status === 201);
    expect(writesInAuditScope()).toBe(0);
  });

  it('records route params of updates and deletes', async () => {
    const person = (
      await ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: 'A', lastName: 'B' })
    ).json();
    const update = await audited(() =>
      ctx.call(ctx.admin, 'PUT', `/api/system_person/${person.id}`, { version: 0, note: 'n' }),
    );
    expect(update).toMatchObject({
      method: 'PUT',
      path: `/api/system_person/${person.id}`,
      params: { id: person.id },
      entity: 'system_person',
      recordId: String(person.id),
      changes: { note: { from: null, to: PERSONAL_VALUE_MASK } },
      status: 200,
    });
    const remove = await audited(() => ctx.call(ctx.admin, 'DELETE', `/api/system_person/${person.id}`));
    expect(remove).toMatchObject({
      method: 'DELETE',
      status: 204,
      requestBody: null,
      recordId: String(person.id),
      changes: {
        firstName: { from: PERSONAL_VALUE_MASK },
        lastName: { from: PERSONAL_VALUE_MASK },
        note: { from: PERSONAL_VALUE_MASK },
      },
    });
  });

  it('masks passwords in bodies: no password is ever stored', async () => {
    const row = await audited(() =>
      ctx.call(ctx.admin, 'POST', '/api/access_user', {
        userName: 'audited.user',
        password: 'Audit.Secret1',
        roles: ['ALL_CLIENTS'],
      }),
    );
    expect(row.status).toBe(201);
    expect(row.requestBody).toEqual({
      userName: PERSONAL_VALUE_MASK,
      password: '***',
      roles: ['ALL_CLIENTS'],
    });
    expect(row.changes).toMatchObject({ passwordHash: { to: '***' }, userName: { to: PERSONAL_VALUE_MASK } });
    expect(JSON.stringify(row)).not.toContain('Audit.Secret1');
    expect(JSON.stringify(row)).not.toContain('$argon2');
  });

  it('records failed calls too', async () => {
    const invalid = await audited(() => ctx.call(ctx.admin, 'POST', '/api/system_person', { firstName: '' }));
    expect(invalid).toMatchObject({ status: 400, author: 'admin' });
    const anonymous = await audited(() => ctx.call(null, 'DELETE', '/api/system_person/1'));
    expect(anonymous).toMatchObject({ status: 401, author: null, authorId: null });
    const viewer = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    const forbidden = await audited(() =>
      ctx.call(viewer, 'POST', '/api/system_site', { name: 'Not allowed' }),
    );
    expect(forbidden).toMatchObject({ status: 403, author: viewer.userName });
    const malformed = await audited(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/system_person',
        payload: '{"broken": ',
        headers: { 'x-auth-token': ctx.admin.token, 'content-type': 'application/json' },
      }),
    );
    expect(malformed).toMatchObject({ status: 400, requestBody: null });
  });

  it('does not record reads', async () => {
    const before = await lastAuditId();
    await ctx.call(ctx.admin, 'GET', '/api/system_person');
    await ctx.call(ctx.admin, 'GET', '/api/session');
    await ctx.call(null, 'GET', '/api/info');
    expect(await auditsSince(before)).toEqual([]);
  });

  it('records logins, successful and failed, with the name tried and without the credentials', async () => {
    const user = await ctx.givenUser({ roles: [], login: false });
    const ok = await audited(() => ctx.login(user.userName));
    expect(ok).toMatchObject({ method: 'GET', path: '/api/session', status: 200, author: user.userName });
    expect(ok.requestHeaders).toMatchObject({ authorization: '***' });
    expect(JSON.stringify(ok)).not.toContain(Buffer.from(`${user.userName}:${PASSWORD}`).toString('base64'));

    const failed = await audited(() => ctx.login(user.userName, 'Wrong.Pass1'));
    expect(failed).toMatchObject({ status: 401, author: user.userName });

    const unknown = await audited(() => ctx.login('who.is.this', 'Wrong.Pass1'));
    expect(unknown).toMatchObject({ status: 401, author: 'who.is.this', authorId: null });
  });

  it('records a logout by its author', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const row = await audited(() => ctx.call(user, 'DELETE', '/api/session'));
    expect(row).toMatchObject({ method: 'DELETE', path: '/api/session', status: 204, author: user.userName });
  });

  it('masks reset tokens, TOTP codes and client tokens', async () => {
    const reset = await audited(() =>
      ctx.call(null, 'POST', '/api/access_user/reset', {
        token: 'a-reset-token-value',
        password: 'Reset.Pass1',
      }),
    );
    expect(reset).toMatchObject({ status: 400, requestBody: { token: '***', password: '***' } });

    const user = await ctx.givenUser({ roles: [] });
    const { secret } = (await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD })).json();
    const code = ctx.totp(secret);
    const enable = await audited(() => ctx.call(user, 'POST', '/api/session/twofa/enable', { code }));
    expect(enable).toMatchObject({ status: 200, requestBody: { code: '***' } });

    let clientToken = '';
    const authorize = await audited(async () => {
      const response = await ctx.call(ctx.admin, 'POST', '/api/system_client/authorize', {
        name: 'Audited PC',
      });
      clientToken = String(response.headers['x-client-token']);
    });
    expect(authorize.status).toBe(201);
    expect(clientToken.length).toBeGreaterThan(20);
    expect(JSON.stringify(authorize)).not.toContain(clientToken);
    expect(authorize.author).toBe('admin');
  });
});

describe('secret masking', () => {
  it.each([
    'password',
    'newPassword',
    'password_confirm',
    'x-auth-token',
    'X-Client-Token',
    'tfaSecret',
    'pin',
    'guardPin',
    'authorization',
    'cookie',
    'otp',
  ])('treats %s as secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each(['shipping', 'opinion', 'mapping', 'postcode', 'code', 'name', 'passage', 'spinner', 'tokenizer'])(
    'keeps %s',
    (key) => {
      expect(isSecretKey(key)).toBe(false);
    },
  );

  it('masks nested values and route-specific keys, and summarises binary bodies', () => {
    expect(
      maskSecrets({
        user: { name: 'a', password: 'p', items: [{ pin: '1234', code: 'C-1' }] },
        empty: null,
        password: null,
      }),
    ).toEqual({
      user: { name: 'a', password: '***', items: [{ pin: '***', code: 'C-1' }] },
      empty: null,
      password: null,
    });
    expect(maskSecrets({ code: '123456' }, ['code'])).toEqual({ code: '***' });
    expect(maskSecrets(Buffer.alloc(10))).toBe('<10 bytes>');
  });
});
