import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@strazce/contract';
import { parseLdap, type LdapConfig } from '../../config';
import { PASSWORD, createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import {
  SERVICE_DN,
  SERVICE_PASSWORD,
  SLAPD_SKIP_REASON,
  USER_BASE,
  slapdAvailable,
  startSlapd,
  type Slapd,
} from '../../../test/slapd';
import {
  DIRECTORY_LOGIN_LIMITS,
  createDirectoryUser,
  createGuardsGroup,
  expectMappedGroupAndSites,
  expectRefusal,
} from '../../../test/directoryLogin';
import { userGroups } from './access.tables';
import { sessions, userSites, users, audits } from '../../platform/platform.tables';
import { ldapDirectory, userSearchFilter } from './ldap.directory';

/**
 * Login with the company directory (issue 38, LDAP): a real OpenLDAP (Debian's slapd) seeded with users and
 * groups; the same login path as local users, only the password check differs (docs/auth-providers.md).
 */
const available = slapdAvailable();
if (!available) console.warn(`ldap.login.test.ts skipped: ${SLAPD_SKIP_REASON}`);

let slapd: Slapd;
let ctx: TestContext;
let guardsGroup: number;
let ldapConfig: LdapConfig;

const DIRECTORY_PASSWORD = 'Directory-Pass-1';

function configOf(url: string, extra: NodeJS.ProcessEnv = {}): LdapConfig {
  return parseLdap({
    LDAP_URL: url,
    LDAP_BIND_DN: SERVICE_DN,
    LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    LDAP_USER_BASE: USER_BASE,
    LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(!(employeeType=disabled)))',
    LDAP_TIMEOUT_MS: '2000',
    LDAP_RECHECK_SECONDS: '0',
    ...extra,
  })!;
}

const directoryUser = (userName: string, roles?: string[]) =>
  createDirectoryUser(ctx, 'LDAP', userName, roles);

async function logIn(userName: string, password = DIRECTORY_PASSWORD): Promise<TestUser> {
  const response = await ctx.login(userName, password);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().user.id, userName, token: response.json().session.token };
}

