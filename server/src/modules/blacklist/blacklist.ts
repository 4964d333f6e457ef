import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  normalizePlate,
  type BlacklistHit,
  type BlacklistMarker,
  type BlacklistMatch,
  type BlacklistResult,
  type ErrorDetail,
} from '@strazce/contract';
import { providerKind } from '../../config';
import type { Db } from '../../db/database';
import type { Row } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { inAreaDetails } from '../site/movement';
import { blacklistEntries } from '../site/site.tables';

/**
 * The blacklist checks of an entry at a gate (spec section 9), one mechanism for visits and vehicle
 * movements: the site's internal blacklist and the government register (docs/blacklist-provider.md), the
 * four result markers stored on the movement, the hits kept with it, and the 409 BLACKLIST_HIT warning that
 * the guard confirms hit list by hit list (`blacklistAcknowledged`).
 */

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
  check(subject: GovernmentCheck): Promise<GovernmentResult>;
}

/** A register's answer: HIT (with the register's reason when it gives one), OK or NOT_CHECKED. */
export type GovernmentResult = 'HIT' | 'OK' | 'NOT_CHECKED' | { result: 'HIT'; reason: string | null };

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
      return answer.hit ? { result: 'HIT', reason: answer.reason?.trim().slice(0, 500) || null } : 'OK';
    },
  };
}

/** Which provider the configuration names; unset: http with a URL, else the simulator with demo data only. */
export function governmentBlacklistProvider(
  config: { provider?: 'none' | 'simulator' | 'http'; url?: string; timeoutMs?: number; token?: string },
  demoData: boolean,
): GovernmentBlacklistProvider {
  const kind = providerKind(config.provider, config.url, demoData);
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
): Promise<{ result: BlacklistResult; reason: string | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'UNAVAILABLE'>((resolve) => {
    timer = setTimeout(() => resolve('UNAVAILABLE'), provider.timeoutMs);
  });
  try {
    const answer = await Promise.race([provider.check(subject), timeout]);
    return typeof answer === 'string' ? { result: answer, reason: null } : answer;
  } catch {
    return { result: 'UNAVAILABLE', reason: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Most internal entries reported for one check (a visitor matching by names and by document, say). */
const MAX_INTERNAL_HITS = 5;

const joinNames = (...names: Array<string | null>) => names.filter(Boolean).join(' ') || null;

/**
 * The site's internal blacklist: a person by names (first name optional in the entry) or by document. Each
 * matching entry is a hit, with what matched (the document when it did, else the names) and the entry's
 * value, reason and note.
 */
async function internalPersonHits(db: Db, siteId: number, person: CheckedPerson): Promise<InternalHit[]> {
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
  if (!byName && !byDocument) return [];
  const rows = await db
    .select({
      id: blacklistEntries.id,
      firstName: blacklistEntries.firstName,
      lastName: blacklistEntries.lastName,
      documentNumber: blacklistEntries.documentNumber,
      reason: blacklistEntries.reason,
      note: blacklistEntries.note,
      byDocument: byDocument ? sql<boolean>`coalesce(${byDocument}, false)` : sql<boolean>`false`,
    })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.siteId, siteId),
        eq(blacklistEntries.category, 'PERSON'),
        or(byName, byDocument),
      ),
    )
    .orderBy(blacklistEntries.id)
    .limit(MAX_INTERNAL_HITS);
  return rows.map((row) => ({
    list: 'blacklistInternalPerson',
    matchedBy: row.byDocument ? 'DOCUMENT' : 'NAME',
    value: row.byDocument ? row.documentNumber : joinNames(row.firstName, row.lastName),
    blacklistId: row.id,
    reason: row.reason,
    note: row.note,
  }));
}

async function internalVehicleHits(
  db: Db,
  siteId: number,
  plate: string,
  matchedBy: BlacklistMatch,
): Promise<InternalHit[]> {
  const rows = await db
    .select({
      id: blacklistEntries.id,
      licencePlate: blacklistEntries.licencePlate,
      reason: blacklistEntries.reason,
      note: blacklistEntries.note,
    })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.siteId, siteId),
        eq(blacklistEntries.category, 'VEHICLE'),
        // Stored in its normal form (the blacklist entity's plate field).
        eq(blacklistEntries.licencePlate, normalizePlate(plate)),
      ),
    )
    .orderBy(blacklistEntries.id)
    .limit(MAX_INTERNAL_HITS);
  return rows.map((row) => ({
    list: 'blacklistInternalVehicle',
    matchedBy,
    value: row.licencePlate,
    blacklistId: row.id,
    reason: row.reason,
    note: row.note,
  }));
}

export type BlacklistMarkers = Record<BlacklistMarker, BlacklistResult | null>;

