import type { TFunction } from 'i18next';
import type { LogisticsTurnTime } from '@strazce/contract';

/** A number of minutes as whole hours and minutes (rounded to the minute); null for no value. */
export function durationParts(minutes: number | null | undefined): { hours: number; minutes: number } | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return null;
  const whole = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** A duration in words of the language: `45 min`, `1 h 5 min`, `2 h`; a dash for no value. */
export function formatMinutes(t: TFunction, minutes: number | null | undefined): string {
  const parts = durationParts(minutes);
  if (!parts) return '—';
  const hours = parts.hours > 0 ? t('logistics.duration.hours', { count: parts.hours }) : null;
  const rest =
    parts.minutes > 0 || parts.hours === 0 ? t('logistics.duration.minutes', { count: parts.minutes }) : null;
  return [hours, rest].filter(Boolean).join(' ');
}

export const TURN_TIME_FIGURES = ['waitingMinutes', 'rampMinutes', 'totalMinutes'] as const;
export type TurnTimeFigure = (typeof TURN_TIME_FIGURES)[number];
export type TurnTimeGroup = keyof LogisticsTurnTime['averages'];

/** One bar group of the chart: a supplier, type or ramp with its averages in whole minutes. */
export interface TurnTimeChartRow extends Record<TurnTimeFigure, number | null> {
  key: string;
  name: string;
  count: number;
}

const rounded = (minutes: number | null) => (minutes === null ? null : Math.round(minutes));

/** The chart's rows of one grouping, the group without a value (no supplier) named `noneLabel`. */
export function turnTimeChartRows(
  report: LogisticsTurnTime,
  group: TurnTimeGroup,
  noneLabel: string,
): TurnTimeChartRow[] {
  return report.averages[group].map((average) => ({
    key: average.group ? String(average.group.id) : 'none',
    name: average.group?.label ?? noneLabel,
    count: average.count,
    waitingMinutes: rounded(average.waitingMinutes),
    rampMinutes: rounded(average.rampMinutes),
    totalMinutes: rounded(average.totalMinutes),
  }));
}
