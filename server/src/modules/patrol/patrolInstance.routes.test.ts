// Over 600 lines: one module's HTTP story against one database; its cases share the set-up of the file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATROL_INCIDENT_OBJECT_CLASS, PATROL_INTEGRITY_PENALTY } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { multipartFile, PDF, PNG } from '../../../test/multipart';
import { givenTerminal, terminalHeaders } from '../../../test/terminals';
import { incidentAttachments } from '../incident/incident.tables';
import { audits, persons } from '../../platform/platform.tables';
import { emails } from '../messaging/messaging.tables';
import { patrolInstances, patrolScans, patrolTerminalEvents } from './patrol.tables';

let ctx: TestContext;
let patrolAdmin: TestUser;
let patrolView: TestUser;
let otherAdmin: TestUser;
let visitAdmin: TestUser;
/** The patrol terminal of site A (its token) and of site B. */
let handheld: string;
let handheldB: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-patrol-test-'));

beforeAll(async () => {
  ctx = await createTestContext({ filesDir });
  patrolAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'] });
  patrolView = await ctx.givenUser({ roles: ['PATROL_VIEW'] });
  otherAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'], sites: [ctx.siteB] });
  visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VEHICLE_ADMIN'] });
  handheld = (await created(patrolAdmin, 'patrol/terminal', { name: 'Round handheld' })).token as string;
  handheldB = (await created(otherAdmin, 'patrol/terminal', { name: 'Round handheld B' })).token as string;
});
afterAll(() => ctx?.close());

