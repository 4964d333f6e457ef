import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anprLeaveSchema,
  anprReadRecordExtension,
  anprReadRequestSchema,
  checkPlates,
  idParamsSchema,
  vehicle,
  vehicleAdvice,
  vehicleAnprRead,
  vehicleEntryPrefillSchema,
  vehicleEntrySchema,
  vehicleRecordExtension,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord, type AuditRecord } from '../../platform/audit';
import {
  crudRoutes,
  qualified,
  sendJson,
  type CrudHooks,
  type CrudRepository,
  type Row,
} from '../../platform/crud';
import { AppError, notFound, validationError } from '../../platform/errors';
import { currentSiteId, sessionOf, terminalAccess } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { siteToday } from '../../platform/siteTime';
import { terminalOf } from '../../platform/terminal';
import type { GovernmentBlacklistProvider } from '../blacklist/blacklist';
import { prefillOfAdvice, prefillOfRead, recordAnprRead, usableAdvices } from './anpr.service';
import { askVehicleGovernmentFirst, recordVehicleEntry, recordVehicleLeave } from './vehicle.service';
import { anprReads, vehicleAdvices } from './vehicle.tables';
import { checkClientTimes } from '../../platform/clientTime';
import { NO_BODY } from '../../platform/requestBody';

registerRefTarget('vehicle/advice', {
  table: vehicleAdvices,
  label: (t) => sql`concat_ws(' ', ${t.vehiclePlate}, to_char(${t.date}, 'DD.MM.YYYY'), ${t.time})`,
  scope: 'site',
});

/** Vehicle advices: plates upper case, vehicle and trailer plates not equal (`checkPlates`). */
const vehicleAdviceHooks: CrudHooks = {
  beforeWrite(values, _input, _ctx, existing) {
    for (const key of ['vehiclePlate', 'trailerPlate'])
      if (typeof values[key] === 'string') values[key] = (values[key] as string).toUpperCase();
    const merged = { ...existing, ...values } as Row;
    const problem = checkPlates(merged.vehiclePlate as string | null, merged.trailerPlate as string | null);
    if (problem) throw validationError('trailerPlate', problem);
  },
};

/** What the advice and plate-read routes need of the vehicle movements (`registerVehicleRoutes`). */
export interface VehicleMovements {
  /** The movement repository, for `recordVehicleEntry`. */
  movements: CrudRepository;
  /** The government register an entry asks before its transaction. */
  government: GovernmentBlacklistProvider;
}

const WRITE = vehicle.write;
const entryRecord = (vehicle.schemas.record as unknown as z.ZodObject).extend(vehicleRecordExtension);

/**
 * Vehicle advices (MOD_VEHICLE_ADVICE) with advice → entry, and the plate reads of cameras (MOD_VEHICLE)
 * with their confirmation as an entry or a leave.
 */
export function registerVehicleAdviceRoutes(app: FastifyInstance, db: Db, vehicles: VehicleMovements): void {
  crudRoutes(app, db, { entity: vehicleAdvice, table: vehicleAdvices, hooks: vehicleAdviceHooks });
  registerAdviceToEntry(app, db, vehicles);
  registerAnprRoutes(app, db, vehicles);
}

/** The site's advice, locked for the change when `forUpdate`; 404 for another site's or an unknown one. */
async function adviceOf(tx: Db, siteId: number, id: number, forUpdate: boolean) {
  const query = tx
    .select()
    .from(vehicleAdvices)
    .where(and(eq(vehicleAdvices.id, id), eq(vehicleAdvices.siteId, siteId)));
  const [advice] = forUpdate ? await query.for('update') : await query;
  if (!advice) throw notFound('Vehicle advice');
  return advice;
}

/** An advice becomes an entry only on its day, once. */
function checkUsable(advice: typeof vehicleAdvices.$inferSelect, today: string): void {
  if (advice.vehicleId !== null) throw new AppError('ADVICE_NOT_USABLE', 'The advice was already used');
  if (advice.date !== today) throw new AppError('ADVICE_NOT_USABLE', 'The advice is not for today');
}

/** Marks the advice used by the entry (its `vehicle`), as an update of the advice. */
async function linkAdvice(tx: Db, adviceId: number, entryId: number, now: Date): Promise<void> {
  await tx
    .update(vehicleAdvices)
    .set({ vehicleId: entryId, version: sql`${vehicleAdvices.version} + 1`, updatedAt: now })
    .where(eq(vehicleAdvices.id, adviceId));
}

const nowOf = (request: FastifyRequest) => new Date(request.server.clock.now());

/**
 * 'Entry from advice': an advice of the site's today, not yet used, becomes a vehicle entry (the entry's
 * body and checks, `recordVehicleEntry`) in one transaction, and is linked to it (used).
 */
