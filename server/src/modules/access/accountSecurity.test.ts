import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, PASSWORD, totpCode, type TestContext } from '../../../test/helper';
import { rowsOf } from '../../db/prepared';
import { DEFAULT_LOGIN_LIMITS } from '../../platform/loginLimiter';
import { deliveryWorker } from '../messaging/delivery.worker';
import { fillSecrets, maskSecrets } from '../messaging/secrets';
import { emails } from '../messaging/messaging.tables';
import { users } from '../../platform/platform.tables';
import { openSecret } from '../../platform/secretBox';

/** The outbox row's sealed credentials, opened. */
const opened = (secrets: string[] | null) => secrets?.map(openSecret) ?? null;

let ctx: TestContext;
let withOrigins: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, pairFree: 3 } });
  withOrigins = await createTestContext({ resetOrigins: ['https://app.example', 'https://other.example'] });
});
afterAll(async () => {
  await ctx?.close();
  await withOrigins?.close();
});

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['x-error-code']).toBe(code);
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('reset links (issue 9, point 4)', () => {
  async function resetMailBody(context: TestContext, headers: Record<string, string>) {
    const user = await context.givenUser({ roles: [], login: false });
    const email = `${user.userName}@example.com`;
    await context.call(null, 'POST', '/api/access_user/reset/request', { userName: user.userName }, headers);
    const [mail] = await context.db.select().from(emails).where(eq(emails.recipient, email));
    return mail;
  }

  it('never builds the link from the Host header, even with a matching Origin', async () => {
    const mail = await resetMailBody(ctx, { host: 'evil.example', origin: 'http://evil.example' });
    expect(mail.body).not.toContain('evil.example');
    expect(mail.body).toContain('http://localhost:8080/resetPassword?token=');
  });

  it('takes the Origin only when it is on the allow-list, else the first allowed origin', async () => {
    const allowed = await resetMailBody(withOrigins, {
      host: 'other.example',
      origin: 'https://other.example',
    });
    expect(allowed.body).toContain('https://other.example/resetPassword?token=');
    const foreign = await resetMailBody(withOrigins, {
      host: 'evil.example',
      origin: 'https://evil.example',
    });
    expect(foreign.body).not.toContain('evil.example');
    expect(foreign.body).toContain('https://app.example/resetPassword?token=');
  });

  it('never shows a live link in the e-mail log, keeps it only sealed in the outbox, and masks the stored link once sent', async () => {
    const mail = await resetMailBody(ctx, {});
    // Stored: the token stands as a mark in the body, its value beside it until the e-mail has left.
    expect(mail.secrets).toHaveLength(1);
    const token = /resetPassword\?token=([^\s]+)/.exec(fillSecrets(mail.body, opened(mail.secrets)))![1];
    expect(mail.body).not.toContain(token);
    // The row keeps the token only sealed (AES-256-GCM, key outside the database): no copy of it opens it.
    expect(JSON.stringify(mail.secrets)).not.toContain(token);
    expectEvery(mail.secrets as string[], (value) => value.startsWith('aes-256-gcm:'));
    const [raw] = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`select secrets::text as secrets from system_email where id = ${mail.id}`),
    );
    expect(String(raw.secrets)).not.toContain(token);
    // Unsent: the outbox holds the link for the worker, the log API shows it masked.
    const listed = (await ctx.call(ctx.admin, 'GET', `/api/system_email?recipient=${mail.recipient}`)).json();
    expect(listed[0].body).not.toContain(token);
    expect(listed[0].body).toContain('resetPassword?token=********');
    const one = (await ctx.call(ctx.admin, 'GET', `/api/system_email/${mail.id}`)).json();
    expect(one.body).not.toContain(token);
    // Sent: the recipient got the live link, the stored body no longer has it.
    const sent: string[] = [];
    const worker = deliveryWorker({
      db: ctx.db,
      email: { kind: 'test', send: async (email) => void sent.push(email.text) },
      sms: { kind: 'test', send: async () => undefined },
      log: quiet,
    });
    while ((await worker.runOnce()).emails > 0);
    expect(sent.find((text) => text.includes(token))).toBeDefined();
    const [stored] = await ctx.db.select().from(emails).where(eq(emails.id, mail.id));
    expect(stored.sent).not.toBeNull();
    expect(stored.body).not.toContain(token);
    expect(stored.secrets).toBeNull();
    expect(maskSecrets(stored.body)).toContain('resetPassword?token=********');
    expect(stored.body).toContain(mail.body.split('\n')[2]);
  });
});

