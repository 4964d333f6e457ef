import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEADERS,
  idParamsSchema,
  vehicle,
  vehicleAccompaniment,
  vehicleEntrySchema,
  vehicleInAreaExtension,
  vehicleInputExtension,
  vehicleLeaveSchema,
  vehicleRecordExtension,
  vehicleWriteOffSchema,
  type ListQuery,
  type Role,
  vehicleAdviceCategory,
  vehicleForwarder,
  vehicleMaterial,
  vehiclePurpose,
  vehicleType,
  normalizePlate,
  VEHICLE_PERSONAL_FIELDS,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { crudRoutes, sendJson, type CrudRepository, type Row } from '../../platform/crud';
import { currentSiteId } from '../../platform/guard';
import { refusePersonalFilters } from '../../platform/personalData';
import { registerCsvExport } from '../../platform/recordCsv';
import { registerRefTarget } from '../../platform/refs';
import { noGovernmentBlacklist, type GovernmentBlacklistProvider } from '../blacklist/blacklist';
import {
  companionMasks,
  movementMasks,
  registerDocumentReveal,
  registerUntracedDeparture,
} from '../site/movement';
import { cardByCode } from '../visit/visit.service';
import { toVehicleCsv } from './vehicle.csv';
import { registerVehicleAdviceRoutes } from './vehicleAdvice.routes';
import { registerVehiclePhotoRoutes } from './vehicle.photos';
import {
  VEHICLE_COMPANIONS,
  askVehicleGovernmentFirst,
  deleteTrailer,
  inAreaScope,
  recordVehicleEntry,
  recordVehicleLeave,
  vehicleChildren,
  vehicleHooks,
  writeOff,
} from './vehicle.service';
import {
  vehicleCompanions,
  vehicleMovements,
  vehicleAdviceCategories,
  vehicleForwarders,
  vehicleMaterials,
  vehiclePurposes,
  vehicleTypes,
} from './vehicle.tables';
import { checkClientTimes } from '../../platform/clientTime';
import { NO_BODY } from '../../platform/requestBody';

registerRefTarget('vehicle/forwarder', {
  table: vehicleForwarders,
  label: (t) => sql`${t.name}`,
  scope: 'site',
});
registerRefTarget('vehicle/purpose', { table: vehiclePurposes, label: (t) => sql`${t.name}`, scope: 'site' });
registerRefTarget('vehicle/material', {
  table: vehicleMaterials,
  label: (t) => sql`${t.name}`,
  scope: 'site',
});
registerRefTarget('vehicle/advice/category', {
  table: vehicleAdviceCategories,
  label: (t) => sql`${t.name}`,
  scope: 'site',
});
registerRefTarget('vehicle/type', { table: vehicleTypes, label: (t) => sql`${t.name}`, scope: 'site' });

registerRefTarget('vehicle', {
  table: vehicleMovements,
  label: (t) => sql`${t.plate} || ' ' || to_char(${t.movementTime}, 'YYYY-MM-DD HH24:MI')`,
  scope: 'site',
});
// An entry whose departure is recorded is kept while the OUT row names it.

const READ: readonly Role[] = vehicle.read;
const WRITE: readonly Role[] = vehicle.write;
const MODULE = 'MOD_VEHICLE' as const;

/** Exact totals up to this many matching movements; beyond it the planner's estimate (as visits). */
export const VEHICLE_COUNT_LIMIT = 1000;
/** Largest CSV export, in rows (newest first with the list's filters). */
export const VEHICLE_EXPORT_LIMIT = 50_000;
/** List filters that search by personal data (the driver's): refused without VIEW_PERSONAL_INFO. */
const PERSONAL_FILTERS = ['driverFirstName', 'driverLastName', 'documentNumber'];

export interface VehicleRoutesOptions {
  /** The government blacklist (BLACKLIST_PROVIDER), the visits' one; none by default: NOT_CHECKED markers. */
  governmentCheck?: GovernmentBlacklistProvider;
}

export interface VehicleModule {
  /** The vehicle movements, for other modules' entries (`recordVehicleEntry`) inside their transaction. */
  movements: CrudRepository;
  /** The government register the entries ask (`askVehicleGovernmentFirst` before a transaction). */
  government: GovernmentBlacklistProvider;
}

/**
 * Vehicles (MOD_VEHICLE): the code lists (VehicleAdmin) — forwarders, entry purposes, materials, types; the
 * vehicle movements with their actions (entry, leave, write-off, trailer write-off and delete, last movement
 * by plate or card, in area with dwell time, export); vehicle advices (MOD_VEHICLE_ADVICE): their categories.
 */