function registerAdviceToEntry(app: FastifyInstance, db: Db, vehicles: VehicleMovements): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle'];
  const access = { roles: WRITE, module: 'MOD_VEHICLE' } as const;
  const requireAdviceModule = (request: FastifyRequest) => {
    if (!sessionOf(request).modules.includes('MOD_VEHICLE_ADVICE'))
      throw new AppError('MODULE_DISABLED', 'Module MOD_VEHICLE_ADVICE is not enabled on this site');
  };

  typed.get(
    '/api/vehicle/advice/:id/entry',
    {
      config: { access },
      schema: {
        tags,
        description:
          'What the entry dialog starts with for an advice: its plates, driver, forwarder and gate; 409 ' +
          'ADVICE_NOT_USABLE when it is not of today or was used.',
        params: idParamsSchema,
        response: { 200: vehicleEntryPrefillSchema },
      },
    },
    async (request) => {
      requireAdviceModule(request);
      const siteId = currentSiteId(request);
      const advice = await adviceOf(db, siteId, request.params.id, false);
      checkUsable(advice, await siteToday(db, siteId, nowOf(request)));
      return prefillOfAdvice(db, siteId, advice);
    },
  );

  typed.post(
    '/api/vehicle/advice/:id/entry',
    {
      config: { access },
      schema: {
        tags,
        description:
          "'Entry from advice': an advice of today, not used yet, becomes a vehicle entry (the entry's body " +
          'and checks) and is marked used; 409 ADVICE_NOT_USABLE for another day or a used advice.',
        params: idParamsSchema,
        body: vehicleEntrySchema,
        response: { 201: entryRecord },
      },
    },
    async (request, reply) => {
      requireAdviceModule(request);
      const siteId = currentSiteId(request);
      const now = nowOf(request);
      const today = await siteToday(db, siteId, now);
      const body = request.body as Row;
      checkUsable(await adviceOf(db, siteId, request.params.id, false), today);
      await askVehicleGovernmentFirst(request, vehicles.government, body);
      const entryId = await db.transaction(async (tx) => {
        const advice = await adviceOf(tx, siteId, request.params.id, true);
        checkUsable(advice, today);
        const audit: AuditRecord = {
          entity: vehicleAdvice.resource,
          recordId: advice.id,
          siteId,
          changes: {},
        };
        auditRecord(request, audit);
        const id = await recordVehicleEntry(vehicles.movements, body, { request, tx, siteId });
        await linkAdvice(tx, advice.id, id, now);
        audit.changes = { vehicle: { from: null, to: id } };
        return id;
      });
      return reply.status(201).send(await vehicles.movements.get(entryId, siteId, undefined, request));
    },
  );
}

/**
 * Plate recognition: cameras (terminals with the ANPR role, docs/terminals.md) post reads; the vehicle
 * manager lists them with their best advice and in-area matches and why, confirms them as an entry or a
 * leave, or dismisses them.
 */
