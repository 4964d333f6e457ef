import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  bestPlateMatch,
  normalizePlate,
  type AnprProposal,
  type AnprReadRequest,
  type PlateMatchReason,
  type VehicleEntryPrefill,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { siteToday } from '../../platform/siteTime';
import { gates } from '../site/site.tables';
import { anprReads, vehicleAdvices, vehicleForwarders, vehicleMovements } from './vehicle.tables';
import { rowsOf } from '../../db/prepared';
import { checkGate } from '../site/movement';

/** A read's best match: the advice or in-area entry, the plate it matched, how closely (0 exact) and why. */
export interface ReadMatch {
  id: number;
  plate: string;
  score: number;
  reasons: PlateMatchReason[];
}

/** The best match of a plate read among the site's unused vehicle advices of `day`, or null. */
/** The site's vehicle advices of the day not used by an entry yet: those a plate read may turn into one. */
export const usableAdvices = (siteId: number, day: string) =>
  and(eq(vehicleAdvices.siteId, siteId), eq(vehicleAdvices.date, day), isNull(vehicleAdvices.vehicleId));

export async function matchAdviceOfDay(
  db: Db,
  siteId: number,
  day: string,
  plate: string,
): Promise<ReadMatch | null> {
  // Every advice of the day is a candidate: read as the driver answers, without mapping each row.
  const candidates = rowsOf<{ id: number; vehicle_plate: string | null; trailer_plate: string | null }>(
    await db.execute(sql`select ${vehicleAdvices.id}, ${vehicleAdvices.vehiclePlate}, ${vehicleAdvices.trailerPlate}
      from ${vehicleAdvices} where ${usableAdvices(siteId, day)}
      order by ${vehicleAdvices.time}, ${vehicleAdvices.id}`),
  );
  const best = bestPlateMatch(plate, candidates, (advice) => [advice.vehicle_plate, advice.trailer_plate]);
  return best
    ? { id: best.candidate.id, plate: best.plate, score: best.match.score, reasons: best.match.reasons }
    : null;
}

/** An in-area match: the entry, and whether its vehicle (not only its trailer) is inside. */
export interface InAreaMatch extends ReadMatch {
  vehicleInArea: boolean;
}

const inAreaColumns = {
  id: vehicleMovements.id,
  plate: vehicleMovements.plate,
  trailerPlate: vehicleMovements.trailerPlate,
  inArea: vehicleMovements.inArea,
  trailerInArea: vehicleMovements.trailerInArea,
};
type InAreaRow = {
  id: number;
  plate: string;
  trailerPlate: string | null;
  inArea: boolean;
  trailerInArea: boolean;
};

function bestInArea(plate: string, rows: InAreaRow[]): InAreaMatch | null {
  const best = bestPlateMatch(plate, rows, (row) => [
    row.inArea ? row.plate : null,
    row.trailerInArea ? row.trailerPlate : null,
  ]);
  return best
    ? {
        id: best.candidate.id,
        plate: best.plate,
        score: best.match.score,
        reasons: best.match.reasons,
        vehicleInArea: best.candidate.inArea,
      }
    : null;
}

/**
 * The best match of a plate read among the site's vehicles and trailers in the area (look-alike aware, the
 * contract's `plateMatch`). Fast at any number of movements: first the exact plate through the plate indexes
 * (`vehicle_movement_plate_idx`, `vehicle_movement_trailer_plate_idx`), then only the rows inside, read through
 * the in-area partial index (`vehicle_movement_in_area_idx`, whose predicate the query repeats).
 */
export async function matchInArea(db: Db, siteId: number, plate: string): Promise<InAreaMatch | null> {
  const forms = [...new Set([plate, normalizePlate(plate)])];
  const exact = await db
    .select(inAreaColumns)
    .from(vehicleMovements)
    .where(
      and(
        eq(vehicleMovements.siteId, siteId),
        or(
          and(inArray(vehicleMovements.plate, forms), eq(vehicleMovements.inArea, true)),
          and(inArray(vehicleMovements.trailerPlate, forms), eq(vehicleMovements.trailerInArea, true)),
        ),
      ),
    )
    .orderBy(desc(vehicleMovements.movementTime), desc(vehicleMovements.id))
    .limit(5);
  const exactMatch = bestInArea(plate, exact);
  if (exactMatch?.score === 0 && exactMatch.vehicleInArea) return exactMatch;
  // Every vehicle inside is a candidate: read as the driver answers, without mapping each row.
  const inside = rowsOf<{
    id: number;
    plate: string;
    trailer_plate: string | null;
    in_area: boolean;
    trailer_in_area: boolean;
  }>(
    await db.execute(sql`select ${vehicleMovements.id}, ${vehicleMovements.plate}, ${vehicleMovements.trailerPlate},
        ${vehicleMovements.inArea}, ${vehicleMovements.trailerInArea}
      from ${vehicleMovements}
      where ${vehicleMovements.siteId} = ${siteId} and (${vehicleMovements.inArea} or ${vehicleMovements.trailerInArea})
      order by ${vehicleMovements.movementTime} desc, ${vehicleMovements.id} desc`),
  ).map((row) => ({
    id: row.id,
    plate: row.plate,
    trailerPlate: row.trailer_plate,
    inArea: row.in_area,
    trailerInArea: row.trailer_in_area,
  }));
  // A vehicle inside wins over a trailer left alone at the same closeness.
  const vehicles = bestInArea(
    plate,
    inside.filter((row) => row.inArea),
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
  input: AnprReadRequest,
  terminal: { siteId: number; clientId: number },
  now: Date,
): Promise<number> {
  const { siteId } = terminal;
  const plate = input.plate.trim().toUpperCase();
  const [, advice, inArea] = await Promise.all([
    input.gate ? checkGate(db, siteId, input.gate) : undefined,
    siteToday(db, siteId, now).then((day) => matchAdviceOfDay(db, siteId, day, plate)),
    matchInArea(db, siteId, plate),
  ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(anprReads)
      .values({
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
      })
      .returning({ id: anprReads.id });
    return row.id;
  });
}

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
