import type { FieldDef } from '@strazce/contract';

/**
 * How wide a list column is, from what its field holds: a date-time, a date, a yes/no, a number, a short
 * code, a reference, a long text. The width is never less than the header needs (its title in at most two
 * lines, the sort arrows and the filter icon), so a header is never cut. A list's default columns fit a
 * 1440 px screen (the rest are `list: 'optional'`); the table scrolls sideways inside its card only when the
 * user shows more than fit.
 */

/** A cell's padding (12 px each side): a value measured in the cell's font fits exactly within it. */
const CELL_PADDING = 24;
/** A header's padding and a little air. */
const PADDING = CELL_PADDING + 4;
/** The sort arrows and the filter trigger beside a header title. */
const SORTER = 20;
const FILTER = 24;
/** A column's widest known value may widen it up to this; a longer one is cut and shown whole on hover. */
const VALUES_MAX = 240;

/**
 * The width of the content of a column by the field's kind (without the header): what a typical value needs
 * in one line. A table narrower than its card gives the rest to its columns in proportion; a longer value is
 * cut with an ellipsis and shown whole on hover.
 */
export function contentWidth(field: FieldDef): number {
  switch (field.kind) {
    case 'datetime':
      return 156;
    case 'date':
      return 110;
    case 'bool':
      return 80;
    case 'int':
    case 'decimal':
      return field.values ? 130 : 96;
    case 'color':
      return 110;
    case 'phone':
      return 140;
    case 'email':
      return 190;
    case 'enum':
      return 130;
    case 'ref':
      return 150;
    case 'multiEnum':
    case 'multiRef':
      return 200;
    case 'json':
      return 200;
    case 'textarea':
      return 200;
    case 'password':
      return 120;
    default: {
      // A text: a short code (a plate, a number of a card), a name, or a longer text.
      const max = field.max ?? 255;
      if (max <= 20) return 120;
      if (max <= 60) return 150;
      if (max <= 120) return 170;
      return 180;
    }
  }
}

/** Whether a column's text is cut to one line with the rest in a tooltip (long texts, names, lists). */
export function ellipsizes(field: FieldDef): boolean {
  return ['text', 'textarea', 'email', 'ref', 'enum', 'json', 'phone'].includes(field.kind);
}

export interface ColumnSpec {
  /** The header's text (measured); null for a header that is not plain text. */
  title: string | null;
  sortable: boolean;
  filterable: boolean;
  /** The page's own width (custom cells); else the field's content width. */
  width?: number;
  field?: FieldDef;
  /**
   * The width of the widest value the column shows in the body's font, where it is known ahead: an enum's
   * translated labels, a date's or a date-time's fixed format.
   */
  valuesWidth?: number;
}

/** The width a text takes in the header's font; a canvas measures it in the browser. */
export type MeasureText = (text: string) => number;

let canvas: CanvasRenderingContext2D | null | undefined;
/**
 * A measure of header titles in a font (the theme's: header titles are its size at weight 600); without a
 * canvas (unit tests) a generous average width of a character.
 */
export function headerMeasure(font: string): MeasureText {
  return (text) => {
    if (canvas === undefined) {
      try {
        canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
      } catch {
        canvas = null;
      }
    }
    if (!canvas) return text.length * 8.5;
    canvas.font = font;
    return canvas.measureText(text).width;
  };
}

const measureHeader = headerMeasure('600 14px sans-serif');

/**
 * The width a header title needs when it may wrap onto two lines at a space: the narrower of its two lines at
 * the best break (a browser's greedy wrap then needs no third line), or the whole title when it is one word.
 */
export function titleWidth(title: string, measure: MeasureText = measureHeader): number {
  const words = title.split(/\s+/).filter(Boolean);
  let best = measure(title);
  for (let split = 1; split < words.length; split++)
    best = Math.min(
      best,
      Math.max(measure(words.slice(0, split).join(' ')), measure(words.slice(split).join(' '))),
    );
  return best;
}

/** What the header needs: the title (in at most two lines), its padding, the sort arrows and the filter icon. */
export function headerWidth(spec: ColumnSpec, measure: MeasureText = measureHeader): number {
  if (spec.title === null) return 0;
  return Math.ceil(
    titleWidth(spec.title, measure) + PADDING + (spec.sortable ? SORTER : 0) + (spec.filterable ? FILTER : 0),
  );
}

/** The width of a column: its content's (or the page's own), never less than its header needs. */
export function columnWidth(spec: ColumnSpec, measure: MeasureText = measureHeader): number {
  const content = spec.width ?? (spec.field ? contentWidth(spec.field) : 160);
  return Math.max(content, headerWidth(spec, measure));
}

