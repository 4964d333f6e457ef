// Starts the real server for the browser tests, with the port and admin password from the environment and
// the web app built into web/dist (`npm run build` runs before the e2e step). Its data is new for each run:
// - with TEST_DATABASE_URL (a PostgreSQL server, as in CI) a database of its own on that server, created here
//   and dropped when the server exits; the server process then only waits for PostgreSQL, so two browsers
//   hitting it at once do not queue behind one embedded database in its event loop;
// - otherwise the embedded PGlite database in a wiped temporary directory under e2e/.tmp.
// Either way the demo data set is seeded (DEMO_DATA=true), unless E2E_DEMO_DATA=false (a production-like
// installation: e2e/support/installation.ts). Uploaded files go to the temporary directory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.PORT;
if (!port) throw new Error('PORT is required');
if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
  throw new Error('web/dist is missing: run `npm run build` before the browser tests');
}

const dataDir = path.join(root, 'e2e', '.tmp', `data-${port}`);
// E-mails land here as files (MAIL_DIR): the tests read live reset links from it (fixtures' mailbox()).
const mailDir = path.join(root, 'e2e', '.tmp', `mail-${port}`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

/** One statement on the maintenance database of the PostgreSQL server. */
async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
let databaseUrl = '';
let dropDatabase = async () => undefined;
if (serverUrl) {
  const name = `strazce_e2e_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

// The company directory of the LDAP login flow (e2e/tests/ldap-login.spec.ts): a real OpenLDAP started as the
// server tests start theirs (server/test/slapd.ts), on a port of its own, stopped with the server. Without slapd
// on the machine the spec skips; CI installs it (.ci/run) and fails without it.
const { tsImport } = await import('tsx/esm/api');
const slapdHarness = await tsImport(path.join(root, 'server', 'test', 'slapd.ts'), import.meta.url);
let ldapEnv = {};
let stopSlapd = async () => undefined;
if (slapdHarness.slapdAvailable()) {
  const slapd = await slapdHarness.startSlapd();
  stopSlapd = () => slapd.stop();
  await slapd.addGroup('strazce-guards', []);
  for (const uid of ['dirguard', 'dirguard2'])
    await slapd.addUser({ uid, password: 'Directory-Pass-1', groups: ['strazce-guards'] });
  ldapEnv = {
    LDAP_URL: slapd.url,
    LDAP_BIND_DN: slapdHarness.SERVICE_DN,
    LDAP_BIND_PASSWORD: slapdHarness.SERVICE_PASSWORD,
    LDAP_USER_BASE: slapdHarness.USER_BASE,
    LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
    LDAP_GROUP_MAP: JSON.stringify([
      { directoryGroup: slapd.groupDn('strazce-guards'), group: 'Přístup z libovolného prohlížeče' },
    ]),
  };
}

// The OpenID provider of the OIDC sign-in flow (e2e/tests/oidc-login.spec.ts): the in-process one of the server
// tests (server/test/oidcProvider.ts) on a free port, with `oidcguard` in the mapped group. The issuers send the
// browser back to PUBLIC_URL, the address the browser tests use.
const oidcHarness = await tsImport(path.join(root, 'server', 'test', 'oidcProvider.ts'), import.meta.url);
const appUrl = `http://127.0.0.1:${port}`;
const idp = await oidcHarness.startOidcProvider([`${appUrl}/api/session/oidc/corp/callback`]);
// `oidcstranger` has an account at the provider but none in the product.
for (const login of ['oidcguard', 'oidcstranger'])
  idp.addAccount({ login, password: oidcHarness.OIDC_ACCOUNT_PASSWORD, groups: ['strazce-guards'] });
const oidcEnv = {
  PUBLIC_URL: appUrl,
  OIDC_ISSUERS: JSON.stringify([
    {
      id: 'corp',
      name: 'Corp ID',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecretEnv: 'OIDC_CORP_SECRET',
      // The provider gives the groups claim to the scope `groups`.
      scopes: ['openid', 'profile', 'groups'],
      groupMap: [{ directoryGroup: 'strazce-guards', group: 'Přístup z libovolného prohlížeče' }],
    },
  ]),
  OIDC_CORP_SECRET: idp.clientSecret,
};

const { TEST_DATABASE_URL: _serverUrl, ...env } = process.env;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env: {
    ...env,
    ...ldapEnv,
    ...oidcEnv,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: process.env.E2E_DEMO_DATA ?? 'true',
    MAIL_DIR: mailDir,
  },
  stdio: 'inherit',
});

// Playwright stops the web server with SIGTERM to the process group (playwright.config.ts): the server shuts
// down by itself, and its exit below removes the data. A second signal (Ctrl+C twice) is passed on.
const stop = (signal) => {
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await stopSlapd().catch((error) => console.error(`Stopping slapd failed: ${error}`));
  await idp.stop().catch((error) => console.error(`Stopping the OpenID provider failed: ${error}`));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  await dropDatabase().catch((error) => console.error(`Dropping the test database failed: ${error}`));
  process.exit(code ?? 0);
});
