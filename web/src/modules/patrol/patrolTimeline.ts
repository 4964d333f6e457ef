import type { TFunction } from 'i18next';
import type { PatrolIntegrityReason, PatrolScan, PatrolTaskDone, RefValue } from '@strazce/contract';

/** An incident raised on a patrol, as `GET /api/patrol/instance/:id/incident` lists it (an incident record). */
export interface PatrolIncident {
  id: number;
  createdDate: string | null;
  type: RefValue | null;
  consequence: string;
  report: string;
  resolved?: boolean;
}

/** A scan delivered this long after it was made was queued on the device (offline): it came late. */
export const PATROL_LATE_DELIVERY_MS = 5 * 60_000;

/** One line of a patrol's timeline; `kind` is what a browser test finds it by (`data-kind`). */
export type TimelineItem =
  | { kind: 'start'; key: string; time: string }
  | { kind: 'scan'; key: string; time: string; scan: PatrolScan; late: boolean }
  | { kind: 'missed'; key: string; time: null; checkpoint: string; position: number | null }
  | { kind: 'task'; key: string; time: string | null; task: PatrolTaskDone }
  | { kind: 'incident'; key: string; time: string | null; incident: PatrolIncident }
  | { kind: 'finish'; key: string; time: string };

export interface TimelineInput {
  started: string;
  /** Null while the patrol is in progress. */
  finished: string | null;
  scans: readonly PatrolScan[];
  tasks: readonly PatrolTaskDone[];
  incidents: readonly PatrolIncident[];
  integrity: readonly PatrolIntegrityReason[] | null;
}

/** Where an item without a time of its own goes, and which of two at the same moment comes first. */
const RANK: Record<TimelineItem['kind'], number> = {
  start: 0,
  scan: 1,
  task: 2,
  incident: 3,
  missed: 4,
  finish: 5,
};

/**
 * A patrol as it happened: the start, the scans, the tasks done and the incidents raised in time order, the
 * checkpoints missed and the tasks not done after them, and the finish. Scans keep the order the terminal
 * scanned them in when two share a moment.
 */
export function buildTimeline(input: TimelineInput): TimelineItem[] {
  const middle: TimelineItem[] = [
    ...input.scans.map((scan): TimelineItem => ({
      kind: 'scan',
      key: `scan:${scan.id}`,
      time: scan.time,
      scan,
      late: Date.parse(scan.receivedAt) - Date.parse(scan.time) > PATROL_LATE_DELIVERY_MS,
    })),
    ...input.tasks.map((task): TimelineItem => ({
      kind: 'task',
      key: `task:${task.index}`,
      time: task.time,
      task,
    })),
    ...input.incidents.map((incident): TimelineItem => ({
      kind: 'incident',
      key: `incident:${incident.id}`,
      time: incident.createdDate,
      incident,
    })),
    ...(input.integrity ?? [])
      .filter((reason) => reason.reason === 'MISSED' && reason.checkpoint)
      .map((reason, index): TimelineItem => ({
        kind: 'missed',
        key: `missed:${reason.checkpoint!.id}:${index}`,
        time: null,
        checkpoint: reason.checkpoint!.name,
        position: reason.expectedPosition,
      })),
  ];
  const at = (item: TimelineItem) => (item.time === null ? Number.POSITIVE_INFINITY : Date.parse(item.time));
  const ordered = middle
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        // Two untimed items (both infinite) differ by NaN, which is falsy: by kind, then as they came.
        at(a.item) - at(b.item) || RANK[a.item.kind] - RANK[b.item.kind] || a.index - b.index,
    )
    .map(({ item }) => item);
  return [
    { kind: 'start', key: 'start', time: input.started },
    ...ordered,
    ...(input.finished ? [{ kind: 'finish' as const, key: 'finish', time: input.finished }] : []),
  ];
}

/** The colour of a score: 90 and more green, 70 and more orange, less red. */
export function scoreColor(score: number): 'green' | 'orange' | 'red' {
  if (score >= 90) return 'green';
  if (score >= 70) return 'orange';
  return 'red';
}

/** A length of time in words of the language: "40 s", "3 min 10 s", "18 min", "1 h 5 min". */
export function durationText(t: TFunction, totalSeconds: number): string {
  const seconds = Math.round(Math.abs(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('patrolInstance.duration.hours', { h, m });
  if (m > 0 && s === 0) return t('patrolInstance.duration.wholeMinutes', { m });
  if (m > 0) return t('patrolInstance.duration.minutes', { m, s });
  return t('patrolInstance.duration.seconds', { s });
}

/** The length of a patrol from its start to its finish (null while in progress). */
export function patrolSeconds(started: unknown, finished: unknown): number | null {
  if (typeof started !== 'string' || typeof finished !== 'string') return null;
  const seconds = (Date.parse(finished) - Date.parse(started)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Points as lost: "−20" (a minus sign, not a hyphen). */
export const pointsText = (points: number) => `\u2212${Math.abs(points)}`;

/** Why a patrol lost points, in a sentence of the language. */
export function reasonText(t: TFunction, reason: PatrolIntegrityReason): string {
  const checkpoint = reason.checkpoint?.name ?? '?';
  switch (reason.reason) {
    case 'MISSED':
      return t('patrolInstance.reason.MISSED', { checkpoint });
    case 'OUT_OF_ORDER':
      return t('patrolInstance.reason.OUT_OF_ORDER', {
        checkpoint,
        expected: reason.expectedPosition ?? '?',
        position: reason.position ?? '?',
      });
    case 'DUPLICATE':
      return t('patrolInstance.reason.DUPLICATE', { checkpoint });
    case 'TOO_FAST':
      return t('patrolInstance.reason.TOO_FAST', {
        checkpoint,
        previous: reason.previousCheckpoint?.name ?? '?',
        interval: durationText(t, reason.seconds ?? 0),
        fastest: durationText(t, reason.fastestSeconds ?? 0),
      });
    case 'CLOCK_SKEW':
      return t(
        (reason.seconds ?? 0) >= 0
          ? 'patrolInstance.reason.CLOCK_SKEW_ahead'
          : 'patrolInstance.reason.CLOCK_SKEW_behind',
        { amount: durationText(t, reason.seconds ?? 0) },
      );
    case 'TIME_BACKDATED':
    case 'TIME_FUTURE':
      return t(`patrolInstance.reason.${reason.reason}${reason.checkpoint ? '_checkpoint' : ''}`, {
        checkpoint,
        amount: durationText(t, reason.seconds ?? 0),
      });
  }
}
