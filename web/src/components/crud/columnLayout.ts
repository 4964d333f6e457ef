import type { FieldDef } from '@strazce/contract';

/**
 * How wide a list column is, from what its field holds: a date-time, a date, a yes/no, a number, a short
 * code, a reference, a long text. The width is never less than the header needs (its title, the sort arrows
 * and the filter icon), so a header is never cut; the table scrolls sideways inside its card when the
 * columns are wider than the screen.
 */

/** Cell padding (12 px each side) and a little air. */
const PADDING = 36;
/** The sort arrows and the filter trigger beside a header title. */
const SORTER = 24;
const FILTER = 28;

/** The width of the content of a column by the field's kind (without the header). */
export function contentWidth(field: FieldDef): number {
  switch (field.kind) {
    case 'datetime':
      return 170;
    case 'date':
      return 116;
    case 'bool':
      return 88;
    case 'int':
    case 'decimal':
      return field.values ? 140 : 104;
    case 'color':
      return 120;
    case 'phone':
      return 150;
    case 'email':
      return 230;
    case 'enum':
      return 150;
    case 'ref':
      return 190;
    case 'multiEnum':
    case 'multiRef':
      return 260;
    case 'json':
      return 240;
    case 'textarea':
      return 300;
    case 'password':
      return 120;
    default: {
      // A text: a short code (a plate, a number of a card), a name, or a longer text.
      const max = field.max ?? 255;
      if (max <= 20) return 130;
      if (max <= 60) return 180;
      if (max <= 120) return 220;
      return 260;
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

/** What the header needs: the title, its padding, the sort arrows and the filter icon. */
export function headerWidth(spec: ColumnSpec, measure: MeasureText = measureHeader): number {
  if (spec.title === null) return 0;
  return Math.ceil(
    measure(spec.title) + PADDING + (spec.sortable ? SORTER : 0) + (spec.filterable ? FILTER : 0),
  );
}

/** The width of a column: its content's (or the page's own), never less than its header needs. */
export function columnWidth(spec: ColumnSpec, measure: MeasureText = measureHeader): number {
  const content = spec.width ?? (spec.field ? contentWidth(spec.field) : 160);
  return Math.max(content, headerWidth(spec, measure));
}

/**
 * The columns shown: all the screen offers except those the user hid, in the screen's order; one column
 * always stays (the first offered one when every column was hidden).
 */
export function shownColumns(offered: readonly string[], hidden: readonly string[]): string[] {
  const shown = offered.filter((name) => !hidden.includes(name));
  return shown.length > 0 ? shown : offered.slice(0, 1);
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