export function registerVehicleRoutes(
  app: FastifyInstance,
  db: Db,
  options: VehicleRoutesOptions = {},
): VehicleModule {
  app.usage.add({
    entity: vehicle,
    field: 'entry',
    fieldKey: 'entity.vehicle.values.direction.OUT',
    table: vehicleMovements,
    column: vehicleMovements.entryId,
    target: vehicleMovements,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle'];
  const government = options.governmentCheck ?? noGovernmentBlacklist;

  // Before the routes: Fastify attaches hooks to the routes registered after them.
  // A callback hook (it runs for every route registered after it): only an entry waits.
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (
      request.method === 'GET' &&
      (url === '/api/vehicle' || url === '/api/vehicle/inarea' || url === '/api/vehicle/export')
    )
      refusePersonalFilters(request, PERSONAL_FILTERS);
    // An entry asks the government register before its transaction (the answer may take seconds).
    if (request.method === 'POST' && url === '/api/vehicle/entry')
      askVehicleGovernmentFirst(request, government, request.body as Row).then(() => done(), done);
    else done();
  });

  crudRoutes(app, db, { entity: vehicleForwarder, table: vehicleForwarders });
  crudRoutes(app, db, { entity: vehiclePurpose, table: vehiclePurposes });
  crudRoutes(app, db, { entity: vehicleMaterial, table: vehicleMaterials });
  crudRoutes(app, db, { entity: vehicleType, table: vehicleTypes });
  crudRoutes(app, db, { entity: vehicleAdviceCategory, table: vehicleAdviceCategories });
  registerVehiclePhotoRoutes(app, db);

  const repository = crudRoutes(app, db, {
    entity: vehicle,
    table: vehicleMovements,
    hooks: vehicleHooks(government),
    inputExtension: vehicleInputExtension,
    recordExtension: vehicleRecordExtension,
    children: vehicleChildren,
    masks: movementMasks(vehicle, VEHICLE_PERSONAL_FIELDS),
    countLimit: VEHICLE_COUNT_LIMIT,
    scopes: { inArea: inAreaScope() },
  });
  crudRoutes(app, db, { entity: vehicleAccompaniment, table: vehicleCompanions, masks: companionMasks });
  // Advice → entry and plate reads confirmed as an entry or a leave record their movements through these.
  registerVehicleAdviceRoutes(app, db, { movements: repository, government });
  const record = (vehicle.schemas.record as unknown as z.ZodObject).extend(vehicleRecordExtension);
  const now = () => new Date(app.clock.now());

  typed.post(
    '/api/vehicle/entry',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          "'Zapsat vstup': a vehicle (and its trailer) enters, with its driver's companions; 409 " +
          'ALREADY_IN_AREA when the plate, trailer plate or driver is inside, until confirmed with `force`; ' +
          '409 BLACKLIST_HIT (`blacklistHits`) when the driver, the plate or the trailer plate is on the ' +
          "internal or the government blacklist, until each hit's list is named in `blacklistAcknowledged`.",
        body: vehicleEntrySchema,
        response: { 201: record },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      const id = await db.transaction((tx) =>
        recordVehicleEntry(repository, request.body as Row, { request, tx: tx, siteId }),
      );
      return reply.status(201).send(await repository.get(id, siteId, undefined, request));
    },
  );

  registerUntracedDeparture(app, db, {
    path: '/api/vehicle/departure',
    repository,
    body: vehicleEntrySchema,
    record,
    roles: WRITE,
    module: MODULE,
    tags,
    description:
      "'Zapsat neevidovaný odchod': a departure of a vehicle whose entry was not recorded (the entry's body; " +
      'plates checked as on an entry).',
  });

  typed.post(
    '/api/vehicle/:id/leave',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          "'Zapsat odchod': the vehicle of this entry leaves through a gate, its trailer with it unless " +
          '`withTrailer` is false (the trailer stays in the area).',
        params: idParamsSchema,
        body: vehicleLeaveSchema,
        response: { 201: record },
      },
    },
    async (request, reply) => {
      const siteId = currentSiteId(request);
      auditRecord(request, { entity: 'vehicle', recordId: request.params.id, siteId });
      await checkClientTimes(db, request, siteId, { movementTime: request.body.movementTime });
      const id = await db.transaction((tx) =>
        recordVehicleLeave(tx, siteId, request.params.id, request.body, now()),
      );
      return reply.status(201).send(await repository.get(id, siteId, undefined, request));
    },
  );

  // 'Odepsat bez odchodu' of the vehicle (and its trailer), and of a trailer on its own.
  for (const [url, what, description] of [
    [
      '/api/vehicle/writeoff',
      'vehicle',
      "'Odepsat bez odchodu': the vehicle (and its trailer) leaves the area without a departure.",
    ],
    [
      '/api/vehicle/trailer/writeoff',
      'trailer',
      'Trailer write-off: a trailer in the area leaves it without a departure.',
    ],
  ] as const) {
    typed.post(
      url,
      {
        config: { access: { roles: WRITE, module: MODULE } },
        schema: { tags, description, body: vehicleWriteOffSchema, response: { 200: record } },
      },
      async (request) => {
        const siteId = currentSiteId(request);
        const { id, note } = request.body;
        auditRecord(request, { entity: 'vehicle', recordId: id, siteId });
        await db.transaction((tx) => writeOff(tx, siteId, id, what, note, now()));
        return repository.get(id, siteId, undefined, request);
      },
    );
  }

  typed.delete(
    '/api/vehicle/trailer/:id',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        body: NO_BODY,
        tags,
        description: 'Trailer delete: a trailer recorded in the area by mistake is removed from the entry.',
        params: idParamsSchema,
        response: { 200: record },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      auditRecord(request, { entity: 'vehicle', recordId: request.params.id, siteId });
      await db.transaction((tx) => deleteTrailer(tx, siteId, request.params.id, now()));
      return repository.get(request.params.id, siteId, undefined, request);
    },
  );

  /** The last entry matching the condition, to fill the entry form; null when there is none. */
  const lastEntry = async (
    siteId: number,
    where: ReturnType<typeof eq>,
    request: Parameters<CrudRepository['get']>[3],
  ) => {
    const [last] = await db
      .select({ id: vehicleMovements.id })
      .from(vehicleMovements)
      .where(and(eq(vehicleMovements.siteId, siteId), eq(vehicleMovements.direction, 'IN'), where))
      .orderBy(desc(vehicleMovements.movementTime), desc(vehicleMovements.id))
      .limit(1);
    return last ? repository.get(last.id, siteId, undefined, request) : null;
  };

  typed.get(
    '/api/vehicle/lastbylp',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          'The last entry of a vehicle by its plate, to fill the entry form; null when there is none.',
        querystring: z.object({ plate: z.string().trim().min(1).max(15) }),
        response: { 200: record.nullable() },
      },
    },
    async (request) =>
      lastEntry(
        currentSiteId(request),
        eq(vehicleMovements.plate, normalizePlate(request.query.plate)),
        request,
      ),
  );

  typed.get(
    '/api/vehicle/lastbycard',
    {
      config: { access: { roles: WRITE, module: MODULE } },
      schema: {
        tags,
        description:
          "The last entry with a card, to fill the entry form; an unknown card is 'Card does not exist' " +
          '(CARD_NOT_FOUND), a known card never used answers null.',
        querystring: z.object({ card: z.string().trim().min(1).max(50) }),
        response: { 200: record.nullable() },
      },
    },
    async (request) => {
      const siteId = currentSiteId(request);
      const card = await cardByCode(db, siteId, request.query.card);
      return lastEntry(siteId, eq(vehicleMovements.card, card.code), request);
    },
  );

  typed.get(
    '/api/vehicle/inarea',
    {
      config: { access: { roles: READ, module: MODULE } },
      schema: {
        tags,
        description:
          'Vehicles and trailers in the area now, with the minutes since their entry and whether that is ' +
          'over the site property VEHICLE_DWELL_LIMIT_HOURS.',
        querystring: vehicle.schemas.listQuery,
        response: { 200: z.array(record.extend(vehicleInAreaExtension)) },
      },
    },
    async (request, reply) => {
      const { json, total } = await repository.scopeJson(
        'inArea',
        request.query as ListQuery,
        currentSiteId(request),
        request,
      );
      return sendJson(reply.header(HEADERS.totalCount, String(total)), json);
    },
  );

  registerDocumentReveal(app, db, {
    path: '/api/vehicle',
    resource: 'vehicle',
    table: vehicleMovements,
    companions: VEHICLE_COMPANIONS,
    roles: READ,
    module: MODULE,
    tags,
  });

  registerCsvExport(app, db, {
    path: '/api/vehicle/export',
    entity: vehicle,
    repository,
    roles: READ,
    module: MODULE,
    tags,
    description: 'The vehicle movement list as CSV (filters as the list).',
    limit: VEHICLE_EXPORT_LIMIT,
    toCsv: toVehicleCsv,
    fileName: (language) => (language === 'cs' ? 'vozidla.csv' : 'vehicles.csv'),
  });

  return { movements: repository, government };
}
