import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  KNOWN_CONFIG_PROPERTIES,
  VEHICLE_PERSONAL_FIELDS,
  checkPlates,
  normalizePlate,
  type VehicleLeave,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import {
  qualified,
  type ChildList,
  type CrudContext,
  type CrudHooks,
  type CrudRepository,
  type ListScope,
  type Row,
} from '../../platform/crud';
import { AppError, notFound, validationError } from '../../platform/errors';
import { seesPersonalData } from '../../platform/personalData';
import {
  askGovernmentFirst,
  screenEntry,
  type BlacklistSubject,
  type GovernmentBlacklistProvider,
  type InternalHit,
} from '../blacklist/blacklist';
import {
  checkGate,
  departureValues,
  isUntracedDeparture,
  movementChildren,
  recordGateMovement,
  sameNames,
  writeCompanions,
} from '../site/movement';
import { siteProperties } from '../../platform/platform.tables';
import { cardByCode } from '../visit/visit.service';
import { deleteMovementPhotos, removePhotoContents } from './vehicle.photos';
import {
  vehicleBlacklistHits,
  vehicleCompanions,
  vehicleMovements,
  vehiclePurposes,
  vehicleTypes,
} from './vehicle.tables';
import { takeMovementTime } from '../../platform/clientTime';

export type VehicleMovementRow = typeof vehicleMovements.$inferSelect;

/** The companions of a vehicle entry (who came with the driver). */
export const VEHICLE_COMPANIONS = {
  table: vehicleCompanions,
  owner: vehicleCompanions.vehicleId,
  ownerKey: 'vehicleId',
};

/** A movement's companions and blacklist hits, returned in the record (read by the movement's own select). */
export const vehicleChildren: Record<string, ChildList> = movementChildren(VEHICLE_COMPANIONS, {
  table: vehicleBlacklistHits,
  owner: vehicleBlacklistHits.vehicleId,
});

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Who and what the blacklists are checked for at a vehicle entry: the driver (when named by last name or
 * document; else no person markers) and the vehicle's and trailer's plates, upper case as stored. Reads the
 * entry's body (`documentType`) or its column values (`documentTypeId`).
 */
export function vehicleBlacklistSubject(values: Row): BlacklistSubject {
  const lastName = textOf(values.driverLastName);
  const documentNumber = textOf(values.documentNumber);
  const documentTypeId = values.documentTypeId ?? values.documentType;
  return {
    person:
      lastName || documentNumber
        ? {
            firstName: textOf(values.driverFirstName),
            lastName,
            documentTypeId: typeof documentTypeId === 'number' ? documentTypeId : null,
            documentNumber,
          }
        : null,
    plate: upperPlate(values.plate),
    trailerPlate: upperPlate(values.trailerPlate),
  };
}

/**
 * Asks the government register about a vehicle entry (its driver and plates) before the entry's transaction,
 * so that no database connection waits for the provider (the entry route; an advice or plate read turned
 * into an entry may call it too). `input`: the entry's body.
 */
export async function askVehicleGovernmentFirst(
  request: FastifyRequest,
  government: GovernmentBlacklistProvider,
  input: Row,
): Promise<void> {
  if (!upperPlate(input.plate)) return;
  await askGovernmentFirst(request, government, vehicleBlacklistSubject(input));
}

const VEHICLE_WARNING = {
  hit: 'The vehicle, its trailer or its driver is on a blacklist',
  inArea: 'Already in the area',
};

/** A plate as it is stored: its normal form (`normalizePlate`), or null when none is given. */
const upperPlate = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? normalizePlate(value) : null;

/** Does the purpose or the type of the movement require a trailer plate? */
async function trailerRequired(tx: Db, siteId: number, values: Row): Promise<boolean> {
  const purposeId = values.purposeId as number | null | undefined;
  const typeId = values.typeId as number | null | undefined;
  const [purpose] = purposeId
    ? await tx
        .select({ requiresTrailer: vehiclePurposes.requiresTrailer })
        .from(vehiclePurposes)
        .where(and(eq(vehiclePurposes.id, purposeId), eq(vehiclePurposes.siteId, siteId)))
    : [];
  const [type] = typeId
    ? await tx
        .select({ requiresTrailer: vehicleTypes.requiresTrailer })
        .from(vehicleTypes)
        .where(and(eq(vehicleTypes.id, typeId), eq(vehicleTypes.siteId, siteId)))
    : [];
  return !!purpose?.requiresTrailer || !!type?.requiresTrailer;
}

