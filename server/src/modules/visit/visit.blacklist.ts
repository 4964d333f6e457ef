import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { normalizePlate, type BlacklistMarker, type BlacklistResult } from '@strazce/contract';
import type { Db } from '../../db/database';
import { blacklistEntries } from '../site/site.tables';

export interface CheckedPerson {
  firstName: string | null;
  lastName: string | null;
  documentTypeId: number | null;
  documentNumber: string | null;
}

/**
 * A government register of wanted persons and vehicles. Implementations call the authority's service; a
 * failed or timed-out call is reported as null (not checked) and never blocks an entry.
 */
export interface GovernmentCheckProvider {
  checkPerson(person: CheckedPerson): Promise<BlacklistResult>;
  checkVehicle(plate: string): Promise<BlacklistResult>;
}

/** Prefix the simulator treats as wanted: a document number or plate beginning with it is a HIT. */
export const SIMULATED_HIT_PREFIX = 'X';

/** The stand-in for the government register used until a real provider is configured. */
export const governmentCheckSimulator: GovernmentCheckProvider = {
  async checkPerson(person) {
    return person.documentNumber?.toUpperCase().startsWith(SIMULATED_HIT_PREFIX) ? 'HIT' : 'OK';
  },
  async checkVehicle(plate) {
    return normalizePlate(plate).startsWith(SIMULATED_HIT_PREFIX) ? 'HIT' : 'OK';
  },
};

const GOVERNMENT_TIMEOUT_MS = 3000;

async function withTimeout(check: Promise<BlacklistResult>): Promise<BlacklistResult | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), GOVERNMENT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check, timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The site's internal blacklist: a person by names (first name optional in the entry) or by document. */
async function internalPersonHit(db: Db, siteId: number, person: CheckedPerson): Promise<boolean> {
  const byName =
    person.lastName !== null
      ? and(
          sql`lower(${blacklistEntries.lastName}) = lower(${person.lastName})`,
          or(
            isNull(blacklistEntries.firstName),
            sql`lower(${blacklistEntries.firstName}) = lower(${person.firstName ?? ''})`,
          ),
        )
      : undefined;
  const byDocument =
    person.documentNumber !== null
      ? and(
          sql`upper(${blacklistEntries.documentNumber}) = upper(${person.documentNumber})`,
          person.documentTypeId !== null
            ? or(
                isNull(blacklistEntries.documentTypeId),
                eq(blacklistEntries.documentTypeId, person.documentTypeId),
              )
            : undefined,
        )
      : undefined;
  if (!byName && !byDocument) return false;
  const rows = await db
    .select({ id: blacklistEntries.id })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.siteId, siteId),
        eq(blacklistEntries.category, 'PERSON'),
        or(byName, byDocument),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function internalVehicleHit(db: Db, siteId: number, plate: string): Promise<boolean> {
  const rows = await db
    .select({ id: blacklistEntries.id })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.siteId, siteId),
        eq(blacklistEntries.category, 'VEHICLE'),
        sql`upper(replace(replace(${blacklistEntries.licencePlate}, ' ', ''), '-', '')) = ${normalizePlate(plate)}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type BlacklistMarkers = Record<BlacklistMarker, BlacklistResult | null>;

/** Both blacklists, person and vehicle (when a plate is given): the four markers of spec section 9. */
export async function checkBlacklists(
  db: Db,
  government: GovernmentCheckProvider,
  siteId: number,
  person: CheckedPerson,
  plate: string | null,
): Promise<BlacklistMarkers> {
  const result = (hit: boolean): BlacklistResult => (hit ? 'HIT' : 'OK');
  const [internalPerson, internalVehicle, governmentPerson, governmentVehicle] = await Promise.all([
    internalPersonHit(db, siteId, person).then(result),
    plate ? internalVehicleHit(db, siteId, plate).then(result) : null,
    withTimeout(government.checkPerson(person)),
    plate ? withTimeout(government.checkVehicle(plate)) : null,
  ]);
  return {
    blacklistGovernmentPerson: governmentPerson,
    blacklistGovernmentVehicle: governmentVehicle,
    blacklistInternalPerson: internalPerson,
    blacklistInternalVehicle: internalVehicle,
  };
}