async function created(user: TestUser, resource: string, body: Record<string, unknown>) {
  const response = await ctx.call(user, 'POST', `/api/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { id: number };
}

let counter = 0;
/** A route of the site with `size` checkpoints (tags ROUND-n), a guard with a PIN and the ids of both. */
async function givenRound(
  user: TestUser,
  site: number,
  options: { size?: number; ordered?: boolean; route?: Record<string, unknown> } = {},
) {
  const n = ++counter;
  const checkpoints: Array<{ id: number; tag: string; name: string }> = [];
  for (let index = 0; index < (options.size ?? 4); index++) {
    const tag = `ROUND-${n}-${index + 1}`;
    const name = `Bod ${n}.${index + 1}`;
    checkpoints.push({ id: (await created(user, 'patrol/checkpoint', { name, tagId: tag })).id, tag, name });
  }
  const route = await created(user, 'patrol/route', {
    name: `Okruh ${n}`,
    ordered: options.ordered ?? true,
    checkpoints: checkpoints.map((checkpoint) => checkpoint.id),
    tasks: ['Zkontrolovat okna', 'Zamknout archiv'],
    ...options.route,
  });
  const [person] = await ctx.db
    .insert(persons)
    .values({ firstName: 'Petr', lastName: `Hlídač${n}`, homeSiteId: site })
    .returning({ id: persons.id });
  const pin = String(2000 + n);
  const guard = await created(user, 'patrol/guard', { person: person.id, pin });
  // The guard signs in at the site's handheld two hours before the test's now, so that the rounds' events
  // (an hour ago and later) lie after the sign-in and within the offline window.
  const terminal = site === ctx.siteA ? handheld : handheldB;
  const signIn = (await signInAt(terminal, pin, -120)).signIn.token as string;
  return { route: route.id, guard: guard.id, person: person.id, checkpoints, pin, signIn };
}

/** The guard's sign-in at a terminal `minutes` from the test clock's now (the clock is put back after). */
async function signInAt(token: string, pin: string, minutes = 0, body: Record<string, unknown> = {}) {
  const now = ctx.clock.now();
  await ctx.clock.set(now + minutes * 60_000);
  try {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/patrol/terminal/signin',
      headers: { 'x-client-token': token },
      payload: { pin, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { signIn: { token: string; expires: string }; tagSalt: string };
  } finally {
    await ctx.clock.set(now);
  }
}

/** Minutes after the test clock's now, as the device writes times. */
const at = (minutes: number) => new Date(ctx.clock.now() + minutes * 60_000).toISOString();

type Event = Record<string, unknown> & { id: string };
const event = (
  patrol: string,
  type: string,
  minutes: number,
  fields: Record<string, unknown> = {},
): Event => ({
  id: randomUUID(),
  patrol,
  type,
  time: at(minutes),
  ...fields,
});

/** Events of a patrol: start, a scan of each tag given (a minute apart), finish when asked. */
function patrolEvents(round: Awaited<ReturnType<typeof givenRound>>, tags: string[], finish = true) {
  const patrol = randomUUID();
  const events = [
    event(patrol, 'start', -60, { route: round.route, guard: round.guard, signIn: round.signIn }),
  ];
  tags.forEach((tagId, index) => events.push(event(patrol, 'scan', -59 + index, { tagId, method: 'NFC' })));
  if (finish) events.push(event(patrol, 'finish', -59 + tags.length));
  return { patrol, events };
}

interface SubmitResult {
  id: string;
  status: string;
  code: string | null;
  message: string | null;
  instance: number | null;
  incident: number | null;
}

async function submit(token: string, events: Event[], sentAt = new Date(ctx.clock.now()).toISOString()) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/patrol/terminal/submit',
    headers: { 'x-client-token': token },
    payload: { sentAt, events },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: SubmitResult[] }).results;
}

const instanceOf = async (user: TestUser, id: number) => {
  const response = await ctx.call(user, 'GET', `/api/patrol/instance/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('a patrol from the terminal', () => {
  it('starts, scans, confirms a task and finishes: listed in progress, then in the archive with its score', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const tags = round.checkpoints.map((checkpoint) => checkpoint.tag);
    const { patrol, events } = patrolEvents(round, tags, false);
    events.push(event(patrol, 'task', -50, { index: 1 }));
    const results = await submit(handheld, events);
    expectEvery(results, (result) => result.status === 'accepted');
    const id = results[0].instance!;
    expectEvery(results, (result) => result.instance === id);

    const inProgress = await ctx.call(
      patrolView,
      'GET',
      `/api/patrol/instance?inProgress=true&route=${round.route}`,
    );
    expect(inProgress.headers['x-total-count']).toBe('1');
    expect(inProgress.json()[0]).toMatchObject({
      id,
      inProgress: true,
      finished: null,
      score: null,
      checkpointCount: 4,
      scannedCount: 4,
      routeName: `Okruh ${counter}`,
      ordered: true,
      route: { id: round.route },
      guard: { id: round.guard, label: `Hlídač${counter} Petr` },
      terminal: { label: 'Round handheld' },
    });

    const tasks = await ctx.call(patrolView, 'GET', `/api/patrol/instance/${id}/task`);
    expect(tasks.json()).toEqual([
      { index: 0, text: 'Zkontrolovat okna', time: null },
      { index: 1, text: 'Zamknout archiv', time: at(-50) },
    ]);

    const finish = await submit(handheld, [event(patrol, 'finish', -40)]);
    expect(finish[0]).toMatchObject({ status: 'accepted', instance: id });
    expect(await instanceOf(patrolView, id)).toMatchObject({
      inProgress: false,
      finished: at(-40),
      finishedBy: null,
      score: 100,
      integrity: [],
    });
    const archive = await ctx.call(
      patrolView,
      'GET',
      `/api/patrol/instance?inProgress=false&route=${round.route}`,
    );
    expectEvery(
      archive.json() as Array<{ id: number; score: number }>,
      (row) => row.id === id && row.score === 100,
    );
    const byScore = await ctx.call(
      patrolView,
      'GET',
      `/api/patrol/instance?scoreFrom=100&guard=${round.guard}`,
    );
    expect((byScore.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([id]);
    const none = await ctx.call(
      patrolView,
      'GET',
      `/api/patrol/instance?startedFrom=${encodeURIComponent(at(1))}&guard=${round.guard}`,
    );
    expect(none.json()).toEqual([]);
  });

  it('ends an ordered patrol out of order, with a repeated scan and a missed checkpoint, at the expected score', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const [a, b, c] = round.checkpoints;
    const { events } = patrolEvents(round, [a.tag, c.tag, b.tag, c.tag, 'NO-SUCH-TAG']);
    const results = await submit(handheld, events);
    expectEvery(results, (result) => result.status === 'accepted');
    const id = results[0].instance!;
    const instance = await instanceOf(patrolAdmin, id);
    expect(
      (instance.integrity as Array<{ reason: string; checkpoint: { name: string } | null }>).map(
        (reason) => `${reason.reason}:${reason.checkpoint?.name}`,
      ),
    ).toEqual([`OUT_OF_ORDER:${b.name}`, `DUPLICATE:${c.name}`, `MISSED:${round.checkpoints[3].name}`]);
    expect(instance.score).toBe(
      100 -
        PATROL_INTEGRITY_PENALTY.OUT_OF_ORDER -
        PATROL_INTEGRITY_PENALTY.DUPLICATE -
        PATROL_INTEGRITY_PENALTY.MISSED,
    );
    expect(instance.scannedCount).toBe(3);
    expect(instance.integrity[0]).toMatchObject({ expectedPosition: 2, position: 3, time: at(-57) });

    const scans = await ctx.call(patrolView, 'GET', `/api/patrol/instance/${id}/checkpoint`);
    expect(
      (scans.json() as Array<Record<string, unknown>>).map(
        ({ checkpoint, tagId, routePosition, outOfOrder, duplicate }) => ({
          checkpoint: (checkpoint as { id: number } | null)?.id ?? null,
          tagId,
          routePosition,
          outOfOrder,
          duplicate,
        }),
      ),
    ).toEqual([
      { checkpoint: a.id, tagId: a.tag, routePosition: 1, outOfOrder: false, duplicate: false },
      { checkpoint: c.id, tagId: c.tag, routePosition: 3, outOfOrder: false, duplicate: false },
      { checkpoint: b.id, tagId: b.tag, routePosition: 2, outOfOrder: true, duplicate: false },
      { checkpoint: c.id, tagId: c.tag, routePosition: 3, outOfOrder: false, duplicate: true },
      { checkpoint: null, tagId: 'NO-SUCH-TAG', routePosition: null, outOfOrder: false, duplicate: false },
    ]);
  });

  it('TOO_FAST: a walk faster than the fastest between the same checkpoints on earlier patrols', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA, { size: 2, ordered: false });
    const [a, b] = round.checkpoints;
    const walk = (seconds: number) => {
      const patrol = randomUUID();
      return [
        event(patrol, 'start', -30, { route: round.route, guard: round.guard, signIn: round.signIn }),
        { ...event(patrol, 'scan', -20, { tagId: a.tag, method: 'QR' }) },
        {
          ...event(patrol, 'scan', -20, { tagId: b.tag, method: 'QR' }),
          time: new Date(Date.parse(at(-20)) + seconds * 1000).toISOString(),
        },
        event(patrol, 'finish', -10),
      ];
    };
    // No history: no reason; the first patrol teaches the route 120 s.
    const first = await submit(handheld, walk(120));
    expect((await instanceOf(patrolView, first[0].instance!)).score).toBe(100);
    const second = await submit(handheld, walk(30));
    const instance = await instanceOf(patrolView, second[0].instance!);
    expect(instance.integrity).toEqual([
      expect.objectContaining({
        reason: 'TOO_FAST',
        checkpoint: { id: b.id, name: b.name },
        previousCheckpoint: { id: a.id, name: a.name },
        seconds: 30,
        fastestSeconds: 120,
        points: PATROL_INTEGRITY_PENALTY.TOO_FAST,
      }),
    ]);
    // A walk that was too fast is not learnt: the next one is still measured against 120 s.
    const third = await submit(handheld, walk(60));
    expect((await instanceOf(patrolView, third[0].instance!)).integrity).toEqual([
      expect.objectContaining({ reason: 'TOO_FAST', fastestSeconds: 120 }),
    ]);
    const scans = await ctx.call(patrolView, 'GET', `/api/patrol/instance/${third[0].instance}/checkpoint`);
    expect((scans.json() as Array<{ tooFast: boolean }>).map((scan) => scan.tooFast)).toEqual([false, true]);
  });

  it('CLOCK_SKEW: a device clock more than a minute off costs the patrols it touches once, the largest kept', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const tags = round.checkpoints.map((checkpoint) => checkpoint.tag);
    const { patrol, events } = patrolEvents(round, tags, false);
    const ahead = (seconds: number) => new Date(ctx.clock.now() + seconds * 1000).toISOString();
    const started = await submit(handheld, events.slice(0, 3), ahead(-300));
    await submit(handheld, events.slice(3), ahead(120));
    // Within the tolerance: nothing more.
    await submit(handheld, [event(patrol, 'finish', -1)], ahead(59));
    const instance = await instanceOf(patrolView, started[0].instance!);
    expect(instance.integrity).toEqual([
      expect.objectContaining({
        reason: 'CLOCK_SKEW',
        seconds: -300,
        checkpoint: null,
        points: PATROL_INTEGRITY_PENALTY.CLOCK_SKEW,
      }),
    ]);
    expect(instance.score).toBe(100 - PATROL_INTEGRITY_PENALTY.CLOCK_SKEW);
  });
});

