/**
 * The time the app works with: the system clock in production; tests give a clock they move themselves, so
 * nothing they check depends on how long the machine took (TOTP steps, kept totals, delivery back-off).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told: `set` or `advance` it. */
export function manualClock(
  start: number | Date,
): Clock & { set(at: number | Date): void; advance(ms: number): void } {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    set: (at) => {
      current = typeof at === 'number' ? at : at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock (`AppOptions.clock`). */
    clock: Clock;
  }
}
