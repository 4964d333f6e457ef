import { lazy, Suspense, type ComponentType, type CSSProperties } from 'react';
import { Input, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import type { RangePickerProps } from 'antd/es/date-picker';

/**
 * Ant Design's date pickers, loaded when a picker is first shown. They are a large part of antd (some 45 kB
 * of gzip) that lists, the most visited pages, need only in a dialog or a filter, so a page's first paint
 * does not wait for them. Until they arrive, an inert box of the same size holds the place; it carries no id,
 * so a label or a test finds the picker only once it can be used.
 */
type SingleDatePickerProps = DatePickerProps<Dayjs, false>;
const loadPickers = () => import('./antdPickers');

/** Starts loading the pickers now (a page that shows one at once: its first paint need not wait for them). */
export function preloadPickers(): void {
  void loadPickers().catch(() => undefined);
}

const LoadedDatePicker = lazy(() =>
  loadPickers().then((m) => ({
    // The picker is generic in its value; here it is always one Dayjs.
    default: m.LoadedDatePicker as ComponentType<SingleDatePickerProps>,
  })),
);
const LoadedRangePicker = lazy(() =>
  loadPickers().then((m) => ({ default: m.LoadedRangePicker as ComponentType<RangePickerProps> })),
);

function Placeholder({ style }: { style?: CSSProperties }) {
  return <Input readOnly tabIndex={-1} aria-hidden style={style} className="picker-placeholder" />;
}

export function DatePicker(props: SingleDatePickerProps) {
  return (
    <Suspense fallback={<Placeholder style={props.style} />}>
      <LoadedDatePicker {...props} />
    </Suspense>
  );
}

export function RangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<Placeholder style={{ width: 256, ...props.style }} />}>
      <LoadedRangePicker {...props} />
    </Suspense>
  );
}
