import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Attribute, Change, Client } from 'ldapts';

/**
 * A real OpenLDAP server for the tests (Debian's slapd, installed by .ci/run): started on a port of its own
 * in a temporary folder with a generated slapd.conf, memberOf kept by the overlay, seeded with users and
 * groups; never the machine's slapd service.
 */
const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
const MODULES = '/usr/lib/ldap';
const SCHEMAS = '/etc/ldap/schema';

export const BASE_DN = 'dc=example,dc=test';
export const ROOT_DN = `cn=admin,${BASE_DN}`;
export const ROOT_PASSWORD = 'root-secret';
export const SERVICE_DN = `cn=strazce,ou=services,${BASE_DN}`;
export const SERVICE_PASSWORD = 'service-secret';
export const USER_BASE = `ou=people,${BASE_DN}`;
export const GROUP_BASE = `ou=groups,${BASE_DN}`;

/** Whether slapd can run here; CI must have it (.ci/run installs it), so there a missing one fails. */
export function slapdAvailable(): boolean {
  const present = fs.existsSync(SLAPD);
  if (!present && process.env.CI)
    throw new Error(`${SLAPD} is missing: .ci/run installs Debian's slapd, the LDAP tests need it in CI`);
  return present;
}

export const SLAPD_SKIP_REASON =
  'slapd is not installed: apt-get install -y slapd ldap-utils to run the LDAP tests (CI always runs them)';

export interface DirectoryUserSeed {
  uid: string;
  password: string;
  groups?: string[];
  /** `employeeType: disabled`: left out by the tests' user filter, as AD's disabled flag is. */
  disabled?: boolean;
}

export interface Slapd {
  url: string;
  groupDn(name: string): string;
  userDn(uid: string): string;
  addUser(user: DirectoryUserSeed): Promise<void>;
  addGroup(name: string, members: string[]): Promise<void>;
  removeFromGroup(name: string, uid: string): Promise<void>;
  disable(uid: string): Promise<void>;
  stop(): Promise<void>;
  /** Stops answering (the process is paused): the directory is down. */
  pause(): void;
  resume(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function config(dir: string): string {
  return [
    `include ${SCHEMAS}/core.schema`,
    `include ${SCHEMAS}/cosine.schema`,
    `include ${SCHEMAS}/nis.schema`,
    `include ${SCHEMAS}/inetorgperson.schema`,
    `pidfile ${dir}/slapd.pid`,
    `modulepath ${MODULES}`,
    'moduleload back_mdb',
    'moduleload memberof',
    'database mdb',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${dir}/db`,
    'maxsize 33554432',
    'overlay memberof',
    'memberof-group-oc groupOfNames',
    'memberof-member-ad member',
    'memberof-memberof-ad memberOf',
    'memberof-refint true',
    'access to attrs=userPassword by self =xw by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const client = new Client({ url, connectTimeout: 500, timeout: 1000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      await client.unbind();
      return;
    } catch (error) {
      await client.unbind().catch(() => undefined);
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startSlapd(): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  fs.writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`slapd did not start: ${String(error)}\n${output}`);
  }

  async function asRoot<T>(run: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ url, timeout: 5000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return await run(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
  const userDn = (uid: string) => `uid=${uid},${USER_BASE}`;
  const groupDn = (name: string) => `cn=${name},${GROUP_BASE}`;

  await asRoot(async (client) => {
    await client.add(BASE_DN, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
    for (const ou of ['people', 'groups', 'services'])
      await client.add(`ou=${ou},${BASE_DN}`, { objectClass: 'organizationalUnit', ou });
    await client.add(SERVICE_DN, {
      objectClass: ['person'],
      cn: 'strazce',
      sn: 'Service',
      userPassword: SERVICE_PASSWORD,
    });
  });

  return {
    url,
    userDn,
    groupDn,
    addUser: (user) =>
      asRoot(async (client) => {
        await client.add(userDn(user.uid), {
          objectClass: ['inetOrgPerson'],
          uid: user.uid,
          cn: user.uid,
          sn: 'Tester',
          userPassword: user.password,
          ...(user.disabled ? { employeeType: 'disabled' } : {}),
        });
        for (const group of user.groups ?? [])
          await client.modify(
            groupDn(group),
            new Change({
              operation: 'add',
              modification: new Attribute({ type: 'member', values: [userDn(user.uid)] }),
            }),
          );
      }),
    addGroup: (name, members) =>
      asRoot((client) =>
        client.add(groupDn(name), {
          objectClass: 'groupOfNames',
          cn: name,
          // groupOfNames needs a member: the service account stands in for an empty group.
          member: members.length ? members.map(userDn) : [SERVICE_DN],
        }),
      ),
    removeFromGroup: (name, uid) =>
      asRoot((client) =>
        client.modify(
          groupDn(name),
          new Change({
            operation: 'delete',
            modification: new Attribute({ type: 'member', values: [userDn(uid)] }),
          }),
        ),
      ),
    disable: (uid) =>
      asRoot((client) =>
        client.modify(
          userDn(uid),
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'employeeType', values: ['disabled'] }),
          }),
        ),
      ),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
