/**
 * Look-alike-aware licence plate matching for plate recognition (ANPR): a camera read is compared with the plates
 * of today's open vehicle advices and of the vehicles in the area. A camera confuses characters that look alike
 * (O/0, D/0, B/8, I/1, S/5, Z/2) and sometimes misses or adds a character; each difference is reported as a reason
 * code with parameters the web app translates ('O read as 0', 'missing character 7', ...).
 */
import { normalizePlate } from './validation';

/** Pairs of characters a camera confuses, both ways. */
export const PLATE_LOOKALIKES: readonly (readonly [string, string])[] = [
  ['O', '0'],
  ['D', '0'],
  ['B', '8'],
  ['I', '1'],
  ['S', '5'],
  ['Z', '2'],
];

export const PLATE_MATCH_REASONS = ['EXACT', 'LOOKALIKE', 'MISSING_CHAR', 'EXTRA_CHAR'] as const;
export type PlateMatchReasonCode = (typeof PLATE_MATCH_REASONS)[number];

/**
 * Why a read matched: EXACT; LOOKALIKE (`expected` was read as `read` at 0-based `position` of the plate);
 * MISSING_CHAR (the read lacks `expected` at `position`); EXTRA_CHAR (the read has an extra `read` at `position`).
 */
export interface PlateMatchReason {
  code: PlateMatchReasonCode;
  position?: number;
  expected?: string;
  read?: string;
}

export interface PlateMatch {
  /** Lower is better: 0 exact, 1 per look-alike character, 2 for a missing or extra character. */
  score: number;
  reasons: PlateMatchReason[];
}

/** At most this many look-alike characters in one plate still count as a match. */
export const PLATE_MAX_LOOKALIKES = 2;

/**
 * The SQL `translate` arguments that turn a plate into its look-alike key (`plateLookAlikeKey`): each letter of a
 * look-alike pair becomes its digit, spaces and dashes go.
 */
export const PLATE_KEY_TRANSLATE = {
  from: `${PLATE_LOOKALIKES.map(([letter]) => letter).join('')} -`,
  to: PLATE_LOOKALIKES.map(([, digit]) => digit).join(''),
} as const;

/**
 * A plate normalized with the look-alike letters made digits: two plates that `matchPlate` finds alike by
 * look-alike characters only have the same key, and plates one missing or extra character apart have keys of
 * lengths one apart. So the key lets a database keep the few candidates worth matching.
 */
export function plateLookAlikeKey(plate: string): string {
  let key = '';
  for (const char of normalizePlate(plate)) {
    const index = PLATE_KEY_TRANSLATE.from.indexOf(char);
    key += index < 0 ? char : (PLATE_KEY_TRANSLATE.to[index] ?? '');
  }
  return key;
}

function lookAlike(a: string, b: string): boolean {
  return PLATE_LOOKALIKES.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** Compares a camera read with a known plate; null when they do not match. */
export function matchPlate(readPlate: string, knownPlate: string): PlateMatch | null {
  return matchNormalized(normalizePlate(readPlate), normalizePlate(knownPlate));
}

function matchNormalized(read: string, known: string): PlateMatch | null {
  if (!read || !known) return null;
  if (read === known) return { score: 0, reasons: [{ code: 'EXACT' }] };
  if (read.length === known.length) {
    const reasons: PlateMatchReason[] = [];
    for (let i = 0; i < known.length; i++) {
      if (read[i] === known[i]) continue;
      if (!lookAlike(read[i]!, known[i]!)) return null;
      reasons.push({ code: 'LOOKALIKE', position: i, expected: known[i]!, read: read[i]! });
    }
    return reasons.length <= PLATE_MAX_LOOKALIKES ? { score: reasons.length, reasons } : null;
  }
  // One character missing from the read, or one extra in it (plates of at least 4 characters, so that a short
  // read does not match everything).
  const [shorter, longer, code] =
    read.length < known.length
      ? ([read, known, 'MISSING_CHAR'] as const)
      : ([known, read, 'EXTRA_CHAR'] as const);
  if (longer.length !== shorter.length + 1 || shorter.length < 4) return null;
  for (let i = 0; i < longer.length; i++) {
    if (longer.slice(0, i) + longer.slice(i + 1) === shorter) {
      const reason: PlateMatchReason =
        code === 'MISSING_CHAR'
          ? { code, position: i, expected: longer[i]! }
          : { code, position: i, read: longer[i]! };
      return { score: 2, reasons: [reason] };
    }
  }
  return null;
}

/** The best of the candidates for a read (lowest score; the first one on a tie), or null when none matches. */
export function bestPlateMatch<T>(
  readPlate: string,
  candidates: readonly T[],
  plates: (candidate: T) => readonly (string | null | undefined)[],
): { candidate: T; plate: string; match: PlateMatch } | null {
  let best: { candidate: T; plate: string; match: PlateMatch } | null = null;
  const read = normalizePlate(readPlate);
  for (const candidate of candidates) {
    for (const plate of plates(candidate)) {
      if (!plate) continue;
      const match = matchNormalized(read, normalizePlate(plate));
      if (match && (!best || match.score < best.match.score)) best = { candidate, plate, match };
    }
  }
  return best;
}