/** A hit as stored with the movement: the internal entry that matched, when it is one. */
export interface InternalHit extends BlacklistHit {
  blacklistId: number | null;
}

/**
 * Who and what an entry is checked for: the person (a visitor, a driver; null when nobody is named) and the
 * licence plates (upper case, as stored): the vehicle's and, for a vehicle movement, its trailer's. Both
 * plates are the vehicle markers' subject; a hit on the trailer's is matched by `TRAILER_PLATE`.
 */
export interface BlacklistSubject {
  person: CheckedPerson | null;
  plate: string | null;
  trailerPlate?: string | null;
}

/** The government register's answers about the person and the plates (null: not asked, nothing to ask). */
export interface GovernmentAnswer {
  person: BlacklistResult | null;
  vehicle: BlacklistResult | null;
  trailer?: BlacklistResult | null;
  /** The register's reasons of its hits, when it gave them. */
  personReason?: string | null;
  vehicleReason?: string | null;
  trailerReason?: string | null;
}

/**
 * Asks the government register about the person and the plates, in parallel. Callers ask before their
 * transaction where they can (`askGovernmentFirst`): the answer may take up to the provider's time-out, and
 * no database connection should wait for it.
 */
export async function checkGovernment(
  government: GovernmentBlacklistProvider,
  subject: BlacklistSubject,
): Promise<GovernmentAnswer> {
  const { person, plate, trailerPlate } = subject;
  const [personResult, vehicleResult, trailerResult] = await Promise.all([
    person
      ? governmentCheck(government, {
          kind: 'PERSON',
          firstName: person.firstName,
          lastName: person.lastName,
          documentNumber: person.documentNumber,
        })
      : null,
    plate ? governmentCheck(government, { kind: 'VEHICLE', plate }) : null,
    trailerPlate ? governmentCheck(government, { kind: 'VEHICLE', plate: trailerPlate }) : null,
  ]);
  return {
    person: personResult?.result ?? null,
    vehicle: vehicleResult?.result ?? null,
    trailer: trailerResult?.result ?? null,
    personReason: personResult?.reason ?? null,
    vehicleReason: vehicleResult?.reason ?? null,
    trailerReason: trailerResult?.reason ?? null,
  };
}

/** One marker for several answers (a vehicle and its trailer): a hit first, then a failed or missing check. */
const RESULT_WEIGHT: Record<BlacklistResult, number> = { HIT: 3, UNAVAILABLE: 2, NOT_CHECKED: 1, OK: 0 };
function combined(...results: Array<BlacklistResult | null | undefined>): BlacklistResult | null {
  const given = results.filter((result): result is BlacklistResult => !!result);
  if (given.length === 0) return null;
  return given.reduce((worst, result) => (RESULT_WEIGHT[result] > RESULT_WEIGHT[worst] ? result : worst));
}

/**
 * Both blacklists, person (when one is named) and vehicle (when a plate is given): the four markers of spec
 * section 9 and the hits behind them. The internal markers are HIT or OK; the government ones may also be
 * NOT_CHECKED or UNAVAILABLE; a check that does not apply leaves its markers null. The vehicle markers cover
 * the vehicle's plate and its trailer's. Each internal entry that matched is a hit with its reason and note;
 * a government hit carries the values the register was asked about and its reason.
 */
export async function checkBlacklists(
  db: Db,
  siteId: number,
  subject: BlacklistSubject,
  government: GovernmentAnswer,
): Promise<{ markers: BlacklistMarkers; hits: InternalHit[] }> {
  const { person, plate } = subject;
  const trailerPlate = subject.trailerPlate ?? null;
  const result = (hits: InternalHit[]): BlacklistResult => (hits.length > 0 ? 'HIT' : 'OK');
  // One after another: `db` is the entry's transaction, one connection that runs one query at a time.
  const personHits = person ? await internalPersonHits(db, siteId, person) : null;
  const vehicleHits = plate ? await internalVehicleHits(db, siteId, plate, 'PLATE') : null;
  const trailerHits = trailerPlate
    ? await internalVehicleHits(db, siteId, trailerPlate, 'TRAILER_PLATE')
    : null;
  const hits: InternalHit[] = [];
  if (person && government.person === 'HIT')
    hits.push({
      list: 'blacklistGovernmentPerson',
      matchedBy: null,
      value: [joinNames(person.firstName, person.lastName), person.documentNumber].filter(Boolean).join(', '),
      blacklistId: null,
      reason: government.personReason ?? null,
      note: null,
    });
  for (const [checked, answer, reason, matchedBy] of [
    [plate, government.vehicle, government.vehicleReason, 'PLATE'],
    [trailerPlate, government.trailer, government.trailerReason, 'TRAILER_PLATE'],
  ] as const)
    if (checked && answer === 'HIT')
      hits.push({
        list: 'blacklistGovernmentVehicle',
        matchedBy,
        value: checked,
        blacklistId: null,
        reason: reason ?? null,
        note: null,
      });
  hits.push(...(personHits ?? []), ...(vehicleHits ?? []), ...(trailerHits ?? []));
  const plates = !!plate || !!trailerPlate;
  return {
    markers: {
      blacklistGovernmentPerson: person ? government.person : null,
      blacklistGovernmentVehicle: plates
        ? combined(plate ? government.vehicle : null, trailerPlate ? government.trailer : null)
        : null,
      blacklistInternalPerson: personHits ? result(personHits) : null,
      blacklistInternalVehicle: plates ? result([...(vehicleHits ?? []), ...(trailerHits ?? [])]) : null,
    },
    hits,
  };
}

