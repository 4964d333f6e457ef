import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '@strazce/contract';
import { createTestContext, type TestContext, type TestUser } from '../../../test/helper';
import { multipartFile, PNG } from '../../../test/multipart';
import { files } from '../files/files.tables';
import { incidentAttachments, incidents } from '../incident/incident.tables';
import { kboxContents, kboxKeyboxes } from '../kbox/kbox.tables';
import { jobRunner } from '../../platform/jobs';
import { audits } from '../../platform/platform.tables';
import { anprReads, vehicleMovements, vehiclePhotos, vehiclePurposes } from '../vehicle/vehicle.tables';
import { enter, givenVisitSite, visitor, type VisitSite } from '../visit/visit.fixtures';
import { visitCompanions, visits } from '../visit/visit.tables';
import { applyRetention, privacyRetentionJob } from './privacy.retention';

const DAY = 86_400_000;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-privacy-test-'));

let ctx: TestContext;
let siteAdmin: TestUser;
let siteAdminB: TestUser;
let reception: TestUser;
let site: VisitSite;

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  siteAdmin = await ctx.givenUser({ roles: ['SITE_ADMIN', 'KM_ADMIN'], sites: [ctx.siteA] });
  siteAdminB = await ctx.givenUser({ roles: ['SITE_ADMIN'], sites: [ctx.siteB] });
  reception = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteA] });
  site = await givenVisitSite(ctx, ctx.siteA);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A visit that entered and left now (the app's clock), with a companion; answers the entry's id. */
async function visitThatLeft(overrides: Record<string, unknown> = {}): Promise<number> {
  const entry = await enter(ctx, reception, {
    ...visitor(site, overrides),
    companions: [{ name: 'Petr Dvořák', document: 'AB123' }],
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const left = await ctx.call(reception, 'POST', `/api/visit/${entry.json().id}/leave`, { gate: site.gate });
  expect(left.statusCode, left.body).toBe(201);
  return entry.json().id;
}

const preview = async (user: TestUser, query = '') => {
  const response = await ctx.call(user, 'GET', `/api/privacy/retention/preview${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    (
      response.json() as Array<{ key: string; count: number; oldest: string | null; newest: string | null }>
    ).map((row) => [row.key, row]),
  );
};

const gateLoad = async (day: string) =>
  (await ctx.call(siteAdmin, 'GET', `/api/report/gate_load?from=${day}&to=${day}`)).json();

describe('retention settings (/api/privacy/retention)', () => {
  it('answers the lawful defaults until the site sets its own, and saves them as site properties', async () => {
    const defaults = await ctx.call(siteAdmin, 'GET', '/api/privacy/retention');
    expect(defaults.json()).toEqual({ visits: 90, vehicles: 90, anpr: 7, kbox: 30, incidents: 365 });
    const saved = await ctx.call(siteAdminB, 'PUT', '/api/privacy/retention', {
      visits: 30,
      vehicles: 60,
      anpr: 2,
      kbox: 10,
      incidents: 400,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ visits: 30, anpr: 2 });
    // Site B's setting is not site A's.
    expect((await ctx.call(siteAdmin, 'GET', '/api/privacy/retention')).json().visits).toBe(90);
    const config = await ctx.call(siteAdminB, 'GET', '/api/system_site/config');
    expect(config.json()).toContainEqual({ name: 'RETENTION_VISIT_DAYS', type: 'LONG', value: 30 });
    const [entry] = await ctx.db.select().from(audits).where(eq(audits.entity, 'privacy/retention'));
    expect(entry).toMatchObject({ siteId: ctx.siteB });
  });

  it('refuses other roles and days out of bounds', async () => {
    expect((await ctx.call(reception, 'GET', '/api/privacy/retention')).statusCode).toBe(403);
    expect((await ctx.call(reception, 'GET', '/api/privacy/retention/preview')).statusCode).toBe(403);
    expect((await ctx.call(reception, 'POST', '/api/privacy/retention/run')).statusCode).toBe(403);
    const body = { visits: 0, vehicles: 90, anpr: 7, kbox: 30, incidents: 5000 };
    const refused = await ctx.call(siteAdmin, 'PUT', '/api/privacy/retention', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'visits', message: 'validation.min' },
      { path: 'incidents', message: 'validation.max' },
    ]);
    const incomplete = await ctx.call(siteAdmin, 'PUT', '/api/privacy/retention', { visits: 10 });
    expect(incomplete.statusCode).toBe(400);
    expect((await ctx.call(siteAdmin, 'GET', '/api/privacy/retention/preview?visits=0')).statusCode).toBe(
      400,
    );
  });
});

describe('the retention run', () => {
  it('previews, then anonymizes expired visits, keeping gate, times and the gate load; held ones stay', async () => {
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    const expired = await visitThatLeft();
    const heldVisit = await visitThatLeft();
    const heldPerson = await visitThatLeft({ firstName: 'Karel', lastName: 'Zadržený' });
    await ctx.clock.advance(20 * DAY);
    const recent = await visitThatLeft();
    const loadBefore = await gateLoad(day);

    // Holds: one visit by its id, one person by name (any case); another site's hold does not count.
    const until = new Date(ctx.clock.now() + 400 * DAY).toISOString().slice(0, 10);
    const onVisit = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'VISIT',
      recordId: heldVisit,
      reason: 'Police case 12/2026',
      until,
    });
    expect(onVisit.statusCode, onVisit.body).toBe(201);
    const onPerson = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'PERSON',
      firstName: 'karel',
      lastName: 'ZADRŽENÝ',
      reason: 'Court order',
      until,
    });
    expect(onPerson.statusCode, onPerson.body).toBe(201);
    expect(
      (
        await ctx.call(siteAdminB, 'POST', '/api/privacy/hold', {
          subject: 'VISIT',
          recordId: expired,
          reason: 'Elsewhere',
          until,
        })
      ).statusCode,
    ).toBe(201);

    await ctx.clock.advance(71 * DAY);
    // 91 days after the first three left: the expired visit's entry and departure rows; the recent one not yet.
    const next = await preview(siteAdmin);
    expect(next.visits).toMatchObject({ count: 2 });
    expect(new Date(next.visits!.oldest!).getTime()).toBeLessThanOrEqual(
      new Date(next.visits!.newest!).getTime(),
    );
    // Tried before saving: with 10 days the recent visit's rows count too, and nothing was saved.
    expect((await preview(siteAdmin, '?visits=10')).visits).toMatchObject({ count: 4, days: 10 });
    expect((await ctx.call(siteAdmin, 'GET', '/api/privacy/retention')).json().visits).toBe(90);

    const run = await ctx.call(siteAdmin, 'POST', '/api/privacy/retention/run');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ visits: 2 });

    const rows = await ctx.db
      .select()
      .from(visits)
      .where(inArray(visits.id, [expired, heldVisit, heldPerson, recent]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(expired)).toMatchObject({
      anonymized: true,
      firstName: null,
      lastName: null,
      company: null,
      documentNumber: null,
      documentTypeId: null,
      gateId: site.gate,
      purposeId: site.delivery,
      departed: true,
    });
    expect(byId.get(expired)!.departureTime).not.toBeNull();
    expect(byId.get(heldVisit)).toMatchObject({ anonymized: false, firstName: 'Jana' });
    expect(byId.get(heldPerson)).toMatchObject({ anonymized: false, lastName: 'Zadržený' });
    expect(byId.get(recent)).toMatchObject({ anonymized: false });
    const [departure] = await ctx.db.select().from(visits).where(eq(visits.entryId, expired));
    expect(departure).toMatchObject({ anonymized: true, firstName: null });
    expect(await ctx.db.select().from(visitCompanions).where(eq(visitCompanions.visitId, expired))).toEqual(
      [],
    );
    expect(
      await ctx.db.select().from(visitCompanions).where(eq(visitCompanions.visitId, heldVisit)),
    ).toHaveLength(1);

    // The statistics stay: the same gate load for the day of the visits.
    expect(await gateLoad(day)).toEqual(loadBefore);
    // Nothing left to do, and the held records listed on the privacy page.
    expect((await preview(siteAdmin)).visits).toMatchObject({ count: 0, oldest: null, newest: null });
    const holds = await ctx.call(siteAdmin, 'GET', '/api/privacy/hold');
    expect(
      holds
        .json()
        .map((hold: { subject: string }) => hold.subject)
        .sort(),
    ).toEqual(['PERSON', 'VISIT']);
  });

  it('lets retention take a record once its hold has ended', async () => {
    const visit = await visitThatLeft();
    const until = new Date(ctx.clock.now() + 5 * DAY).toISOString().slice(0, 10);
    const hold = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'VISIT',
      recordId: visit,
      reason: 'Short hold',
      until,
    });
    expect(hold.statusCode).toBe(201);
    await ctx.clock.advance(91 * DAY);
    expect((await ctx.call(siteAdmin, 'POST', '/api/privacy/retention/run')).json().visits).toBeGreaterThan(
      0,
    );
    const [row] = await ctx.db.select().from(visits).where(eq(visits.id, visit));
    expect(row).toMatchObject({ anonymized: true, firstName: null });
  });

  it('anonymizes incidents with their attachments, plate reads without a match and picked-up keybox contents', async () => {
    const type = await ctx.call(siteAdmin, 'POST', '/api/incident/type?module=MOD_KM', { name: 'Lost key' });
    expect(type.statusCode, type.body).toBe(201);
    const incident = await ctx.call(siteAdmin, 'POST', '/api/incident?module=MOD_KM', {
      type: type.json().id,
      report: 'Jana Nováková lost key K-1',
      description: 'Phone 777 123 456',
    });
    expect(incident.statusCode, incident.body).toBe(201);
    const { payload, headers } = multipartFile('key.png', PNG, 'image/png');
    const attachment = await ctx.call(
      siteAdmin,
      'POST',
      `/api/incident/attachment?module=MOD_KM&incident=${incident.json().id}`,
      payload,
      headers,
    );
    expect(attachment.statusCode, attachment.body).toBe(201);
    const now = new Date(ctx.clock.now());
    const [unmatched, matched] = await ctx.db
      .insert(anprReads)
      .values([
        { siteId: ctx.siteA, time: now, plate: '1AB2345', matchedPlate: null },
        { siteId: ctx.siteA, time: now, plate: '2CD3456', movementId: null, adviceId: null, vehicleId: null },
      ])
      .returning({ id: anprReads.id });
    const [keybox] = await ctx.db
      .insert(kboxKeyboxes)
      .values({ siteId: ctx.siteA, name: 'Box 1', uuid: 'privacy-box-1' })
      .returning({ id: kboxKeyboxes.id });
    const [content] = await ctx.db
      .insert(kboxContents)
      .values({
        siteId: ctx.siteA,
        contentId: 9001,
        keyboxId: keybox!.id,
        status: 'PICKED_UP' as never,
        senderName: 'Eva Malá',
        senderEmail: 'eva@example.com',
        recipientName: 'Jan Velký',
        recipientPhone: '+420777123456',
        depositedAt: now,
        pickedUpAt: now,
      })
      .returning({ id: kboxContents.id });

    await ctx.clock.advance(8 * DAY);
    const next = await preview(siteAdmin);
    expect(next.anpr).toMatchObject({ count: 2 });
    expect(next.kbox).toMatchObject({ count: 0 });
    expect(next.incidents).toMatchObject({ count: 0 });
    await ctx.clock.advance(400 * DAY);
    const after = await preview(siteAdmin);
    expect(after.kbox).toMatchObject({ count: 1 });
    expect(after.incidents).toMatchObject({ count: 1 });

    const run = await ctx.call(siteAdmin, 'POST', '/api/privacy/retention/run');
    expect(run.json()).toMatchObject({ anpr: 2, kbox: 1, incidents: 1 });
    const reads = await ctx.db
      .select()
      .from(anprReads)
      .where(inArray(anprReads.id, [unmatched!.id, matched!.id]));
    expect(reads.map((read) => [read.plate, read.anonymized])).toEqual([
      [MASKED_VALUE, true],
      [MASKED_VALUE, true],
    ]);
    const [box] = await ctx.db.select().from(kboxContents).where(eq(kboxContents.id, content!.id));
    expect(box).toMatchObject({
      anonymized: true,
      senderName: null,
      senderEmail: null,
      recipientName: null,
      recipientPhone: null,
      keyboxId: keybox!.id,
    });
    expect(box!.pickedUpAt).not.toBeNull();
    const [row] = await ctx.db.select().from(incidents).where(eq(incidents.id, incident.json().id));
    expect(row).toMatchObject({
      anonymized: true,
      report: MASKED_VALUE,
      description: null,
      createdById: null,
      typeId: type.json().id,
      module: 'MOD_KM',
    });
    expect(
      await ctx.db
        .select()
        .from(incidentAttachments)
        .where(eq(incidentAttachments.incidentId, incident.json().id)),
    ).toEqual([]);
    expect(await ctx.db.select().from(files).where(eq(files.name, 'key.png'))).toEqual([]);
    // Incidents still count in their list.
    const list = await ctx.call(siteAdmin, 'GET', '/api/incident?module=MOD_KM');
    expect(list.json().map((item: { id: number }) => item.id)).toContain(incident.json().id);
  });

  it('anonymizes vehicle movements with their photos and files, keeping gate and times; a held one stays', async () => {
    const guard = await ctx.givenUser({ roles: ['VEHICLE_USER', 'VIEW_PERSONAL_INFO'], sites: [ctx.siteA] });
    const [purpose] = await ctx.db
      .insert(vehiclePurposes)
      .values({ siteId: ctx.siteA, name: 'Delivery' })
      .returning({ id: vehiclePurposes.id });
    const movementThatLeft = async (plate: string) => {
      const entry = await ctx.call(guard, 'POST', '/api/vehicle/entry', {
        plate,
        gate: site.gate,
        purpose: purpose!.id,
        driverFirstName: 'Petr',
        driverLastName: 'Řidič',
        documentNumber: 'AB123456',
      });
      expect(entry.statusCode, entry.body).toBe(201);
      const { payload, headers } = multipartFile('truck.png', PNG, 'image/png');
      const photo = await ctx.call(
        guard,
        'POST',
        `/api/vehicle/photo?movement=${entry.json().id}`,
        payload,
        headers,
      );
      expect(photo.statusCode, photo.body).toBe(201);
      const left = await ctx.call(guard, 'POST', `/api/vehicle/${entry.json().id}/leave`, {
        gate: site.gate,
      });
      expect(left.statusCode, left.body).toBe(201);
      return entry.json().id as number;
    };
    const expired = await movementThatLeft('1PR0001');
    const held = await movementThatLeft('1PR0002');
    const until = new Date(ctx.clock.now() + 400 * DAY).toISOString().slice(0, 10);
    expect(
      (
        await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
          subject: 'VEHICLE_MOVEMENT',
          recordId: held,
          reason: 'Damage claim',
          until,
        })
      ).statusCode,
    ).toBe(201);
    await ctx.clock.advance(91 * DAY);
    expect((await preview(siteAdmin)).vehicles!.count).toBeGreaterThanOrEqual(2);
    const run = await ctx.call(siteAdmin, 'POST', '/api/privacy/retention/run');
    expect(run.json().vehicles).toBeGreaterThanOrEqual(2);
    const [row] = await ctx.db.select().from(vehicleMovements).where(eq(vehicleMovements.id, expired));
    expect(row).toMatchObject({
      anonymized: true,
      plate: MASKED_VALUE,
      driverFirstName: null,
      driverLastName: null,
      documentNumber: null,
      gateId: site.gate,
      departed: true,
    });
    expect(await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.movementId, expired))).toEqual(
      [],
    );
    const [kept] = await ctx.db.select().from(vehicleMovements).where(eq(vehicleMovements.id, held));
    expect(kept).toMatchObject({ anonymized: false, plate: '1PR0002', driverLastName: 'Řidič' });
    expect(await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.movementId, held))).toHaveLength(
      1,
    );
    // One photo file left: the held movement's.
    expect(await ctx.db.select().from(files).where(eq(files.name, 'truck.png'))).toHaveLength(1);
  });

  it('works in batches of the size given, each in its own transaction, and finds every record', async () => {
    const ids = [await visitThatLeft(), await visitThatLeft()];
    await ctx.clock.advance(91 * DAY);
    const done = await applyRetention(ctx.db, ctx.app.files, ctx.siteA, new Date(ctx.clock.now()), {
      batch: 1,
    });
    // Each visit: its entry and its departure row.
    expect(done.visits).toBe(4);
    const rows = await ctx.db.select().from(visits).where(inArray(visits.id, ids));
    expect(rows.map((row) => row.anonymized)).toEqual([true, true]);
  });

  it('runs as a daily job once across two instances', async () => {
    const ids = [await visitThatLeft(), await visitThatLeft(), await visitThatLeft()];
    await ctx.clock.advance(91 * DAY);
    const log = { info: () => undefined, error: () => undefined, debug: () => undefined };
    const runners = [0, 1].map((index) => {
      const runner = jobRunner({ database: ctx.database, log, clock: ctx.clock, instance: `test-${index}` });
      runner.register(privacyRetentionJob({ db: ctx.db, files: ctx.app.files, log: log as never }));
      return runner;
    });
    const outcomes = await Promise.all(runners.map((runner) => runner.tick()));
    const runs = outcomes.map((outcome) => outcome['privacy-retention']);
    expect(runs.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    const rows = await ctx.db.select().from(visits).where(inArray(visits.id, ids));
    expect(rows.map((row) => row.anonymized)).toEqual([true, true, true]);
  });
});

describe('legal holds (/api/privacy/hold)', () => {
  it('needs a record for a record hold and names for a person, a day not past, and the site admin role', async () => {
    const until = new Date(ctx.clock.now() + DAY).toISOString().slice(0, 10);
    const noRecord = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'INCIDENT',
      reason: 'x',
      until,
    });
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().details).toEqual([{ path: 'recordId', message: 'validation.required' }]);
    const noName = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'PERSON',
      lastName: 'Nový',
      reason: 'x',
      until,
    });
    expect(noName.json().details).toEqual([{ path: 'firstName', message: 'validation.required' }]);
    const past = await ctx.call(siteAdmin, 'POST', '/api/privacy/hold', {
      subject: 'INCIDENT',
      recordId: 1,
      reason: 'x',
      until: '2020-01-01',
    });
    expect(past.json().details).toEqual([{ path: 'until', message: 'validation.futureDate' }]);
    expect(
      (
        await ctx.call(reception, 'POST', '/api/privacy/hold', {
          subject: 'INCIDENT',
          recordId: 1,
          reason: 'x',
          until,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("does not show or change another site's hold", async () => {
    const until = new Date(ctx.clock.now() + DAY).toISOString().slice(0, 10);
    const created = await ctx.call(siteAdminB, 'POST', '/api/privacy/hold', {
      subject: 'INCIDENT',
      recordId: 7,
      reason: 'B only',
      until,
    });
    expect(created.statusCode).toBe(201);
    expect((await ctx.call(siteAdmin, 'GET', `/api/privacy/hold/${created.json().id}`)).statusCode).toBe(404);
    expect((await ctx.call(siteAdmin, 'DELETE', `/api/privacy/hold/${created.json().id}`)).statusCode).toBe(
      404,
    );
  });
});
