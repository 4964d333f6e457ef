import { randomUUID } from 'node:crypto';
import {
  egovInitSchema,
  egovResultSchema,
  type EgovInit,
  type EgovPerson,
  type EgovResult,
} from '@strazce/contract';
import { providerKind, type EgovConfig } from '../../config';
import type { Clock } from '../../platform/clock';

/**
 * The electronic identity document provider (docs/egov-provider.md), chosen by configuration
 * (`EGOV_PROVIDER`; unset: `http` with EGOV_URL, else the simulator with demo data only): `simulator`, `http` or `none`. `init` opens a reading session at the
 * provider, `result` tells its state; either throws when the provider fails, does not answer in time or
 * answers malformed, which the routes turn into 502 EGOV_UNAVAILABLE.
 */
export interface EgovProvider {
  readonly kind: EgovProviderKind;
  init(): Promise<EgovInit>;
  result(id: string): Promise<EgovResult>;
}

export type EgovProviderKind = NonNullable<EgovConfig['provider']>;

/** Default time-out of a call to the HTTP provider in milliseconds (`EGOV_TIMEOUT_MS`). */
export const DEFAULT_EGOV_TIMEOUT_MS = 5000;

/** A provider that cannot answer: the routes say EGOV_UNAVAILABLE. */
export class EgovProviderError extends Error {}

/** No provider (`EGOV_PROVIDER=none`): the status says unavailable and the calls fail. */
export const noEgovProvider: EgovProvider = {
  kind: 'none',
  async init() {
    throw new EgovProviderError('no electronic identity document provider is configured');
  },
  async result() {
    throw new EgovProviderError('no electronic identity document provider is configured');
  },
};

/** The simulator's reading session stays PENDING this long after its init, then is DONE. */
export const SIMULATOR_READ_MS = 1_000;
/** A reading session expires this long after its init (EXPIRED). */
export const EGOV_SESSION_MS = 2 * 60_000;
/** The simulator's sessions kept at most (the oldest are forgotten first). */
const SIMULATOR_MAX_SESSIONS = 1_000;

/** The people the simulator reads (fictitious), chosen by the session's id. */
export const SIMULATED_PEOPLE: readonly EgovPerson[] = [
  {
    firstName: 'Jan',
    lastName: 'Novák',
    documentKind: 'ID_CARD',
    documentNumber: '204512345',
    birthDate: '1980-03-14',
  },
  {
    firstName: 'Marie',
    lastName: 'Svobodová',
    documentKind: 'ID_CARD',
    documentNumber: '118734562',
    birthDate: '1992-11-02',
  },
  {
    firstName: 'Petr',
    lastName: 'Dvořák',
    documentKind: 'PASSPORT',
    documentNumber: '45896321',
    birthDate: '1975-07-21',
  },
  { firstName: 'Lucie', lastName: 'Černá', documentKind: 'PASSPORT', documentNumber: '40127788' },
  {
    firstName: 'Olena',
    lastName: 'Kovalenko',
    documentKind: 'RESIDENCE_PERMIT',
    documentNumber: 'EB0123456',
    birthDate: '1988-05-30',
  },
];

/** The simulator's person of a session id: the same id always reads the same person. */
export function simulatedPerson(id: string): EgovPerson {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SIMULATED_PEOPLE[hash % SIMULATED_PEOPLE.length];
}

/**
 * A stand-in for a reader, for demonstrations and tests (`EGOV_PROVIDER=simulator`, the default): `init`
 * opens a session, `result` is PENDING for the first second (the app's clock), then DONE with a person of
 * `SIMULATED_PEOPLE` chosen by the id; after two minutes the session is EXPIRED. With `fail` (the switch
 * `EGOV_SIMULATOR_FAIL=true`) every call fails, as a provider that is down. The sessions live in this
 * process's memory only: with several app nodes behind a balancer the result may be asked of a node that
 * does not know the session (then FAILED) — a simulator is for one node.
 */
export function egovSimulator(clock: Clock, options: { fail?: boolean } = {}): EgovProvider {
  const sessions = new Map<string, number>();
  return {
    kind: 'simulator',
    async init() {
      if (options.fail) throw new EgovProviderError('simulated provider failure (EGOV_SIMULATOR_FAIL)');
      const now = clock.now();
      for (const [id, started] of sessions)
        if (now - started > EGOV_SESSION_MS || sessions.size >= SIMULATOR_MAX_SESSIONS) sessions.delete(id);
        else break;
      const id = randomUUID();
      sessions.set(id, now);
      return { id, expiresAt: new Date(now + EGOV_SESSION_MS).toISOString() };
    },
    async result(id) {
      if (options.fail) throw new EgovProviderError('simulated provider failure (EGOV_SIMULATOR_FAIL)');
      const started = sessions.get(id);
      if (started === undefined) return { status: 'FAILED' };
      const elapsed = clock.now() - started;
      if (elapsed >= EGOV_SESSION_MS) return { status: 'EXPIRED' };
      if (elapsed < SIMULATOR_READ_MS) return { status: 'PENDING' };
      return { status: 'DONE', person: simulatedPerson(id) };
    },
  };
}

/**
 * The provider behind an HTTP service (docs/egov-provider.md): `POST {url}/init` → `{ id, expiresAt }`,
 * `GET {url}/result/{id}` → `{ status, person? }`, each with `Authorization: Bearer <token>` when set. Any
 * other status than 200 (redirects are not followed), a body of another shape, a network failure or no
 * answer within `timeoutMs` throws. It keeps nothing itself.
 */
export function httpEgovProvider(options: { url: string; token?: string; timeoutMs?: number }): EgovProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_EGOV_TIMEOUT_MS;
  const call = async (method: 'GET' | 'POST', path: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: method === 'POST' ? '{}' : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new EgovProviderError(`provider not reached: ${(error as Error).name}`);
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new EgovProviderError(`provider answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new EgovProviderError(`provider's answer is not JSON: ${(error as Error).name}`);
    }
  };
  const parsed = <T>(
    schema: { safeParse(value: unknown): { success: boolean; data?: T } },
    body: unknown,
  ) => {
    const result = schema.safeParse(body);
    // The answer may hold personal data: it is never part of the error.
    if (!result.success) throw new EgovProviderError("provider's answer has another shape");
    return result.data as T;
  };
  return {
    kind: 'http',
    async init() {
      return parsed<EgovInit>(egovInitSchema, await call('POST', '/init'));
    },
    async result(id) {
      return parsed<EgovResult>(egovResultSchema, await call('GET', `/result/${encodeURIComponent(id)}`));
    },
  };
}

/** The provider the configuration names (`EGOV_PROVIDER`, default the simulator). */
export function egovProvider(config: EgovConfig, demoData: boolean, clock: Clock): EgovProvider {
  const kind = providerKind(config.provider, config.url, demoData);
  if (kind === 'none') return noEgovProvider;
  if (kind === 'simulator') return egovSimulator(clock, { fail: config.simulatorFail });
  if (!config.url) throw new Error('EGOV_PROVIDER=http needs EGOV_URL');
  return httpEgovProvider({ url: config.url, token: config.token, timeoutMs: config.timeoutMs });
}
