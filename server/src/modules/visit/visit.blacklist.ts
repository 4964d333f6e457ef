import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normalizePlate, type BlacklistMarker, type BlacklistResult } from '@strazce/contract';
import type { Db } from '../../db/database';
import { blacklistEntries } from '../site/site.tables';

export interface CheckedPerson {
  firstName: string | null;
  lastName: string | null;
  documentTypeId: number | null;
  documentNumber: string | null;
}

/** What the government register is asked about: a person (names, document number) or a vehicle (plate). */
export type GovernmentCheck =
  | { kind: 'PERSON'; firstName: string | null; lastName: string | null; documentNumber: string | null }
  | { kind: 'VEHICLE'; plate: string };

/**
 * A government register of wanted persons and vehicles (docs/blacklist-provider.md), chosen by
 * configuration (BLACKLIST_PROVIDER): `none`, `simulator` or `http`. `check` answers HIT or OK, or
 * NOT_CHECKED when there is no register to ask; a failure (a thrown error) or no answer within `timeoutMs`
 * is recorded as UNAVAILABLE and never blocks an entry.
 */
export interface GovernmentBlacklistProvider {
  readonly kind: 'none' | 'simulator' | 'http';
  /** How long an entry waits for the answer. */
  readonly timeoutMs: number;
  check(subject: GovernmentCheck): Promise<'HIT' | 'OK' | 'NOT_CHECKED'>;
}

/** Default time-out of a government check in milliseconds (BLACKLIST_TIMEOUT_MS). */
export const DEFAULT_BLACKLIST_TIMEOUT_MS = 3000;

/** No register configured: every government marker says NOT_CHECKED. */
export const noGovernmentBlacklist: GovernmentBlacklistProvider = {
  kind: 'none',
  timeoutMs: DEFAULT_BLACKLIST_TIMEOUT_MS,
  async check() {
    return 'NOT_CHECKED';
  },
};

/** Prefix the simulator treats as wanted: a document number or plate beginning with it is a HIT. */
export const SIMULATED_HIT_PREFIX = 'X';

/**
 * A stand-in for the register, for demonstrations and tests only (BLACKLIST_PROVIDER=simulator, or the
 * default with demo data): a document number or licence plate beginning with X is wanted.
 */
export const governmentBlacklistSimulator: GovernmentBlacklistProvider = {
  kind: 'simulator',
  timeoutMs: DEFAULT_BLACKLIST_TIMEOUT_MS,
  async check(subject) {
    const value =
      subject.kind === 'PERSON'
        ? (subject.documentNumber ?? '').toUpperCase()
        : normalizePlate(subject.plate);
    return value.startsWith(SIMULATED_HIT_PREFIX) ? 'HIT' : 'OK';
  },
};

const providerAnswer = z.object({ hit: z.boolean(), reason: z.string().optional() });

/**
 * The register behind an HTTP service (docs/blacklist-provider.md): each check is a `POST` of the subject as
 * JSON to `url`, answered `200 { "hit": boolean, "reason"?: string }`. Any other status, a body of another
 * shape, a network failure or no answer within `timeoutMs` makes the marker UNAVAILABLE.
 */
export function httpGovernmentBlacklist(options: {
  url: string;
  timeoutMs?: number;
  /** Sent as `Authorization: Bearer <token>` when set (BLACKLIST_TOKEN). */
  token?: string;
}): GovernmentBlacklistProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_BLACKLIST_TIMEOUT_MS;
  return {
    kind: 'http',
    timeoutMs,
    async check(subject) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify(subject),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`blacklist provider answered ${response.status}`);
      }
      const answer = providerAnswer.parse(await response.json());
      return answer.hit ? 'HIT' : 'OK';
    },
  };
}

/** Which provider the configuration names; unset: http with a URL, else the simulator with demo data only. */
export function governmentBlacklistProvider(
  config: { provider?: 'none' | 'simulator' | 'http'; url?: string; timeoutMs?: number; token?: string },
  demoData: boolean,
): GovernmentBlacklistProvider {
  const kind = config.provider ?? (config.url ? 'http' : demoData ? 'simulator' : 'none');
  if (kind === 'simulator') return governmentBlacklistSimulator;
  if (kind === 'none') return noGovernmentBlacklist;
  if (!config.url) throw new Error('BLACKLIST_PROVIDER=http needs BLACKLIST_URL');
  return httpGovernmentBlacklist({ url: config.url, timeoutMs: config.timeoutMs, token: config.token });
}

/**
 * Asks the government register, giving up after the provider's time-out: a failure or no answer in time is
 * UNAVAILABLE (the entry goes on; the marker says the check could not be made).
 */
async function governmentCheck(
  provider: GovernmentBlacklistProvider,
  subject: GovernmentCheck,
): Promise<BlacklistResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'UNAVAILABLE'>((resolve) => {
    timer = setTimeout(() => resolve('UNAVAILABLE'), provider.timeoutMs);
  });
  try {
    return await Promise.race([provider.check(subject), timeout]);
  } catch {
    return 'UNAVAILABLE';
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

/** The government register's answers about a person and (when a plate is given) a vehicle. */
export interface GovernmentAnswer {
  person: BlacklistResult;
  vehicle: BlacklistResult | null;
}

/**
 * Asks the government register about the person and the vehicle. Callers ask before their transaction
 * where they can: the answer may take up to the provider's time-out, and no database connection should
 * wait for it.
 */
export async function checkGovernment(
  government: GovernmentBlacklistProvider,
  person: Pick<CheckedPerson, 'firstName' | 'lastName' | 'documentNumber'>,
  plate: string | null,
): Promise<GovernmentAnswer> {
  const [personResult, vehicleResult] = await Promise.all([
    governmentCheck(government, {
      kind: 'PERSON',
      firstName: person.firstName,
      lastName: person.lastName,
      documentNumber: person.documentNumber,
    }),
    plate ? governmentCheck(government, { kind: 'VEHICLE', plate }) : null,
  ]);
  return { person: personResult, vehicle: vehicleResult };
}

/**
 * Both blacklists, person and vehicle (when a plate is given): the four markers of spec section 9. The
 * internal ones are HIT or OK; the government ones, given, may also be NOT_CHECKED or UNAVAILABLE.
 */
export async function checkBlacklists(
  db: Db,
  siteId: number,
  person: CheckedPerson,
  plate: string | null,
  government: GovernmentAnswer,
): Promise<BlacklistMarkers> {
  const result = (hit: boolean): BlacklistResult => (hit ? 'HIT' : 'OK');
  const [internalPerson, internalVehicle] = await Promise.all([
    internalPersonHit(db, siteId, person).then(result),
    plate ? internalVehicleHit(db, siteId, plate).then(result) : null,
  ]);
  return {
    blacklistGovernmentPerson: government.person,
    blacklistGovernmentVehicle: plate ? government.vehicle : null,
    blacklistInternalPerson: internalPerson,
    blacklistInternalVehicle: internalVehicle,
  };
}
