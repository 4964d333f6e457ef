import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { expectRefusal as expectError } from '../../../test/directoryLogin';
import { personalReads } from '../../platform/personalRead.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';
import { vehiclePurposes } from '../vehicle/vehicle.tables';
import { visitBlacklistHits } from '../visit/visit.tables';

/**
 * DOCUMENT_NUMBERS_ON_REQUEST (issue 35 point 6): a site that withholds document numbers from lists and
 * records even for VIEW_PERSONAL_INFO, and shows a movement's on request, logged as a read of personal data.
 */
let ctx: TestContext;
let site: VisitSite;
let siteId: number;
let siteAdmin: TestUser;
let guard: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let vehiclePurpose: number;

/** The user's reads of withheld document numbers (an export is a read too, of kind `export`). */
const readsOf = async (user: TestUser) =>
  (await ctx.db.select().from(personalReads)).filter(
    (read) => read.userId === user.id && read.kind === 'reveal',
  );

async function withholdDocuments(on: boolean) {
  const response = await ctx.call(siteAdmin, 'POST', '/api/system_site/property', {
    name: 'DOCUMENT_NUMBERS_ON_REQUEST',
    type: 'BOOLEAN',
    value: on,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = await ctx.createSite('Documents on request');
  site = await givenVisitSite(ctx, siteId);
  [{ id: vehiclePurpose }] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId, name: 'Delivery' })
    .returning({ id: vehiclePurposes.id });
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [siteId] });
  guard = await ctx.givenUser({
    roles: ['VISIT_USER', 'VEHICLE_USER', 'VIEW_PERSONAL_INFO'],
    sites: [siteId],
  });
  viewer = await ctx.givenUser({ roles: ['VISIT_VIEW', 'VEHICLE_VIEW'], sites: [siteId] });
  stranger = await ctx.givenUser({ roles: ['VISIT_USER', 'VEHICLE_USER', 'VIEW_PERSONAL_INFO'] });
});
afterAll(() => ctx?.close());

