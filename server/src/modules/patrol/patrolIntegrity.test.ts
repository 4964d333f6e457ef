import { describe, expect, it } from 'vitest';
import { PATROL_INTEGRITY_PENALTY } from '@strazce/contract';
import { intervalKey, patrolIntegrity, type IntegrityInput, type IntegrityScan } from './patrolIntegrity';

const plan = [
  { id: 1, name: 'Gate' },
  { id: 2, name: 'Store' },
  { id: 3, name: 'Boiler' },
  { id: 4, name: 'Yard' },
];
const T0 = Date.parse('2026-03-11T20:00:00Z');

/** Scans of these checkpoints (null: a tag of no checkpoint), one a minute unless `seconds` say otherwise. */
function scans(checkpoints: Array<number | null>, seconds: number[] = []): IntegrityScan[] {
  let at = T0;
  return checkpoints.map((checkpointId, index) => {
    at += (seconds[index] ?? 60) * 1000;
    return { id: index + 1, checkpointId, time: new Date(at), receivedAt: new Date(at) };
  });
}

const input = (overrides: Partial<IntegrityInput>): IntegrityInput => ({
  plan,
  ordered: true,
  scans: [],
  fastest: new Map(),
  clockSkew: null,
  finished: true,
  start: { time: new Date(T0), receivedAt: new Date(T0) },
  finish: null,
  signIn: { signedInAt: new Date(T0), windowSeconds: 12 * 3600 },
  ...overrides,
});

const codes = (overrides: Partial<IntegrityInput>) =>
  patrolIntegrity(input(overrides)).reasons.map(
    (reason) => `${reason.reason}:${reason.checkpoint?.name ?? ''}`,
  );

describe('patrol integrity', () => {
  it('a patrol of every checkpoint in order keeps its 100 points', () => {
    const result = patrolIntegrity(input({ scans: scans([1, 2, 3, 4]) }));
    expect(result.reasons).toEqual([]);
    expect(result.score).toBe(100);
    expect([...result.flags.values()].map((flag) => flag.routePosition)).toEqual([1, 2, 3, 4]);
  });

  it('MISSED: each checkpoint never scanned, once finished, in the order of the route', () => {
    expect(codes({ scans: scans([1, 3]) })).toEqual(['MISSED:Store', 'MISSED:Yard']);
    expect(codes({ scans: scans([1, 3]), finished: false })).toEqual([]);
    const result = patrolIntegrity(input({ scans: [] }));
    expect(result.score).toBe(100 - 4 * PATROL_INTEGRITY_PENALTY.MISSED);
  });

  it('OUT_OF_ORDER: a checkpoint scanned after one that comes later on the route (ordered routes only)', () => {
    const result = patrolIntegrity(input({ scans: scans([1, 3, 2, 4]) }));
    expect(result.reasons).toEqual([
      expect.objectContaining({
        reason: 'OUT_OF_ORDER',
        checkpoint: { id: 2, name: 'Store' },
        expectedPosition: 2,
        position: 3,
        points: PATROL_INTEGRITY_PENALTY.OUT_OF_ORDER,
      }),
    ]);
    expect(result.flags.get(3)).toMatchObject({ outOfOrder: true, routePosition: 2 });
    expect(result.score).toBe(90);
    // Starting at the last checkpoint puts every other one out of order.
    expect(codes({ scans: scans([4, 1, 2, 3]) })).toEqual([
      'OUT_OF_ORDER:Gate',
      'OUT_OF_ORDER:Store',
      'OUT_OF_ORDER:Boiler',
    ]);
    expect(codes({ scans: scans([4, 1, 2, 3]), ordered: false })).toEqual([]);
  });

  it('DUPLICATE: every further scan of a checkpoint (and it is not out of order again)', () => {
    const result = patrolIntegrity(input({ scans: scans([1, 2, 1, 3, 4, 4]) }));
    expect(result.reasons.map((reason) => `${reason.reason}:${reason.checkpoint?.name}`)).toEqual([
      'DUPLICATE:Gate',
      'DUPLICATE:Yard',
    ]);
    expect(result.flags.get(3)).toMatchObject({ duplicate: true, outOfOrder: false });
    expect(result.score).toBe(100 - 2 * PATROL_INTEGRITY_PENALTY.DUPLICATE);
  });

  it('tags of no checkpoint and checkpoints off the route count for nothing', () => {
    const result = patrolIntegrity(input({ scans: scans([1, null, 99, 2, 3, 4, null]) }));
    expect(result.reasons).toEqual([]);
    expect(result.flags.get(2)).toEqual({
      routePosition: null,
      outOfOrder: false,
      duplicate: false,
      tooFast: false,
    });
  });

  it('TOO_FAST: faster than the fastest walk between the same checkpoints before; no history, no reason', () => {
    const walk = scans([1, 2, 3, 4], [0, 30, 200, 60]);
    expect(codes({ scans: walk })).toEqual([]);
    const fastest = new Map([
      [intervalKey(1, 2), 45],
      [intervalKey(2, 3), 120],
      [intervalKey(3, 4), 60],
    ]);
    const result = patrolIntegrity(input({ scans: walk, fastest }));
    expect(result.reasons).toEqual([
      expect.objectContaining({
        reason: 'TOO_FAST',
        checkpoint: { id: 2, name: 'Store' },
        previousCheckpoint: { id: 1, name: 'Gate' },
        seconds: 30,
        fastestSeconds: 45,
      }),
    ]);
    expect(result.flags.get(2)?.tooFast).toBe(true);
    // The walks that were not too fast are what the route may learn from (60 s equals the fastest: not too fast).
    expect(result.intervals).toEqual([
      { from: 2, to: 3, seconds: 200 },
      { from: 3, to: 4, seconds: 60 },
    ]);
  });

  it('CLOCK_SKEW once, with the difference; the score never goes below 0', () => {
    const time = new Date(T0);
    const result = patrolIntegrity(input({ scans: scans([1, 2, 3, 4]), clockSkew: { seconds: -300, time } }));
    expect(result.reasons).toEqual([
      expect.objectContaining({
        reason: 'CLOCK_SKEW',
        seconds: -300,
        checkpoint: null,
        time: time.toISOString(),
      }),
    ]);
    expect(result.score).toBe(100 - PATROL_INTEGRITY_PENALTY.CLOCK_SKEW);
    const worst = patrolIntegrity(
      input({ scans: scans([4, 4, 4, 4, 4, 4, 4]), clockSkew: { seconds: 90, time } }),
    );
    expect(worst.score).toBe(0);
  });

  it('takes the scans in the order of their time, whatever order they came in', () => {
    const [a, b, c, d] = scans([1, 2, 3, 4]);
    expect(codes({ scans: [d, b, a, c] })).toEqual([]);
  });
});
