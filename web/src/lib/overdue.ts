import type { TFunction } from 'i18next';

/** A lend-out as the overdue checks read it (a row of `keymanagement/keylend`). */
export interface LendTimes {
  due?: unknown;
  afterDue?: unknown;
  returned?: unknown;
  [field: string]: unknown;
}

/** The units an overdue time is told in, largest first. */
export type OverdueUnit = 'days' | 'hours' | 'minutes';

const MINUTE = 60_000;
const UNITS: [OverdueUnit, number][] = [
  ['days', 24 * 60],
  ['hours', 60],
  ['minutes', 1],
];

/** The due time in milliseconds, or null for a lend-out without one. */
function dueTime(lend: LendTimes): number | null {
  if (typeof lend.due !== 'string') return null;
  const time = Date.parse(lend.due);
  return Number.isNaN(time) ? null : time;
}

/**
 * Whether a key still out is past its due time at `now` (the server's `afterDue`, or its due time having
 * passed since the list was loaded). A returned lend-out is not overdue any more (its `afterDue` tells whether it
 * came back late).
 */
export function isOverdue(lend: LendTimes, now: number): boolean {
  if (lend.returned === true) return false;
  if (lend.afterDue === true) return true;
  const due = dueTime(lend);
  return due !== null && due < now;
}

/**
 * How long a key is past its due time, in at most two units (`1 d 4 h`, `3 h 20 min`, `12 min`); a lend-out
 * less than a minute late is one minute late. Null when it is not past due.
 */
export function overdueParts(lend: LendTimes, now: number): [OverdueUnit, number][] | null {
  const due = dueTime(lend);
  if (due === null || due >= now) return null;
  let minutes = Math.max(1, Math.floor((now - due) / MINUTE));
  const parts: [OverdueUnit, number][] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(minutes / size);
    minutes -= count * size;
    if (count > 0 || (parts.length > 0 && parts.length < 2)) parts.push([unit, count]);
    if (parts.length === 2) break;
  }
  // A zero second unit says nothing (`2 d 0 h` reads as `2 d`).
  return parts.filter(([, count], index) => index === 0 || count > 0);
}

/** How long a key is past due in words of the language (`1 d 4 h`). */
export function overdueText(t: TFunction, lend: LendTimes, now: number): string | null {
  const parts = overdueParts(lend, now);
  return parts && parts.map(([unit, count]) => t(`keys.duration.${unit}`, { count })).join(' ');
}
