import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { givenTerminal, terminalHeaders } from '../../../test/terminals';
import { persons } from '../../platform/platform.tables';
import { patrolCheckpoints, patrolGuards } from './patrol.tables';

let ctx: TestContext;
let patrolAdmin: TestUser;
let patrolView: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  patrolAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'] });
  patrolView = await ctx.givenUser({ roles: ['PATROL_VIEW'] });
  otherAdmin = await ctx.givenUser({ roles: ['PATROL_ADMIN'], sites: [ctx.siteB] });
});
afterAll(() => ctx?.close());

let personCount = 0;
/** A person whose home site is `site`. */
async function givenPerson(site: number, lastName = `Strážný${++personCount}`): Promise<number> {
  const [person] = await ctx.db
    .insert(persons)
    .values({ firstName: 'Jan', lastName, homeSiteId: site })
    .returning({ id: persons.id });
  return person.id;
}

async function created(user: TestUser, resource: string, body: Record<string, unknown>) {
  const response = await ctx.call(user, 'POST', `/api/patrol/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { id: number; version: number };
}

let tagCount = 0;
const checkpoint = (user: TestUser, name: string) =>
  created(user, 'checkpoint', { name, tagId: `TAG-${++tagCount}` });

describe('patrol set-up: roles, sites and the module', () => {
  it.each(['checkpoint', 'guard', 'route', 'terminal'])(
    '/api/patrol/%s: PATROL_ADMIN writes, PATROL_VIEW reads only, other roles are refused',
    async (resource) => {
      const body: Record<string, Record<string, unknown>> = {
        checkpoint: { name: 'Gate', tagId: `T-${resource}` },
        guard: { person: await givenPerson(ctx.siteA), pin: '4821' },
        route: { name: 'Night round' },
        terminal: { name: 'Handheld 1' },
      };
      const record = await created(patrolAdmin, resource, body[resource]);
      const viewList = await ctx.call(patrolView, 'GET', `/api/patrol/${resource}`);
      expect(viewList.statusCode).toBe(200);
      expectEvery(viewList.json() as Array<{ id: number }>, (row) => typeof row.id === 'number');
      const refused = await ctx.call(patrolView, 'PUT', `/api/patrol/${resource}/${record.id}`, {
        version: record.version,
      });
      expect(refused.statusCode).toBe(403);
      expect((await ctx.call(patrolView, 'POST', `/api/patrol/${resource}`, body[resource])).statusCode).toBe(
        403,
      );
      expect((await ctx.call(patrolView, 'DELETE', `/api/patrol/${resource}/${record.id}`)).statusCode).toBe(
        403,
      );
      const visitAdmin = await ctx.givenUser({ roles: ['VISIT_ADMIN', 'VEHICLE_ADMIN'] });
      expect((await ctx.call(visitAdmin, 'GET', `/api/patrol/${resource}`)).statusCode).toBe(403);

      // Another site's record is as if it did not exist.
      expect((await ctx.call(otherAdmin, 'GET', `/api/patrol/${resource}/${record.id}`)).statusCode).toBe(
        404,
      );
      const foreignEdit = await ctx.call(otherAdmin, 'PUT', `/api/patrol/${resource}/${record.id}`, {
        version: record.version,
      });
      expect(foreignEdit.statusCode).toBe(404);
      const foreignList = await ctx.call(otherAdmin, 'GET', `/api/patrol/${resource}`);
      expect((foreignList.json() as Array<{ id: number }>).some((row) => row.id === record.id)).toBe(false);
    },
  );

  it('refuses a site without MOD_PATROL', async () => {
    const siteWithout = await ctx.createSite('No patrols', ['MOD_VISIT']);
    const user = await ctx.givenUser({ roles: ['PATROL_ADMIN'], sites: [siteWithout] });
    const response = await ctx.call(user, 'GET', '/api/patrol/checkpoint');
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-error-code']).toBe('MODULE_DISABLED');
  });
});

describe('checkpoints', () => {
  it('keep a tag id unique per site', async () => {
    await created(patrolAdmin, 'checkpoint', { name: 'North gate', tagId: 'NFC-0001' });
    const duplicate = await ctx.call(patrolAdmin, 'POST', '/api/patrol/checkpoint', {
      name: 'South gate',
      tagId: 'NFC-0001',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.headers['x-error-code']).toBe('DATA_INTEGRITY');
    // The same tag on another site is another tag.
    await created(otherAdmin, 'checkpoint', { name: 'North gate', tagId: 'NFC-0001' });
  });
});

describe('guards and their PINs', () => {
  it('accepts exactly four digits (validation.pin)', async () => {
    const person = await givenPerson(ctx.siteA);
    for (const pin of ['123', '12345', 'abcd', '12a4', ' 1234x']) {
      const response = await ctx.call(patrolAdmin, 'POST', '/api/patrol/guard', { person, pin });
      expect(response.statusCode, pin).toBe(400);
      expect(response.json().details).toEqual([{ path: 'pin', message: 'validation.pin' }]);
    }
  });

  it('stores the PIN as an argon2 hash, never returns it and says only whether one is set', async () => {
    const person = await givenPerson(ctx.siteA);
    const guard = await created(patrolAdmin, 'guard', { person, pin: '7305' });
    expect(guard).toMatchObject({ pinSet: true, valid: true, person: { id: person } });
    expect(guard).not.toHaveProperty('pin');
    expect(guard).not.toHaveProperty('pinHash');
    const [row] = await ctx.db.select().from(patrolGuards).where(eq(patrolGuards.id, guard.id));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(row.pinHash).not.toContain('7305');
    const read = await ctx.call(patrolAdmin, 'GET', `/api/patrol/guard/${guard.id}`);
    expect(read.body).not.toContain('7305');
    expect(read.body).not.toContain('argon2');
    const listed = await ctx.call(patrolView, 'GET', '/api/patrol/guard');
    expect(listed.body).not.toContain('argon2');

    // Left out, the PIN stays; null removes it.
    const renamed = await ctx.call(patrolAdmin, 'PUT', `/api/patrol/guard/${guard.id}`, {
      version: guard.version,
      valid: true,
    });
    expect(renamed.json()).toMatchObject({ pinSet: true });
    const cleared = await ctx.call(patrolAdmin, 'PUT', `/api/patrol/guard/${guard.id}`, {
      version: renamed.json().version,
      pin: null,
    });
    expect(cleared.json()).toMatchObject({ pinSet: false });
  });

  it('refuses a PIN another guard of the site has, and a person of another site', async () => {
    await created(patrolAdmin, 'guard', { person: await givenPerson(ctx.siteA), pin: '5550' });
    const taken = await ctx.call(patrolAdmin, 'POST', '/api/patrol/guard', {
      person: await givenPerson(ctx.siteA),
      pin: '5550',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ path: 'pin', message: 'validation.pinTaken' }]);
    // Another site's guards do not count.
    await created(otherAdmin, 'guard', { person: await givenPerson(ctx.siteB), pin: '5550' });

    const foreignPerson = await ctx.call(patrolAdmin, 'POST', '/api/patrol/guard', {
      person: await givenPerson(ctx.siteB),
      pin: '5551',
    });
    expect(foreignPerson.statusCode).toBe(400);
    expect(foreignPerson.json().details).toEqual([{ path: 'person', message: 'validation.ref' }]);
  });

  it('offers the site’s persons to the patrol administrator', async () => {
    const own = await givenPerson(ctx.siteA, 'Zahradník');
    const foreign = await givenPerson(ctx.siteB, 'Zahradník');
    const response = await ctx.call(patrolAdmin, 'GET', '/api/patrol/guard/person?lastName=zahrad');
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Array<{ id: number }>).map((row) => row.id);
    expect(ids).toEqual([own]);
    expect(ids).not.toContain(foreign);
  });
});

describe('routes', () => {
  it('keep their checkpoints in the order given, and their tasks', async () => {
    const first = await checkpoint(patrolAdmin, 'Zebra store');
    const second = await checkpoint(patrolAdmin, 'Archive');
    const third = await checkpoint(patrolAdmin, 'Boiler room');
    const route = await created(patrolAdmin, 'route', {
      name: 'Evening round',
      ordered: true,
      checkpoints: [first.id, second.id, third.id],
      tasks: ['Check the windows', 'Lock the archive'],
    });
    expect((route.checkpoints as Array<{ id: number }>).map((item) => item.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    expect(route.tasks).toEqual(['Check the windows', 'Lock the archive']);

    const reordered = await ctx.call(patrolAdmin, 'PUT', `/api/patrol/route/${route.id}`, {
      version: route.version,
      checkpoints: [third.id, first.id],
    });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json().checkpoints as Array<{ label: string }>).map((item) => item.label)).toEqual([
      'Boiler room',
      'Zebra store',
    ]);
    const listed = await ctx.call(patrolAdmin, 'GET', '/api/patrol/route?name=Evening');
    expect((listed.json()[0].checkpoints as Array<{ id: number }>).map((item) => item.id)).toEqual([
      third.id,
      first.id,
    ]);

    // A checkpoint on a route is kept.
    const inUse = await ctx.call(patrolAdmin, 'DELETE', `/api/patrol/checkpoint/${first.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.headers['x-error-code']).toBe('IN_USE');
  });

  it('refuses another site’s checkpoint and an empty task', async () => {
    const foreign = await checkpoint(otherAdmin, 'Their gate');
    const response = await ctx.call(patrolAdmin, 'POST', '/api/patrol/route', {
      name: 'Mixed round',
      checkpoints: [foreign.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'checkpoints', message: 'validation.ref' }]);
    const emptyTask = await ctx.call(patrolAdmin, 'POST', '/api/patrol/route', {
      name: 'Task round',
      tasks: ['  '],
    });
    expect(emptyTask.statusCode).toBe(400);
  });
});