describe.skipIf(!available)('LDAP login against a real OpenLDAP', () => {
  beforeAll(async () => {
    slapd = await startSlapd();
    await slapd.addGroup('guards', []);
    await slapd.addGroup('office', []);
    for (const uid of ['jnovak', 'pdvorak', 'forced', 'noclient', 'throttled', 'leaver', 'quitter'])
      await slapd.addUser({ uid, password: DIRECTORY_PASSWORD, groups: ['guards'] });
    await slapd.addUser({ uid: 'officeonly', password: DIRECTORY_PASSWORD, groups: ['office'] });
    await slapd.addUser({ uid: 'newguard', password: DIRECTORY_PASSWORD, groups: ['guards'] });
    await slapd.addUser({
      uid: 'disabled',
      password: DIRECTORY_PASSWORD,
      groups: ['guards'],
      disabled: true,
    });
    ldapConfig = configOf(slapd.url, {
      LDAP_GROUP_MAP: JSON.stringify([
        { directoryGroup: slapd.groupDn('guards'), group: 'Guards', site: 'Site B' },
      ]),
      LDAP_PROVISIONING: 'mapped',
    });
    ctx = await createTestContext({
      directory: { config: ldapConfig, directory: ldapDirectory(ldapConfig) },
      loginLimits: DIRECTORY_LOGIN_LIMITS,
    });
    guardsGroup = await createGuardsGroup(ctx);
  }, 30_000);
  afterAll(async () => {
    await ctx?.close();
    await slapd?.stop();
  });

  it('lists LDAP beside LOCAL as a provider, and takes it on a user without keeping a password', async () => {
    const providers = await ctx.call(null, 'GET', '/api/system_option/authproviders');
    expect(providers.json()).toEqual(['LOCAL', 'LDAP']);
    const id = await directoryUser('jnovak');
    const user = await logIn('jnovak');
    expect(user.id).toBe(id);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(row.passwordHash).toBeNull();
    expect(row.lastLogin).not.toBeNull();
    // A password sent with a directory user is not kept either.
    const edited = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${id}`, {
      version: row.version,
      password: 'Local-Pass-123!',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(after.passwordHash).toBeNull();
    expectRefusal(await ctx.login('jnovak', 'Local-Pass-123!'), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses a wrong or empty password, an unknown name and filter syntax in the name (LDAP injection)', async () => {
    await directoryUser('pdvorak');
    expectRefusal(await ctx.login('pdvorak', 'wrong'), 401, 'INVALID_CREDENTIALS');
    expectRefusal(await ctx.login('pdvorak', ''), 401, 'INVALID_CREDENTIALS');
    expectRefusal(await ctx.login('nobody', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    // The directory users' own password, with names that would match them if the filter were built by hand.
    for (const name of ['*', 'pdvora*', 'pdvorak)(uid=*', '*)(|(uid=*', 'pdvorak\\2a'])
      expectRefusal(await ctx.login(name, DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect(userSearchFilter(ldapConfig, 'a*)(uid=*')).toBe(
      '(&(&(objectClass=inetOrgPerson)(!(employeeType=disabled)))(uid=a\\2a\\29\\28uid=\\2a))',
    );
    // The directory's answer to the filter itself: nobody is found by a star.
    const directory = ldapDirectory(ldapConfig);
    expect(await directory.lookup('*')).toBeNull();
    expect(await directory.lookup('pdvorak')).toMatchObject({ userName: 'pdvorak' });
  });

  it('keeps forced two-factor, the throttles and the terminal authorization for directory users', async () => {
    const forcedId = await directoryUser('forced');
    await ctx.db.update(users).set({ forceTfa: true }).where(eq(users.id, forcedId));
    const forced = await logIn('forced');
    const blocked = await ctx.call(forced, 'GET', '/api/visit?page=1&size=25');
    expectRefusal(blocked, 403, 'FORBIDDEN');
    // The set-up asks for the directory password.
    expectRefusal(
      await ctx.call(forced, 'POST', '/api/session/twofa', { password: 'wrong' }),
      400,
      'VALIDATION',
    );
    const pairing = await ctx.call(forced, 'POST', '/api/session/twofa', { password: DIRECTORY_PASSWORD });
    expect(pairing.statusCode, pairing.body).toBe(200);
    const { secret } = pairing.json();
    const enabled = await ctx.call(forced, 'POST', '/api/session/twofa/enable', { code: ctx.totp(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expectRefusal(await ctx.login('forced', DIRECTORY_PASSWORD), 401, 'TFA_REQUIRED');
    await ctx.clock.advance(60_000);
    const withCode = await ctx.login('forced', DIRECTORY_PASSWORD, { [HEADERS.tfaToken]: ctx.totp(secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    // Its password is the directory's: not changed here.
    expectRefusal(
      await ctx.call(forced, 'POST', '/api/session/password', {
        currentPassword: DIRECTORY_PASSWORD,
        newPassword: 'Another-Pass-123!',
      }),
      400,
      'VALIDATION',
    );

    await directoryUser('noclient', ['VISIT_VIEW']);
    expectRefusal(await ctx.login('noclient', DIRECTORY_PASSWORD), 403, 'CLIENT_NOT_AUTHORIZED');

    await directoryUser('throttled');
    for (let attempt = 0; attempt < 3; attempt++)
      expectRefusal(await ctx.login('throttled', 'wrong'), 401, 'INVALID_CREDENTIALS');
    const delayed = await ctx.login('throttled', DIRECTORY_PASSWORD);
    expect(delayed.statusCode, delayed.body).toBe(429);
  });

  it('gives the mapped group and site at the login and shows them on the user', async () => {
    const id = await directoryUser('leaver');
    await logIn('leaver');
    await expectMappedGroupAndSites(ctx, id, guardsGroup);
  });

  it('ends the sessions of a user removed from every mapped group at their next call, and refuses the login', async () => {
    const id = await directoryUser('quitter');
    const user = await logIn('quitter');
    expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
    await slapd.removeFromGroup('guards', 'quitter');
    expectRefusal(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    expectRefusal(await ctx.login('quitter', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    // The mapping is not applied by a refused login: the administrator still sees the last state.
    const links = await ctx.db.select().from(userGroups).where(eq(userGroups.userId, id));
    expect(links.length).toBe(1);
  });

  it('ends the sessions of a disabled account and refuses it', async () => {
    await slapd.addUser({ uid: 'soondisabled', password: DIRECTORY_PASSWORD, groups: ['guards'] });
    await directoryUser('soondisabled');
    const user = await logIn('soondisabled');
    await slapd.disable('soondisabled');
    expectRefusal(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    expectRefusal(await ctx.login('soondisabled', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    await directoryUser('disabled');
    expectRefusal(await ctx.login('disabled', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it('creates a directory user of a mapped group at the first login (audited), and nobody else', async () => {
    expectRefusal(await ctx.login('officeonly', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect(await ctx.db.select().from(users).where(eq(users.userName, 'officeonly'))).toEqual([]);
    const response = await ctx.login('newguard', DIRECTORY_PASSWORD, { [HEADERS.clientToken]: 'none' });
    // Created with the mapped group; its roles (none yet) decide the rest, as for anyone.
    expectRefusal(response, 403, 'CLIENT_NOT_AUTHORIZED');
    const [created] = await ctx.db.select().from(users).where(eq(users.userName, 'newguard'));
    expect(created).toMatchObject({ authProvider: 'LDAP', passwordHash: null, valid: true });
    const memberOf = await ctx.db.select().from(userGroups).where(eq(userGroups.userId, created.id));
    expect(memberOf.map((link) => link.groupId)).toEqual([guardsGroup]);
    const siteLinks = await ctx.db.select().from(userSites).where(eq(userSites.userId, created.id));
    expect(siteLinks.map((link) => link.siteId)).toEqual([ctx.siteB]);
    const entries = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.recordId, String(created.id)));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(DIRECTORY_PASSWORD);
  });

  it('does not let a user the administrator disabled back in through provisioning', async () => {
    await slapd.addUser({ uid: 'benched', password: DIRECTORY_PASSWORD, groups: ['guards'] });
    const id = await directoryUser('benched');
    await logIn('benched');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    const disabled = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${id}`, {
      version: row.version,
      valid: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expectRefusal(await ctx.login('benched', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    const [after] = await ctx.db.select().from(users).where(eq(users.userName, 'benched'));
    expect(after).toMatchObject({ id, valid: false });
  });

  it('keeps the idle time-out, and a changed provider ends the sessions', async () => {
    await slapd.addUser({ uid: 'idle', password: DIRECTORY_PASSWORD, groups: ['guards'] });
    const id = await directoryUser('idle');
    const user = await logIn('idle');
    // Idle past its time-out (the session's expiry is kept as the neighbours' time-out tests keep it).
    await ctx.db
      .update(sessions)
      .set({ expires: new Date(ctx.clock.now() - 60_000) })
      .where(eq(sessions.userId, id));
    await ctx.sessionsChanged();
    expectRefusal(await ctx.call(user, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    const again = await logIn('idle');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    const changed = await ctx.call(ctx.admin, 'PUT', `/api/access_user/${id}`, {
      version: row.version,
      authProvider: 'LOCAL',
      password: 'Local-Pass-123!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectRefusal(await ctx.call(again, 'GET', '/api/session'), 401, 'UNAUTHORIZED');
    // Now a local user: the directory's password no longer counts, the product's does.
    expectRefusal(await ctx.login('idle', DIRECTORY_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await ctx.login('idle', 'Local-Pass-123!')).statusCode).toBe(200);
  });

  it('answers a directory that stops answering after LDAP_TIMEOUT_MS, and keeps the open sessions', async () => {
    await slapd.addUser({ uid: 'patient', password: DIRECTORY_PASSWORD, groups: ['guards'] });
    await directoryUser('patient');
    const user = await logIn('patient');
    slapd.pause();
    try {
      expectRefusal(await ctx.login('patient', DIRECTORY_PASSWORD), 503, 'DIRECTORY_UNAVAILABLE');
      // The check of the open session cannot ask the directory: the session stays.
      expect((await ctx.call(user, 'GET', '/api/session')).statusCode).toBe(200);
      expect((await ctx.login('admin', PASSWORD)).statusCode).toBe(200);
    } finally {
      slapd.resume();
    }
    expect((await ctx.login('patient', DIRECTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers DIRECTORY_UNAVAILABLE when the directory is down, while local users log in', async () => {
    const deadConfig = configOf('ldap://127.0.0.1:1', { LDAP_TIMEOUT_MS: '500' });
    const down = await createTestContext({
      directory: { config: deadConfig, directory: ldapDirectory(deadConfig) },
    });
    try {
      await down.call(down.admin, 'POST', '/api/access_user', {
        userName: 'remote',
        authProvider: 'LDAP',
        roles: ['VISIT_VIEW', 'ALL_CLIENTS'],
        sites: [down.siteA],
      });
      const refused = await down.login('remote', DIRECTORY_PASSWORD);
      expectRefusal(refused, 503, 'DIRECTORY_UNAVAILABLE');
      expect((await down.login('admin', PASSWORD)).statusCode).toBe(200);
      // Not counted as a failed guess: the user is not delayed once the directory is back.
      for (let attempt = 0; attempt < 6; attempt++)
        expectRefusal(await down.login('remote', DIRECTORY_PASSWORD), 503, 'DIRECTORY_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});

describe('providers without a directory', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it('lists only LOCAL and refuses a user with a provider not configured', async () => {
    expect((await plain.call(null, 'GET', '/api/system_option/authproviders')).json()).toEqual(['LOCAL']);
    const created = await plain.call(plain.admin, 'POST', '/api/access_user', {
      userName: 'remote',
      authProvider: 'LDAP',
    });
    expectRefusal(created, 400, 'VALIDATION');
    expect(created.json().details).toEqual([
      expect.objectContaining({ path: 'authProvider', message: 'validation.authProviderNotConfigured' }),
    ]);
  });

  it('does not let a directory user in with a password hash left from a local past', async () => {
    const user = await plain.givenUser({ roles: ['VISIT_VIEW'], login: false });
    await plain.db.update(users).set({ authProvider: 'LDAP' }).where(eq(users.id, user.id));
    expectRefusal(await plain.login(user.userName, PASSWORD), 401, 'INVALID_CREDENTIALS');
  });
});
