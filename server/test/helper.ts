import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { MODULES, type AssignableRole, type ModuleCode } from '@strazce/contract';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database, type Db } from '../src/db/database';
import { freshPostgresDatabase } from '../src/db/freshDatabase';
import { migratedTemplate } from './pgliteTemplate';
import { persons, siteModules, sites, userSites, users } from '../src/platform/platform.tables';
import { userRoles } from '../src/modules/access/access.tables';
import { auditedDb } from '../src/platform/audit';
import { sql } from 'drizzle-orm';
import { manualClock, type Clock } from '../src/platform/clock';
import { egovSimulator } from '../src/modules/egov/egov';
import { checkResponsesAgainstContract } from './contractCheck';
import { hashPassword } from '../src/platform/secrets';

export const PASSWORD = 'Secret123!';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again on close).
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', startFrom: migratedTemplate() });
    return { database, drop: async () => undefined };
  }
  return freshPostgresDatabase(serverUrl, 'strazce_test');
}

export interface TestUser {
  id: number;
  userName: string;
  token: string;
}

/**
 * The app's clock in a test: it stands still until the test moves it. `set` and `advance` move it with the
 * users at work meanwhile: every open session is renewed by as much (its expiry and its start move along), so
 * a test that jumps hours or days ahead keeps its logged-in users. `setIdle` and `advanceIdle` move it with
 * nobody at work: sessions time out as they would (the tests of session expiry).
 */
export interface TestClock extends Clock {
  set(at: number | Date): Promise<void>;
  advance(ms: number): Promise<void>;
  setIdle(at: number | Date): void;
  advanceIdle(ms: number): void;
}

