import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '@strazce/contract';
import {
  createTestContext,
  timesOutsideDefaultWindow,
  expectEvery,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import { givenGates } from '../site/site.fixtures';
import { personGroupMembers, personGroups, publicHolidays } from '../site/site.tables';
import { emails } from '../messaging/messaging.tables';
import { persons } from '../../platform/platform.tables';
import { vehicleMovements, vehiclePurposes } from '../vehicle/vehicle.tables';
import { visitPurposes, visits } from '../visit/visit.tables';
import { sendDailyDigests, sendOverdueNotices } from './keys.reminders';

let ctx: TestContext;
let kmAdmin: TestUser;
let kmUser: TestUser;
let kmView: TestUser;
let visitUser: TestUser;
let stranger: TestUser;
let kmAdminB: TestUser;
let kmAdminNoKeys: TestUser;
let gate: number;
let backGate: number;
let plainType: number;
let workingType: number;
let vehicleType: number;
let keyGroup: number;
let team: number;
let person: number;
let otherPerson: number;

type Json = Record<string, unknown> & { id: number; version: number };

async function created(user: TestUser, resource: string, body: Record<string, unknown>): Promise<Json> {
  const response = await ctx.call(user, 'POST', `/api/keymanagement/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

let codeCount = 0;
/** A key nobody else uses (its own code). */
async function givenKey(fields: Record<string, unknown> = {}): Promise<Json> {
  codeCount++;
  return created(kmAdmin, 'key', {
    code: `T-${String(codeCount).padStart(3, '0')}`,
    name: `Testovací klíč ${codeCount}`,
    type: plainType,
    ...fields,
  });
}

let personCount = 0;
async function givenPerson(site: number): Promise<number> {
  const [row] = await ctx.db
    .insert(persons)
    .values({ firstName: 'Klára', lastName: `Klíčová${++personCount}`, homeSiteId: site })
    .returning({ id: persons.id });
  return row.id;
}

const lend = (user: TestUser, body: Record<string, unknown>) =>
  ctx.call(user, 'POST', '/api/keymanagement/lend', { gate, ...body });

const check = async (query: string) => {
  const response = await ctx.call(kmUser, 'GET', `/api/keymanagement/lend/check?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { allowed: boolean; level: string; due: string | null; key: { lent: boolean } };
};

beforeAll(async () => {
  ctx = await createTestContext();
  kmAdmin = await ctx.givenUser({ roles: ['KM_ADMIN'], email: 'key.admin@example.com' });
  kmUser = await ctx.givenUser({ roles: ['KM_USER'] });
  kmView = await ctx.givenUser({ roles: ['KM_VIEW'] });
  visitUser = await ctx.givenUser({ roles: ['VISIT_USER'] });
  stranger = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'PATROL_ADMIN'] });
  kmAdminB = await ctx.givenUser({ roles: ['KM_ADMIN', 'KM_USER'], sites: [ctx.siteB] });
  const noKeys = await ctx.createSite(
    'Site without keys',
    MODULES.filter((module) => module !== 'MOD_KM'),
  );
  kmAdminNoKeys = await ctx.givenUser({ roles: ['KM_ADMIN', 'KM_USER'], sites: [noKeys] });
  ({ gate, backGate } = await givenGates(ctx, ctx.siteA));
  plainType = (await created(kmAdmin, 'keytype', { name: 'Běžný', maxLendingHours: 8 })).id;
  workingType = (
    await created(kmAdmin, 'keytype', { name: 'Pracovní doba', maxLendingHours: 24, workingTime: true })
  ).id;
  vehicleType = (
    await created(kmAdmin, 'keytype', { name: 'Vozidla', maxLendingHours: 4, workflow: 'VEHICLE' })
  ).id;
  keyGroup = (await created(kmAdmin, 'keygroup', { name: 'Budova A' })).id;
  person = await givenPerson(ctx.siteA);
  otherPerson = await givenPerson(ctx.siteA);
  const [teamRow] = await ctx.db
    .insert(personGroups)
    .values({ siteId: ctx.siteA, name: 'Údržba' })
    .returning({ id: personGroups.id });
  team = teamRow.id;
  await ctx.db.insert(personGroupMembers).values({ groupId: team, personId: person });
});
afterAll(() => ctx?.close());