const subjectKey = ({ person, plate, trailerPlate }: BlacklistSubject) =>
  JSON.stringify([person?.firstName, person?.lastName, person?.documentNumber, plate, trailerPlate ?? null]);

/** Answers of the government register got before a request's transaction, for the same subject only. */
const governmentAnswers = new WeakMap<FastifyRequest, { key: string; answer: GovernmentAnswer }>();

/**
 * Asks the government register about an entry's subject before the entry's transaction begins, so that no
 * database connection waits for the provider; the entry's hook takes the answer (`governmentAnswerOf`) when
 * its subject is the same, else it asks itself. Nothing is asked for a null subject (an invalid entry).
 */
export async function askGovernmentFirst(
  request: FastifyRequest,
  government: GovernmentBlacklistProvider,
  subject: BlacklistSubject | null,
): Promise<void> {
  if (!subject) return;
  const answer = await checkGovernment(government, subject);
  governmentAnswers.set(request, { key: subjectKey(subject), answer });
}

/** The register's answer for the entry's subject: the one asked before the transaction, else asked now. */
async function governmentAnswerOf(
  request: FastifyRequest,
  government: GovernmentBlacklistProvider,
  subject: BlacklistSubject,
): Promise<GovernmentAnswer> {
  const known = governmentAnswers.get(request);
  governmentAnswers.delete(request);
  if (known && known.key === subjectKey(subject)) return known.answer;
  return checkGovernment(government, subject);
}

/** A hit as the entry warning sends it (without the internal entry's id). */
const hitOnWire = ({ blacklistId: _id, ...hit }: InternalHit): BlacklistHit => hit;

/**
 * The entry's warnings that the request has not confirmed: what is in the area already (`inAreaPaths`,
 * confirmed by `force`) and each blacklist hit (confirmed only by naming its list in `blacklistAcknowledged`),
 * as a 409 to show the guard, with every warning and hit listed; null when all are confirmed. `messages`: the
 * error's text for a hit and for the in-area warning alone.
 */
/**
 * The checks of an entry before it is written: the blacklists for the subject (the government register's
 * answer asked before the transaction, else now) and, with what is already inside (`inAreaPaths`), the 409
 * warning unless the guard confirmed all of it. Answers the markers to store and the hits to keep.
 */
export async function screenEntry(
  ctx: { tx: Db; siteId: number | null; request: FastifyRequest },
  government: GovernmentBlacklistProvider,
  subject: BlacklistSubject,
  input: Row,
  inAreaPaths: readonly string[],
  messages: { hit: string; inArea: string },
): Promise<{ markers: BlacklistMarkers; hits: InternalHit[] }> {
  const answer = await governmentAnswerOf(ctx.request, government, subject);
  const screened = await checkBlacklists(ctx.tx, ctx.siteId!, subject, answer);
  const warning = unconfirmedWarning(input, inAreaPaths, screened.hits, messages);
  if (warning) throw warning;
  return screened;
}

function unconfirmedWarning(
  input: Row,
  inAreaPaths: readonly string[],
  hits: InternalHit[],
  messages: { hit: string; inArea: string },
): AppError | null {
  const acknowledged = new Set((input.blacklistAcknowledged as BlacklistMarker[] | undefined) ?? []);
  const unconfirmedHit = hits.some((hit) => !acknowledged.has(hit.list));
  const unconfirmedInArea = inAreaPaths.length > 0 && input.force !== true;
  if (!unconfirmedHit && !unconfirmedInArea) return null;
  const details: ErrorDetail[] = inAreaDetails(inAreaPaths);
  for (const list of new Set(hits.map((hit) => hit.list)))
    details.push({ path: list, message: 'BLACKLIST_HIT' });
  return new AppError(
    unconfirmedHit ? 'BLACKLIST_HIT' : 'ALREADY_IN_AREA',
    unconfirmedHit ? messages.hit : messages.inArea,
    details,
    hits.length > 0 ? { blacklistHits: hits.map(hitOnWire) } : undefined,
  );
}
