import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { multipartFile, PNG } from '../../../test/multipart';
import { audits } from '../../platform/platform.tables';
import { files } from '../files/files.tables';
import { incidents } from '../incident/incident.tables';
import { kboxContents, kboxKeyboxes } from '../kbox/kbox.tables';
import { keyLends, keys, keyTypes } from '../keys/keys.tables';
import {
  signatureDocuments,
  signatureSigned,
  signatureTemplates,
  signatureVersions,
} from '../signature/signature.tables';
import {
  anprReads,
  vehicleAdviceCategories,
  vehicleAdvices,
  vehicleMovements,
  vehiclePurposes,
} from '../vehicle/vehicle.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';
import { adviceCategories, advices, visits } from '../visit/visit.tables';
import { privacySubjectRequests } from './subjectRequest.tables';

/*
 * Subject requests (docs/privacy.md "Subject requests"): one person present in every module is found, exported,
 * restricted and erased; statistics survive; holds are respected; other sites and other roles see nothing.
 */

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-subject-test-'));
const FIRST = 'Zdeněk';
const LAST = 'Subjektový';
const NAME = `${FIRST} ${LAST}`;
const PLATE = '7SU1234';

let ctx: TestContext;
let officer: TestUser;
let officerB: TestUser;
let reception: TestUser;
let siteAdmin: TestUser;
let site: VisitSite;
const ids: Record<string, number> = {};