describe('patrol terminals and the sign-in of a guard', () => {
  async function givenPatrolTerminal(user: TestUser, name: string) {
    const terminal = await created(user, 'terminal', { name });
    expect(terminal.token).toEqual(expect.any(String));
    expect(terminal.uuid).toMatch(/^[0-9a-f-]{36}$/);
    return terminal as typeof terminal & { token: string; uuid: string; client: { id: number } };
  }

  it('hands the token out once, on a PATROL_TERMINAL client of the site', async () => {
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld North');
    const read = await ctx.call(patrolAdmin, 'GET', `/api/patrol/terminal/${terminal.id}`);
    expect(read.json()).not.toHaveProperty('token');
    expect(read.body).not.toContain(terminal.token);
    const client = await ctx.call(ctx.admin, 'GET', `/api/system_client/${terminal.client.id}`);
    expect(client.json()).toMatchObject({
      internalRole: 'PATROL_TERMINAL',
      site: { id: ctx.siteA },
      authorized: true,
    });
    expect(client.body).not.toContain(terminal.token);
  });

  it('signs a guard in with the right PIN and answers the site’s routes in order', async () => {
    const person = await givenPerson(ctx.siteA, 'Novák');
    const guard = await created(patrolAdmin, 'guard', { person, pin: '1234' });
    const gate = await checkpoint(patrolAdmin, 'Yard gate');
    const hall = await checkpoint(patrolAdmin, 'Hall');
    const hidden = await checkpoint(patrolAdmin, 'Retired point');
    await ctx.call(patrolAdmin, 'PUT', `/api/patrol/checkpoint/${hidden.id}`, {
      version: hidden.version,
      valid: false,
    });
    await created(patrolAdmin, 'route', {
      name: 'AAA sign-in round',
      ordered: true,
      checkpoints: [hall.id, hidden.id, gate.id],
      tasks: ['Read the meter'],
    });
    await created(patrolAdmin, 'route', { name: 'AAB retired round', valid: false });
    await created(otherAdmin, 'route', { name: 'AAA other site round' });
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld Sign-in');

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/patrol/terminal/signin',
      headers: { 'x-client-token': terminal.token },
      payload: { pin: '1234' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.guard).toEqual({ id: guard.id, name: 'Novák Jan' });
    expect(body.terminal).toEqual({ id: terminal.id, name: 'Handheld Sign-in', uuid: terminal.uuid });
    const names = (body.routes as Array<{ name: string }>).map((route) => route.name);
    expect(names).toContain('AAA sign-in round');
    expect(names).not.toContain('AAB retired round');
    expect(names).not.toContain('AAA other site round');
    const round = (body.routes as Array<Record<string, unknown>>).find(
      (route) => route.name === 'AAA sign-in round',
    )!;
    expect(round).toMatchObject({ ordered: true, tasks: ['Read the meter'] });
    expect((round.checkpoints as Array<{ name: string }>).map((item) => item.name)).toEqual([
      'Hall',
      'Yard gate',
    ]);
  });

  it('signs in without a PIN only where the terminal says so (pinSet off): the guard chosen from the site’s', async () => {
    const person = await givenPerson(ctx.siteA, 'Bezpinový');
    const guard = await created(patrolAdmin, 'guard', { person });
    const otherPerson = await givenPerson(ctx.siteB, 'Cizí');
    const foreign = await created(otherAdmin, 'guard', { person: otherPerson });
    const withPin = await givenPatrolTerminal(patrolAdmin, 'Handheld With PIN');
    const open = await givenPatrolTerminal(patrolAdmin, 'Handheld Without PIN');
    const version = (await ctx.call(patrolAdmin, 'GET', `/api/patrol/terminal/${open.id}`)).json().version;
    const updated = await ctx.call(patrolAdmin, 'PUT', `/api/patrol/terminal/${open.id}`, {
      version,
      pinSet: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { 'x-client-token': token }, payload });

    // A terminal with PINs offers no names and refuses a chosen guard (the PIN is required).
    expect((await call(withPin.token, 'GET', '/api/patrol/terminal/guards')).json()).toEqual({
      pinSet: true,
      guards: [],
    });
    const refused = await call(withPin.token, 'POST', '/api/patrol/terminal/signin', { guard: guard.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ path: 'pin', message: 'validation.required' }),
    ]);
    expect((await call(withPin.token, 'POST', '/api/patrol/terminal/signin', {})).statusCode).toBe(400);

    // Without PINs: the site's valid guards, and a sign-in by choice with its proof.
    const offered = (await call(open.token, 'GET', '/api/patrol/terminal/guards')).json();
    expect(offered.pinSet).toBe(false);
    expect(offered.guards.length).toBeGreaterThan(0);
    expect(offered.guards).toContainEqual({ id: guard.id, name: 'Bezpinový Jan' });
    expect(offered.guards.map((entry: { id: number }) => entry.id)).not.toContain(foreign.id);
    const signedIn = await call(open.token, 'POST', '/api/patrol/terminal/signin', { guard: guard.id });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ guard: { id: guard.id }, signIn: { token: expect.any(String) } });
    // Another site's guard, or an unknown one, is no guard of this terminal.
    const other = await call(open.token, 'POST', '/api/patrol/terminal/signin', { guard: foreign.id });
    expect(other.statusCode).toBe(400);
    expect(other.headers['x-error-code']).toBe('PATROL_GUARD_INVALID');
    // Nobody but a patrol terminal asks for the names.
    expect((await ctx.call(patrolAdmin, 'GET', '/api/patrol/terminal/guards')).statusCode).toBe(401);
  });

  it('the sign-in answer carries no raw tag: each checkpoint’s tag only as a SHA-256 salted per sign-in', async () => {
    const person = await givenPerson(ctx.siteA, 'Tagless');
    await created(patrolAdmin, 'guard', { person, pin: '6173' });
    const first = await checkpoint(patrolAdmin, 'Tag hall');
    const next = await created(patrolAdmin, 'checkpoint', { name: 'Tag yard', tagId: ' Mixed-Case-Tag ' });
    await created(patrolAdmin, 'route', { name: 'AAC tag round', checkpoints: [first.id, next.id] });
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld Tags');
    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/patrol/terminal/signin',
        headers: { 'x-client-token': terminal.token },
        payload: { pin: '6173' },
      });
    const response = await signIn();
    expect(response.statusCode, response.body).toBe(200);
    const { routes, tagSalt } = response.json() as {
      tagSalt: string;
      routes: Array<{ checkpoints: Array<Record<string, unknown>> }>;
    };
    const tags = await ctx.db.select({ tagId: patrolCheckpoints.tagId }).from(patrolCheckpoints);
    expectEvery(
      tags,
      (tag) => !response.body.includes(`"${tag.tagId}"`) && !response.body.includes(tag.tagId.trim()),
    );
    const checkpoints = routes.flatMap((route) => route.checkpoints);
    expectEvery(checkpoints, (item) => !('tagId' in item) && /^[0-9a-f]{64}$/.test(String(item.tagHash)));
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const hashes = new Map(checkpoints.map((item) => [item.id, item.tagHash]));
    expect(hashes.get(first.id)).toBe(sha(`${tagSalt}:${String(first.tagId).toLowerCase()}`));
    expect(hashes.get(next.id)).toBe(sha(`${tagSalt}:mixed-case-tag`));
    // Another sign-in, another salt: the hashes do not stay the same.
    const again = (await signIn()).json() as { tagSalt: string; routes: typeof routes };
    expect(again.tagSalt).not.toBe(tagSalt);
    expect(
      again.routes.flatMap((route) => route.checkpoints).find((item) => item.id === first.id)?.tagHash,
    ).not.toBe(hashes.get(first.id));
  });

  it('refuses a wrong PIN, a bad one, a user session and a terminal of another role or site', async () => {
    await created(patrolAdmin, 'guard', { person: await givenPerson(ctx.siteA), pin: '2468' });
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld Refusals');
    const signIn = (headers: Record<string, string>, pin: unknown = '2468') =>
      ctx.app.inject({ method: 'POST', url: '/api/patrol/terminal/signin', headers, payload: { pin } });

    const wrong = await signIn({ 'x-client-token': terminal.token }, '8642');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['x-error-code']).toBe('PIN_INVALID');
    const malformed = await signIn({ 'x-client-token': terminal.token }, '12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([{ path: 'pin', message: 'validation.pin' }]);

    const session = await ctx.call(patrolAdmin, 'POST', '/api/patrol/terminal/signin', { pin: '2468' });
    expect(session.statusCode).toBe(401);
    expect(session.headers['x-error-code']).toBe('TERMINAL_REQUIRED');

    const camera = await givenTerminal(ctx, { role: 'ANPR', site: ctx.siteA });
    const byCamera = await signIn(terminalHeaders(camera));
    expect(byCamera.statusCode).toBe(403);

    // A terminal of site B does not know site A's guards.
    const foreign = await givenPatrolTerminal(otherAdmin, 'Handheld B');
    const byForeign = await signIn({ 'x-client-token': foreign.token });
    expect(byForeign.statusCode).toBe(401);
    expect(byForeign.headers['x-error-code']).toBe('PIN_INVALID');

    // Deleting the patrol terminal revokes its token.
    const ok = await signIn({ 'x-client-token': terminal.token });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.call(patrolAdmin, 'DELETE', `/api/patrol/terminal/${terminal.id}`)).statusCode).toBe(
      204,
    );
    const revoked = await signIn({ 'x-client-token': terminal.token });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['x-error-code']).toBe('TERMINAL_REQUIRED');
  });

  it('throttles repeated wrong PINs at one terminal', async () => {
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld Throttled');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/patrol/terminal/signin',
        headers: { 'x-client-token': terminal.token },
        payload: { pin: String(9000 + attempt) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
  });

  it('renews a token: the old one stops working', async () => {
    await created(patrolAdmin, 'guard', { person: await givenPerson(ctx.siteA), pin: '1357' });
    const terminal = await givenPatrolTerminal(patrolAdmin, 'Handheld Renewed');
    const renewed = await ctx.call(patrolAdmin, 'POST', `/api/patrol/terminal/${terminal.id}/token`);
    expect(renewed.statusCode).toBe(200);
    const token = String(renewed.json().token);
    expect(token).not.toBe(terminal.token);
    const signIn = (clientToken: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/patrol/terminal/signin',
        headers: { 'x-client-token': clientToken },
        payload: { pin: '1357' },
      });
    expect((await signIn(terminal.token)).statusCode).toBe(401);
    expect((await signIn(token)).statusCode).toBe(200);
    expect((await ctx.call(patrolView, 'POST', `/api/patrol/terminal/${terminal.id}/token`)).statusCode).toBe(
      403,
    );
    expect((await ctx.call(otherAdmin, 'POST', `/api/patrol/terminal/${terminal.id}/token`)).statusCode).toBe(
      404,
    );
  });
});