function registerAnprRoutes(app: FastifyInstance, db: Db, vehicles: VehicleMovements): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle'];
  const reads = crudRoutes(app, db, {
    entity: vehicleAnprRead,
    table: anprReads,
    log: { time: anprReads.time },
    // Each read's match reasons: JSON columns outside the entity's fields.
    columns: {
      matchReasons: sql`coalesce(${qualified(anprReads.matchReasons)}, '[]'::jsonb)`,
      vehicleMatchReasons: sql`coalesce(${qualified(anprReads.vehicleMatchReasons)}, '[]'::jsonb)`,
    },
    recordExtension: anprReadRecordExtension,
  });
  const record = (vehicleAnprRead.schemas.record as unknown as z.ZodObject).extend(anprReadRecordExtension);
  const access = { roles: WRITE, module: 'MOD_VEHICLE' } as const;

  typed.post(
    '/api/vehicle/anpr/read',
    {
      config: { access: terminalAccess('ANPR', 'MOD_VEHICLE') },
      schema: {
        tags,
        description:
          'A plate read of a camera (X-Client-Token of a terminal with the ANPR role, never a user session), ' +
          'matched to the site’s unused vehicle advices of today and to its vehicles and trailers in the ' +
          'area; answers the read with its matches, why, and what it proposes (ENTRY or LEAVE).',
        body: anprReadRequestSchema,
        response: { 201: record },
      },
    },
    async (request, reply) => {
      const terminal = terminalOf(request);
      const now = nowOf(request);
      await checkClientTimes(db, request, terminal.siteId, { time: request.body.time });
      const id = await recordAnprRead(db, request, request.body, terminal, now);
      return sendJson(reply.status(201), await reads.getJson(id, terminal.siteId, undefined, request));
    },
  );

  /** The site's read, locked for the change; 404 for another site's; 409 CONFLICT once it is not NEW. */
  const newRead = async (tx: Db, siteId: number, id: number) => {
    const [read] = await tx
      .select()
      .from(anprReads)
      .where(and(eq(anprReads.id, id), eq(anprReads.siteId, siteId)))
      .for('update');
    if (!read) throw notFound('Plate read');
    if (read.state !== 'NEW') throw new AppError('CONFLICT', `The read is ${read.state} already`);
    return read;
  };

  /** The read's new state, audited as a change of the read (the first record the request tells the audit). */
  const settle = async (
    request: FastifyRequest,
    tx: Db,
    read: typeof anprReads.$inferSelect,
    state: 'CONFIRMED' | 'DISMISSED',
    movementId: number | null,
  ) => {
    await tx
      .update(anprReads)
      .set({ state, stateChanged: nowOf(request), stateUserId: sessionOf(request).userId, movementId })
      .where(eq(anprReads.id, read.id));
    const audit = request.auditRecord as AuditRecord | undefined;
    if (audit?.entity === vehicleAnprRead.resource && audit.recordId === read.id)
      audit.changes = {
        state: { from: read.state, to: state },
        ...(movementId ? { movement: { from: null, to: movementId } } : {}),
      };
  };

  typed.get(
    '/api/vehicle/anpr/read/:id/entry',
    {
      config: { access },
      schema: {
        tags,
        description:
          "What the entry dialog starts with for a read: its matched advice's details (an unused advice of " +
          'today), else the read plate, at the read gate.',
        params: idParamsSchema,
        response: { 200: vehicleEntryPrefillSchema },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const [read] = await db
        .select()
        .from(anprReads)
        .where(and(eq(anprReads.id, request.params.id), eq(anprReads.siteId, siteId)));
      if (!read) throw notFound('Plate read');
      return prefillOfRead(db, siteId, read, await siteToday(db, siteId, nowOf(request)));
    },
  );

  typed.post(
    '/api/vehicle/anpr/read/:id/entry',
    {
      config: { access },
      schema: {
        tags,
        description:
          "Confirm a NEW read as an entry: the entry's body and checks (`POST /api/vehicle/entry`); the read " +
          'becomes CONFIRMED with the entry as its `movement`, and its matched advice (unused, of today) is ' +
          'marked used. 409 CONFLICT when the read is no longer NEW.',
        params: idParamsSchema,
        body: vehicleEntrySchema,
        response: { 200: record },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const { id } = request.params;
      const now = nowOf(request);
      const body = request.body as Row;
      const today = await siteToday(db, siteId, now);
      await askVehicleGovernmentFirst(request, vehicles.government, body);
      await db.transaction(async (tx) => {
        const read = await newRead(tx, siteId, id);
        auditRecord(request, { entity: vehicleAnprRead.resource, recordId: id, siteId });
        const entryId = await recordVehicleEntry(vehicles.movements, body, { request, tx, siteId });
        if (read.adviceId) {
          const [advice] = await tx
            .select({ id: vehicleAdvices.id })
            .from(vehicleAdvices)
            .where(and(eq(vehicleAdvices.id, read.adviceId), usableAdvices(siteId, today)))
            .for('update');
          if (advice) await linkAdvice(tx, advice.id, entryId, now);
        }
        await settle(request, tx, read, 'CONFIRMED', entryId);
      });
      return reads.get(id, siteId, undefined, request);
    },
  );

  typed.post(
    '/api/vehicle/anpr/read/:id/leave',
    {
      config: { access },
      schema: {
        tags,
        description:
          "Confirm a NEW read as the leave of its matched vehicle in the area (the leave's body, the gate " +
          "defaulting to the read's; `POST /api/vehicle/:id/leave`); the read becomes CONFIRMED with the " +
          'departure as its `movement`. 409 NOT_IN_AREA without a matched vehicle inside, CONFLICT when the ' +
          'read is no longer NEW.',
        params: idParamsSchema,
        body: anprLeaveSchema,
        response: { 200: record },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const { id } = request.params;
      await checkClientTimes(db, request, siteId, { movementTime: request.body.movementTime });
      await db.transaction(async (tx) => {
        const read = await newRead(tx, siteId, id);
        if (!read.vehicleId) throw new AppError('NOT_IN_AREA', 'The read matched no vehicle in the area');
        const gate = request.body.gate ?? read.gateId;
        if (!gate) throw validationError('gate', 'validation.required');
        auditRecord(request, { entity: vehicleAnprRead.resource, recordId: id, siteId });
        const departureId = await recordVehicleLeave(
          tx,
          siteId,
          read.vehicleId,
          { ...request.body, gate },
          nowOf(request),
        );
        await settle(request, tx, read, 'CONFIRMED', departureId);
      });
      return reads.get(id, siteId, undefined, request);
    },
  );

  typed.post(
    '/api/vehicle/anpr/read/:id/dismiss',
    {
      config: { access },
      schema: {
        body: NO_BODY,
        tags,
        description: 'Dismiss a NEW plate read (not a vehicle of ours, a false read).',
        params: idParamsSchema,
        response: { 200: record },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const read = await newRead(tx, siteId, id);
        auditRecord(request, { entity: vehicleAnprRead.resource, recordId: id, siteId });
        await settle(request, tx, read, 'DISMISSED', null);
      });
      return reads.get(id, siteId, undefined, request);
    },
  );
}