describe('the guard’s sign-in and the times of the events', () => {
  /** A second patrol terminal of site A. */
  let second: string;
  beforeAll(async () => {
    second = (await created(patrolAdmin, 'patrol/terminal', { name: 'Second handheld' })).token as string;
  });

  /** A start at `minutes` with these fields, scans of every checkpoint a minute apart after it, a finish. */
  function roundAt(
    round: Awaited<ReturnType<typeof givenRound>>,
    minutes: number,
    start: Record<string, unknown>,
  ) {
    const patrol = randomUUID();
    const events = [event(patrol, 'start', minutes, { route: round.route, guard: round.guard, ...start })];
    round.checkpoints.forEach((checkpoint, index) =>
      events.push(event(patrol, 'scan', minutes + 1 + index, { tagId: checkpoint.tag, method: 'NFC' })),
    );
    events.push(event(patrol, 'finish', minutes + 1 + round.checkpoints.length));
    return { patrol, events };
  }

  it('a start without the guard’s sign-in proof is rejected with PATROL_SIGNIN_REQUIRED (401), and its round is unknown', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    for (const start of [{}, { signIn: 'made-up-proof' }]) {
      const { events } = roundAt(round, -10, start);
      const results = await submit(handheld, events);
      expect(results[0]).toMatchObject({
        status: 'rejected',
        code: 'PATROL_SIGNIN_REQUIRED',
        message: 'apiError_PATROL_SIGNIN_REQUIRED',
        instance: null,
      });
      expectEvery(results.slice(1), (result) => result.code === 'PATROL_UNKNOWN');
    }
    const [{ started }] = await ctx.db
      .select({ started: count() })
      .from(patrolInstances)
      .where(eq(patrolInstances.routeId, round.route));
    expect(started).toBe(0);
  });

  it('a start with the guard’s valid sign-in proof of this terminal is accepted, the proof kept out of the audit', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const proof = await signInAt(handheld, round.pin, -10);
    expect(proof.signIn.token.length).toBeGreaterThan(20);
    expect(Date.parse(proof.signIn.expires)).toBe(ctx.clock.now() - 10 * 60_000 + 12 * 3_600_000);
    const { events } = roundAt(round, -6, { signIn: proof.signIn.token });
    const results = await submit(handheld, events);
    expectEvery(results, (result) => result.status === 'accepted');
    const instance = await instanceOf(patrolView, results[0].instance!);
    expect(instance).toMatchObject({ score: 100, integrity: [] });
    const [entry] = await ctx.db
      .select({ body: audits.requestBody })
      .from(audits)
      .where(eq(audits.path, '/api/patrol/terminal/submit'))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(JSON.stringify(entry.body)).not.toContain(proof.signIn.token);
  });

  it('another terminal’s proof, another guard’s and an expired one are refused', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const other = await givenRound(patrolAdmin, ctx.siteA);
    const atSecond = await signInAt(second, round.pin);
    const declared = await signInAt(handheld, round.pin, -40, { offlineWindowMinutes: 30 });
    const stale = await signInAt(handheld, round.pin, -13 * 60);
    for (const [minutes, signIn] of [
      [0, atSecond.signIn.token],
      [0, other.signIn],
      [-35, declared.signIn.token],
      [-12 * 60 - 50, stale.signIn.token],
    ] as const) {
      const results = await submit(handheld, roundAt(round, minutes, { signIn }).events);
      expect(results[0]).toMatchObject({ status: 'rejected', code: 'PATROL_SIGNIN_REQUIRED' });
    }
    // The second terminal's own proof starts a round there.
    const there = await submit(second, roundAt(round, 0, { signIn: atSecond.signIn.token }).events);
    expectEvery(there, (result) => result.status === 'accepted');
  });

  it('TIME_BACKDATED and TIME_FUTURE: event times before the sign-in, beyond the offline window or after the receipt lower the score', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const proof = await signInAt(handheld, round.pin);
    // The fabricated round: signed in now, four scans three hours before, finished "now".
    const patrol = randomUUID();
    const forged = [
      event(patrol, 'start', -180, { route: round.route, guard: round.guard, signIn: proof.signIn.token }),
      ...round.checkpoints.map((checkpoint, index) =>
        event(patrol, 'scan', -179 + index, { tagId: checkpoint.tag, method: 'QR' }),
      ),
      event(patrol, 'finish', 0),
    ];
    const results = await submit(handheld, forged);
    expectEvery(results, (result) => result.status === 'accepted');
    const instance = await instanceOf(patrolView, results[0].instance!);
    const backdated = (instance.integrity as Array<{ reason: string }>).filter(
      (reason) => reason.reason === 'TIME_BACKDATED',
    );
    expect(backdated).toHaveLength(5);
    expect(backdated[1]).toMatchObject({
      checkpoint: { id: round.checkpoints[0].id, name: round.checkpoints[0].name },
      seconds: 179 * 60,
      points: PATROL_INTEGRITY_PENALTY.TIME_BACKDATED,
    });
    expect(instance.score).toBe(100 - 5 * PATROL_INTEGRITY_PENALTY.TIME_BACKDATED);

    // Within the window of 60 minutes declared at the sign-in: started now, scanned a minute later, but that
    // scan arrives three hours after it; the next one is dated ten minutes after its receipt.
    const declared = await signInAt(handheld, round.pin, 0, { offlineWindowMinutes: 60 });
    const late = randomUUID();
    const started = await submit(handheld, [
      event(late, 'start', 0, { route: round.route, guard: round.guard, signIn: declared.signIn.token }),
    ]);
    await ctx.clock.advance(181 * 60_000);
    await submit(handheld, [
      event(late, 'scan', -180, { tagId: round.checkpoints[0].tag, method: 'NFC' }),
      event(late, 'scan', 10, { tagId: round.checkpoints[1].tag, method: 'NFC' }),
    ]);
    const finish = await ctx.call(patrolAdmin, 'POST', `/api/patrol/instance/${started[0].instance}/finish`);
    expect(finish.statusCode, finish.body).toBe(200);
    expect(
      (finish.json().integrity as Array<{ reason: string }>).filter((reason) => reason.reason !== 'MISSED'),
    ).toEqual([
      expect.objectContaining({ reason: 'TIME_BACKDATED', seconds: 120 * 60 }),
      expect.objectContaining({ reason: 'TIME_FUTURE', seconds: 10 * 60 }),
    ]);
    expect(finish.json().score).toBe(
      100 -
        PATROL_INTEGRITY_PENALTY.TIME_BACKDATED -
        PATROL_INTEGRITY_PENALTY.TIME_FUTURE -
        2 * PATROL_INTEGRITY_PENALTY.MISSED,
    );
  });

  it('a round recorded offline within the declared window and sent later still scores fully', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    // Signed in online six hours ago with an eight-hour window; the round was walked offline and is sent now.
    const proof = await signInAt(handheld, round.pin, -6 * 60, { offlineWindowMinutes: 8 * 60 });
    const { events } = roundAt(round, -5 * 60, { signIn: proof.signIn.token });
    const results = await submit(handheld, events);
    expectEvery(results, (result) => result.status === 'accepted');
    expect(await instanceOf(patrolView, results[0].instance!)).toMatchObject({ score: 100, integrity: [] });
  });
});