describe('document numbers shown on request', () => {
  let visitId: number;
  let vehicleId: number;
  let documentNumber: string;
  let propertyId: number;

  beforeAll(async () => {
    const body = visitor(site, { companions: [{ name: 'Petr Malý', document: 'CMP-1' }] });
    documentNumber = body.documentNumber;
    const entry = await enter(ctx, guard, body);
    expect(entry.statusCode, entry.body).toBe(201);
    visitId = entry.json().id;
    const vehicle = await ctx.call(guard, 'POST', '/api/vehicle/entry', {
      gate: site.gate,
      purpose: vehiclePurpose,
      plate: '7DOC123',
      driverFirstName: 'Karel',
      driverLastName: 'Řidič',
      documentNumber: 'DRV-77',
    });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    vehicleId = vehicle.json().id;
    // Hits as a check at the gate records them: one by the document, one by the name (without a note).
    await ctx.db.insert(visitBlacklistHits).values([
      {
        siteId,
        visitId,
        list: 'blacklistInternalPerson',
        matchedBy: 'DOCUMENT',
        value: 'DOC-9',
        reason: 'Fraud',
        note: 'Call',
      },
      {
        siteId,
        visitId,
        list: 'blacklistInternalPerson',
        matchedBy: 'NAME',
        value: 'Jan Novák',
        reason: 'Theft',
        note: null,
      },
    ]);
  });

  it('are in the records for VIEW_PERSONAL_INFO while the site does not withhold them', async () => {
    const record = (await ctx.call(guard, 'GET', `/api/visit/${visitId}`)).json();
    expect(record.documentNumber).toBe(documentNumber);
    expect(record.companions).toEqual([expect.objectContaining({ name: 'Petr Malý', document: 'CMP-1' })]);
  });

  it('are withheld from lists and records once the site says so; names stay', async () => {
    propertyId = await withholdDocuments(true);
    const list = await ctx.call(guard, 'GET', '/api/visit');
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as Array<Record<string, unknown>>).find((row) => row.id === visitId)!;
    expect(listed).toMatchObject({
      documentNumber: MASKED_VALUE,
      lastName: expect.stringMatching(/^Nováková/),
    });
    const record = (await ctx.call(guard, 'GET', `/api/visit/${visitId}`)).json();
    expect(record.documentNumber).toBe(MASKED_VALUE);
    expect(record.companions).toEqual([
      expect.objectContaining({ name: 'Petr Malý', document: MASKED_VALUE }),
    ]);
    // A hit's value is withheld where it is the document; a hit by the name keeps it, and every note stays.
    expect(record.blacklistHits).toEqual([
      expect.objectContaining({ matchedBy: 'DOCUMENT', value: MASKED_VALUE, reason: 'Fraud', note: 'Call' }),
      expect.objectContaining({ matchedBy: 'NAME', value: 'Jan Novák', reason: 'Theft', note: null }),
    ]);
    const companions = (await ctx.call(guard, 'GET', `/api/visit/accompaniment?visit=${visitId}`)).json();
    expect(companions.length).toBeGreaterThan(0);
    expect(companions.map((row: { document: string }) => row.document)).toEqual([MASKED_VALUE]);
    const csv = await ctx.call(guard, 'GET', '/api/visit/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Nováková');
    expect(csv.body).not.toContain(documentNumber);
    const vehicle = (await ctx.call(guard, 'GET', `/api/vehicle/${vehicleId}`)).json();
    expect(vehicle).toMatchObject({ documentNumber: MASKED_VALUE, driverLastName: 'Řidič' });
  });

  it('shows them on request and logs the read without the values', async () => {
    expect(await readsOf(guard)).toEqual([]);
    const visit = await ctx.call(guard, 'GET', `/api/visit/${visitId}/documents`);
    expect(visit.statusCode, visit.body).toBe(200);
    expect(visit.json()).toEqual({
      documentNumber,
      companions: [{ id: expect.any(Number), document: 'CMP-1' }],
    });
    const vehicle = await ctx.call(guard, 'GET', `/api/vehicle/${vehicleId}/documents`);
    expect(vehicle.json()).toEqual({ documentNumber: 'DRV-77', companions: [] });

    const reads = await readsOf(guard);
    expect(
      reads.map(({ kind, entity, siteId: at, recordIds, fields, rowCount }) => ({
        kind,
        entity,
        at,
        recordIds,
        fields,
        rowCount,
      })),
    ).toEqual([
      {
        kind: 'reveal',
        entity: 'visit',
        at: siteId,
        recordIds: [visitId],
        fields: ['documentNumber', 'companions.document'],
        rowCount: 1,
      },
      {
        kind: 'reveal',
        entity: 'vehicle',
        at: siteId,
        recordIds: [vehicleId],
        fields: ['documentNumber', 'companions.document'],
        rowCount: 1,
      },
    ]);
    expect(JSON.stringify(reads)).not.toContain(documentNumber);
    // The privacy officer's log lists them.
    const log = await ctx.call(ctx.admin, 'GET', '/api/privacy/access?kind=reveal');
    expect(log.statusCode, log.body).toBe(200);
    expectEvery(log.json() as Array<{ kind: string }>, (row) => row.kind === 'reveal');
  });

  it('keeps the stored number when an edit leaves the withheld field out', async () => {
    const record = (await ctx.call(guard, 'GET', `/api/visit/${visitId}`)).json();
    const edited = await ctx.call(guard, 'PUT', `/api/visit/${visitId}`, {
      version: record.version,
      note: 'Came back for his badge',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.call(guard, 'GET', `/api/visit/${visitId}/documents`)).json().documentNumber).toBe(
      documentNumber,
    );
  });

  it('masks everything personal for a caller without VIEW_PERSONAL_INFO, empty values staying empty', async () => {
    const record = (await ctx.call(viewer, 'GET', `/api/visit/${visitId}`)).json();
    expect(record).toMatchObject({
      firstName: MASKED_VALUE,
      lastName: MASKED_VALUE,
      documentNumber: MASKED_VALUE,
      documentType: { id: 0, label: MASKED_VALUE },
      vehiclePlate: null,
      companions: [expect.objectContaining({ name: MASKED_VALUE, document: MASKED_VALUE })],
    });
    expect(record.blacklistHits).toEqual([
      expect.objectContaining({
        matchedBy: 'DOCUMENT',
        value: MASKED_VALUE,
        reason: 'Fraud',
        note: MASKED_VALUE,
      }),
      expect.objectContaining({ matchedBy: 'NAME', value: MASKED_VALUE, reason: 'Theft', note: null }),
    ]);
    const [listed] = (await ctx.call(viewer, 'GET', `/api/vehicle?page=1&size=10`)).json() as Array<
      Record<string, unknown>
    >;
    expect(listed).toMatchObject({
      id: vehicleId,
      driverLastName: MASKED_VALUE,
      documentNumber: MASKED_VALUE,
    });
  });

  it('refuses a caller without VIEW_PERSONAL_INFO, a guest, and a movement of another site', async () => {
    expectError(
      await ctx.call(viewer, 'GET', `/api/visit/${visitId}/documents`),
      403,
      'PERSONAL_DATA_REQUIRED',
    );
    expectError(await ctx.call(null, 'GET', `/api/visit/${visitId}/documents`), 401, 'UNAUTHORIZED');
    expectError(await ctx.call(stranger, 'GET', `/api/visit/${visitId}/documents`), 404, 'NOT_FOUND');
    expectError(await ctx.call(stranger, 'GET', `/api/vehicle/${vehicleId}/documents`), 404, 'NOT_FOUND');
    expectError(await ctx.call(guard, 'GET', '/api/visit/abc/documents'), 400, 'VALIDATION');
    expect(await readsOf(stranger)).toEqual([]);
    expect(await readsOf(viewer)).toEqual([]);
  });

  it('shows them in the records again once the property is switched off', async () => {
    const property = (await ctx.call(siteAdmin, 'GET', `/api/system_site/property/${propertyId}`)).json();
    const off = await ctx.call(siteAdmin, 'PUT', `/api/system_site/property/${propertyId}`, {
      version: property.version,
      value: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await ctx.call(guard, 'GET', `/api/visit/${visitId}`)).json().documentNumber).toBe(
      documentNumber,
    );
  });
});
