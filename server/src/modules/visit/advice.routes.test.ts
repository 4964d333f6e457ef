import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adviceDefaultFilter } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { blacklistEntries } from '../site/site.tables';
import { emails } from '../messaging/messaging.tables';
import { givenVisitSite, type VisitSite } from './visit.fixtures';
import { adviceCategories } from './visit.tables';

let ctx: TestContext;
let site: VisitSite;
let category: number;
let requester: TestUser;
let otherRequester: TestUser;
let responder: TestUser;
let adviceViewer: TestUser;
let reception: TestUser;

/** The moment the app's clock stands at: 10:00 in Prague (the sites' default zone) on 10 March 2026. */
const NOW = Date.parse('2026-03-10T09:00:00Z');
const today = () => '2026-03-10';

const day = (offset: number) => {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

let counter = 0;
const advice = (overrides: Record<string, unknown> = {}) => ({
  category,
  oneTimeDate: today(),
  reason: 'Contract negotiation',
  firstName: 'Olga',
  lastName: `Ohlášená${++counter}`,
  company: 'Partner a.s.',
  visitedFirstName: 'Pavel',
  visitedLastName: 'Ředitel',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.clock.set(NOW);
  site = await givenVisitSite(ctx, ctx.siteA);
  const [row] = await ctx.db
    .insert(adviceCategories)
    .values({ siteId: ctx.siteA, name: 'Business' })
    .returning({ id: adviceCategories.id });
  category = row.id;
  requester = await ctx.givenUser({ roles: ['VISIT_ADVICE_REQUEST'], email: 'requester@example.com' });
  otherRequester = await ctx.givenUser({ roles: ['VISIT_ADVICE_REQUEST'] });
  responder = await ctx.givenUser({ roles: ['VISIT_ADVICE_RESPONSE'] });
  adviceViewer = await ctx.givenUser({ roles: ['VISIT_ADVICE_VIEW'] });
  reception = await ctx.givenUser({ roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO'] });
});
afterAll(() => ctx?.close());

const request = (body: Record<string, unknown>, user: TestUser = requester) =>
  ctx.call(user, 'POST', '/api/visit/advice/request', body);
const respond = (id: number, status: string, reason?: string) =>
  ctx.call(responder, 'POST', '/api/visit/advice/response', { id, status, ...(reason ? { reason } : {}) });

describe('advice dates (one-time or multiple-entry, exactly one)', () => {
  const problems = async (body: Record<string, unknown>) => (await request(advice(body))).json().details;

  it('needs one of them', async () => {
    expect(await problems({ oneTimeDate: null })).toEqual([
      { path: 'oneTimeDate', message: 'validation.adviceDateRequired' },
    ]);
  });
  it('refuses both', async () => {
    expect(await problems({ validFrom: day(0), validTo: day(3) })).toEqual([
      { path: 'oneTimeDate', message: 'validation.adviceDateAndRange' },
    ]);
  });
  it('needs both ends of a range, in order, not in the past', async () => {
    expect(await problems({ oneTimeDate: null, validFrom: day(1) })).toEqual([
      { path: 'validTo', message: 'validation.adviceRangeToRequired' },
    ]);
    expect(await problems({ oneTimeDate: null, validTo: day(1) })).toEqual([
      { path: 'validFrom', message: 'validation.adviceRangeFromRequired' },
    ]);
    expect(await problems({ oneTimeDate: null, validFrom: day(3), validTo: day(1) })).toEqual([
      { path: 'validTo', message: 'validation.adviceRangeOrder' },
    ]);
    expect(await problems({ oneTimeDate: null, validFrom: day(-5), validTo: day(-1) })).toEqual([
      { path: 'validFrom', message: 'validation.futureDate' },
      { path: 'validTo', message: 'validation.futureDate' },
    ]);
    // A range may not start in the past either (it was accepted while its end was ahead).
    expect(await problems({ oneTimeDate: null, validFrom: day(-1), validTo: day(2) })).toEqual([
      { path: 'validFrom', message: 'validation.futureDate' },
    ]);
  });
  it("accepts today, also at the day's first minutes in the site's zone, and refuses the day before", async () => {
    await ctx.clock.set(Date.parse('2026-03-09T23:05:00Z')); // 00:05 on 10 March in Prague, the 9th in UTC
    try {
      expect((await request(advice({ oneTimeDate: day(0) }))).statusCode).toBe(201);
      expect(await problems({ oneTimeDate: day(-1) })).toEqual([
        { path: 'oneTimeDate', message: 'validation.futureDate' },
      ]);
    } finally {
      await ctx.clock.set(NOW);
    }
  });
  it('refuses an update moving a day into the past, and keeps a stored day left as it is', async () => {
    const created = await request(advice({ oneTimeDate: null, validFrom: day(0), validTo: day(3) }));
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json() as { id: number; version: number };
    const moved = await ctx.call(requester, 'PUT', `/api/visit/advice/request/${mine.id}`, {
      version: mine.version,
      validTo: day(-1),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.headers['x-error-code']).toBe('VALIDATION');
    expect(moved.json().details).toEqual([{ path: 'validTo', message: 'validation.futureDate' }]);
    // Two days later the range runs since a past day: moving its end keeps its (past) start.
    await ctx.clock.set(NOW + 2 * 86_400_000);
    try {
      const extended = await ctx.call(requester, 'PUT', `/api/visit/advice/request/${mine.id}`, {
        version: mine.version,
        validFrom: day(0),
        validTo: day(5),
      });
      expect(extended.statusCode, extended.body).toBe(200);
      expect(extended.json()).toMatchObject({ validFrom: day(0), validTo: day(5) });
    } finally {
      await ctx.clock.set(NOW);
    }
  });
  it('refuses a one-time date in the past and a vehicle without a plate', async () => {
    expect(await problems({ oneTimeDate: day(-1) })).toEqual([
      { path: 'oneTimeDate', message: 'validation.futureDate' },
    ]);
    expect(await problems({ allowVehicle: true })).toEqual([
      { path: 'vehiclePlate', message: 'validation.required' },
    ]);
  });
  it('accepts a multiple-entry advice with a vehicle and equipment', async () => {
    const response = await request(
      advice({
        oneTimeDate: null,
        validFrom: day(0),
        validTo: day(5),
        allowVehicle: true,
        vehiclePlate: '5e5 5555',
        vehicleReason: 'Samples',
        equipment: [{ object: 'Projector', serialNumber: 'P-1' }],
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'PENDING',
      activeUntil: day(5),
      vehiclePlate: '5E55555',
      requestUser: { id: requester.id, label: requester.userName },
      equipment: [{ object: 'Projector', serialNumber: 'P-1' }],
      oneTimeClosed: false,
    });
  });
});

describe('requests and responses', () => {
  it('shows a requester only their own requests and lets them change them while pending', async () => {
    const mine = (await request(advice())).json();
    expect((await ctx.call(otherRequester, 'GET', `/api/visit/advice/request/${mine.id}`)).statusCode).toBe(
      404,
    );
    const list = (await ctx.call(otherRequester, 'GET', '/api/visit/advice/request?size=100')).json();
    expect(list.some((row: { id: number }) => row.id === mine.id)).toBe(false);
    const edit = await ctx.call(requester, 'PUT', `/api/visit/advice/request/${mine.id}`, {
      version: mine.version,
      reason: 'Changed',
    });
    expect(edit.statusCode).toBe(200);
    const statusChange = await ctx.call(requester, 'PUT', `/api/visit/advice/request/${mine.id}`, {
      version: mine.version + 1,
      status: 'APPROVED',
    });
    expect(statusChange.statusCode).toBe(400);

    expect((await respond(mine.id, 'APPROVED')).statusCode).toBe(200);
    const late = await ctx.call(requester, 'PUT', `/api/visit/advice/request/${mine.id}`, {
      version: mine.version + 2,
      reason: 'Too late',
    });
    expect(late.headers['x-error-code']).toBe('ADVICE_ANSWERED');
    const withdraw = await ctx.call(requester, 'DELETE', `/api/visit/advice/request/${mine.id}`);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.headers['x-error-code']).toBe('ADVICE_ANSWERED');
  });

  it('approves, and rejects only with a reason, telling the requester by e-mail', async () => {
    const first = (await request(advice({ lastName: 'Schválená' }))).json();
    const approved = await respond(first.id, 'APPROVED');
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      responseUser: { id: responder.id },
      responseReason: null,
    });
    expect(approved.json().responseDate).not.toBeNull();

    const second = (await request(advice({ lastName: 'Zamítnutá' }))).json();
    const noReason = await respond(second.id, 'REJECTED');
    expect(noReason.json().details).toEqual([{ path: 'reason', message: 'validation.rejectReasonRequired' }]);
    const rejected = await respond(second.id, 'REJECTED', 'Capacity');
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', responseReason: 'Capacity' });

    const sent = await ctx.db.select().from(emails).where(eq(emails.recipient, 'requester@example.com'));
    const approvedMail = sent.find((email) => email.subject.includes('Schválená'));
    const rejectedMail = sent.find((email) => email.subject.includes('Zamítnutá'));
    expect(approvedMail?.subject).toContain('schváleno');
    // The advice's day as the UI shows it.
    expect(approvedMail?.body).toContain('(10.03.2026)');
    expect(rejectedMail?.body).toContain('Capacity');
  });

  it('keeps roles apart: requesters do not respond, viewers and responders do not request', async () => {
    const mine = (await request(advice())).json();
    expect(
      (await ctx.call(requester, 'POST', '/api/visit/advice/response', { id: mine.id, status: 'APPROVED' }))
        .statusCode,
    ).toBe(403);
    expect((await request(advice(), adviceViewer)).statusCode).toBe(403);
    expect((await request(advice(), responder)).statusCode).toBe(403);
    expect((await ctx.call(adviceViewer, 'GET', `/api/visit/advice/${mine.id}`)).statusCode).toBe(200);
    expect(
      (await ctx.call(adviceViewer, 'POST', '/api/visit/advice/category', { name: 'X' })).statusCode,
    ).toBe(403);
  });

  it("refuses another site's advice as not found", async () => {
    const other = await ctx.givenUser({ roles: ['VISIT_ADVICE_RESPONSE'], sites: [ctx.siteB] });
    const mine = (await request(advice())).json();
    const response = await ctx.call(other, 'POST', '/api/visit/advice/response', {
      id: mine.id,
      status: 'APPROVED',
    });
    expect(response.statusCode).toBe(404);
  });

  it('lists approved advices from now by default filter', async () => {
    const pending = (await request(advice({ lastName: 'Čekající' }))).json();
    const approved = (await request(advice({ lastName: 'Platná', oneTimeDate: day(2) }))).json();
    await respond(approved.id, 'APPROVED');
    const query = new URLSearchParams({ ...adviceDefaultFilter(today()), size: '100' });
    const list = (await ctx.call(adviceViewer, 'GET', `/api/visit/advice?${query}`)).json();
    const ids = list.map((row: { id: number }) => row.id);
    expect(ids).toContain(approved.id);
    expect(ids).not.toContain(pending.id);
    expectEvery(
      list as Array<{ status: string; activeUntil: string }>,
      (row) => row.status === 'APPROVED' && row.activeUntil >= today(),
    );
  });
});

describe('advice to visit', () => {
  const toVisit = (id: number, body: Record<string, unknown> = {}) =>
    ctx.call(reception, 'POST', `/api/visit/advice/${id}/visit`, {
      gate: site.gate,
      purpose: site.meeting,
      ...body,
    });

  it('turns an approved one-time advice into an entry once, with its equipment and vehicle', async () => {
    const created = (
      await request(
        advice({
          allowVehicle: true,
          vehiclePlate: '7G7 7777',
          equipment: [{ object: 'Tablet', serialNumber: 'T-9' }],
        }),
      )
    ).json();
    expect((await toVisit(created.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
    await respond(created.id, 'APPROVED');
    const response = await toVisit(created.id, { tag: site.card.code });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      direction: 'IN',
      inArea: true,
      firstName: 'Olga',
      lastName: created.lastName,
      vehiclePlate: '7G77777',
      visitedLastName: 'Ředitel',
      adviceId: created.id,
      tag: site.card.code,
      equipment: [{ object: 'Tablet', serialNumber: 'T-9' }],
      gate: { id: site.gate },
    });
    const closed = (await ctx.call(adviceViewer, 'GET', `/api/visit/advice/${created.id}`)).json();
    expect(closed.oneTimeClosed).toBe(true);
    expect((await toVisit(created.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
    await ctx.call(reception, 'POST', `/api/visit/${response.json().id}/leave`, { gate: site.gate });
  });

  it('lets a multiple-entry advice be used on every day of its range, not outside it', async () => {
    const range = (await request(advice({ oneTimeDate: null, validFrom: day(0), validTo: day(2) }))).json();
    await respond(range.id, 'APPROVED');
    const first = await toVisit(range.id);
    expect(first.statusCode).toBe(201);
    await ctx.call(reception, 'POST', `/api/visit/${first.json().id}/leave`, { gate: site.gate });
    expect((await toVisit(range.id)).statusCode).toBe(201);

    const later = (await request(advice({ oneTimeDate: day(1) }))).json();
    await respond(later.id, 'APPROVED');
    expect((await toVisit(later.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
  });

  it('warns about a blacklisted visitor of an advice, and enters them only with each hit acknowledged', async () => {
    await ctx.db.insert(blacklistEntries).values({
      siteId: ctx.siteA,
      category: 'PERSON',
      reason: 'Fraud',
      note: 'Escort only',
      lastName: 'Podvodná',
    });
    const created = (await request(advice({ lastName: 'Podvodná' }))).json();
    await respond(created.id, 'APPROVED');
    const warned = await toVisit(created.id);
    expect(warned.headers['x-error-code']).toBe('BLACKLIST_HIT');
    expect(warned.json().blacklistHits).toEqual([
      {
        list: 'blacklistInternalPerson',
        matchedBy: 'NAME',
        value: 'Podvodná',
        reason: 'Fraud',
        note: 'Escort only',
      },
    ]);
    expect((await toVisit(created.id, { force: true })).headers['x-error-code']).toBe('BLACKLIST_HIT');
    const entered = await toVisit(created.id, { blacklistAcknowledged: ['blacklistInternalPerson'] });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({
      blacklistInternalPerson: 'HIT',
      blacklistHits: [expect.objectContaining({ reason: 'Fraud', note: 'Escort only' })],
    });
  });

  it('refuses rejected advices and callers without a visit role', async () => {
    const rejected = (await request(advice())).json();
    await respond(rejected.id, 'REJECTED', 'No');
    expect((await toVisit(rejected.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
    const response = await ctx.call(responder, 'POST', `/api/visit/advice/${rejected.id}/visit`, {
      gate: site.gate,
      purpose: site.meeting,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("the site's time zone (SITE_TIME_ZONE, Europe/Prague by default)", () => {
  const toVisit = (id: number) =>
    ctx.call(reception, 'POST', `/api/visit/advice/${id}/visit`, { gate: site.gate, purpose: site.meeting });
  const setZone = (value: string) =>
    ctx.call(ctx.admin, 'POST', '/api/system_site/property', {
      name: 'SITE_TIME_ZONE',
      type: 'STRING',
      value,
    });

  afterEach(() => ctx.clock.set(NOW));

  it("takes an advice's today in the site's zone: at 00:30 in Prague (23:30 UTC) the advice of 10 March is valid, and the e-mail shows Prague time", async () => {
    // The request is made on the 9th, for the next day.
    await ctx.clock.set(Date.parse('2026-03-09T12:00:00Z'));
    const created = (await request(advice({ oneTimeDate: '2026-03-10', lastName: 'Půlnoční' }))).json();
    expect(created.oneTimeDate).toBe('2026-03-10');
    await respond(created.id, 'APPROVED');
    // 00:30 on 10 March in Prague, still 9 March in UTC.
    await ctx.clock.set(Date.parse('2026-03-09T23:30:00Z'));
    const response = await toVisit(created.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().movementTime).toBe('2026-03-09T23:30:00.000Z');
    const sent = (
      await ctx.db.select().from(emails).where(eq(emails.recipient, 'reception@example.com'))
    ).find((email) => email.subject.includes('Půlnoční'));
    expect(sent?.body).toContain('čas: 10.03.2026 00:30:00');
    expect(sent?.body).toContain('time: 10.03.2026 00:30:00');
    expect(sent?.body).not.toContain('2026-03-09T23:30');
    await ctx.call(reception, 'POST', `/api/visit/${response.json().id}/leave`, { gate: site.gate });
  });

  it('lets a multiple-entry advice begin and end at midnight in Prague, not in UTC', async () => {
    await ctx.clock.set(Date.parse('2026-03-10T22:30:00Z')); // 23:30 on the 10th in Prague
    const created = (
      await request(advice({ oneTimeDate: null, validFrom: '2026-03-11', validTo: '2026-03-12' }))
    ).json();
    await respond(created.id, 'APPROVED');
    await ctx.clock.set(Date.parse('2026-03-11T00:30:00Z')); // 01:30 on the 11th in Prague: valid
    const entry = await toVisit(created.id);
    expect(entry.statusCode).toBe(201);
    await ctx.call(reception, 'POST', `/api/visit/${entry.json().id}/leave`, { gate: site.gate });
    await ctx.clock.set(Date.parse('2026-03-12T23:30:00Z')); // 00:30 on the 13th in Prague: over
    expect((await toVisit(created.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
  });

  it("follows the site's own zone when set, refusing a zone that does not exist", async () => {
    const wrong = await setZone('Europe/Atlantis');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'value', message: 'validation.timeZone' }]);
    const property = await setZone('America/New_York');
    expect(property.statusCode).toBe(201);
    try {
      await ctx.clock.set(Date.parse('2026-03-10T12:00:00Z'));
      const created = (await request(advice({ oneTimeDate: '2026-03-11', lastName: 'Newyorská' }))).json();
      await respond(created.id, 'APPROVED');
      // 02:00 UTC on the 11th is 22:00 on the 10th in New York (EDT from 8 March): not yet the advice's day.
      await ctx.clock.set(Date.parse('2026-03-11T02:00:00Z'));
      expect((await toVisit(created.id)).headers['x-error-code']).toBe('ADVICE_NOT_USABLE');
      await ctx.clock.set(Date.parse('2026-03-11T04:30:00Z')); // 00:30 in New York
      const entry = await toVisit(created.id);
      expect(entry.statusCode).toBe(201);
      const sent = (
        await ctx.db.select().from(emails).where(eq(emails.recipient, 'reception@example.com'))
      ).find((email) => email.subject.includes('Newyorská'));
      expect(sent?.body).toContain('time: 11.03.2026 00:30:00');
      await ctx.call(reception, 'POST', `/api/visit/${entry.json().id}/leave`, { gate: site.gate });
    } finally {
      await ctx.call(ctx.admin, 'DELETE', `/api/system_site/property/${property.json().id}`);
    }
  });
});

describe('deleting advices', () => {
  it('keeps an advice visits were made from (IN_USE), and deletes one nobody used', async () => {
    const adviceAdmin = await ctx.givenUser({ roles: ['VISIT_ADVICE_ADMIN'] });
    const used = (await request(advice())).json();
    await respond(used.id, 'APPROVED');
    const entry = await ctx.call(reception, 'POST', `/api/visit/advice/${used.id}/visit`, {
      gate: site.gate,
      purpose: site.meeting,
    });
    expect(entry.statusCode).toBe(201);
    const refused = await ctx.call(adviceAdmin, 'DELETE', `/api/visit/advice/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'IN_USE',
      details: [{ path: 'visit.adviceId', params: { count: 1, fieldKey: 'entity.visit.fields.adviceId' } }],
    });
    // Only the advice administrator deletes from the manager; a viewer is refused by role.
    expect((await ctx.call(adviceViewer, 'DELETE', `/api/visit/advice/${used.id}`)).statusCode).toBe(403);
    const unused = (await request(advice())).json();
    expect((await ctx.call(adviceAdmin, 'DELETE', `/api/visit/advice/${unused.id}`)).statusCode).toBe(204);
  });
});