/** Spec: the vehicle and trailer plates differ; a purpose or type may require the trailer plate. */
async function checkMovementPlates(tx: Db, siteId: number, values: Row): Promise<void> {
  const problem = checkPlates(
    values.plate as string | null,
    values.trailerPlate as string | null,
    await trailerRequired(tx, siteId, values),
  );
  if (problem) throw validationError('trailerPlate', problem);
}

/** Is this plate inside, as a vehicle in the area or a trailer in the area? */
async function plateInArea(tx: Db, siteId: number, plate: string): Promise<boolean> {
  const normalized = normalizePlate(plate);
  const rows = await tx
    .select({ id: vehicleMovements.id })
    .from(vehicleMovements)
    .where(
      and(
        eq(vehicleMovements.siteId, siteId),
        // Plates are stored in their normal form: one written with other spaces or dashes is the same plate.
        or(
          and(eq(vehicleMovements.inArea, true), eq(vehicleMovements.plate, normalized)),
          and(eq(vehicleMovements.trailerInArea, true), eq(vehicleMovements.trailerPlate, normalized)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function driverInArea(tx: Db, siteId: number, firstName: string, lastName: string) {
  const rows = await tx
    .select({ id: vehicleMovements.id })
    .from(vehicleMovements)
    .where(
      and(
        eq(vehicleMovements.siteId, siteId),
        eq(vehicleMovements.inArea, true),
        sameNames(vehicleMovements.driverFirstName, vehicleMovements.driverLastName, firstName, lastName),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** What of an entry is inside already: the vehicle's plate, the trailer's plate, the driver. */
async function inAreaPaths(tx: Db, siteId: number, values: Row): Promise<string[]> {
  const paths: string[] = [];
  if (await plateInArea(tx, siteId, values.plate as string)) paths.push('plate');
  if (values.trailerPlate && (await plateInArea(tx, siteId, values.trailerPlate as string)))
    paths.push('trailerPlate');
  const { driverFirstName: first, driverLastName: last } = values;
  if (first && last && (await driverInArea(tx, siteId, first as string, last as string)))
    paths.push('driver');
  return paths;
}

interface PendingMovement {
  gateId: number;
  movementTime: Date;
  direction: 'IN' | 'OUT';
  /** The blacklist hits of an entry, stored with it. */
  hits: InternalHit[];
}

/**
 * The hooks of the vehicle movement entity: a create is an entry ('Zapsat vstup') — plates, card, in-area
 * and blacklist checks (the driver, the vehicle's and the trailer's plates, as on visits), gate passage,
 * companions; an update may change the recorded details and companions but not the movement itself.
 */
export function vehicleHooks(government: GovernmentBlacklistProvider): CrudHooks {
  const pending = new WeakMap<Row, PendingMovement>();
  /** Photo contents of a deleted movement, removed once its deletion committed. */
  const photoContents = new WeakMap<Row, string[]>();
  return {
    async beforeWrite(values, input, ctx, existing) {
      const siteId = ctx.siteId!;
      await takeMovementTime(values, ctx, existing);
      if (values.plate !== undefined) values.plate = upperPlate(values.plate);
      if (values.trailerPlate !== undefined) values.trailerPlate = upperPlate(values.trailerPlate);
      if (existing) {
        if (!seesPersonalData(ctx.request)) {
          const personal = [...VEHICLE_PERSONAL_FIELDS, 'companions'].filter(
            (field) => input[field] !== undefined,
          );
          if (personal.length > 0)
            throw new AppError(
              'PERSONAL_DATA_REQUIRED',
              `Changing ${personal.join(', ')} needs VIEW_PERSONAL_INFO`,
            );
        }
        await checkMovementPlates(ctx.tx, siteId, { ...existing, ...values });
        return;
      }
      await checkMovementPlates(ctx.tx, siteId, values);
      const movementTime =
        (values.movementTime as Date | undefined) ?? new Date(ctx.request.server.clock.now());
      if (isUntracedDeparture(input)) {
        // 'Zapsat neevidovaný odchod': an OUT row of a vehicle whose entry was not recorded.
        Object.assign(values, {
          movementTime,
          direction: 'OUT',
          inArea: false,
          departed: true,
          trailerInArea: false,
        });
        pending.set(input, { gateId: values.gateId as number, movementTime, direction: 'OUT', hits: [] });
        return;
      }
      Object.assign(values, {
        movementTime,
        direction: 'IN',
        inArea: true,
        departed: false,
        trailerInArea: !!values.trailerPlate,
      });
      if (values.card) {
        await cardByCode(ctx.tx, siteId, String(values.card));
        const [holder] = await ctx.tx
          .select({ id: vehicleMovements.id })
          .from(vehicleMovements)
          .where(
            and(
              eq(vehicleMovements.siteId, siteId),
              eq(vehicleMovements.inArea, true),
              eq(vehicleMovements.card, String(values.card)),
            ),
          )
          .limit(1);
        if (holder) throw validationError('card', 'validation.cardInUse');
      }
      const paths = await inAreaPaths(ctx.tx, siteId, values);
      const { markers, hits } = await screenEntry(
        ctx,
        government,
        vehicleBlacklistSubject(values),
        input,
        paths,
        VEHICLE_WARNING,
      );
      Object.assign(values, markers);
      pending.set(input, { gateId: values.gateId as number, movementTime, direction: 'IN', hits });
    },

    async afterWrite(id, input, ctx) {
      const siteId = ctx.siteId!;
      await writeCompanions(ctx.tx, VEHICLE_COMPANIONS, siteId, id, input);
      const movement = pending.get(input);
      if (!movement) return;
      pending.delete(input);
      await recordGateMovement(ctx.tx, siteId, movement.gateId, movement.direction, movement.movementTime);
      if (movement.hits.length > 0)
        await ctx.tx
          .insert(vehicleBlacklistHits)
          .values(movement.hits.map((hit) => ({ ...hit, siteId, vehicleId: id })));
    },

    async beforeDelete(existing, ctx) {
      photoContents.set(existing, await deleteMovementPhotos(ctx.tx, ctx.request, Number(existing.id)));
    },

    async afterDelete(existing, request) {
      await removePhotoContents(request, photoContents.get(existing) ?? []);
    },
  };
}

/**
 * Records a vehicle entry inside the caller's transaction (the entry route, an advice turned into an entry,
 * a confirmed plate read): the entity's checks and warnings apply; answers the new movement's id.
 */
export function recordVehicleEntry(
  repository: CrudRepository,
  input: Row,
  ctx: CrudContext,
): Promise<number> {
  return repository.insert(input, ctx);
}

/** A movement of the site, IN, locked for the change. */
async function entryOf(tx: Db, siteId: number, id: number): Promise<VehicleMovementRow> {
  const [entry] = await tx
    .select()
    .from(vehicleMovements)
    .where(
      and(
        eq(vehicleMovements.id, id),
        eq(vehicleMovements.siteId, siteId),
        eq(vehicleMovements.direction, 'IN'),
      ),
    )
    .for('update');
  if (!entry) throw notFound('Vehicle');
  return entry;
}

async function vehicleInArea(tx: Db, siteId: number, id: number): Promise<VehicleMovementRow> {
  const entry = await entryOf(tx, siteId, id);
  if (!entry.inArea) throw new AppError('NOT_IN_AREA', 'The vehicle is not in the area');
  return entry;
}

async function trailerInArea(tx: Db, siteId: number, id: number): Promise<VehicleMovementRow> {
  const entry = await entryOf(tx, siteId, id);
  if (!entry.trailerInArea) throw new AppError('NOT_IN_AREA', 'The trailer is not in the area');
  return entry;
}

const bumped = (now: Date) => ({ version: sql`${vehicleMovements.version} + 1`, updatedAt: now });

/**
 * 'Zapsat odchod': a departure row for the entry, which leaves the area; its trailer leaves with it unless
 * `withTrailer` is false (then it stays in the area, to leave, be written off or removed later). `now`:
 * the app clock's time, used when the input names no movement time. Answers the departure row's id.
 */
export async function recordVehicleLeave(
  tx: Db,
  siteId: number,
  entryId: number,
  input: VehicleLeave,
  now: Date,
): Promise<number> {
  const entry = await vehicleInArea(tx, siteId, entryId);
  await checkGate(tx, siteId, input.gate);
  const time = input.movementTime ? new Date(input.movementTime) : now;
  const trailerLeaves = entry.trailerInArea && input.withTrailer !== false;
  const [departure] = await tx
    .insert(vehicleMovements)
    .values({
      ...departureValues(entry, input, time),
      trailerInArea: false,
      trailerDepartureTime: null,
      // The departure row names the trailer only when it left with the tractor.
      trailerPlate: trailerLeaves || !entry.trailerInArea ? entry.trailerPlate : null,
    })
    .returning({ id: vehicleMovements.id });
  await tx
    .update(vehicleMovements)
    .set({
      inArea: false,
      departed: true,
      departureTime: time,
      ...(trailerLeaves ? { trailerInArea: false, trailerDepartureTime: time } : {}),
      ...bumped(now),
    })
    .where(eq(vehicleMovements.id, entry.id));
  await recordGateMovement(tx, siteId, input.gate, 'OUT', time);
  return departure.id;
}

/**
 * 'Odepsat bez odchodu': the vehicle (and its trailer, if inside) leaves the area without a departure; or,
 * for `trailer`, the trailer in the area (left behind by its tractor, or with it) on its own.
 */
export async function writeOff(
  tx: Db,
  siteId: number,
  entryId: number,
  what: 'vehicle' | 'trailer',
  note: string | null | undefined,
  now: Date,
): Promise<void> {
  const entry =
    what === 'vehicle' ? await vehicleInArea(tx, siteId, entryId) : await trailerInArea(tx, siteId, entryId);
  const vehicle = what === 'vehicle' ? { inArea: false, departureTime: now } : {};
  const trailer = entry.trailerInArea ? { trailerInArea: false, trailerDepartureTime: now } : {};
  await tx
    .update(vehicleMovements)
    .set({ ...vehicle, ...trailer, note: note ?? entry.note, ...bumped(now) })
    .where(eq(vehicleMovements.id, entry.id));
}

/**
 * Trailer delete: a trailer recorded in the area by mistake is removed from the movement (its plate,
 * tracking number, status and seal), the vehicle's record staying as it was.
 */
export async function deleteTrailer(tx: Db, siteId: number, entryId: number, now: Date): Promise<void> {
  const entry = await trailerInArea(tx, siteId, entryId);
  await tx
    .update(vehicleMovements)
    .set({
      trailerInArea: false,
      trailerPlate: null,
      trailerTrackingNumber: null,
      trailerStatus: null,
      trailerSeal: null,
      ...bumped(now),
    })
    .where(or(eq(vehicleMovements.id, entry.id), eq(vehicleMovements.entryId, entry.id)));
}

/**
 * The list of vehicles and trailers in the area, with the minutes since their entry and whether that is over
 * the site property VEHICLE_DWELL_LIMIT_HOURS (a positive number; otherwise its default), all in one select.
 */
/**
 * What is in the area (the vehicle manager's in-area list and the dashboard's figure alike): a vehicle inside,
 * or a trailer left inside after its tractor went.
 */
export const vehicleInAreaSql = (): SQL =>
  sql`(${vehicleMovements.inArea} or ${vehicleMovements.trailerInArea})`;

export function inAreaScope(): ListScope {
  const minutes = (now: SQL) =>
    sql`floor(extract(epoch from (${now} - ${qualified(vehicleMovements.movementTime)})) / 60)`;
  const limitHours = sql`coalesce((select case when jsonb_typeof(${qualified(siteProperties.value)}) = 'number'
      then (${qualified(siteProperties.value)} #>> '{}')::numeric end
    from ${siteProperties} where ${qualified(siteProperties.siteId)} = ${qualified(vehicleMovements.siteId)}
      and ${qualified(siteProperties.name)} = 'VEHICLE_DWELL_LIMIT_HOURS' and ${qualified(siteProperties.active)}
      and jsonb_typeof(${qualified(siteProperties.value)}) = 'number'
      and (${qualified(siteProperties.value)} #>> '{}')::numeric > 0),
    ${sql.raw(String(KNOWN_CONFIG_PROPERTIES.VEHICLE_DWELL_LIMIT_HOURS.default))})`;
  return {
    where: vehicleInAreaSql(),
    fields: {
      dwellMinutes: (now) => sql`greatest(0, ${minutes(now)})::int`,
      overLimit: (now) => sql`${minutes(now)} > ${limitHours} * 60`,
    },
  };
}