describe('idempotent submission', () => {
  it('the same batch again, and twice at once, stores every event once and answers the same ids', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const { patrol, events } = patrolEvents(round, [round.checkpoints[0].tag], false);
    const type = await patrolIncidentType(patrolAdmin);
    events.push(
      event(patrol, 'incident', -55, { incidentType: type, consequence: 'LOW', report: 'Otevřené okno' }),
    );
    const first = await submit(handheld, events);
    expectEvery(first, (result) => result.status === 'accepted');
    const again = await submit(handheld, events);
    expect(again).toEqual(first.map((result) => ({ ...result, status: 'duplicate' })));

    const fresh = patrolEvents(
      round,
      round.checkpoints.map((checkpoint) => checkpoint.tag),
    );
    const [one, two] = await Promise.all([submit(handheld, fresh.events), submit(handheld, fresh.events)]);
    const statuses = [...one, ...two].map((result) => result.status);
    expect(statuses.filter((status) => status === 'accepted')).toHaveLength(fresh.events.length);
    expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(fresh.events.length);
    expect(one.map((result) => result.instance)).toEqual(two.map((result) => result.instance));

    const ids = [...events, ...fresh.events].map((item) => item.id);
    const [{ stored }] = await ctx.db
      .select({ stored: count() })
      .from(patrolTerminalEvents)
      .where(inArray(patrolTerminalEvents.eventId, ids));
    expect(stored).toBe(ids.length);
    const [{ instances }] = await ctx.db
      .select({ instances: count() })
      .from(patrolInstances)
      .where(inArray(patrolInstances.clientPatrolId, [patrol, fresh.patrol]));
    expect(instances).toBe(2);
    const [{ scans }] = await ctx.db
      .select({ scans: count() })
      .from(patrolScans)
      .where(eq(patrolScans.instanceId, one[0].instance!));
    expect(scans).toBe(4);
    const patrolInstance = await instanceOf(patrolView, first[0].instance!);
    expect(patrolInstance.incidentCount).toBe(1);
  });

  it('rejects what can never be accepted, each event on its own, with a code and a translation key', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const foreign = await givenRound(otherAdmin, ctx.siteB);
    const patrol = randomUUID();
    const unknown = randomUUID();
    const events = [
      event(unknown, 'scan', -40, { tagId: round.checkpoints[0].tag, method: 'QR' }),
      event(randomUUID(), 'start', -40, { route: foreign.route, guard: round.guard, signIn: round.signIn }),
      // Another site's guard: no sign-in of theirs on this terminal (the proof is of another guard).
      event(randomUUID(), 'start', -40, { route: round.route, guard: foreign.guard, signIn: round.signIn }),
      event(patrol, 'start', -40, { route: round.route, guard: round.guard, signIn: round.signIn }),
      event(patrol, 'start', -40, { route: round.route, guard: round.guard, signIn: round.signIn }),
      event(patrol, 'task', -39, { index: 2 }),
      event(patrol, 'incident', -39, { incidentType: 999_999, consequence: 'LOW', report: 'X' }),
      event(patrol, 'scan', -38, { tagId: round.checkpoints[0].tag, method: 'TYPED' }),
      event(patrol, 'finish', -37),
      event(patrol, 'scan', -36, { tagId: round.checkpoints[1].tag, method: 'QR' }),
    ];
    const results = await submit(handheld, events);
    expect(results.map((result) => [result.status, result.code, result.message])).toEqual([
      ['rejected', 'PATROL_UNKNOWN', 'apiError_PATROL_UNKNOWN'],
      ['rejected', 'PATROL_ROUTE_INVALID', 'apiError_PATROL_ROUTE_INVALID'],
      ['rejected', 'PATROL_SIGNIN_REQUIRED', 'apiError_PATROL_SIGNIN_REQUIRED'],
      ['accepted', null, null],
      ['rejected', 'PATROL_EXISTS', 'apiError_PATROL_EXISTS'],
      ['rejected', 'PATROL_TASK_INVALID', 'apiError_PATROL_TASK_INVALID'],
      ['rejected', 'PATROL_INCIDENT_TYPE_INVALID', 'apiError_PATROL_INCIDENT_TYPE_INVALID'],
      ['accepted', null, null],
      ['accepted', null, null],
      ['rejected', 'PATROL_FINISHED', 'apiError_PATROL_FINISHED'],
    ]);
    expect(results.map((result) => result.id)).toEqual(events.map((item) => item.id));
    // A rejected event is not stored: sent again, it is rejected again (not a duplicate).
    const retried = await submit(handheld, [events[0]]);
    expect(retried[0]).toMatchObject({ status: 'rejected', code: 'PATROL_UNKNOWN' });
    // Another site's terminal does not know this site's patrol.
    const byB = await submit(handheldB, [event(patrol, 'scan', -30, { tagId: 'X', method: 'QR' })]);
    expect(byB[0]).toMatchObject({ status: 'rejected', code: 'PATROL_UNKNOWN' });
    // A malformed body is refused as a whole.
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/patrol/terminal/submit',
      headers: { 'x-client-token': handheld },
      payload: { sentAt: at(0), events: [{ ...events[7], method: 'BARCODE' }] },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('who may call what', () => {
  it('PATROL_ADMIN finishes (audited), PATROL_VIEW reads only, other roles and sites are refused', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA);
    const { events } = patrolEvents(round, [round.checkpoints[0].tag], false);
    const id = (await submit(handheld, events))[0].instance!;

    for (const suffix of ['', '/checkpoint', '/task', '/incident']) {
      expect(
        (await ctx.call(patrolView, 'GET', `/api/patrol/instance/${id}${suffix}`)).statusCode,
        suffix,
      ).toBe(200);
      expect(
        (await ctx.call(visitAdmin, 'GET', `/api/patrol/instance/${id}${suffix}`)).statusCode,
        suffix,
      ).toBe(403);
      expect(
        (await ctx.call(otherAdmin, 'GET', `/api/patrol/instance/${id}${suffix}`)).statusCode,
        suffix,
      ).toBe(404);
    }
    const foreignList = await ctx.call(otherAdmin, 'GET', '/api/patrol/instance');
    expect((foreignList.json() as Array<{ id: number }>).some((row) => row.id === id)).toBe(false);
    expect((await ctx.call(patrolView, 'POST', `/api/patrol/instance/${id}/finish`)).statusCode).toBe(403);
    expect((await ctx.call(visitAdmin, 'POST', `/api/patrol/instance/${id}/finish`)).statusCode).toBe(403);
    expect((await ctx.call(otherAdmin, 'POST', `/api/patrol/instance/${id}/finish`)).statusCode).toBe(404);
    // Read-only list: no create, update or delete.
    expect((await ctx.call(patrolAdmin, 'DELETE', `/api/patrol/instance/${id}`)).statusCode).toBe(404);

    await ctx.clock.advance(5 * 60_000);
    const finished = await ctx.call(patrolAdmin, 'POST', `/api/patrol/instance/${id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({
      inProgress: false,
      finished: new Date(ctx.clock.now()).toISOString(),
      finishedBy: { id: patrolAdmin.id },
      score: 100 - 3 * PATROL_INTEGRITY_PENALTY.MISSED,
    });
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(
        and(eq(audits.entity, 'patrol/instance'), eq(audits.recordId, String(id)), eq(audits.method, 'POST')),
      )
      .orderBy(desc(audits.id))
      .limit(1);
    expect(audit).toMatchObject({
      authorId: patrolAdmin.id,
      path: `/api/patrol/instance/${id}/finish`,
      changes: { inProgress: { from: true, to: false }, score: { to: 40 } },
    });
    const again = await ctx.call(patrolAdmin, 'POST', `/api/patrol/instance/${id}/finish`);
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-error-code']).toBe('PATROL_FINISHED');
    // The terminal's finish after the administrator's is rejected.
    const late = await submit(handheld, [event(events[0].patrol as string, 'finish', 0)]);
    expect(late[0]).toMatchObject({ status: 'rejected', code: 'PATROL_FINISHED' });
  });

  it('takes the terminal token only on the terminal routes, and never a user session there', async () => {
    const body = { sentAt: at(0), events: [event(randomUUID(), 'finish', 0)] };
    const bySession = await ctx.call(patrolAdmin, 'POST', '/api/patrol/terminal/submit', body);
    expect(bySession.statusCode).toBe(401);
    expect(bySession.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
    for (const url of [
      '/api/patrol/terminal/incidenttype',
      `/api/patrol/terminal/attachment?event=${randomUUID()}`,
    ]) {
      const response = await ctx.call(patrolAdmin, url.includes('attachment') ? 'POST' : 'GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['x-error-code'], url).toBe('TERMINAL_REQUIRED');
    }
    const byTerminal = await ctx.app.inject({
      method: 'GET',
      url: '/api/patrol/instance',
      headers: { 'x-client-token': handheld },
    });
    expect(byTerminal.statusCode).toBe(401);
    expect(byTerminal.headers['x-error-code']).toBe('SESSION_REQUIRED');
    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA, name: 'Patrol test camera' });
    const byCamera = await ctx.app.inject({
      method: 'POST',
      url: '/api/patrol/terminal/submit',
      headers: terminalHeaders(camera),
      payload: body,
    });
    expect(byCamera.statusCode).toBe(403);
  });
});

let typeCount = 0;
async function patrolIncidentType(user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  const response = await ctx.call(user, 'POST', '/api/incident/type?module=MOD_PATROL', {
    name: `Závada ${++typeCount}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('incidents on a patrol', () => {
  it('creates a MOD_PATROL incident of the patrol, notifies, and takes its photo once', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA, {
      route: { notify: true, notificationEmails: 'route.desk@example.com' },
    });
    const type = await patrolIncidentType(patrolAdmin, {
      notify: true,
      notificationEmails: 'type.desk@example.com',
    });
    const { patrol, events } = patrolEvents(round, [round.checkpoints[0].tag], false);
    const raised = event(patrol, 'incident', -45, {
      incidentType: type,
      consequence: 'CRITICAL',
      report: 'Rozbité okno',
      description: 'Sklad, severní strana',
      checkpoint: round.checkpoints[0].id,
    });
    const results = await submit(handheld, [...events, raised]);
    const { instance, incident } = results[results.length - 1];
    expect(incident).toEqual(expect.any(Number));

    const listed = await ctx.call(patrolView, 'GET', `/api/incident?module=MOD_PATROL&objectId=${instance}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: incident,
        report: 'Rozbité okno',
        consequence: 'CRITICAL',
        objectClass: PATROL_INCIDENT_OBJECT_CLASS,
        objectId: String(instance),
        createdDate: at(-45),
        createdBy: expect.objectContaining({ id: round.person }),
        module: 'MOD_PATROL',
      }),
    ]);
    const ofPatrol = await ctx.call(patrolView, 'GET', `/api/patrol/instance/${instance}/incident`);
    expect((ofPatrol.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([incident]);
    expect((await instanceOf(patrolView, instance!)).incidentCount).toBe(1);

    const mail = await ctx.db
      .select()
      .from(emails)
      .where(inArray(emails.recipient, ['route.desk@example.com', 'type.desk@example.com']));
    expect(mail.map((message) => message.recipient).sort()).toEqual([
      'route.desk@example.com',
      'type.desk@example.com',
    ]);
    const routeMail = mail.find((message) => message.recipient === 'route.desk@example.com')!;
    expect(routeMail.subject).toContain('[!]');
    expect(routeMail.body).toContain(round.checkpoints[0].name);
    expect(routeMail.body).toContain('Incident na obchůzce');
    expect(routeMail.body).toContain('Incident on a patrol');

    const upload = (content: Buffer, type: string, eventId = raised.id) => {
      const { payload, headers } = multipartFile('photo.png', content, type);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/patrol/terminal/attachment?event=${eventId}`,
        headers: { ...headers, 'x-client-token': handheld },
        payload,
      });
    };
    expect((await upload(PDF, 'application/pdf')).statusCode).toBe(415);
    const photo = await upload(PNG, 'image/png');
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ incident, type: 'image/png', createdBy: null });
    const again = await upload(PNG, 'image/png');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(photo.json().id);
    const [{ attachments }] = await ctx.db
      .select({ attachments: count() })
      .from(incidentAttachments)
      .where(eq(incidentAttachments.incidentId, incident!));
    expect(attachments).toBe(1);
    const listedPhotos = await ctx.call(
      patrolView,
      'GET',
      `/api/incident/attachment?module=MOD_PATROL&incident=${incident}`,
    );
    expect((listedPhotos.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([photo.json().id]);
    // An event that is no incident event of this terminal.
    expect((await upload(PNG, 'image/png', randomUUID())).statusCode).toBe(404);
    expect((await upload(PNG, 'image/png', events[0].id)).statusCode).toBe(404);
    const byB = multipartFile('photo.png', PNG, 'image/png');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/patrol/terminal/attachment?event=${raised.id}`,
      headers: { ...byB.headers, 'x-client-token': handheldB },
      payload: byB.payload,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('offers the terminal the valid patrol incident types of its site', async () => {
    const valid = await patrolIncidentType(patrolAdmin, { name: 'AAA Požár' });
    const retired = await patrolIncidentType(patrolAdmin, { name: 'AAA Vyřazený', valid: false });
    const foreign = await patrolIncidentType(otherAdmin, { name: 'AAA Cizí' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/patrol/terminal/incidenttype',
      headers: { 'x-client-token': handheld },
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Array<{ id: number; name: string }>).map((row) => row.id);
    expect(ids).toContain(valid);
    expect(ids).not.toContain(retired);
    expect(ids).not.toContain(foreign);
  });
});

describe('the report of a finished patrol', () => {
  it('is e-mailed to the route’s addresses when the route asks for it, with the score and the reasons in words', async () => {
    const round = await givenRound(patrolAdmin, ctx.siteA, {
      route: { report: true, notificationEmails: 'report.desk@example.com, second.desk@example.com' },
    });
    const [a, b] = round.checkpoints;
    const { events } = patrolEvents(round, [b.tag, a.tag]);
    await submit(handheld, events);
    const mail = await ctx.db.select().from(emails).where(eq(emails.recipient, 'report.desk@example.com'));
    expect(mail).toHaveLength(1);
    const score = 100 - PATROL_INTEGRITY_PENALTY.OUT_OF_ORDER - 2 * PATROL_INTEGRITY_PENALTY.MISSED;
    expect(mail[0].subject).toContain(`${score} / 100`);
    expect(mail[0].body).toContain(`Bod ${a.name} načten mimo pořadí`);
    expect(mail[0].body).toContain(`Checkpoint ${a.name} scanned out of order`);
    expect(mail[0].body).toContain(`Vynechaný kontrolní bod ${round.checkpoints[2].name}`);
    expect(mail[0].body).toContain(`Missed checkpoint ${round.checkpoints[3].name}`);
    // Times as the UI shows them, in the site's zone.
    expect(mail[0].body).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    const second = await ctx.db.select().from(emails).where(eq(emails.recipient, 'second.desk@example.com'));
    expect(second).toHaveLength(1);

    // A route without `report` sends nothing at the finish.
    const quiet = await givenRound(patrolAdmin, ctx.siteA, {
      route: { notificationEmails: 'quiet.desk@example.com' },
    });
    await submit(handheld, patrolEvents(quiet, [quiet.checkpoints[0].tag]).events);
    expect(await ctx.db.select().from(emails).where(eq(emails.recipient, 'quiet.desk@example.com'))).toEqual(
      [],
    );
  });
});
