import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { listenHost } from './config';
import { openDatabase, type Database } from './db/database';
import { freshPostgresDatabase } from './db/freshDatabase';
import { adminPasswordBanner, DEMO_PASSWORD, demoPasswordUsers, seed } from './seed';
import { basic } from '../test/helper';

const quiet = { info: () => undefined, warn: () => undefined } as never;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** An empty database (seed fills only an empty one). */
async function emptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    closers.push(() => database.close());
    return database;
  }
  const { database, drop } = await freshPostgresDatabase(serverUrl, 'strazce_test');
  closers.push(async () => {
    await database.close();
    await drop();
  });
  return database;
}

describe('first start (issue 9, point 10)', () => {
  it('prints a generated administrator password as a banner and requires its change at the first login', async () => {
    const database = await emptyDatabase();
    const printed: string[] = [];
    await seed(database, { demo: false, log: quiet, banner: (text) => printed.push(text) });
    expect(printed).toHaveLength(1);
    const password = /password: {3}(\S+)/.exec(printed[0])![1];
    expect(printed[0]).toBe(adminPasswordBanner(password));
    expect(printed[0]).toMatch(/must be changed at the first login/);
    const app = await buildApp({ database, logLevel: 'silent' });
    closers.unshift(() => app.close());
    const login = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic('admin', password) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.mustChangePassword).toBe(true);
    const token = login.json().session.token;
    const blocked = await app.inject({
      method: 'GET',
      url: '/api/access_user',
      headers: { 'x-auth-token': token },
    });
    expect(blocked.statusCode).toBe(403);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/session/password',
      headers: { 'x-auth-token': token },
      payload: { currentPassword: password, newPassword: 'Chosen.Admin1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const free = await app.inject({
      method: 'GET',
      url: '/api/access_user',
      headers: { 'x-auth-token': token },
    });
    expect(free.statusCode).toBe(200);
    // No demo users: the server may listen on every interface.
    expect(await demoPasswordUsers(database.db)).toEqual([]);
    expect(listenHost({}, [])).toBe('0.0.0.0');
  });

  it('takes ADMIN_PASSWORD as chosen; with demo users it listens on 127.0.0.1 unless HOST says otherwise', async () => {
    const database = await emptyDatabase();
    const printed: string[] = [];
    await seed(database, {
      adminPassword: 'Given.Admin1',
      demo: true,
      log: quiet,
      banner: (text) => printed.push(text),
    });
    expect(printed).toEqual([]);
    const app = await buildApp({ database, logLevel: 'silent' });
    closers.unshift(() => app.close());
    const login = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic('admin', 'Given.Admin1') },
    });
    expect(login.json().user.mustChangePassword).toBe(false);
    const demo = await demoPasswordUsers(database.db);
    expect(demo).toContain('user');
    expect(listenHost({}, demo)).toBe('127.0.0.1');
    expect(listenHost({ host: '0.0.0.0' }, demo)).toBe('0.0.0.0');
    // Once the demo user changed the published password, it no longer counts.
    const userLogin = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic('user', DEMO_PASSWORD) },
    });
    await app.inject({
      method: 'POST',
      url: '/api/session/password',
      headers: { 'x-auth-token': userLogin.json().session.token },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Private.Pass1' },
    });
    expect(await demoPasswordUsers(database.db)).not.toContain('user');
  });
});

describe('demo data (issue 11, point 7)', () => {
  it('is written in Czech or neutral: no English sentence among the texts users see', async () => {
    const database = await emptyDatabase();
    await seed(database, { demo: true, log: quiet, adminPassword: 'Chosen.Admin1' });
    const result = await database.db.execute(sql`
      select name as text from system_site union all select description from system_site
      union all select name from access_group union all select description from access_group
      union all select name from visit_purpose union all select name from visit_advice_category
      union all select description from visit_advice_category union all select reason from visit_advice
      union all select name from system_site_district union all select name from system_site_gate
      union all select name from system_site_identity_document union all select company from visit_visited`);
    const texts = (result as unknown as { rows: Array<{ text: string | null }> }).rows
      .map((row) => row.text)
      .filter((text): text is string => !!text);
    expect(texts.length).toBeGreaterThan(10);
    // Common English words of a sentence; Czech texts and proper names have none of them.
    const english =
      /(?<!\p{L})(the|and|are|not|may|from|with|for|of|to|members|meeting|delivery|visitor)(?!\p{L})/iu;
    expect(texts.filter((text) => english.test(text))).toEqual([]);
  }, 120_000);

  it('fills the gate-load report with its visits and vehicles (issue 33: the report was empty on a fresh demo)', async () => {
    const database = await emptyDatabase();
    await seed(database, { demo: true, log: quiet, adminPassword: 'Chosen.Admin1' });
    // The days of the first site's demo passages in its time zone (the demo writes them relative to now).
    const result = await database.db.execute(sql`
      with passages as (
        select movement_time as time, direction from visit
          where site_id = (select min(id) from system_site)
        union all select movement_time, direction from vehicle_movement
          where site_id = (select min(id) from system_site))
      select to_char(min(time) at time zone 'Europe/Prague', 'YYYY-MM-DD') as "from",
        to_char(max(time) at time zone 'Europe/Prague', 'YYYY-MM-DD') as "to",
        count(*) filter (where direction = 'IN')::int as entries,
        count(*) filter (where direction = 'OUT')::int as departures
      from passages`);
    const [days] = (
      result as unknown as { rows: { from: string; to: string; entries: number; departures: number }[] }
    ).rows;
    expect(days.entries).toBeGreaterThan(0);
    const app = await buildApp({ database, logLevel: 'silent' });
    closers.unshift(() => app.close());
    const login = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: basic('siteadmin', DEMO_PASSWORD) },
    });
    expect(login.statusCode, login.body).toBe(200);
    const report = await app.inject({
      method: 'GET',
      url: `/api/report/gate_load?from=${days.from}&to=${days.to}`,
      headers: { 'x-auth-token': login.json().session.token },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().rows as { entries: number; departures: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const sum = (key: 'entries' | 'departures') => rows.reduce((total, row) => total + row[key], 0);
    // Every demo entry passed a gate; so did every departure (a tractor that left its trailer has no OUT row).
    expect(sum('entries')).toBe(days.entries);
    expect(sum('departures')).toBeGreaterThanOrEqual(days.departures);
  }, 120_000);
});