describe('key management set-up', () => {
  it('is written by KM_ADMIN: frames, doors in door groups, keys opening doors, in key groups', async () => {
    const frame = await created(kmAdmin, 'frame', { name: 'Skříň recepce' });
    const floor = await created(kmAdmin, 'doorgroup', { name: '1. patro' });
    const office = await created(kmAdmin, 'door', { name: 'Kancelář 101', groups: [floor.id] });
    expect(office.groups).toEqual([{ id: floor.id, label: '1. patro' }]);
    const key = await givenKey({
      frame: frame.id,
      groups: [keyGroup],
      doors: [office.id],
      defaultGate: gate,
    });
    expect(key).toMatchObject({ lent: false, defaultRule: 'ALLOW', frame: { id: frame.id } });

    const memberships = await ctx.call(kmAdmin, 'GET', `/api/keymanagement/memberships?door=${office.id}`);
    expect(memberships.statusCode).toBe(200);
    expect(memberships.json()).toEqual([
      {
        kind: 'DOOR',
        member: { id: office.id, label: 'Kancelář 101' },
        group: { id: floor.id, label: '1. patro' },
      },
    ]);
    const ofKey = await ctx.call(kmAdmin, 'GET', `/api/keymanagement/memberships?key=${key.id}`);
    expect(ofKey.json()).toEqual([
      {
        kind: 'KEY',
        member: { id: key.id, label: `${key.name} (${key.code})` },
        group: { id: keyGroup, label: 'Budova A' },
      },
    ]);
    const pairs = await ctx.call(kmAdmin, 'GET', `/api/keymanagement/keydoor?door=${office.id}`);
    expect(pairs.json()).toEqual([
      {
        key: { id: key.id, label: `${key.name} (${key.code})`, code: key.code },
        door: { id: office.id, label: 'Kancelář 101' },
      },
    ]);
    // A door group in use is kept.
    const removal = await ctx.call(kmAdmin, 'DELETE', `/api/keymanagement/doorgroup/${floor.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.headers['x-error-code']).toBe('IN_USE');
  });

  it('lists the site persons and teams for the pickers', async () => {
    const people = await ctx.call(kmAdmin, 'GET', '/api/keymanagement/person?size=100');
    expect(people.statusCode).toBe(200);
    expectEvery(people.json() as Array<{ id: number }>, (row) => typeof row.id === 'number');
    expect((people.json() as Array<{ id: number }>).map((row) => row.id)).toContain(person);
    const teams = await ctx.call(kmAdmin, 'GET', '/api/keymanagement/team');
    expect((teams.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([team]);
  });

  it('refuses a privilege without exactly one holder and exactly one key or key group (400 on the field)', async () => {
    const key = await givenKey();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ key: key.id }, 'person'],
      [{ key: key.id, person, team }, 'team'],
      [{ person }, 'key'],
      [{ person, key: key.id, keyGroup }, 'keyGroup'],
    ];
    for (const [body, field] of cases) {
      const response = await ctx.call(kmAdmin, 'POST', '/api/keymanagement/role', { rule: 'ALLOW', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[0].path).toBe(field);
    }
    const foreign = await givenPerson(ctx.siteB);
    const outsider = await ctx.call(kmAdmin, 'POST', '/api/keymanagement/role', {
      key: key.id,
      person: foreign,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().details[0]).toMatchObject({ path: 'person', message: 'validation.ref' });
  });

  it('is KM_ADMIN’s only: other key roles and other modules’ roles get 403, without a session 401', async () => {
    for (const resource of ['frame', 'doorgroup', 'door', 'keytype', 'keygroup', 'key', 'role', 'team']) {
      for (const user of [kmUser, kmView, stranger])
        expect((await ctx.call(user, 'GET', `/api/keymanagement/${resource}`)).statusCode).toBe(403);
      expect((await ctx.call(null, 'GET', `/api/keymanagement/${resource}`)).statusCode).toBe(401);
    }
    expect((await ctx.call(kmUser, 'POST', '/api/keymanagement/key', { code: 'X' })).statusCode).toBe(403);
    expect((await ctx.call(kmUser, 'GET', '/api/keymanagement/memberships')).statusCode).toBe(403);
    expect((await ctx.call(kmView, 'GET', '/api/keymanagement/keydoor')).statusCode).toBe(403);
  });

  it('answers another site’s records with 404, and a site without the module with 403', async () => {
    const key = await givenKey();
    expect((await ctx.call(kmAdminB, 'GET', `/api/keymanagement/key/${key.id}`)).statusCode).toBe(404);
    expect(
      (
        await ctx.call(kmAdminB, 'PUT', `/api/keymanagement/key/${key.id}`, {
          version: key.version,
          code: key.code,
          name: 'Cizí',
          type: plainType,
        })
      ).statusCode,
    ).toBe(404);
    const list = await ctx.call(kmAdminB, 'GET', '/api/keymanagement/key');
    expect(list.json()).toEqual([]);
    const disabled = await ctx.call(kmAdminNoKeys, 'GET', '/api/keymanagement/key');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.headers['x-error-code']).toBe('MODULE_DISABLED');
    expect((await lend(kmAdminNoKeys, { code: key.code, person })).headers['x-error-code']).toBe(
      'MODULE_DISABLED',
    );
  });
});

describe('the precedence of privileges', () => {
  const privilege = (body: Record<string, unknown>) => created(kmAdmin, 'role', body);

  it('lets a person on the key win over the person on its group, both ways', async () => {
    const group = (await created(kmAdmin, 'keygroup', { name: 'Sklad' })).id;
    const allowedKey = await givenKey({ groups: [group], defaultRule: 'DENY' });
    const deniedKey = await givenKey({ groups: [group] });
    await privilege({ keyGroup: group, person, rule: 'DENY' });
    await privilege({ key: allowedKey.id, person, rule: 'ALLOW' });
    expect(await check(`key=${allowedKey.id}&person=${person}`)).toMatchObject({
      allowed: true,
      level: 'PERSON_KEY',
    });
    expect((await lend(kmUser, { key: allowedKey.id, person })).statusCode).toBe(201);

    const group2 = (await created(kmAdmin, 'keygroup', { name: 'Sklad 2' })).id;
    const key2 = await givenKey({ groups: [group2] });
    await privilege({ keyGroup: group2, person, rule: 'ALLOW' });
    await privilege({ key: key2.id, person, rule: 'DENY' });
    const refused = await lend(kmUser, { key: key2.id, person });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-error-code']).toBe('KEY_NOT_PERMITTED');
    expect(refused.json().message).toBe('This person does not have privileges to this key');
    // The group's DENY alone decides for the person on the first group's other key.
    expect(await check(`key=${deniedKey.id}&person=${person}`)).toMatchObject({
      allowed: false,
      level: 'PERSON_GROUP',
    });
    // Nobody's privilege concerns the other person: the default rule.
    expect(await check(`key=${deniedKey.id}&person=${otherPerson}`)).toMatchObject({
      allowed: true,
      level: 'DEFAULT',
    });
  });

  it('puts a team on the key before a team on the group, and teams after the person', async () => {
    const group = (await created(kmAdmin, 'keygroup', { name: 'Dílny' })).id;
    const key = await givenKey({ groups: [group], defaultRule: 'DENY' });
    await privilege({ keyGroup: group, team, rule: 'DENY' });
    expect(await check(`key=${key.id}&person=${person}`)).toMatchObject({
      allowed: false,
      level: 'TEAM_GROUP',
    });
    await privilege({ key: key.id, team, rule: 'ALLOW' });
    expect(await check(`key=${key.id}&person=${person}`)).toMatchObject({ allowed: true, level: 'TEAM_KEY' });
    await privilege({ keyGroup: group, person, rule: 'DENY' });
    expect(await check(`key=${key.id}&person=${person}`)).toMatchObject({
      allowed: false,
      level: 'PERSON_GROUP',
    });
    // Not in the team: the key's default rule (DENY).
    const refused = await lend(kmUser, { key: key.id, person: otherPerson });
    expect(refused.headers['x-error-code']).toBe('KEY_NOT_PERMITTED');
  });
});

describe('lending and returning keys', () => {
  it('refuses an unknown code with 404 KEY_UNKNOWN and an invalid key with 409 KEY_INVALID', async () => {
    const unknown = await lend(kmUser, { code: 'NO-SUCH-KEY', person });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-error-code']).toBe('KEY_UNKNOWN');
    expect(unknown.json().message).toBe('There is no key with this code');
    expect((await ctx.call(kmUser, 'GET', '/api/keymanagement/lend/check?code=NOPE')).statusCode).toBe(404);
    const retired = await givenKey({ valid: false });
    expect((await lend(kmUser, { code: retired.code, person })).headers['x-error-code']).toBe('KEY_INVALID');
  });

  it('counts working time across a public holiday and a weekend', async () => {
    await ctx.db.insert(publicHolidays).values([
      { siteId: ctx.siteA, date: '2026-04-03', name: 'Velký pátek' },
      { siteId: ctx.siteA, date: '2026-04-06', name: 'Velikonoční pondělí' },
    ]);
    const key = await givenKey({ type: workingType });
    // A lending time is a recent one (the site's window): the clock just after it.
    const was = ctx.clock.now();
    await ctx.clock.set(new Date('2026-04-02T20:05:00.000Z'));
    // Thursday 22:00 in Prague: 2 h on Thursday, Friday a holiday, the weekend, Monday a holiday, then 22 h.
    const response = await lend(kmUser, { key: key.id, person, time: '2026-04-02T20:00:00.000Z' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ due: '2026-04-07T20:00:00.000Z', holder: expect.any(String) });
    // The key's own hours win over its type's.
    const own = await givenKey({ type: workingType, maxLendingHours: 2 });
    const short = await lend(kmUser, { key: own.id, person, time: '2026-04-02T20:00:00.000Z' });
    expect(short.json().due).toBe('2026-04-02T22:00:00.000Z');
    await ctx.clock.set(was);
  });

  it('refuses a second lend of a key that is out, also when two lends race', async () => {
    const key = await givenKey();
    expect((await lend(kmUser, { code: key.code, person })).statusCode).toBe(201);
    const again = await lend(kmUser, { code: key.code, person: otherPerson });
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('KEY_LENT');
    expect((await check(`key=${key.id}`)).key.lent).toBe(true);

    const raced = await givenKey();
    const answers = await Promise.all([
      lend(kmUser, { key: raced.id, person }),
      lend(kmAdmin, { key: raced.id, person: otherPerson }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('takes a key back at another gate from another person, once', async () => {
    const key = await givenKey();
    const lent = (await lend(kmUser, { code: key.code, person, notes: 'Na opravu' })).json() as Json;
    expect(lent).toMatchObject({
      returned: false,
      gate: { id: gate },
      notes: 'Na opravu',
      lentBy: { id: kmUser.id },
    });
    const back = await ctx.call(kmAdmin, 'POST', `/api/keymanagement/lend/${lent.id}/return`, {
      gate: backGate,
      person: 'Petr Kolega',
      notes: 'Vrátil kolega',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      returned: true,
      returnGate: { id: backGate },
      returnPerson: 'Petr Kolega',
      returnNotes: 'Vrátil kolega',
      returnedBy: { id: kmAdmin.id },
    });
    const twice = await ctx.call(kmUser, 'POST', `/api/keymanagement/lend/${lent.id}/return`, { gate });
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['x-error-code']).toBe('KEY_RETURNED');
    // Back on the hook: it can be lent again.
    expect((await lend(kmUser, { code: key.code, person: otherPerson })).statusCode).toBe(201);
    // Another site's lend-out is not found.
    expect(
      (await ctx.call(kmAdminB, 'POST', `/api/keymanagement/lend/${lent.id}/return`, { gate })).statusCode,
    ).toBe(404);
    expect((await ctx.call(kmAdminB, 'GET', `/api/keymanagement/keylend/${lent.id}`)).statusCode).toBe(404);
  });

  it('lends to a visitor in the area, and the visit shows the key', async () => {
    const [purpose] = await ctx.db
      .insert(visitPurposes)
      .values({ siteId: ctx.siteA, name: 'Schůzka s klíčem' })
      .returning({ id: visitPurposes.id });
    const entry = (inArea: boolean) => ({
      siteId: ctx.siteA,
      direction: 'IN' as const,
      inArea,
      purposeId: purpose.id,
      gateId: gate,
      firstName: 'Vilém',
      lastName: 'Návštěvník',
      company: 'Firma',
    });
    const [inside, left] = await ctx.db
      .insert(visits)
      .values([entry(true), entry(false)])
      .returning({ id: visits.id });
    const key = await givenKey();
    const lent = await lend(kmUser, { code: key.code, visit: inside.id });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json()).toMatchObject({ visit: { id: inside.id }, holder: 'Návštěvník Vilém (Firma)' });
    const keysOfVisit = await ctx.call(visitUser, 'GET', `/api/visit/${inside.id}/keys`);
    expect(keysOfVisit.statusCode).toBe(200);
    expect(keysOfVisit.json()).toEqual([
      expect.objectContaining({
        lend: lent.json().id,
        key: expect.objectContaining({ code: key.code }),
        returned: false,
      }),
    ]);
    expect((await ctx.call(kmUser, 'GET', `/api/visit/${inside.id}/keys`)).statusCode).toBe(403);
    const gone = await lend(kmUser, { code: (await givenKey()).code, visit: left.id });
    expect(gone.statusCode).toBe(409);
    expect(gone.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('lends a VEHICLE workflow key to a driver in the area, never a DEFAULT one', async () => {
    const [purpose] = await ctx.db
      .insert(vehiclePurposes)
      .values({ siteId: ctx.siteA, name: 'Klíče k rampě' })
      .returning({ id: vehiclePurposes.id });
    const movement = (inArea: boolean) => ({
      siteId: ctx.siteA,
      direction: 'IN' as const,
      inArea,
      purposeId: purpose.id,
      gateId: gate,
      plate: inArea ? '1KM2345' : '1KM9999',
      driverFirstName: 'Radek',
      driverLastName: 'Řidič',
    });
    const [inside, outside] = await ctx.db
      .insert(vehicleMovements)
      .values([movement(true), movement(false)])
      .returning({ id: vehicleMovements.id });
    const rampKey = await givenKey({ type: vehicleType });
    const lent = await lend(kmUser, { code: rampKey.code, vehicle: inside.id });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json()).toMatchObject({ vehicle: { id: inside.id }, holder: 'Řidič Radek (1KM2345)' });
    const plain = await lend(kmUser, { code: (await givenKey()).code, vehicle: inside.id });
    expect(plain.statusCode).toBe(409);
    expect(plain.headers['x-error-code']).toBe('KEY_NOT_FOR_VEHICLE');
    const away = await lend(kmUser, {
      code: (await givenKey({ type: vehicleType })).code,
      vehicle: outside.id,
    });
    expect(away.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('lets KM_USER lend, and refuses KM_VIEW and other roles before looking at the body', async () => {
    const key = await givenKey();
    expect((await lend(kmView, { code: key.code, person })).statusCode).toBe(403);
    expect((await lend(stranger, {})).statusCode).toBe(403);
    expect((await ctx.call(null, 'POST', '/api/keymanagement/lend', {})).statusCode).toBe(401);
    expect((await ctx.call(kmView, 'GET', `/api/keymanagement/lend/check?key=${key.id}`)).statusCode).toBe(
      403,
    );
    expect((await lend(kmUser, { code: key.code, person })).statusCode).toBe(201);
  });
});

describe('the lend-outs and their history', () => {
  it('lists overdue lend-outs first, the open ones, and everything for the history readers', async () => {
    const overdueKey = await givenKey();
    const hour = 3_600_000;
    const old = new Date(ctx.clock.now() - 30 * hour).toISOString();
    const overdue = (await lend(kmUser, { code: overdueKey.code, person, time: old })).json() as Json;
    const fresh = (await lend(kmUser, { code: (await givenKey()).code, person })).json() as Json;
    expect(fresh.afterDue).toBe(false);

    const list = await ctx.call(kmView, 'GET', '/api/keymanagement/keylend?size=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<Json & { afterDue: boolean; returned: boolean }>;
    expect(rows.length).toBeGreaterThan(2);
    const firstOnTime = rows.findIndex((row) => !row.afterDue);
    expect(rows.slice(firstOnTime).filter((row) => row.afterDue)).toEqual([]);
    expect(rows.find((row) => row.id === overdue.id)?.afterDue).toBe(true);
    expect(rows.some((row) => row.returned)).toBe(true);

    // The clock moves: the fresh one becomes overdue too.
    await ctx.clock.advance(9 * hour);
    const later = await ctx.call(kmView, 'GET', `/api/keymanagement/keylend/${fresh.id}`);
    expect(later.json().afterDue).toBe(true);
    const overdueOnly = await ctx.call(kmView, 'GET', '/api/keymanagement/keylend?afterDue=true&size=100');
    expectEvery(overdueOnly.json() as Array<{ afterDue: boolean }>, (row) => row.afterDue);
    await ctx.clock.advance(-9 * hour);

    const open = await ctx.call(kmView, 'GET', '/api/keymanagement/keylend?returned=false&size=100');
    expectEvery(open.json() as Array<{ returned: boolean }>, (row) => !row.returned);
    // KM_USER reads the open lend-outs only, whatever the filter.
    const forUser = await ctx.call(kmUser, 'GET', '/api/keymanagement/keylend?size=100');
    expectEvery(forUser.json() as Array<{ returned: boolean }>, (row) => !row.returned);
    expect((await ctx.call(stranger, 'GET', '/api/keymanagement/keylend')).statusCode).toBe(403);
  });

  it('exports the lend-outs as CSV in the caller’s language', async () => {
    const csv = await ctx.call(kmView, 'GET', '/api/keymanagement/keylend/export?lang=en');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toContain('Holder');
    expect(lines.length).toBeGreaterThan(0);
    const cs = await ctx.call(kmView, 'GET', '/api/keymanagement/keylend/export?lang=cs');
    expect(cs.body).toContain('Držitel');
  });
});

describe('reminders', () => {
  it('e-mails an overdue key with notification once, and the daily digest once per site and day', async () => {
    const hour = 3_600_000;
    const key = await givenKey({ notification: true, notificationEmails: 'vratnice@example.com' });
    await lend(kmUser, { code: key.code, person, time: new Date(ctx.clock.now() - 2 * hour).toISOString() });
    const notNow = await sendOverdueNotices(ctx.db, new Date(ctx.clock.now()));
    expect(notNow).toBe(0);
    const later = new Date(ctx.clock.now() + 7 * hour);
    expect(await sendOverdueNotices(ctx.db, later)).toBe(1);
    expect(await sendOverdueNotices(ctx.db, later)).toBe(0);
    const notices = await ctx.db.select().from(emails).where(eq(emails.recipient, 'vratnice@example.com'));
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain(key.code as string);
    expect(notices[0].body).toContain('nebyl vrácen včas');
    expect(notices[0].body).toContain('is overdue');

    // 10:00 or 11:00 in Prague, days later: past the digest hour.
    const digestTime = new Date(ctx.clock.now() + 3 * 24 * hour);
    digestTime.setUTCHours(9, 0, 0, 0);
    expect(await sendDailyDigests(ctx.db, digestTime)).toBeGreaterThan(0);
    expect(await sendDailyDigests(ctx.db, digestTime)).toBe(0);
    const digests = await ctx.db
      .select()
      .from(emails)
      .where(and(eq(emails.recipient, 'key.admin@example.com'), like(emails.subject, 'Nevrácené klíče%')));
    expect(digests).toHaveLength(1);
    expect(digests[0].body).toContain(key.code as string);
    expect(digests[0].body).toContain('Overdue keys at Site A');
    // A user of the site without KM_ADMIN gets none.
    const others = await ctx.db
      .select()
      .from(emails)
      .where(like(emails.recipient, `${kmUser.userName}%`));
    expect(others).toEqual([]);
  });
});

describe('client times of lendings', () => {
  it('refuses a lending or return time outside the site’s window around now, on the field', async () => {
    const now = ctx.clock.now();
    const minute = 60_000;
    const outside = timesOutsideDefaultWindow(now);
    const key = await givenKey();
    for (const time of outside) {
      const response = await lend(kmUser, { key: key.id, person, time });
      expect(response.statusCode, time).toBe(400);
      expect(response.json().details, time).toEqual([{ path: 'time', message: 'validation.timeWindow' }]);
    }
    const lentAt = new Date(now - 2 * 24 * 60 * minute).toISOString();
    const lent = await lend(kmUser, { key: key.id, person, time: lentAt });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json().lendDateTime).toBe(lentAt);
    for (const time of outside) {
      const back = await ctx.call(kmUser, 'POST', `/api/keymanagement/lend/${lent.json().id}/return`, {
        gate,
        time,
      });
      expect(back.statusCode, time).toBe(400);
      expect(back.json().details, time).toEqual([{ path: 'time', message: 'validation.timeWindow' }]);
    }
    const returnedAt = new Date(now + 4 * minute).toISOString();
    const back = await ctx.call(kmUser, 'POST', `/api/keymanagement/lend/${lent.json().id}/return`, {
      gate,
      time: returnedAt,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().returnDateTime).toBe(returnedAt);
  });
});