export interface TestContext {
  app: FastifyInstance;
  clock: TestClock;
  /** The TOTP code of a secret at the app's clock, `steps` time steps (30 s) later. */
  totp(secret: string, steps?: number): string;
  db: Db;
  database: Database;
  siteA: number;
  siteB: number;
  /** An administrator logged in on site A. */
  admin: TestUser;
  close(): Promise<void>;
  /** After a change written straight to the database: what every write call of the API does for sessions. */
  sessionsChanged(): Promise<void>;
  /**
   * Creates a user with the given roles and site memberships (default: site A) and logs them in. Users get
   * ALL_CLIENTS (log in from any browser) unless `allClients` is false.
   */
  givenUser(options: {
    roles: AssignableRole[];
    sites?: number[];
    userName?: string;
    login?: boolean;
    email?: string;
    allClients?: boolean;
  }): Promise<TestUser>;
  createSite(name: string, modules?: readonly ModuleCode[]): Promise<number>;
  /**
   * A second app instance on the same database with the same options and clock: its own connection pool on
   * PostgreSQL, the same embedded database on PGlite. Closed with the context.
   */
  secondInstance(): Promise<FastifyInstance>;
  login(
    userName: string,
    password?: string,
    headers?: Record<string, string>,
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse>;
  /** `app.inject` with the user's session token. */
  call(
    user: TestUser | null,
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * Every item of a list passes `check`, and the list is not empty (`.every` passes on an empty list, so a
 * filter that returned nothing would look right). Lint refuses `expect(list.every(…))` in tests.
 */
export function expectEvery<T>(list: readonly T[], check: (item: T) => boolean): void {
  expect(list.length, 'the list is empty').toBeGreaterThan(0);
  expect(list.filter((item) => !check(item))).toEqual([]);
}

/**
 * Client times every site refuses by default (platform/clientTime.ts: a week back, five minutes ahead of
 * `now`): the extremes of the calendar and a minute beyond each edge of the window.
 */
export function timesOutsideDefaultWindow(now: number): string[] {
  const minute = 60_000;
  return [
    '0001-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.000Z',
    new Date(now - 7 * 24 * 60 * minute - minute).toISOString(),
    new Date(now + 6 * minute).toISOString(),
  ];
}

export function basic(userName: string, password: string): string {
  return `Basic ${Buffer.from(`${userName}:${password}`, 'utf8').toString('base64')}`;
}

/** The TOTP code of a secret at a time; tests take the time from their context's clock (`ctx.totp`). */
export function totpCode(secret: string, timestamp: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: 30, digits: 6 }).generate({
    timestamp,
  });
}

let userCounter = 0;

export interface TestContextOptions extends Partial<AppOptions> {
  /** Registers test-only routes (e.g. a CRUD of a test entity) before the app is ready. */
  routes?: (app: FastifyInstance, db: Db) => void | Promise<void>;
  /**
   * PostgreSQL only: the new database (migrated) is opened again by this, from its URL, for the app and the test's
   * own writes (through a connection pooler, db/pooler.test.ts).
   */
  reopen?: (databaseUrl: string) => Promise<Database>;
}

/** The connection URL of a PostgreSQL handle's pool. */
const urlOf = (db: Db): string | undefined =>
  (db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
    ?.connectionString;

export async function createTestContext({
  routes,
  reopen,
  ...options
}: TestContextOptions = {}): Promise<TestContext> {
  const fresh = await freshDatabase();
  const { drop } = fresh;
  let { database } = fresh;
  if (reopen) {
    const url = urlOf(database.db);
    if (!url) throw new Error('reopen needs TEST_DATABASE_URL (PostgreSQL)');
    await database.close();
    database = await reopen(url).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
  }
  const idle = manualClock(Date.now());
  const renewSessions = async (ms: number) => {
    if (ms === 0) return;
    await database.db.execute(
      sql`update access_session set expires = expires + make_interval(secs => ${ms / 1000}),
        created = created + make_interval(secs => ${ms / 1000})`,
    );
    await app.sessionCache.changed();
  };
  const clock: TestClock = {
    now: idle.now,
    setIdle: idle.set,
    advanceIdle: idle.advance,
    async advance(ms) {
      idle.advance(ms);
      await renewSessions(ms);
    },
    async set(at) {
      const before = idle.now();
      idle.set(at);
      await renewSessions(idle.now() - before);
    },
  };
  // TEST_RESPONSE_PATH=production: answers go out as in production (no validation by the serializer) and are
  // checked against the contract's schemas beside it.
  const productionPath = process.env.TEST_RESPONSE_PATH === 'production';
  const appOptions: AppOptions = {
    database,
    logLevel: 'silent',
    clock,
    validateResponses: !productionPath,
    // The tests' installation is a demo one: the eID simulator reads, on the test clock.
    egov: egovSimulator(clock),
    ...options,
  };
  const app = await buildApp(appOptions);
  const closing: Array<() => Promise<unknown>> = [];
  const contractViolations: string[] = [];
  if (productionPath && app.validateResponses === false)
    checkResponsesAgainstContract(app, contractViolations);
  // Test routes get the modules' handle: their writes are audited, and a write outside a transaction fails.
  await routes?.(app, auditedDb(database.db, { strict: true }));
  await app.ready();
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);

  async function createSite(name: string, modules: readonly ModuleCode[] = MODULES): Promise<number> {
    const [site] = await db.insert(sites).values({ name }).returning({ id: sites.id });
    if (modules.length > 0)
      await db.insert(siteModules).values(modules.map((module) => ({ siteId: site.id, module })));
    return site.id;
  }

  const login: TestContext['login'] = (userName, password = PASSWORD, headers = {}, remoteAddress) =>
    app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic(userName, password), ...headers },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const call: TestContext['call'] = (user, method, url, payload, headers = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(user ? { 'x-auth-token': user.token } : {}), ...headers },
    });

  const siteA = await createSite('Site A');
  const siteB = await createSite('Site B');

  async function givenUser({
    roles,
    sites: memberOf = [siteA],
    userName,
    login: logIn = true,
    email,
    allClients = true,
  }: Parameters<TestContext['givenUser']>[0]) {
    const name = userName ?? `user${++userCounter}_${randomBytes(3).toString('hex')}`;
    const [person] = await db
      .insert(persons)
      .values({ firstName: 'Test', lastName: name, email: email ?? `${name}@example.com` })
      .returning({ id: persons.id });
    const [user] = await db
      .insert(users)
      .values({ userName: name, passwordHash, personId: person.id })
      .returning({ id: users.id });
    const allRoles = [...new Set<AssignableRole>(allClients ? [...roles, 'ALL_CLIENTS'] : roles)];
    if (allRoles.length > 0)
      await db.insert(userRoles).values(allRoles.map((role) => ({ userId: user.id, role })));
    if (memberOf.length > 0)
      await db.insert(userSites).values(memberOf.map((siteId) => ({ userId: user.id, siteId })));
    let token = '';
    if (logIn) {
      const response = await login(name);
      if (response.statusCode !== 200) throw new Error(`login of ${name} failed: ${response.body}`);
      token = response.json().session.token;
    }
    return { id: user.id, userName: name, token };
  }

  const admin = await givenUser({
    roles: ['ADMINISTRATOR', 'SITE_ADMIN', 'AUTH_CLIENT'],
    sites: [siteA, siteB],
    userName: 'admin',
  });

  return {
    app,
    clock,
    totp: (secret, steps = 0) => totpCode(secret, clock.now() + steps * 30_000),
    db,
    database,
    siteA,
    siteB,
    admin,
    givenUser,
    createSite,
    login,
    call,
    sessionsChanged: () => app.sessionCache.changed(),
    async secondInstance() {
      const serverUrl = urlOf(db);
      const second = serverUrl
        ? await openDatabase({ databaseUrl: serverUrl, dataDir: 'memory://' })
        : database;
      const other = await buildApp({ ...appOptions, database: second });
      await other.ready();
      closing.push(async () => {
        await other.close();
        if (second !== database) await second.close();
      });
      return other;
    },
    async close() {
      for (const done of closing.reverse()) await done();
      await app.close();
      await database.close();
      await drop();
      if (contractViolations.length > 0)
        throw new Error(`Answers outside the contract:\n${[...new Set(contractViolations)].join('\n')}`);
    },
  };
}
