import { DatePicker } from 'antd';

/** Ant Design's date pickers, in a chunk of their own (see ./index.tsx). */
export const LoadedDatePicker = DatePicker;
export const LoadedRangePicker = DatePicker.RangePicker;