/**
 * The width a column wants where the room allows (`fitColumns`): its width, or more to show its widest known
 * value whole (with the cell's padding), up to VALUES_MAX.
 */
export function wantedWidth(spec: ColumnSpec, measure: MeasureText = measureHeader): number {
  const values = spec.valuesWidth ? Math.min(VALUES_MAX, Math.ceil(spec.valuesWidth + CELL_PADDING)) : 0;
  return Math.max(columnWidth(spec, measure), values);
}

/**
 * The columns shown: all the screen offers except those the user hid, in the screen's order; one column
 * always stays (the first offered one when every column was hidden).
 */
export function shownColumns(offered: readonly string[], hidden: readonly string[]): string[] {
  const shown = offered.filter((name) => !hidden.includes(name));
  return shown.length > 0 ? shown : offered.slice(0, 1);
}

/** The columns a list hides until the user picks them: those of its fields declared `list: 'optional'`. */
export function optionalColumns(
  offered: readonly string[],
  fields: Readonly<Record<string, FieldDef>>,
): string[] {
  return offered.filter((name) => fields[name]?.list === 'optional');
}

/** The hidden columns after the user switched one on or off (never all of them). */
export function toggleColumn(
  offered: readonly string[],
  hidden: readonly string[],
  name: string,
  visible: boolean,
): string[] {
  const next = visible ? hidden.filter((item) => item !== name) : [...new Set([...hidden, name])];
  return offered.every((item) => next.includes(item))
    ? [...hidden]
    : next.filter((item) => offered.includes(item));
}

/** Fields that name a person together: a card's title shows both ('Jana Nováková', not 'Jana'). */
const NAME_PARTS: ReadonlyArray<readonly [first: string, last: string]> = [
  ['firstName', 'lastName'],
  ['visitedFirstName', 'visitedLastName'],
  ['driverFirstName', 'driverLastName'],
];

/**
 * The columns a phone card's title is made of: the first column, or, when it is one part of a person's name
 * and the other part is listed too, both parts (first name, then last name).
 */
export function cardTitleColumns(names: readonly string[]): string[] {
  const first = names[0];
  if (first === undefined) return [];
  const pair = NAME_PARTS.find(
    (parts) => parts.includes(first) && parts.every((part) => names.includes(part)),
  );
  return pair ? [...pair] : [first];
}

/** Whether a column may grow beyond its width when the table has room to spare (a text, a name, a list). */
export function grows(field: FieldDef | undefined): boolean {
  return (
    !!field && ['text', 'textarea', 'email', 'ref', 'json', 'multiEnum', 'multiRef'].includes(field.kind)
  );
}

/**
 * The widths of a table's data columns in `available` pixels. A table that does not fit scrolls sideways anyway:
 * its columns are as `wanted` (each known value whole). Else the room to spare goes first to the columns that
 * want more (a date-time, an enum's label, in column order), then to the growing columns (texts, names) in
 * proportion to their widths, none beyond a third of the table, and what is left to the last column, so that
 * dates, flags and the row buttons keep their size and no column takes most of a wide screen.
 */
export function fitColumns(
  widths: readonly number[],
  growing: readonly boolean[],
  available: number,
  wanted: readonly number[] = widths,
): number[] {
  let spare = Math.floor(available) - widths.reduce((sum, width) => sum + width, 0);
  if (spare < 0) return widths.map((width, index) => Math.max(width, wanted[index]));
  const fitted = [...widths];
  if (spare === 0 || fitted.length === 0) return fitted;
  for (let index = 0; index < fitted.length && spare > 0; index++) {
    const more = Math.min(spare, Math.max(0, wanted[index] - fitted[index]));
    fitted[index] += more;
    spare -= more;
  }
  const start = [...fitted];
  const cap = (index: number) => Math.max(start[index], Math.floor(available / 3));
  let open = fitted.map((_, index) => index).filter((index) => growing[index]);
  while (spare > 0 && open.length > 0) {
    const base = open.reduce((sum, index) => sum + start[index], 0);
    let given = 0;
    for (const index of open) {
      const share = Math.floor((spare * start[index]) / base);
      const next = Math.min(cap(index), fitted[index] + share);
      given += next - fitted[index];
      fitted[index] = next;
    }
    open = open.filter((index) => fitted[index] < cap(index));
    spare -= given;
    if (given === 0) break;
  }
  fitted[fitted.length - 1] += Math.max(0, spare);
  return fitted;
}
