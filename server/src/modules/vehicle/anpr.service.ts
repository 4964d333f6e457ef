import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  bestPlateMatch,
  normalizePlate,
  PLATE_KEY_TRANSLATE,
  plateLookAlikeKey,
  type AnprProposal,
  type AnprReadRequest,
  type PlateMatchReason,
  type VehicleEntryPrefill,
  vehicleAnprRead,
} from '@strazce/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { siteToday } from '../../platform/siteTime';
import { gates } from '../site/site.tables';
import { anprReads, vehicleAdvices, vehicleForwarders, vehicleMovements } from './vehicle.tables';
import { preparedInsert, preparedStatement } from '../../db/prepared';
import { checkGate } from '../site/movement';

/** A read's best match: the advice or in-area entry, the plate it matched, how closely (0 exact) and why. */
export interface ReadMatch {
  id: number;
  plate: string;
  score: number;
  reasons: PlateMatchReason[];
}

/** The site's vehicle advices of the day not used by an entry yet: those a plate read may turn into one. */
export const usableAdvices = (siteId: number | Placeholder, day: string | Placeholder) =>
  and(eq(vehicleAdvices.siteId, siteId), eq(vehicleAdvices.date, day), isNull(vehicleAdvices.vehicleId));

/**
 * Whether a plate column may match the read whose look-alike key and its length are the placeholders `key` and
 * `keyLength`: the same key, or a key one character longer or shorter (`plateLookAlikeKey`). It keeps every
 * plate `matchPlate` accepts and leaves the database only the few worth matching, so a read costs the same
 * with three hundred vehicles inside as with three.
 */
const mayMatch = (plate: SQL | PgColumn) => {
  const key = sql`translate(upper(${plate}), ${PLATE_KEY_TRANSLATE.from}, ${PLATE_KEY_TRANSLATE.to})`;
  return sql`(${key} = ${sql.placeholder('key')} or abs(length(${key}) - ${sql.placeholder('keyLength')}::int) = 1)`;
};
const readKey = (plate: string) => {
  const key = plateLookAlikeKey(plate);
  return { key, keyLength: key.length };
};

/** The candidates of a read among the day's usable advices, in the advices' order. */
const adviceCandidates = preparedStatement(
  () => sql`select ${vehicleAdvices.id}, ${vehicleAdvices.vehiclePlate}, ${vehicleAdvices.trailerPlate}
    from ${vehicleAdvices}
    where ${usableAdvices(sql.placeholder('siteId'), sql.placeholder('day'))}
      and (${mayMatch(vehicleAdvices.vehiclePlate)} or ${mayMatch(vehicleAdvices.trailerPlate)})
    order by ${vehicleAdvices.time}, ${vehicleAdvices.id}`,
);

/** The best match of a plate read among the site's unused vehicle advices of `day`, or null. */
export async function matchAdviceOfDay(
  db: Db,
  siteId: number,
  day: string,
  plate: string,
): Promise<ReadMatch | null> {
  const candidates = await adviceCandidates.rows<{
    id: number;
    vehicle_plate: string | null;
    trailer_plate: string | null;
  }>(db, { siteId, day, ...readKey(plate) });
  const best = bestPlateMatch(plate, candidates, (advice) => [advice.vehicle_plate, advice.trailer_plate]);
  return best
    ? { id: best.candidate.id, plate: best.plate, score: best.match.score, reasons: best.match.reasons }
    : null;
}

/** An in-area match: the entry, and whether its vehicle (not only its trailer) is inside. */
export interface InAreaMatch extends ReadMatch {
  vehicleInArea: boolean;
}

type InAreaRow = {
  id: number;
  plate: string;
  trailer_plate: string | null;
  in_area: boolean;
  trailer_in_area: boolean;
};

function bestInArea(plate: string, rows: InAreaRow[]): InAreaMatch | null {
  const best = bestPlateMatch(plate, rows, (row) => [
    row.in_area ? row.plate : null,
    row.trailer_in_area ? row.trailer_plate : null,
  ]);
  return best
    ? {
        id: best.candidate.id,
        plate: best.plate,
        score: best.match.score,
        reasons: best.match.reasons,
        vehicleInArea: best.candidate.in_area,
      }
    : null;
}

/**
 * The candidates of a read among the site's vehicles and trailers in the area, newest first: read through the
 * in-area partial index (`vehicle_movement_in_area_idx`, whose predicate the query repeats), so fast at any
 * number of movements.
 */
const inAreaCandidates = preparedStatement(
  () => sql`select ${vehicleMovements.id}, ${vehicleMovements.plate}, ${vehicleMovements.trailerPlate},
      ${vehicleMovements.inArea}, ${vehicleMovements.trailerInArea}
    from ${vehicleMovements}
    where ${vehicleMovements.siteId} = ${sql.placeholder('siteId')}
      and (${vehicleMovements.inArea} or ${vehicleMovements.trailerInArea})
      and ((${vehicleMovements.inArea} and ${mayMatch(vehicleMovements.plate)})
        or (${vehicleMovements.trailerInArea} and ${mayMatch(vehicleMovements.trailerPlate)}))
    order by ${vehicleMovements.movementTime} desc, ${vehicleMovements.id} desc`,
);

/**
 * The best match of a plate read among the site's vehicles and trailers in the area (look-alike aware, the
 * contract's `plateMatch`). A vehicle inside wins over a trailer left alone at the same closeness.
 */
