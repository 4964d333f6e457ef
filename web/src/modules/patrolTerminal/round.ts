import {
  patrolTagHashInput,
  type IncidentConsequence,
  type PatrolSignIn,
  type PatrolTerminalEvent,
} from '@strazce/contract';

export type TerminalRoute = PatrolSignIn['routes'][number];
export type TerminalCheckpoint = TerminalRoute['checkpoints'][number];
export type ScanMethod = 'QR' | 'NFC' | 'TYPED';

/** A scan on the round as the device saw it. */
export interface RoundScan {
  /** The scan event's id. */
  id: string;
  tagId: string;
  method: ScanMethod;
  time: string;
  /** The route's checkpoint with this tag; null: not on this route. */
  checkpoint: number | null;
}

/**
 * A round in progress on this device: who, which route, and what happened so far. Kept in local storage after
 * every action, so that a reload (or a dead battery) resumes it; the events themselves are in the queue.
 */
export interface Round {
  /** The device's id of the patrol (the events' `patrol`). */
  patrol: string;
  guard: PatrolSignIn['guard'];
  terminal: PatrolSignIn['terminal'];
  route: TerminalRoute;
  /** The sign-in's salt of the route's checkpoint `tagHash`es (the terminal holds no raw tags). */
  tagSalt: string;
  started: string;
  scans: RoundScan[];
  /** Indexes of the route's tasks confirmed. */
  tasksDone: number[];
  incidents: number;
}

/** How a checkpoint of the round stands: scanned, the one to go to, passed over (ordered routes), not yet. */
export type CheckpointState = 'scanned' | 'next' | 'missed' | 'pending';

/**
 * The hex SHA-256 of a tag with the sign-in's salt, as the server hands out each checkpoint's `tagHash`
 * (`patrolTagHashInput`: trimmed, in lower case), through Web Crypto.
 */
export async function tagHash(salt: string, tagId: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(patrolTagHashInput(salt, tagId)),
  );
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The route's checkpoint of a scanned tag (compared by its salted hash), or null when it is not on the route. */
export async function checkpointOfTag(
  route: TerminalRoute,
  salt: string,
  tagId: string,
): Promise<TerminalCheckpoint | null> {
  const hash = await tagHash(salt, tagId);
  return route.checkpoints.find((checkpoint) => checkpoint.tagHash === hash) ?? null;
}

/**
 * The state of each checkpoint of the route, in the route's order. On an ordered route the ones before the
 * furthest scanned checkpoint that were not scanned are missed so far, and the next is the first unscanned one
 * after it; on a free route the next is the first unscanned one.
 */
export function checkpointStates(round: Pick<Round, 'route' | 'scans'>): CheckpointState[] {
  const { checkpoints, ordered } = round.route;
  const scanned = new Set(round.scans.map((scan) => scan.checkpoint).filter((id) => id !== null));
  const furthest = checkpoints.reduce(
    (last, checkpoint, index) => (scanned.has(checkpoint.id) ? index : last),
    -1,
  );
  const states: CheckpointState[] = checkpoints.map((checkpoint, index) =>
    scanned.has(checkpoint.id) ? 'scanned' : ordered && index < furthest ? 'missed' : 'pending',
  );
  const next = states.findIndex((state, index) => state === 'pending' && (!ordered || index > furthest));
  if (next >= 0) states[next] = 'next';
  return states;
}

/** A new event of the round: its own id, the round's patrol, the device's time now. */
export function newEvent<T extends PatrolTerminalEvent['type']>(
  patrol: string,
  type: T,
  fields: Omit<Extract<PatrolTerminalEvent, { type: T }>, 'id' | 'patrol' | 'time' | 'type'>,
  now: Date = new Date(),
): Extract<PatrolTerminalEvent, { type: T }> {
  return { id: crypto.randomUUID(), patrol, time: now.toISOString(), type, ...fields } as Extract<
    PatrolTerminalEvent,
    { type: T }
  >;
}

/** What the incident form gives (photo apart). */
export interface IncidentInput {
  incidentType: number;
  consequence: IncidentConsequence;
  report: string;
  description: string | null;
  checkpoint: number | null;
}

const ROUND_KEY = 'strazce.patrolTerminal.round';
const TOKEN_KEY = 'strazce.patrolTerminal.token';
const TYPES_KEY = 'strazce.patrolTerminal.incidentTypes';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the round goes on in memory.
  }
}

/** What the terminal keeps in local storage: its token (the pairing), the round, the incident types (offline). */
export const terminalStorage = {
  token: {
    get: (): string | null => {
      try {
        return localStorage.getItem(TOKEN_KEY);
      } catch {
        return null;
      }
    },
    set: (token: string | null) => write(TOKEN_KEY, token),
  },
  round: { get: () => read<Round>(ROUND_KEY), set: (round: Round | null) => write(ROUND_KEY, round) },
  incidentTypes: {
    get: () => read<{ id: number; name: string }[]>(TYPES_KEY),
    set: (types: { id: number; name: string }[] | null) => write(TYPES_KEY, types),
  },
};