/** A stored file with `content`, as the file store keeps it (a signed PDF made by the server). */
async function storedFile(name: string, content: Buffer): Promise<number> {
  const id = randomUUID();
  const storageKey = `${id.slice(0, 2)}/${id}`;
  fs.mkdirSync(path.join(filesDir, id.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(filesDir, storageKey), content);
  const [row] = await ctx.db
    .insert(files)
    .values({ siteId: ctx.siteA, name, type: 'application/pdf', size: content.length, storageKey })
    .returning({ id: files.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  officer = await ctx.givenUser({ roles: ['PRIVACY_ADMIN'], sites: [ctx.siteA] });
  officerB = await ctx.givenUser({ roles: ['PRIVACY_ADMIN'], sites: [ctx.siteB] });
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'KM_ADMIN'], sites: [ctx.siteA] });
  reception = await ctx.givenUser({
    roles: ['VISIT_ADMIN', 'VEHICLE_USER', 'VIEW_PERSONAL_INFO'],
    sites: [ctx.siteA],
  });
  site = await givenVisitSite(ctx, ctx.siteA);
  const now = new Date(ctx.clock.now());
  const today = now.toISOString().slice(0, 10);

  // A visit (with a companion) that left, and one of the same person still in the area.
  const entry = await enter(ctx, reception, {
    ...visitor(site, { firstName: FIRST, lastName: LAST, documentNumber: 'SUBJ12345' }),
    companions: [{ name: 'Petr Doprovod', document: 'CMP1' }],
  });
  expect(entry.statusCode, entry.body).toBe(201);
  ids.visit = entry.json().id;
  expect(
    (await ctx.call(reception, 'POST', `/api/visit/${ids.visit}/leave`, { gate: site.gate })).statusCode,
  ).toBe(201);

  // A vehicle movement with a photo.
  const [purpose] = await ctx.db
    .insert(vehiclePurposes)
    .values({ siteId: ctx.siteA, name: 'Subject delivery' })
    .returning({ id: vehiclePurposes.id });
  const movement = await ctx.call(reception, 'POST', '/api/vehicle/entry', {
    plate: PLATE,
    gate: site.gate,
    purpose: purpose!.id,
    driverFirstName: FIRST,
    driverLastName: LAST,
  });
  expect(movement.statusCode, movement.body).toBe(201);
  ids.vehicle = movement.json().id;
  // A camera's read of the same plate, spelled with a space.
  const [read] = await ctx.db
    .insert(anprReads)
    .values({ siteId: ctx.siteA, time: now, plate: '7SU 1234', camera: 'Brána 1' })
    .returning({ id: anprReads.id });
  ids['vehicle/anpr/read'] = read!.id;
  const { payload, headers } = multipartFile('truck.png', PNG, 'image/png');
  const photo = await ctx.call(
    reception,
    'POST',
    `/api/vehicle/photo?movement=${ids.vehicle}`,
    payload,
    headers,
  );
  expect(photo.statusCode, photo.body).toBe(201);

  // Advices, a key lending, an incident, a keybox content and a signed document naming the person.
  const [visitCategory] = await ctx.db
    .insert(adviceCategories)
    .values({ siteId: ctx.siteA, name: 'Subject advices' })
    .returning({ id: adviceCategories.id });
  const [advice] = await ctx.db
    .insert(advices)
    .values({
      siteId: ctx.siteA,
      categoryId: visitCategory!.id,
      activeUntil: today,
      reason: 'Meeting',
      firstName: FIRST,
      lastName: LAST,
      email: 'zdenek@example.com',
    })
    .returning({ id: advices.id });
  ids['visit/advice'] = advice!.id;
  const [vehicleCategory] = await ctx.db
    .insert(vehicleAdviceCategories)
    .values({ siteId: ctx.siteA, name: 'Subject vehicles' })
    .returning({ id: vehicleAdviceCategories.id });
  const [vehicleAdvice] = await ctx.db
    .insert(vehicleAdvices)
    .values({
      siteId: ctx.siteA,
      date: today,
      categoryId: vehicleCategory!.id,
      direction: 'IN',
      vehiclePlate: PLATE,
      driverFirstName: FIRST,
      driverLastName: LAST,
    })
    .returning({ id: vehicleAdvices.id });
  ids['vehicle/advice'] = vehicleAdvice!.id;
  const [type] = await ctx.db
    .insert(keyTypes)
    .values({ siteId: ctx.siteA, name: 'Subject keys' })
    .returning({ id: keyTypes.id });
  const [key] = await ctx.db
    .insert(keys)
    .values({ siteId: ctx.siteA, code: 'SUBJ-1', name: 'Store room', typeId: type!.id })
    .returning({ id: keys.id });
  const [lend] = await ctx.db
    .insert(keyLends)
    .values({ siteId: ctx.siteA, keyId: key!.id, lendDateTime: now, holder: NAME, gateId: site.gate })
    .returning({ id: keyLends.id });
  ids['keymanagement/keylend'] = lend!.id;
  // A key lent during the visit, its holder typed as a badge: found through the visit it belongs to.
  const [badgeKey] = await ctx.db
    .insert(keys)
    .values({ siteId: ctx.siteA, code: 'SUBJ-2', name: 'Archive', typeId: type!.id })
    .returning({ id: keys.id });
  const [visitLend] = await ctx.db
    .insert(keyLends)
    .values({
      siteId: ctx.siteA,
      keyId: badgeKey!.id,
      lendDateTime: now,
      holder: 'Badge 7',
      visitId: ids.visit,
      gateId: site.gate,
    })
    .returning({ id: keyLends.id });
  ids.visitLend = visitLend!.id;
  const incidentType = await ctx.call(siteAdmin, 'POST', '/api/incident/type?module=MOD_KM', {
    name: 'Subject incident',
  });
  const incident = await ctx.call(siteAdmin, 'POST', '/api/incident?module=MOD_KM', {
    type: incidentType.json().id,
    report: `${NAME} lost key SUBJ-1`,
  });
  expect(incident.statusCode, incident.body).toBe(201);
  ids.incident = incident.json().id;
  const [keybox] = await ctx.db
    .insert(kboxKeyboxes)
    .values({ siteId: ctx.siteA, name: 'Subject box', uuid: 'subject-box-1' })
    .returning({ id: kboxKeyboxes.id });
  const [content] = await ctx.db
    .insert(kboxContents)
    .values({
      siteId: ctx.siteA,
      contentId: 7001,
      keyboxId: keybox!.id,
      status: 'PICKED_UP' as never,
      recipientName: NAME,
      recipientPhone: '+420 777 000 111',
      depositedAt: now,
      pickedUpAt: now,
    })
    .returning({ id: kboxContents.id });
  ids['kbox/content'] = content!.id;
  const [document] = await ctx.db
    .insert(signatureDocuments)
    .values({ siteId: ctx.siteA, name: 'Subject NDA' })
    .returning({ id: signatureDocuments.id });
  const [version] = await ctx.db
    .insert(signatureVersions)
    .values({ siteId: ctx.siteA, documentId: document!.id, name: 'v1' })
    .returning({ id: signatureVersions.id });
  const [template] = await ctx.db
    .insert(signatureTemplates)
    .values({
      siteId: ctx.siteA,
      versionId: version!.id,
      locale: 'cs' as never,
      fileId: await storedFile('nda.pdf', Buffer.from('%PDF-1.4 template')),
      fileName: 'nda.pdf',
      pages: 1,
    })
    .returning({ id: signatureTemplates.id });
  const [signed] = await ctx.db
    .insert(signatureSigned)
    .values({
      siteId: ctx.siteA,
      title: `NDA ${NAME}`,
      documentId: document!.id,
      templateId: template!.id,
      locale: 'cs' as never,
      status: 'SIGNED' as never,
      signedAt: now,
      signedBy: NAME,
      fileId: await storedFile('nda-signed.pdf', Buffer.from('%PDF-1.4 signed by the subject')),
    })
    .returning({ id: signatureSigned.id });
  ids['signature/signed'] = signed!.id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Found = {
  total: number;
  modules: Array<{
    resource: string;
    count: number;
    matches: Array<{ id: number; label: string; held: boolean; restricted: boolean }>;
  }>;
};

const search = async (user: TestUser, kind: string, value: string) => {
  const response = await ctx.call(user, 'POST', '/api/privacy/subject/search', { kind, value });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Found;
};
const idsOf = (found: Found, resource: string) =>
  found.modules.find((module) => module.resource === resource)?.matches.map((match) => match.id) ?? [];
const listIds = async (
  url: string,
  user: TestUser = url.startsWith('/api/incident') ? siteAdmin : reception,
) => {
  const response = await ctx.call(user, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ id: number }>).map((row) => row.id);
};

