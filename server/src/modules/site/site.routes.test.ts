import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';

let ctx: TestContext;
let adminA: TestUser;
let adminB: TestUser;
let visitAdmin: TestUser;
let districtA: number;
let districtB: number;
let documentA: number;
let personA: number;

beforeAll(async () => {
  ctx = await createTestContext();
  adminA = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteA] });
  adminB = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteB] });
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteA] });
  districtA = await create(adminA, 'system_site/district', { name: 'Sever' });
  districtB = await create(adminB, 'system_site/district', { name: 'Jih' });
  documentA = await create(adminA, 'system_site/identity_document', { name: 'Pas' });
  personA = await create(adminA, 'system_site/person', { firstName: 'Eva', lastName: 'Členová' });
});
afterAll(() => ctx?.close());

async function create(user: TestUser, resource: string, payload: Record<string, unknown>): Promise<number> {
  const response = await ctx.call(user, 'POST', `/api/${resource}`, payload);
  if (response.statusCode !== 201) throw new Error(`${resource}: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

interface ResourceCase {
  resource: string;
  /** Three valid records, in ascending order of `sort`. */
  records: () => Record<string, unknown>[];
  sort: string;
  /** A filter matching only the second record. */
  filter: string;
  /** A change of the first record and the value it must show afterwards. */
  change: () => Record<string, unknown>;
  /** A record colliding with the first one on a unique key. */
  duplicate?: () => Record<string, unknown>;
  /** Readable by any logged-in user of the site (gates, districts, documents). */
  readableByAll?: boolean;
}

const cases: ResourceCase[] = [
  {
    resource: 'system_site/district',
    records: () => [{ name: 'A-obvod' }, { name: 'B-obvod', valid: false }, { name: 'C-obvod' }],
    sort: 'name',
    filter: 'valid=false&name=obvod',
    change: () => ({ name: 'A-obvod přejmenovaný' }),
    duplicate: () => ({ name: 'A-obvod přejmenovaný' }),
    readableByAll: true,
  },
  {
    resource: 'system_site/district/gate',
    records: () => [
      { name: 'Brána 1', district: districtA, color: '#ff0000' },
      { name: 'Brána 2', district: districtA, valid: false },
      { name: 'Brána 3', district: districtA },
    ],
    sort: 'name',
    filter: 'name=na 2',
    change: () => ({ color: '#00ff00' }),
    duplicate: () => ({ name: 'Brána 1', district: districtA }),
    readableByAll: true,
  },
  {
    resource: 'system_site/identity_document',
    records: () => [{ name: 'Cestovní pas' }, { name: 'Občanský průkaz' }, { name: 'Řidičský průkaz' }],
    sort: 'id',
    filter: 'name=občan',
    change: () => ({ valid: false }),
    duplicate: () => ({ name: 'Cestovní pas' }),
    readableByAll: true,
  },
  {
    resource: 'system_public_holiday',
    records: () => [
      { date: '2030-01-01', name: 'Nový rok' },
      { date: '2030-05-01', name: 'Svátek práce' },
      { date: '2030-12-24', name: 'Štědrý den' },
    ],
    sort: 'date',
    filter: 'dateFrom=2030-02-01&dateTo=2030-06-30',
    change: () => ({ name: 'Den obnovy samostatného českého státu' }),
    duplicate: () => ({ date: '2030-01-01', name: 'Jiný název' }),
  },
  {
    resource: 'system_site/person',
    records: () => [
      { firstName: 'Adam', lastName: 'Adámek', corporateId: 'SP-1' },
      { firstName: 'Bára', lastName: 'Bártová', email: 'bara@example.com' },
      { firstName: 'Cyril', lastName: 'Cibulka' },
    ],
    sort: 'lastName',
    filter: 'email=bara@',
    change: () => ({ phone: '+420 123 456 789' }),
    duplicate: () => ({ firstName: 'Jiný', lastName: 'Člověk', corporateId: 'SP-1' }),
  },
  {
    resource: 'system_person_group',
    records: () => [
      { name: 'Ostraha', members: [personA] },
      { name: 'Recepce', description: 'Směna A' },
      { name: 'Údržba' },
    ],
    sort: 'name',
    filter: 'name=rece',
    change: () => ({ members: [] }),
    duplicate: () => ({ name: 'Ostraha' }),
  },
  {
    resource: 'blacklist',
    records: () => [
      { category: 'PERSON', reason: 'Krádež', firstName: 'Karel', lastName: 'Alfa' },
      { category: 'VEHICLE', reason: 'Poškození závory', licencePlate: '1ab 2345' },
      {
        category: 'PERSON',
        reason: 'Vniknutí',
        lastName: 'Gama',
        documentType: documentA,
        documentNumber: '123',
      },
    ],
    sort: 'id',
    filter: 'category=VEHICLE',
    change: () => ({ note: 'Opakovaně' }),
    duplicate: () => ({ category: 'VEHICLE', reason: 'Jiný důvod', licencePlate: '1AB2345' }),
  },
];

for (const testCase of cases) {
  const base = `/api/${testCase.resource}`;
  describe(base, () => {
    const ids: number[] = [];

    beforeAll(async () => {
      for (const record of testCase.records()) ids.push(await create(adminA, testCase.resource, record));
    });

    it('lists with total, sort, paging and filters', async () => {
      const asc = await ctx.call(adminA, 'GET', `${base}?sort=${testCase.sort},asc&size=100`);
      expect(asc.statusCode).toBe(200);
      const ascIds = asc.json().map((row: { id: number }) => row.id);
      expect(ascIds.filter((id: number) => ids.includes(id))).toEqual(ids);
      const total = Number(asc.headers['x-total-count']);
      expect(total).toBe(ascIds.length);

      const desc = await ctx.call(adminA, 'GET', `${base}?sort=${testCase.sort},desc&size=100`);
      expect(desc.json().map((row: { id: number }) => row.id)).toEqual([...ascIds].reverse());

      const paged = await ctx.call(adminA, 'GET', `${base}?sort=${testCase.sort},asc&size=10&page=2`);
      expect(paged.json()).toEqual(ascIds.length > 10 ? expect.any(Array) : []);
      expect(paged.headers['x-total-count']).toBe(String(total));

      const filtered = await ctx.call(adminA, 'GET', `${base}?${testCase.filter}`);
      expect(filtered.statusCode).toBe(200);
      expect(filtered.json().map((row: { id: number }) => row.id)).toEqual([ids[1]]);
      expect(filtered.headers['x-total-count']).toBe('1');
    });

    it('edits with the version and refuses a stale version with CONFLICT', async () => {
      const current = (await ctx.call(adminA, 'GET', `${base}/${ids[0]}`)).json();
      const change = testCase.change();
      const edited = await ctx.call(adminA, 'PUT', `${base}/${ids[0]}`, {
        ...change,
        version: current.version,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().version).toBe(current.version + 1);
      for (const [key, value] of Object.entries(change)) {
        const shown = edited.json()[key];
        expect(Array.isArray(value) ? shown.map((item: { id: number }) => item.id) : shown).toEqual(value);
      }
      const stale = await ctx.call(adminA, 'PUT', `${base}/${ids[0]}`, {
        ...change,
        version: current.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.headers['x-error-code']).toBe('CONFLICT');
    });

    if (testCase.duplicate) {
      it('refuses a duplicate with DATA_INTEGRITY, but allows the same on another site', async () => {
        const duplicate = await ctx.call(adminA, 'POST', base, testCase.duplicate!());
        expect(duplicate.statusCode).toBe(400);
        expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
        if (testCase.resource === 'system_site/person') return; // corporate ids are unique in the company
        const payload = { ...testCase.duplicate!() };
        if (payload.district) payload.district = districtB;
        if (payload.documentType) delete payload.documentType;
        expect((await ctx.call(adminB, 'POST', base, payload)).statusCode).toBe(201);
      });
    }

    it('keeps a SiteAdmin of another site out (404) and out of the list', async () => {
      const id = ids[2];
      expect((await ctx.call(adminB, 'GET', `${base}/${id}`)).statusCode).toBe(404);
      expect((await ctx.call(adminB, 'PUT', `${base}/${id}`, { version: 0 })).statusCode).toBe(404);
      expect((await ctx.call(adminB, 'DELETE', `${base}/${id}`)).statusCode).toBe(404);
      const list = (await ctx.call(adminB, 'GET', `${base}?size=100`)).json();
      expect(list.map((row: { id: number }) => row.id)).not.toContain(id);
      expect((await ctx.call(adminA, 'GET', `${base}/${id}`)).statusCode).toBe(200);
    });

    it('refuses other roles and anonymous callers', async () => {
      const read = await ctx.call(visitAdmin, 'GET', base);
      expect(read.statusCode).toBe(testCase.readableByAll ? 200 : 403);
      expect((await ctx.call(visitAdmin, 'POST', base, testCase.records()[0])).statusCode).toBe(403);
      expect((await ctx.call(visitAdmin, 'PUT', `${base}/${ids[1]}`, { version: 0 })).statusCode).toBe(403);
      expect((await ctx.call(visitAdmin, 'DELETE', `${base}/${ids[1]}`)).statusCode).toBe(403);
      expect((await ctx.call(null, 'GET', base)).statusCode).toBe(401);
    });

    it('deletes, and audits every mutating call', async () => {
      expect((await ctx.call(adminA, 'DELETE', `${base}/${ids[2]}`)).statusCode).toBe(204);
      expect((await ctx.call(adminA, 'GET', `${base}/${ids[2]}`)).statusCode).toBe(404);

      const audit = await ctx.call(ctx.admin, 'GET', `/api/system_audit?author=${adminA.userName}&size=100`);
      const entries = (audit.json() as Array<{ method: string; path: string; status: number }>).filter(
        (entry) =>
          entry.path === base ||
          entry.path.startsWith(`${base}/${ids[0]}`) ||
          entry.path === `${base}/${ids[2]}`,
      );
      const calls = entries.map((entry) => `${entry.method} ${entry.status}`);
      expect(calls.filter((call) => call === 'POST 201').length).toBeGreaterThanOrEqual(3);
      expect(calls).toContain('PUT 200');
      expect(calls).toContain('PUT 409');
      expect(calls).toContain('DELETE 204');
    });
  });
}

describe('district gates', () => {
  it('refuses a district of another site as if it did not exist', async () => {
    const response = await ctx.call(adminA, 'POST', '/api/system_site/district/gate', {
      name: 'Cizí',
      district: districtB,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'district', message: 'validation.ref' }]);
  });

  it('refuses a district still used by a gate with IN_USE, naming the use', async () => {
    const districtId = await create(adminA, 'system_site/district', { name: 'Používaný' });
    await create(adminA, 'system_site/district/gate', { name: 'Brána Používaná', district: districtId });
    const response = await ctx.call(adminA, 'DELETE', `/api/system_site/district/${districtId}`);
    expect(response.statusCode).toBe(409);
    expect(response.headers['x-error-code']).toBe('IN_USE');
    expect(response.json().details).toMatchObject([
      { path: 'system_site/district/gate.district', params: { count: 1 } },
    ]);
  });

  it('validates the colour', async () => {
    const response = await ctx.call(adminA, 'POST', '/api/system_site/district/gate', {
      name: 'Barevná',
      district: districtA,
      color: 'red',
    });
    expect(response.json().details).toEqual([{ path: 'color', message: 'validation.color' }]);
  });
});

describe('site persons', () => {
  it('are the persons whose home site is the current site', async () => {
    const id = await create(adminA, 'system_site/person', { firstName: 'Domácí', lastName: 'Osoba' });
    const global = await ctx.call(ctx.admin, 'GET', `/api/system_person/${id}`);
    expect(global.json().homeSite).toEqual({ id: ctx.siteA, label: 'Site A' });
    const onB = await ctx.call(ctx.admin, 'POST', '/api/system_person', {
      firstName: 'Jiná',
      lastName: 'Osoba',
      homeSite: ctx.siteB,
    });
    const list = (await ctx.call(adminA, 'GET', '/api/system_site/person?lastName=Osoba')).json();
    expect(list.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await ctx.call(adminA, 'GET', `/api/system_site/person/${onB.json().id}`)).statusCode).toBe(404);
  });
});

describe('person groups', () => {
  it('accept only members of the current site', async () => {
    const foreign = await create(adminB, 'system_site/person', { firstName: 'Cizí', lastName: 'Člen' });
    const response = await ctx.call(adminA, 'POST', '/api/system_person_group', {
      name: 'Smíšená',
      members: [foreign],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'members', message: 'validation.ref' }]);
  });

  it('show members with their names', async () => {
    const id = await create(adminA, 'system_person_group', { name: 'Tým s členem', members: [personA] });
    const group = (await ctx.call(adminA, 'GET', `/api/system_person_group/${id}`)).json();
    expect(group.members).toEqual([{ id: personA, label: 'Členová Eva' }]);
  });

  it('list their memberships by team and person, of the current site only', async () => {
    const other = await create(adminA, 'system_site/person', { firstName: 'Adam', lastName: 'Bártů' });
    const alpha = await create(adminA, 'system_person_group', { name: 'Alfa', members: [personA, other] });
    await create(adminA, 'system_person_group', { name: 'Beta', members: [personA] });
    const onB = await create(adminB, 'system_site/person', { firstName: 'Jiný', lastName: 'Web' });
    await create(adminB, 'system_person_group', { name: 'Alfa', members: [onB] });

    const byPerson = await ctx.call(adminA, 'GET', `/api/system_person_group/memberships?person=${personA}`);
    expect(byPerson.statusCode).toBe(200);
    const groups = byPerson.json().map((row: { group: { label: string } }) => row.group.label);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups).toEqual(expect.arrayContaining(['Alfa', 'Beta']));
    expect(byPerson.headers['x-total-count']).toBe(String(groups.length));

    const byGroup = (
      await ctx.call(adminA, 'GET', `/api/system_person_group/memberships?group=${alpha}`)
    ).json();
    expect(byGroup).toEqual([
      { group: { id: alpha, label: 'Alfa' }, person: { id: other, label: 'Bártů Adam' } },
      { group: { id: alpha, label: 'Alfa' }, person: { id: personA, label: 'Členová Eva' } },
    ]);
    // Another site's team is not listed, even when asked for by its member.
    expect(
      (await ctx.call(adminA, 'GET', `/api/system_person_group/memberships?person=${onB}`)).json(),
    ).toEqual([]);
  });

  it('refuse the memberships to anyone but the site administrator, and a bad filter', async () => {
    expect((await ctx.call(visitAdmin, 'GET', '/api/system_person_group/memberships')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/system_person_group/memberships')).statusCode).toBe(401);
    const bad = await ctx.call(adminA, 'GET', '/api/system_person_group/memberships?person=abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('blacklist rules by category', () => {
  const post = (payload: Record<string, unknown>) => ctx.call(adminA, 'POST', '/api/blacklist', payload);

  it('needs a licence plate for a vehicle and stores it normalized', async () => {
    const missing = await post({ category: 'VEHICLE', reason: 'Bez SPZ' });
    expect(missing.json().details).toEqual([{ path: 'licencePlate', message: 'validation.required' }]);
    const invalid = await post({ category: 'VEHICLE', reason: 'Špatná SPZ', licencePlate: '1AB*234' });
    expect(invalid.json().details).toEqual([{ path: 'licencePlate', message: 'validation.plate' }]);
    const created = await post({ category: 'VEHICLE', reason: 'Dobrá', licencePlate: ' 2ab 3456' });
    expect(created.statusCode).toBe(201);
    expect(created.json().licencePlate).toBe('2AB3456');
  });

  it('needs a last name or a document for a person, and no licence plate', async () => {
    const missing = await post({ category: 'PERSON', reason: 'Nikdo', firstName: 'Jen' });
    expect(missing.json().details).toEqual([{ path: 'lastName', message: 'validation.lastNameOrDocument' }]);
    const plate = await post({
      category: 'PERSON',
      reason: 'S SPZ',
      lastName: 'Delta',
      licencePlate: '3AB1234',
    });
    expect(plate.json().details).toEqual([{ path: 'licencePlate', message: 'validation.notForPerson' }]);
    const noType = await post({ category: 'PERSON', reason: 'Doklad', documentNumber: 'X1' });
    expect(noType.json().details).toEqual([{ path: 'documentType', message: 'validation.required' }]);
  });

  it('checks the entry as stored when a category changes on edit', async () => {
    const id = await create(adminA, 'blacklist', {
      category: 'PERSON',
      reason: 'Změna',
      lastName: 'Epsilon',
    });
    const response = await ctx.call(adminA, 'PUT', `/api/blacklist/${id}`, {
      category: 'VEHICLE',
      version: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'licencePlate', message: 'validation.required' }]);
  });
});