describe('two-factor re-enrolment (issue 9, point 5)', () => {
  it('needs the current password, and the current code while two-factor is on', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const none = await ctx.call(user, 'POST', '/api/session/twofa', {});
    expectError(none, 400, 'VALIDATION');
    expect(none.json().details).toEqual([{ path: 'password', message: 'validation.required' }]);
    const wrong = await ctx.call(user, 'POST', '/api/session/twofa', { password: 'Wrong123!' });
    expectError(wrong, 400, 'VALIDATION');
    expect(wrong.json().details).toEqual([{ path: 'password', message: 'validation.currentPassword' }]);

    // First enrolment with the password.
    const pairing = await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD });
    expect(pairing.statusCode).toBe(200);
    const { secret } = pairing.json();
    const now = ctx.clock.now();
    const enabled = await ctx.call(user, 'POST', '/api/session/twofa/enable', {
      code: totpCode(secret, now),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    // A session token (even with the password) cannot replace the active secret without the current code.
    const noCode = await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD });
    expectError(noCode, 400, 'VALIDATION');
    expect(noCode.json().details).toEqual([{ path: 'code', message: 'validation.required' }]);
    const badCode = await ctx.call(user, 'POST', '/api/session/twofa', {
      password: PASSWORD,
      code: '000000',
    });
    expectError(badCode, 400, 'VALIDATION');
    expect(badCode.json().details).toEqual([{ path: 'code', message: 'validation.tfaCode' }]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.tfaSecret).toBe(secret);
    expect(row.tfaPendingSecret).toBeNull();

    const again = await ctx.call(user, 'POST', '/api/session/twofa', {
      password: PASSWORD,
      code: totpCode(secret, now + 30_000),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().secret).not.toBe(secret);
  });

  it('counts wrong passwords against the login limiter', async () => {
    const user = await ctx.givenUser({ roles: [] });
    for (let attempt = 0; attempt < 3; attempt++)
      expectError(
        await ctx.call(user, 'POST', '/api/session/twofa', { password: 'Wrong123!' }),
        400,
        'VALIDATION',
      );
    const limited = await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD });
    expectError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.clock.advance(60_000);
    expect((await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('own password change (issue 9, point 10)', () => {
  const change = (user: { token: string }, currentPassword: string, newPassword: string) =>
    ctx.call(user as never, 'POST', '/api/session/password', { currentPassword, newPassword });

  it("changes the user's own password and ends their other sessions, keeping this one", async () => {
    const user = await ctx.givenUser({ roles: [] });
    const other = (await ctx.login(user.userName)).json().session.token as string;
    const response = await change(user, PASSWORD, 'Changed.Pass1');
    expect(response.statusCode, response.body).toBe(200);
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
    expect((await ctx.call({ ...user, token: other }, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await ctx.login(user.userName)).statusCode).toBe(401);
    expect((await ctx.login(user.userName, 'Changed.Pass1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a weak or unchanged new one, on the field', async () => {
    const user = await ctx.givenUser({ roles: [] });
    const wrong = await change(user, 'Wrong123!', 'Changed.Pass1');
    expectError(wrong, 400, 'VALIDATION');
    expect(wrong.json().details).toEqual([
      { path: 'currentPassword', message: 'validation.currentPassword' },
    ]);
    const weak = await change(user, PASSWORD, 'weak');
    expectError(weak, 400, 'VALIDATION');
    expect(weak.json().details).toEqual([{ path: 'newPassword', message: 'validation.password' }]);
    const same = await change(user, PASSWORD, PASSWORD);
    expect(same.json().details).toEqual([{ path: 'newPassword', message: 'validation.passwordUnchanged' }]);
    expectError(
      await ctx.call(null, 'POST', '/api/session/password', {
        currentPassword: PASSWORD,
        newPassword: 'Changed.Pass1',
      }),
      401,
      'UNAUTHORIZED',
    );
    expect((await ctx.login(user.userName)).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the login limiter', async () => {
    const user = await ctx.givenUser({ roles: [] });
    for (let attempt = 0; attempt < 3; attempt++) await change(user, 'Wrong123!', 'Changed.Pass1');
    expectError(await change(user, PASSWORD, 'Changed.Pass1'), 429, 'TOO_MANY_REQUESTS');
  });

  it('allows only the password change and the session calls until a required change is done', async () => {
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
    await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    await ctx.sessionsChanged();
    const session = await ctx.call(user, 'GET', '/api/session');
    expect(session.json().user.mustChangePassword).toBe(true);
    expect((await ctx.login(user.userName)).json().user.mustChangePassword).toBe(true);
    expectError(await ctx.call(user, 'GET', '/api/visit?page=1&size=25'), 403, 'FORBIDDEN');
    expectError(await ctx.call(user, 'POST', '/api/session/twofa', { password: PASSWORD }), 403, 'FORBIDDEN');
    expect((await ctx.call(user, 'GET', '/api/system_site/config')).statusCode).toBe(200);
    expect((await change(user, PASSWORD, 'Changed.Pass1')).statusCode).toBe(200);
    expect((await ctx.call(user, 'GET', '/api/session')).json().user.mustChangePassword).toBe(false);
    expect((await ctx.call(user, 'GET', '/api/visit?page=1&size=25')).statusCode).toBe(200);
  });

  it('lets an administrator require a password change at the next login', async () => {
    const created = await ctx.call(ctx.admin, 'POST', '/api/access_user', {
      userName: 'forced_change',
      authProvider: 'LOCAL',
      password: 'Initial.Pass1',
      mustChangePassword: true,
      roles: ['ALL_CLIENTS'],
      groups: [],
      sites: [ctx.siteA],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().mustChangePassword).toBe(true);
    const login = await ctx.login('forced_change', 'Initial.Pass1');
    expect(login.json().user.mustChangePassword).toBe(true);
  });
});
