import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PICKER_FORMATS, now, toWireDate } from '../../lib/format';
import { RangePicker } from './index';

/** A range of whole days: the last `days` days up to today at first, and its `from`/`to` on the wire. */
export function useDayRange(days: number) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    now()
      .subtract(days - 1, 'day')
      .startOf('day'),
    now().startOf('day'),
  ]);
  const query = { from: toWireDate(range[0]) ?? '', to: toWireDate(range[1]) ?? '' };
  return { range, setRange, query };
}

/** The day-range picker of a report: never empty, at most `maxDays` long when given. */
export function DayRangePicker({
  value,
  onChange,
  maxDays,
  testId,
}: {
  value: [Dayjs, Dayjs];
  onChange(range: [Dayjs, Dayjs]): void;
  maxDays?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <RangePicker
      value={value}
      format={PICKER_FORMATS.date}
      allowClear={false}
      disabledDate={
        maxDays === undefined
          ? undefined
          : (current, info) => (info.from ? Math.abs(current.diff(info.from, 'day')) >= maxDays : false)
      }
      onChange={(next) => {
        if (next?.[0] && next[1]) onChange([next[0].startOf('day'), next[1].startOf('day')]);
      }}
      aria-label={t('reports.range.label')}
      data-testid={testId}
    />
  );
}
