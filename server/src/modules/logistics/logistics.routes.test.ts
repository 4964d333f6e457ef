// Over 600 lines: one module's HTTP story against one database; its cases share the set-up of the file.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogisticsBoard, LogisticsTurnTime } from '@strazce/contract';
import { createTestContext, expectEvery, type TestContext, type TestUser } from '../../../test/helper';
import { personGroupMembers, personGroups } from '../site/site.tables';
import { emails } from '../messaging/messaging.tables';
import { persons } from '../../platform/platform.tables';
import { transportLog } from './logistics.tables';
import { userRoles } from '../access/access.tables';

let ctx: TestContext;
let admin: TestUser;
let creator: TestUser;
let operator: TestUser;
let viewer: TestUser;
let canceller: TestUser;
let stranger: TestUser;
let adminB: TestUser;
const status: Record<string, number> = {};
let ramp: number;
let supplier: number;
let unloading: number;
let arrive: number;
let toRamp: number;
let load: number;
let depart: number;

type Json = Record<string, unknown> & { id: number; version: number };
const MINUTE = 60_000;

async function created(who: TestUser, resource: string, body: Record<string, unknown>): Promise<Json> {
  const response = await ctx.call(who, 'POST', `/api/logistics/${resource}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

const getJson = async (who: TestUser, url: string) => {
  const response = await ctx.call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json & Json[];
};

const newTransport = (fields: Record<string, unknown> = {}) =>
  created(creator, 'transport', {
    datetimeArrive: new Date(ctx.clock.now()).toISOString(),
    licencePlate: '1AB 2345',
    supplier,
    logisticsOperations: [unloading],
    ...fields,
  });

let ramps = 0;
/** A ramp no other transport holds (a transport moved onto a held ramp is warned of: logistics.ramps.test.ts). */
const freeRamp = async () => (await created(admin, 'ramp', { name: `Rampa volná ${++ramps}` })).id;

const execute = (
  who: TestUser,
  transport: Json,
  operation: number,
  values = {},
  version = transport.version,
) =>
  ctx.call(who, 'POST', `/api/logistics/transport/${transport.id}/operation`, { operation, version, values });

async function executed(who: TestUser, transport: Json, operation: number, values = {}): Promise<Json> {
  const response = await execute(who, transport, operation, values);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json;
}

const emailsTo = async (recipient: string) =>
  (await ctx.db.select().from(emails).where(eq(emails.recipient, recipient))).length;
/** A new transport at a ramp of its own (a transport left at a shared ramp holds it for the next test). */
const atRamp = async () => {
  const transport = await newTransport();
  const ramp = await freeRamp();
  const entered = await executed(operator, transport, arrive, { ramp, spedition: 'Rychlá spedice' });
  return { transport, entered, ramp };
};

const errorOf = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  ...(response.json() as { code: string; details?: unknown }),
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.givenUser({ roles: ['LOGISTICS_ADMIN'] });
  creator = await ctx.givenUser({ roles: ['LOGISTICS_CREATE'] });
  operator = await ctx.givenUser({ roles: ['LOGISTICS_OPERATOR'] });
  viewer = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
  canceller = await ctx.givenUser({ roles: ['LOGISTICS_CANCEL', 'LOGISTICS_VIEW'] });
  stranger = await ctx.givenUser({ roles: ['STOCK_ADMIN'] });
  adminB = await ctx.givenUser({ roles: ['LOGISTICS_ADMIN', 'LOGISTICS_CREATE'], sites: [ctx.siteB] });
  for (const [name, position, archive] of [
    ['Odjeto', 40, true],
    ['Ohlášeno', 10, false],
    ['Na rampě', 20, false],
    ['Naloženo', 30, false],
  ] as const)
    status[name] = (await created(admin, 'status', { name, position, archive })).id;
  ramp = (await created(admin, 'ramp', { name: 'Rampa 1' })).id;
  supplier = (await created(creator, 'supplier', { name: 'Dodavatel a.s.' })).id;
  unloading = (
    await created(admin, 'logisticsoperation', { name: 'Vykládka', notificationEmails: 'sklad@example.com' })
  ).id;
  arrive = (
    await created(admin, 'operation', {
      name: 'Vjezd',
      startStatus: status['Ohlášeno'],
      endStatus: status['Na rampě'],
      roles: ['LOGISTICS_OPERATOR'],
      compulsoryAttributes: ['ramp'],
      lockedAttributes: ['licencePlate'],
      automaticAttributes: ['entry'],
      requireConfirmation: true,
      notificationEmails: 'vratnice@example.com',
    })
  ).id;
  load = (
    await created(admin, 'operation', {
      name: 'Naložit',
      startStatus: status['Na rampě'],
      endStatus: status['Naloženo'],
      roles: ['LOGISTICS_OPERATOR', 'LOGISTICS_ADMIN'],
      withoutEditor: true,
    })
  ).id;
  depart = (
    await created(admin, 'operation', {
      name: 'Odjezd',
      startStatus: status['Naloženo'],
      endStatus: status['Odjeto'],
      roles: ['LOGISTICS_OPERATOR'],
      automaticAttributes: ['leave'],
    })
  ).id;
  toRamp = arrive;
});
afterAll(() => ctx?.close());

describe('logistics configuration', () => {
  it('orders statuses by position and lets readers of transports pick the configuration', async () => {
    const statuses = await getJson(operator, '/api/logistics/status');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.map((row) => row.name)).toEqual(['Ohlášeno', 'Na rampě', 'Naloženo', 'Odjeto']);
    for (const resource of ['ramp', 'type', 'supplier', 'logisticsoperation'])
      expect((await ctx.call(viewer, 'GET', `/api/logistics/${resource}`)).statusCode).toBe(200);
    // Written only by the administrator (suppliers also by LOGISTICS_CREATE); operations read by him only.
    expect((await ctx.call(operator, 'POST', '/api/logistics/ramp', { name: 'X' })).statusCode).toBe(403);
    expect((await ctx.call(operator, 'POST', '/api/logistics/supplier', { name: 'X' })).statusCode).toBe(403);
    expect((await ctx.call(operator, 'GET', '/api/logistics/operation')).statusCode).toBe(403);
    expect((await ctx.call(stranger, 'GET', '/api/logistics/status')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/logistics/status')).statusCode).toBe(401);
  });

  it('refuses "transition without editor" with locked or compulsory attributes, per field', async () => {
    const base = { name: 'Pravidla', startStatus: status['Ohlášeno'], endStatus: status['Na rampě'] };
    const locked = await ctx.call(admin, 'POST', '/api/logistics/operation', {
      ...base,
      withoutEditor: true,
      lockedAttributes: ['ramp'],
    });
    expect(errorOf(locked)).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      details: [
        { path: 'withoutEditor', message: 'validation.logisticsLockedSet' },
        { path: 'lockedAttributes', message: 'validation.logisticsWithoutEditorSet' },
      ],
    });
    const compulsory = await ctx.call(admin, 'POST', '/api/logistics/operation', {
      ...base,
      withoutEditor: true,
      compulsoryAttributes: ['ramp'],
    });
    expect(errorOf(compulsory).details).toEqual([
      { path: 'withoutEditor', message: 'validation.logisticsCompulsorySet' },
      { path: 'compulsoryAttributes', message: 'validation.logisticsWithoutEditorSet' },
    ]);
    const modes = await ctx.call(admin, 'POST', '/api/logistics/operation', {
      ...base,
      compulsoryAttributes: ['entry'],
      automaticAttributes: ['entry'],
    });
    expect(errorOf(modes).details).toEqual([
      { path: 'automaticAttributes', message: 'validation.logisticsAttributeModes' },
    ]);
    // The reverse on an update: an operation with locked attributes cannot become one without editor.
    const withLocked = await getJson(admin, `/api/logistics/operation/${arrive}`);
    const update = await ctx.call(admin, 'PUT', `/api/logistics/operation/${arrive}`, {
      withoutEditor: true,
      version: withLocked.version,
    });
    expect(errorOf(update).details).toContainEqual({
      path: 'withoutEditor',
      message: 'validation.logisticsLockedSet',
    });
    // Bad input: an unknown attribute, another site's status.
    const unknown = await ctx.call(admin, 'POST', '/api/logistics/operation', {
      ...base,
      lockedAttributes: ['status'],
    });
    expect(unknown.statusCode).toBe(400);
    const foreign = (await created(adminB, 'status', { name: 'Jinde' })).id;
    const otherSite = await ctx.call(admin, 'POST', '/api/logistics/operation', {
      ...base,
      endStatus: foreign,
    });
    expect(errorOf(otherSite).details).toEqual([{ path: 'endStatus', message: 'validation.ref' }]);
  });

  it('warns of a duplicate name and start status, and saves it when forced', async () => {
    const body = { name: 'Vjezd', startStatus: status['Ohlášeno'], endStatus: status['Naloženo'] };
    const warned = await ctx.call(admin, 'POST', '/api/logistics/operation', body);
    expect(errorOf(warned)).toMatchObject({ status: 409, code: 'LOGISTICS_DUPLICATE' });
    expect(warned.headers['x-error-code']).toBe('LOGISTICS_DUPLICATE');
    const forced = await created(admin, 'operation', { ...body, force: true, active: false });
    expect(forced).toMatchObject({ name: 'Vjezd', roles: [], active: false });
    // The same name from another start status is no duplicate.
    await created(admin, 'operation', { ...body, startStatus: status['Naloženo'], active: false });
    // Changing its color does not warn again.
    const recolored = await ctx.call(admin, 'PUT', `/api/logistics/operation/${forced.id}`, {
      color: '#ff0000',
      version: forced.version,
    });
    expect(recolored.statusCode, recolored.body).toBe(200);
  });

  it('keeps the roles, attribute modes, persons and teams of an operation', async () => {
    const [person] = await ctx.db
      .insert(persons)
      .values({ firstName: 'Tomáš', lastName: 'Týmový', homeSiteId: ctx.siteA, email: 'tym@example.com' })
      .returning({ id: persons.id });
    const [team] = await ctx.db
      .insert(personGroups)
      .values({ siteId: ctx.siteA, name: 'Skladníci' })
      .returning({ id: personGroups.id });
    await ctx.db.insert(personGroupMembers).values({ groupId: team.id, personId: person.id });
    const teams = await getJson(admin, '/api/logistics/team');
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.map((row) => row.id)).toContain(team.id);
    const people = await getJson(admin, '/api/logistics/person?lastName=Týmový');
    expect(people.map((row) => row.id)).toEqual([person.id]);
    const operation = await getJson(admin, `/api/logistics/operation/${depart}`);
    const updated = await ctx.call(admin, 'PUT', `/api/logistics/operation/${depart}`, {
      persons: [person.id],
      teams: [team.id],
      version: operation.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      roles: ['LOGISTICS_OPERATOR'],
      automaticAttributes: ['leave'],
      persons: [{ id: person.id }],
      teams: [{ id: team.id, label: 'Skladníci' }],
    });
    const [stranger] = await ctx.db
      .insert(persons)
      .values({ firstName: 'Jiný', lastName: 'Areál', homeSiteId: ctx.siteB })
      .returning({ id: persons.id });
    const foreign = await ctx.call(admin, 'PUT', `/api/logistics/operation/${depart}`, {
      persons: [stranger.id],
      version: updated.json().version,
    });
    expect(errorOf(foreign).details).toEqual([{ path: 'persons', message: 'validation.ref' }]);
  });
});

describe('transports', () => {
  it('are created by LOGISTICS_CREATE in the initial status, with e-mails to their logistics operations', async () => {
    const transport = await newTransport({ licencePlate: '5AB 1234' });
    expect(transport).toMatchObject({
      status: { id: status['Ohlášeno'], label: 'Ohlášeno' },
      waiting: 'ENTRY',
      logisticsOperations: [{ id: unloading, label: 'Vykládka' }],
      cancelled: null,
    });
    const queued = await ctx.db.select().from(emails).where(eq(emails.recipient, 'sklad@example.com'));
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.map((email) => email.body).join('\n')).toContain('5AB1234');
    // The status is the server's: a body naming it is refused; others may not create.
    const withStatus = await ctx.call(creator, 'POST', '/api/logistics/transport', {
      datetimeArrive: new Date().toISOString(),
      supplier,
      status: status['Odjeto'],
    });
    expect(withStatus.statusCode).toBe(400);
    for (const who of [operator, admin, viewer])
      expect(
        (
          await ctx.call(who, 'POST', '/api/logistics/transport', {
            datetimeArrive: new Date().toISOString(),
          })
        ).statusCode,
      ).toBe(403);
    const badPlate = await ctx.call(creator, 'POST', '/api/logistics/transport', {
      datetimeArrive: new Date().toISOString(),
      supplier,
      licencePlate: '!!',
    });
    expect(errorOf(badPlate).details).toEqual([{ path: 'licencePlate', message: 'validation.plate' }]);
    // An empty transport would stand on the board and in the queues as nobody's: whose it is is required.
    const empty = await ctx.call(creator, 'POST', '/api/logistics/transport', {
      datetimeArrive: new Date().toISOString(),
    });
    expect(errorOf(empty).details).toEqual([{ path: 'supplier', message: 'validation.required' }]);
  });

  it('answers 409 LOGISTICS_NO_INITIAL_STATUS on a site without an initial status', async () => {
    const supplierB = (await created(adminB, 'supplier', { name: 'Dodavatel B' })).id;
    // Whatever statuses other tests gave site B, none is an initial one once all are archive statuses.
    for (const row of await getJson(adminB, '/api/logistics/status')) {
      const archived = await ctx.call(adminB, 'PUT', `/api/logistics/status/${row.id}`, {
        archive: true,
        version: row.version,
      });
      expect(archived.statusCode).toBe(200);
    }
    const response = await ctx.call(adminB, 'POST', '/api/logistics/transport', {
      datetimeArrive: new Date(ctx.clock.now()).toISOString(),
      supplier: supplierB,
    });
    expect(errorOf(response)).toMatchObject({ status: 409, code: 'LOGISTICS_NO_INITIAL_STATUS' });
  });

  it('lists newest arrival first, filters the waiting queues, and keeps other sites out', async () => {
    const older = await newTransport({
      datetimeArrive: new Date(ctx.clock.now() - 60 * MINUTE).toISOString(),
    });
    const newer = await newTransport({
      datetimeArrive: new Date(ctx.clock.now() + 60 * MINUTE).toISOString(),
    });
    const list = await getJson(viewer, '/api/logistics/transport?size=100');
    expect(list.length).toBeGreaterThan(1);
    const ids = list.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expectEvery(
      await getJson(viewer, '/api/logistics/transport?waiting=ENTRY&size=100'),
      (row) => row.waiting === 'ENTRY',
    );
    expect((await ctx.call(adminB, 'GET', `/api/logistics/transport/${older.id}`)).statusCode).toBe(404);
    expect((await ctx.call(adminB, 'GET', `/api/logistics/transport/${older.id}/workflow`)).statusCode).toBe(
      404,
    );
    expect((await ctx.call(stranger, 'GET', '/api/logistics/transport')).statusCode).toBe(403);
    // Corrected by the administrator only.
    const put = (who: TestUser) =>
      ctx.call(who, 'PUT', `/api/logistics/transport/${older.id}`, {
        note: 'Opraveno',
        version: older.version,
      });
    expect((await put(operator)).statusCode).toBe(403);
    expect((await put(admin)).statusCode).toBe(200);
  });
});

describe('the workflow', () => {
  it('offers operations by the transport’s status and the caller’s roles, and executes only those', async () => {
    const transport = await newTransport();
    const offered = await getJson(operator, `/api/logistics/transport/${transport.id}/workflow`);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.map((row) => row.id)).toEqual([arrive]);
    expect(offered[0]).toMatchObject({ requireConfirmation: true, compulsoryAttributes: ['ramp'] });
    // Not offered to an administrator without the role, nor for another status.
    expect(await getJson(admin, `/api/logistics/transport/${transport.id}/workflow`)).toEqual([]);
    expect(errorOf(await execute(admin, transport, arrive, { ramp }))).toMatchObject({
      status: 409,
      code: 'LOGISTICS_OPERATION_NOT_ALLOWED',
    });
    expect(errorOf(await execute(operator, transport, load))).toMatchObject({
      code: 'LOGISTICS_OPERATION_NOT_ALLOWED',
    });
  });

  it('executes with the attribute modes (compulsory, locked, automatic), logs the operation and e-mails it', async () => {
    const transport = await newTransport();
    const ramp = (await freeRamp()) as number;
    const notified = await emailsTo('vratnice@example.com');
    // Compulsory: the ramp; locked: the plate; automatic: the entry, whatever is sent.
    expect(errorOf(await execute(operator, transport, arrive, {}))).toMatchObject({
      status: 400,
      details: [{ path: 'ramp', message: 'validation.required' }],
    });
    expect(
      errorOf(await execute(operator, transport, arrive, { ramp, licencePlate: '9XY 9999' })).details,
    ).toEqual([{ path: 'licencePlate', message: 'validation.logisticsLocked' }]);
    expect(errorOf(await execute(operator, transport, arrive, { ramp: 'one' })).status).toBe(400);
    await ctx.clock.advance(5 * MINUTE);
    const entered = await executed(operator, transport, arrive, {
      ramp,
      licencePlate: '1AB 2345',
      entry: '2000-01-01T00:00:00.000Z',
      spedition: 'Rychlá spedice',
    });
    expect(entered).toMatchObject({
      status: { id: status['Na rampě'] },
      operation: { id: arrive, label: 'Vjezd' },
      ramp: { id: ramp },
      spedition: 'Rychlá spedice',
      entry: new Date(ctx.clock.now()).toISOString(),
      waiting: 'DEPARTURE',
      version: transport.version + 1,
    });
    const log = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    expect(log.length).toBeGreaterThan(0);
    expect(log).toMatchObject([
      {
        transport: { id: transport.id },
        operation: { id: arrive },
        startStatus: { id: status['Ohlášeno'] },
        endStatus: { id: status['Na rampě'] },
        user: { id: operator.id },
        edit: false,
      },
    ]);
    // The operation's notification address heard of it, once.
    expect(await emailsTo('vratnice@example.com')).toBe(notified + 1);
  });

  it("edits the last operation ('Upravit operaci') with the same modes, keeping the status and the entry time", async () => {
    const { transport, entered, ramp } = await atRamp();
    const log = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    expect(log.length).toBe(1);
    await ctx.clock.advance(MINUTE);
    const edited = await ctx.call(
      operator,
      'PUT',
      `/api/logistics/transport/${transport.id}/operation/${log[0].id}`,
      {
        version: entered.version,
        values: { spedition: 'Pomalá spedice', ramp },
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      spedition: 'Pomalá spedice',
      status: { id: status['Na rampě'] },
      entry: entered.entry,
    });
    const afterEdit = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    expect(afterEdit.length).toBe(2);
    const cleared = await ctx.call(
      operator,
      'PUT',
      `/api/logistics/transport/${transport.id}/operation/${afterEdit[1].id}`,
      {
        version: edited.json().version,
        values: { ramp: null },
      },
    );
    expect(errorOf(cleared), cleared.body).toMatchObject({
      details: [{ path: 'ramp', message: 'validation.required' }],
    });
  });

  it('ignores values of an operation without editor; the departure closes the transport and e-mails its team', async () => {
    const { transport, entered } = await atRamp();
    const [arrival] = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    const teamNotified = await emailsTo('tym@example.com');
    await ctx.clock.advance(MINUTE);
    const loaded = await executed(operator, entered, load, { note: 'ignored' });
    expect(loaded.status).toMatchObject({ id: status['Naloženo'] });
    expect(loaded.note ?? null).toBe(entered.note ?? null);
    // The arrival is no longer the last operation: it cannot be edited.
    const staleEdit = await ctx.call(
      operator,
      'PUT',
      `/api/logistics/transport/${transport.id}/operation/${arrival.id}`,
      { version: loaded.version, values: {} },
    );
    expect(errorOf(staleEdit)).toMatchObject({ status: 409, code: 'LOGISTICS_OPERATION_NOT_ALLOWED' });
    await ctx.clock.advance(30 * MINUTE);
    const left = await executed(operator, loaded, depart);
    expect(left).toMatchObject({ leave: new Date(ctx.clock.now()).toISOString(), waiting: null });
    // The departure e-mailed the operation's person and the members of its team (one person: once).
    expect(await emailsTo('tym@example.com')).toBe(teamNotified + 1);
    const full = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    expect(full.map((row) => [row.edit, (row.endStatus as { id: number }).id])).toEqual([
      [false, status['Na rampě']],
      [false, status['Naloženo']],
      [false, status['Odjeto']],
    ]);
    // Closed: nothing is offered or executed.
    expect(await getJson(operator, `/api/logistics/transport/${transport.id}/workflow`)).toEqual([]);
    expect(errorOf(await execute(operator, left, depart))).toMatchObject({
      status: 409,
      code: 'LOGISTICS_TRANSPORT_CLOSED',
    });
  });

  it('lets exactly one of two dispatchers acting at once through: the rest get LOGISTICS_CONFLICT', async () => {
    const transport = await newTransport();
    const ramp = (await freeRamp()) as number;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        execute(operator, transport, toRamp, { ramp, licencePlate: '1AB 2345' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().code).toBe('LOGISTICS_CONFLICT');
    const rows = await ctx.db.select().from(transportLog).where(eq(transportLog.transportId, transport.id));
    expect(rows.length).toBe(1);
    // A stale version answers the same.
    expect(errorOf(await execute(operator, transport, load))).toMatchObject({ code: 'LOGISTICS_CONFLICT' });
  });

  it('cancels with LOGISTICS_CANCEL only, at the version seen; a cancelled transport is closed', async () => {
    const transport = await newTransport();
    const cancel = (who: TestUser, version = transport.version) =>
      ctx.call(who, 'POST', `/api/logistics/transport/${transport.id}/cancel`, { version, note: 'Nepřijel' });
    expect((await cancel(operator)).statusCode).toBe(403);
    expect((await cancel(admin)).statusCode).toBe(403);
    expect(errorOf(await cancel(canceller, transport.version + 1))).toMatchObject({
      code: 'LOGISTICS_CONFLICT',
    });
    const cancelled = await cancel(canceller);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      cancelled: new Date(ctx.clock.now()).toISOString(),
      waiting: null,
    });
    expect(errorOf(await cancel(canceller, cancelled.json().version))).toMatchObject({
      code: 'LOGISTICS_TRANSPORT_CLOSED',
    });
    const log = await getJson(viewer, `/api/logistics/transport/operation?transport=${transport.id}`);
    expect(log).toMatchObject([{ operation: null, note: 'Nepřijel' }]);
  });

  it('lets a user who may only cancel read the transports to cancel, and cancel one (no other write)', async () => {
    const onlyCancel = await ctx.givenUser({ roles: ['LOGISTICS_CANCEL'] });
    const transport = await newTransport();
    const list = await ctx.call(onlyCancel, 'GET', '/api/logistics/transport?size=100');
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as Array<{ id: number }>).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toContain(transport.id);
    const one = await ctx.call(onlyCancel, 'GET', `/api/logistics/transport/${transport.id}`);
    expect(one.statusCode).toBe(200);
    expect(
      (await ctx.call(onlyCancel, 'PUT', `/api/logistics/transport/${transport.id}`, {})).statusCode,
    ).toBe(403);
    const cancelled = await ctx.call(onlyCancel, 'POST', `/api/logistics/transport/${transport.id}/cancel`, {
      version: one.json().version,
      note: 'Zrušeno',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('refuses before it validates: no session, wrong role, module off', async () => {
    const transport = await newTransport();
    expect(
      (await ctx.call(null, 'POST', `/api/logistics/transport/${transport.id}/operation`, {})).statusCode,
    ).toBe(401);
    expect(
      (await ctx.call(stranger, 'POST', `/api/logistics/transport/${transport.id}/operation`, {})).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(operator, 'POST', `/api/logistics/transport/${transport.id}/operation`, {})).statusCode,
    ).toBe(400);
    expect((await execute(adminB, transport, arrive)).statusCode).toBe(404);
  });
});

describe('board and turn time', () => {
  it('shows the day by status and ramp, with the ramps’ occupancy', async () => {
    const { transport, ramp: held } = await atRamp();
    const board = (await getJson(viewer, '/api/logistics/board')) as unknown as LogisticsBoard;
    expect(board.statuses.map((row) => row.label)).toEqual(['Ohlášeno', 'Na rampě', 'Naloženo', 'Odjeto']);
    // Every ramp of the site, by name; none of the other site's.
    const ramps = await getJson(viewer, '/api/logistics/ramp?sort=name,asc');
    expect(board.ramps).toEqual(ramps.map((row) => ({ id: row.id, label: row.name })));
    expect(board.ramps).toContainEqual({ id: ramp, label: 'Rampa 1' });
    expect(board.transports.map((row) => row.id)).toContain(transport.id);
    expect(board.occupancy.length).toBeGreaterThan(0);
    expectEvery(board.occupancy, (row) => board.ramps.some((known) => known.id === row.ramp));
    expect(board.occupancy.map((row) => row.ramp)).toContain(held);
    expect((await ctx.call(operator, 'GET', '/api/logistics/board')).statusCode).toBe(403);
    expect((await ctx.call(viewer, 'GET', '/api/logistics/board?date=tomorrow')).statusCode).toBe(400);
  });

  it('computes waiting, ramp and total minutes with averages, and exports them as CSV', async () => {
    const start = ctx.clock.now();
    const transport = await newTransport({
      datetimeArrive: new Date(start).toISOString(),
      licencePlate: '7TT 7777',
    });
    await ctx.clock.set(start + 12 * MINUTE);
    const entered = await executed(operator, transport, arrive, { ramp: await freeRamp() });
    await ctx.clock.set(start + 20 * MINUTE);
    const loaded = await executed(operator, entered, load);
    await ctx.clock.set(start + 50 * MINUTE);
    await executed(operator, loaded, depart);
    const day = new Date(start).toISOString().slice(0, 10);
    const from = new Date(start - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(start + 86_400_000).toISOString().slice(0, 10);
    const report = (await getJson(
      viewer,
      `/api/logistics/turntime?from=${from}&to=${to}`,
    )) as unknown as LogisticsTurnTime;
    expect(report.transports.length).toBeGreaterThan(0);
    const row = report.transports.find((item) => item.id === transport.id);
    expect(row).toMatchObject({ waitingMinutes: 12, rampMinutes: 38, totalMinutes: 50 });
    expect(report.averages.supplier.length).toBeGreaterThan(0);
    expect(report.averages.supplier[0]).toMatchObject({ group: { id: supplier } });
    expect(report.overall.count).toBe(report.transports.length);
    const csv = await ctx.call(viewer, 'GET', `/api/logistics/turntime/export?from=${from}&to=${to}&lang=cs`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('SPZ;Dodavatel;Typ přepravy;Rampa;Příjezd;Vjezd;Odjezd');
    expect(csv.body).toContain('7TT7777;Dodavatel a.s.');
    const english = await ctx.call(
      viewer,
      'GET',
      `/api/logistics/turntime/export?from=${day}&to=${day}&lang=en`,
    );
    expect(english.body).toContain('Licence plate,Supplier');
    expect((await ctx.call(viewer, 'GET', `/api/logistics/turntime?from=${to}&to=${from}`)).statusCode).toBe(
      400,
    );
    expect(
      (await ctx.call(viewer, 'GET', '/api/logistics/turntime?from=2020-01-01&to=2022-01-01')).statusCode,
    ).toBe(400);
    expect(
      (await ctx.call(operator, 'GET', `/api/logistics/turntime?from=${from}&to=${to}`)).statusCode,
    ).toBe(403);
  });
});

async function watchEvents(who: TestUser) {
  const address = await listening();
  const controller = new AbortController();
  const response = await fetch(`${address}/api/logistics/events`, {
    headers: { 'x-auth-token': who.token },
    signal: controller.signal,
  });
  const reader = response.status === 200 ? response.body!.getReader() : undefined;
  let text = '';
  return {
    response,
    async until(part: string) {
      while (!text.includes(part)) {
        const { value, done } = await reader!.read();
        if (done) throw new Error(`stream ended before ${part}`);
        text += new TextDecoder().decode(value);
      }
      return text;
    },
    /** Everything the stream sent until the server ended it. */
    async untilEnd() {
      for (;;) {
        const { value, done } = await reader!.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    },
    text: () => text,
    close: () => controller.abort(),
  };
}

let address: string | undefined;
const listening = async () => (address ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
const ENDED = 'event: end\ndata: {"reason":"session"}';

describe('events', () => {
  it('streams the site’s transport events as they commit, and only the site’s', async () => {
    const watch = async (who: TestUser) => {
      const stream = await watchEvents(who);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      return stream;
    };
    const siteA = await watch(viewer);
    const siteB = await watch(adminB);
    await siteA.until(': open');
    const transport = await newTransport();
    const moved = await executed(operator, transport, arrive, { ramp: await freeRamp() });
    const text = await siteA.until(`"id":${moved.id},"kind":"changed"`);
    expect(text).toContain(`event: transport\ndata: {"id":${transport.id},"kind":"created"}`);
    expect(siteB.text()).not.toContain('"kind"');
    siteA.close();
    siteB.close();
  });

  it('ends the stream when its session logs out, and only that one', async () => {
    const leaving = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
    const staying = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
    const ended = await watchEvents(leaving);
    const open = await watchEvents(staying);
    await ended.until(': open');
    await open.until(': open');
    expect((await ctx.call(leaving, 'DELETE', '/api/session')).statusCode).toBe(204);
    expect(await ended.untilEnd()).toContain(ENDED);
    // The other session's stream still delivers.
    const transport = await newTransport();
    await open.until(`"id":${transport.id},"kind":"created"`);
    expect(open.text()).not.toContain('event: end');
    open.close();
  });

  it('ends the stream when the user loses the role that reads it', async () => {
    const user = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
    const stream = await watchEvents(user);
    await stream.until(': open');
    await ctx.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'LOGISTICS_VIEW')));
    await ctx.sessionsChanged();
    expect(await stream.untilEnd()).toContain(ENDED);
    // Connecting again is refused: the web app does not retry then.
    expect((await watchEvents(user)).response.status).toBe(403);
  });

  it('opens at most 5 streams per session: the sixth answers 429', async () => {
    const user = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await watchEvents(user);
      expect(stream.response.status).toBe(200);
      await stream.until(': open');
      streams.push(stream);
    }
    const sixth = await watchEvents(user);
    expect(sixth.response.status).toBe(429);
    expect(sixth.response.headers.get('x-error-code')).toBe('TOO_MANY_REQUESTS');
    // Another session is not counted with it; a closed stream frees its place.
    const other = await watchEvents(viewer);
    expect(other.response.status).toBe(200);
    other.close();
    streams[0].close();
    let again = await watchEvents(user);
    for (let wait = 0; wait < 50 && again.response.status === 429; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await watchEvents(user);
    }
    expect(again.response.status).toBe(200);
    again.close();
    for (const stream of streams) stream.close();
  });

  // Moves the app's clock: last.
  it('ends the stream when its session expires on the app’s clock, before delivering another event', async () => {
    const user = await ctx.givenUser({ roles: ['LOGISTICS_VIEW'] });
    const stream = await watchEvents(user);
    await stream.until(': open');
    const idle = await watchEvents(user);
    await idle.until(': open');
    const start = ctx.clock.now();
    ctx.clock.advanceIdle(31 * MINUTE);
    try {
      await ctx.app.siteEvents.publish(ctx.db, ctx.siteA, 'transport', { id: 1, kind: 'changed' });
      const text = await stream.untilEnd();
      expect(text).toContain(ENDED);
      expect(text).not.toContain('event: transport');
      // The periodic check ends a stream that gets no event as well.
      await ctx.app.siteEvents.checkSessions();
      expect(await idle.untilEnd()).toContain(ENDED);
    } finally {
      // The other users' sessions were not idle.
      ctx.clock.setIdle(start);
    }
  });
});

describe('what the workflow lets the caller do (GET /api/logistics/workflow, issue 33)', () => {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it("names the start statuses and operations of the caller's roles, as executing decides", async () => {
    expect(await getJson(operator, '/api/logistics/workflow')).toEqual({
      startStatuses: sorted([status['Ohlášeno'], status['Na rampě'], status['Naloženo']]),
      operations: sorted([arrive, load, depart]),
    });
    expect(await getJson(admin, '/api/logistics/workflow')).toEqual({
      startStatuses: [status['Na rampě']],
      operations: [load],
    });
    // The viewer reads transports but runs no operation: nothing to offer, and the server offers nothing either.
    expect(await getJson(viewer, '/api/logistics/workflow')).toEqual({ startStatuses: [], operations: [] });
    const transport = await newTransport();
    expect(transport.status).toMatchObject({ id: status['Ohlášeno'] });
    expect(await getJson(viewer, `/api/logistics/transport/${transport.id}/workflow`)).toEqual([]);
    const offered = (await getJson(operator, `/api/logistics/transport/${transport.id}/workflow`)) as Json[];
    expect(offered.map((operation) => operation.id)).toEqual([arrive]);
  });

  it("counts only the current site's operations and is for logistics roles only", async () => {
    expect(await getJson(adminB, '/api/logistics/workflow')).toEqual({ startStatuses: [], operations: [] });
    expect((await ctx.call(stranger, 'GET', '/api/logistics/workflow')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/logistics/workflow')).statusCode).toBe(401);
  });
});