describe('subject search (/api/privacy/subject/search)', () => {
  it('finds the person in every module by name, grouped by module', async () => {
    const found = await search(officer, 'name', `  ${LAST.toUpperCase()} ${FIRST} `);
    expect(found.total).toBeGreaterThan(0);
    for (const resource of [
      'visit',
      'vehicle',
      'visit/advice',
      'vehicle/advice',
      'keymanagement/keylend',
      'incident',
      'kbox/content',
      'signature/signed',
    ])
      expect(idsOf(found, resource), resource).toContain(ids[resource]);
    expect(found.modules.find((module) => module.resource === 'visit')!.count).toBe(
      idsOf(found, 'visit').length,
    );
  });

  it('finds by document number, e-mail, phone (spaces ignored) and plate', async () => {
    const byDocument = await search(officer, 'document', 'subj12345');
    expect(idsOf(byDocument, 'visit')).toContain(ids.visit);
    // The key lent during the visit comes along (its holder is a badge, no name or document of its own).
    expect(idsOf(byDocument, 'keymanagement/keylend')).toEqual([ids.visitLend]);
    expect(idsOf(await search(officer, 'email', 'ZDENEK@example.com'), 'visit/advice')).toEqual([
      ids['visit/advice'],
    ]);
    expect(idsOf(await search(officer, 'phone', '777000111'), 'kbox/content')).toEqual([ids['kbox/content']]);
    const byPlate = await search(officer, 'plate', '7su 1234');
    expect(idsOf(byPlate, 'vehicle')).toContain(ids.vehicle);
    expect(idsOf(byPlate, 'vehicle/advice')).toEqual([ids['vehicle/advice']]);
    // The cameras' reads too, labelled with the time of the read.
    expect(idsOf(byPlate, 'vehicle/anpr/read')).toEqual([ids['vehicle/anpr/read']]);
    const read = byPlate.modules.find((module) => module.resource === 'vehicle/anpr/read')!.matches[0]!;
    expect(read.label).toBe(new Date(ctx.clock.now()).toISOString());
    // A name is not in a read: no camera module in a search by name.
    expect(idsOf(await search(officer, 'name', NAME), 'vehicle/anpr/read')).toEqual([]);
  });

  it("never finds another site's person, refuses other roles and bad input, records requests without the value", async () => {
    expect((await search(officerB, 'name', NAME)).total).toBe(0);
    expect(
      (await ctx.call(reception, 'POST', '/api/privacy/subject/search', { kind: 'name', value: NAME }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.call(siteAdmin, 'POST', '/api/privacy/subject/request', {
          kind: 'name',
          value: NAME,
          action: 'erase',
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.call(reception, 'GET', '/api/privacy/subject/requests')).statusCode).toBe(403);
    for (const body of [
      { kind: 'name', value: 'x' },
      { kind: 'shoe size', value: NAME },
      { kind: 'name' },
      { kind: 'name', value: NAME, extra: 1 },
    ])
      expect((await ctx.call(officer, 'POST', '/api/privacy/subject/search', body)).statusCode).toBe(400);
    expect(
      (
        await ctx.call(officer, 'POST', '/api/privacy/subject/request', {
          kind: 'name',
          value: NAME,
          action: 'burn',
        })
      ).statusCode,
    ).toBe(400);

    const log = await ctx.call(officer, 'GET', '/api/privacy/subject/requests');
    expect(log.statusCode).toBe(200);
    expect(log.json().length).toBeGreaterThan(0);
    expect(log.json()[0]).toMatchObject({
      kind: expect.any(String),
      action: 'search',
      userName: officer.userName,
    });
    expect(log.body).not.toContain(LAST);
    const stored = await ctx.db.select().from(privacySubjectRequests);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(LAST);
    const audited = await ctx.db.select().from(audits).where(eq(audits.entity, 'privacy/subject'));
    expect(audited.length).toBeGreaterThan(0);
    expect(JSON.stringify(audited)).not.toContain(LAST);
    // Site B's officer sees only the requests of site B (their own search), not site A's.
    const logB = (await ctx.call(officerB, 'GET', '/api/privacy/subject/requests')).json() as Array<{
      userName: string;
    }>;
    expect(logB.length).toBeGreaterThan(0);
    expect(logB.map((entry) => entry.userName)).toEqual(logB.map(() => officerB.userName));
  });
});

/** The officer's export of what a search finds, in English: the ZIP's files and its data.json. */
async function exported(kind: string, value: string) {
  const response = await ctx.call(officer, 'POST', '/api/privacy/subject/export', {
    kind,
    value,
    language: 'en',
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const zip = unzipSync(new Uint8Array(response.rawPayload));
  const data = JSON.parse(strFromU8(zip['data.json']!)) as {
    records: Record<string, Array<Record<string, unknown>>>;
  };
  return { zip, data };
}

describe('subject export (/api/privacy/subject/export)', () => {
  it('answers a ZIP with every record in JSON, a report in the language asked and the files', async () => {
    const { zip, data } = await exported('name', NAME);
    for (const resource of [
      'visit',
      'vehicle',
      'visit/advice',
      'vehicle/advice',
      'keymanagement/keylend',
      'incident',
      'kbox/content',
      'signature/signed',
    ])
      expect(
        data.records[resource]!.map((row) => row.id),
        resource,
      ).toContain(ids[resource]);
    expect(data.records.visit!.find((row) => row.id === ids.visit)).toMatchObject({ lastName: LAST });
    const report = strFromU8(zip['report.html']!);
    expect(report).toContain('<html lang="en">');
    expect(report).toContain('Key lendings');
    expect(report).toContain(LAST);
    const names = Object.keys(zip);
    expect(names.some((name) => name.startsWith(`files/vehicle/${ids.vehicle}/`))).toBe(true);
    const pdf = names.find((name) => name.startsWith('files/signature-signed/'));
    expect(strFromU8(zip[pdf!]!)).toBe('%PDF-1.4 signed by the subject');
    const czech = await ctx.call(officer, 'POST', '/api/privacy/subject/export', {
      kind: 'name',
      value: NAME,
      language: 'cs',
    });
    expect(strFromU8(unzipSync(new Uint8Array(czech.rawPayload))['report.html']!)).toContain(
      'Výpůjčky klíčů',
    );
    // Audited as an event, never with the content or the value.
    const [entry] = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.entity, 'privacy/subject'))
      .orderBy(audits.id);
    expect(JSON.stringify(entry)).not.toContain(LAST);
  });

  it("exports the cameras' reads of a plate with their time", async () => {
    const { zip, data } = await exported('plate', PLATE);
    expect(data.records['vehicle/anpr/read']).toEqual([
      expect.objectContaining({ id: ids['vehicle/anpr/read'], plate: '7SU 1234', camera: 'Brána 1' }),
    ]);
    const report = strFromU8(zip['report.html']!);
    expect(report).toContain('Camera plate reads');
    expect(report).toContain('<th>time</th>');
  });
});

describe('restriction and erasure (/api/privacy/subject/request)', () => {
  it('restricts: kept, gone from everyday lists, shown to the officer, back after lifting', async () => {
    const other = await enter(ctx, reception, visitor(site, { firstName: 'Olga', lastName: 'Jiná' }));
    expect(other.statusCode, other.body).toBe(201);
    expect(await listIds('/api/visit?size=100')).toContain(ids.visit);
    expect(await listIds('/api/incident?module=MOD_KM&size=100')).toContain(ids.incident);
    const restricted = await ctx.call(officer, 'POST', '/api/privacy/subject/request', {
      kind: 'name',
      value: NAME,
      action: 'restrict',
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    expect(restricted.json().done.visit).toContain(ids.visit);
    const visitList = await listIds('/api/visit?size=100');
    expect(visitList).toContain(other.json().id);
    expect(visitList).not.toContain(ids.visit);
    expect(await listIds('/api/incident?module=MOD_KM&size=100')).not.toContain(ids.incident);
    expect((await ctx.call(reception, 'GET', `/api/visit/${ids.visit}`)).statusCode).toBe(200);
    const found = await search(officer, 'name', NAME);
    const visitMatch = found.modules
      .find((module) => module.resource === 'visit')!
      .matches.find((m) => m.id === ids.visit);
    expect(visitMatch).toMatchObject({ restricted: true });

    const lifted = await ctx.call(officer, 'POST', '/api/privacy/subject/request', {
      kind: 'name',
      value: NAME,
      action: 'lift',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await listIds('/api/visit?size=100')).toContain(ids.visit);
    expect(await listIds('/api/incident?module=MOD_KM&size=100')).toContain(ids.incident);
  });

  it('erases now as retention does: statistics intact, held records skipped and reported', async () => {
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    const gateLoad = async () =>
      (await ctx.call(siteAdmin, 'GET', `/api/report/gate_load?from=${day}&to=${day}`)).json();
    const visitCount = async () => (await ctx.db.select({ id: visits.id }).from(visits)).length;
    const loadBefore = await gateLoad();
    const countBefore = await visitCount();
    const until = new Date(ctx.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const hold = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'INCIDENT',
      recordId: ids.incident,
      reason: 'Insurance claim',
      until,
    });
    expect(hold.statusCode, hold.body).toBe(201);

    const erased = await ctx.call(officer, 'POST', '/api/privacy/subject/request', {
      kind: 'name',
      value: NAME,
      action: 'erase',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().skipped.incident).toEqual([ids.incident]);
    expect(erased.json().done.visit).toContain(ids.visit);

    const [visit] = await ctx.db.select().from(visits).where(eq(visits.id, ids.visit));
    expect(visit).toMatchObject({ anonymized: true, firstName: null, lastName: null, gateId: site.gate });
    const [movement] = await ctx.db
      .select()
      .from(vehicleMovements)
      .where(eq(vehicleMovements.id, ids.vehicle));
    expect(movement).toMatchObject({ anonymized: true, driverLastName: null });
    const [lend] = await ctx.db.select().from(keyLends).where(eq(keyLends.id, ids['keymanagement/keylend']));
    expect(lend!.holder).toBeNull();
    const [box] = await ctx.db.select().from(kboxContents).where(eq(kboxContents.id, ids['kbox/content']));
    expect(box).toMatchObject({ anonymized: true });
    expect(box!.recipientName).not.toBe(NAME);
    const [incident] = await ctx.db.select().from(incidents).where(eq(incidents.id, ids.incident));
    expect(incident).toMatchObject({ anonymized: false, report: `${NAME} lost key SUBJ-1` });

    // Statistics: the same visits and the same gate load.
    expect(await visitCount()).toBe(countBefore);
    expect(await gateLoad()).toEqual(loadBefore);
    // Nothing of the person is found any more, but the held incident.
    const after = await search(officer, 'name', NAME);
    expect(after.modules.map((module) => module.resource)).toEqual(['incident']);
    expect(after.modules[0]!.matches[0]).toMatchObject({ id: ids.incident, held: true });
    const log = (await ctx.call(officer, 'GET', '/api/privacy/subject/requests')).json() as Array<{
      action: string;
      skipped: number;
      done: number;
    }>;
    const erasure = log.find((entry) => entry.action === 'erase');
    expect(erasure).toMatchObject({ skipped: 1 });
    expect(erasure!.done).toBeGreaterThan(5);
  });

  it("erases a plate's camera reads as retention does", async () => {
    const erased = await ctx.call(officer, 'POST', '/api/privacy/subject/request', {
      kind: 'plate',
      value: PLATE,
      action: 'erase',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().done['vehicle/anpr/read']).toEqual([ids['vehicle/anpr/read']]);
    const [read] = await ctx.db.select().from(anprReads).where(eq(anprReads.id, ids['vehicle/anpr/read']));
    expect(read).toMatchObject({ anonymized: true, camera: 'Brána 1' });
    expect(read!.plate.replace(/\s/g, '')).not.toBe(PLATE);
    expect(idsOf(await search(officer, 'plate', PLATE), 'vehicle/anpr/read')).toEqual([]);
  });
});