export async function matchInArea(db: Db, siteId: number, plate: string): Promise<InAreaMatch | null> {
  const inside = await inAreaCandidates.rows<InAreaRow>(db, { siteId, ...readKey(plate) });
  const vehicles = bestInArea(
    plate,
    inside.filter((row) => row.in_area),
  );
  const trailers = bestInArea(plate, inside);
  if (vehicles && (!trailers || vehicles.score <= trailers.score)) return vehicles;
  return trailers;
}

/** LEAVE when the best match is a vehicle in the area (at least as close as the advice's), else ENTRY. */
export function proposalOf(advice: ReadMatch | null, inArea: InAreaMatch | null): AnprProposal {
  if (!inArea?.vehicleInArea) return 'ENTRY';
  return !advice || inArea.score <= advice.score ? 'LEAVE' : 'ENTRY';
}

/**
 * Stores a camera's plate read on the terminal's site, matched against the site's unused vehicle advices of
 * today (the site's calendar day at `now`) and the vehicles and trailers in the area; a gate must be one of
 * the site's. The reads lock nothing and need no transaction: they run at once on the pool, so a camera waits
 * for one or two round trips of them instead of five in a row; the read is then written in its transaction.
 */
export async function recordAnprRead(
  db: Db,
  request: FastifyRequest,
  input: AnprReadRequest,
  terminal: { siteId: number; clientId: number },
  now: Date,
): Promise<number> {
  const { siteId } = terminal;
  const plate = normalizePlate(input.plate);
  const [, advice, inArea] = await Promise.all([
    input.gate ? checkGate(db, siteId, input.gate) : undefined,
    siteToday(db, siteId, now).then((day) => matchAdviceOfDay(db, siteId, day, plate)),
    matchInArea(db, siteId, plate),
  ]);
  const values = {
    siteId,
    time: input.time ? new Date(input.time) : now,
    plate,
    camera: input.camera || null,
    gateId: input.gate ?? null,
    confidence: input.confidence ?? null,
    clientId: terminal.clientId,
    adviceId: advice?.id ?? null,
    matchedPlate: advice?.plate ?? null,
    matchScore: advice?.score ?? null,
    matchReasons: advice?.reasons ?? [],
    vehicleId: inArea?.id ?? null,
    vehicleMatchedPlate: inArea?.plate ?? null,
    vehicleMatchScore: inArea?.score ?? null,
    vehicleMatchReasons: inArea?.reasons ?? [],
    proposal: proposalOf(advice, inArea),
  };
  return db.transaction(async (tx) => {
    const id = await insertRead(tx, values);
    // The audit entry, written as the transaction commits, names the read.
    auditRecord(request, { entity: vehicleAnprRead.resource, recordId: id, siteId });
    return id;
  });
}
const insertRead = preparedInsert(anprReads);

export type VehicleAdviceRow = typeof vehicleAdvices.$inferSelect;

const gateRef = async (db: Db, siteId: number, gateId: number | null) => {
  if (!gateId) return null;
  const [gate] = await db
    .select({ id: gates.id, label: gates.name })
    .from(gates)
    .where(and(eq(gates.id, gateId), eq(gates.siteId, siteId), eq(gates.valid, true)));
  return gate ?? null;
};

/**
 * What the entry dialog starts with for an advice: its plates, driver, phone as the driver's contact, notes,
 * gate, and the site's valid forwarder of the advice's forwarder's name (the advice names it in free text).
 */
export async function prefillOfAdvice(
  db: Db,
  siteId: number,
  advice: VehicleAdviceRow,
): Promise<VehicleEntryPrefill> {
  const forwarderName = advice.forwarder?.trim();
  const [forwarder] = forwarderName
    ? await db
        .select({ id: vehicleForwarders.id, label: vehicleForwarders.name })
        .from(vehicleForwarders)
        .where(
          and(
            eq(vehicleForwarders.siteId, siteId),
            eq(vehicleForwarders.valid, true),
            sql`lower(${vehicleForwarders.name}) = lower(${forwarderName})`,
          ),
        )
        .limit(1)
    : [];
  return {
    plate: advice.vehiclePlate,
    trailerPlate: advice.trailerPlate,
    driverFirstName: advice.driverFirstName,
    driverLastName: advice.driverLastName,
    driverContact: advice.phone,
    forwarder: forwarder ?? null,
    gate: await gateRef(db, siteId, advice.gateId),
    note: advice.notes,
    advice: advice.id,
  };
}

/**
 * What the entry dialog starts with for a plate read: its advice's details when it matched an unused advice
 * of today (the read's gate first), else the read plate and gate.
 */
export async function prefillOfRead(
  db: Db,
  siteId: number,
  read: typeof anprReads.$inferSelect,
  today: string,
): Promise<VehicleEntryPrefill> {
  const [advice] = read.adviceId
    ? await db
        .select()
        .from(vehicleAdvices)
        .where(and(eq(vehicleAdvices.id, read.adviceId), usableAdvices(siteId, today)))
    : [];
  const readGate = await gateRef(db, siteId, read.gateId);
  if (advice) {
    const prefill = await prefillOfAdvice(db, siteId, advice);
    // The camera read the plate the advice announced (or its trailer's): the advice's spelling stays.
    return { ...prefill, gate: readGate ?? prefill.gate };
  }
  return {
    plate: read.plate,
    trailerPlate: null,
    driverFirstName: null,
    driverLastName: null,
    driverContact: null,
    forwarder: null,
    gate: readGate,
    note: null,
    advice: null,
  };
}
