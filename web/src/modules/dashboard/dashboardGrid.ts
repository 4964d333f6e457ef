import {
  DASHBOARD_GRID,
  DASHBOARD_WIDGETS,
  WIDGET_MAX_SIZE,
  WIDGET_MIN_SIZE,
  dashboardLayoutIssues,
  type DashboardWidget,
  type DashboardWidgetKind,
  type GridSize,
} from '@strazce/contract';

/**
 * The dashboard's layout logic (docs/dashboard.md), pure so it is tested alone. The grid has cells of
 * 50x10 px: a widget's size in cells is its size in pixels. The screen's width gives the number of columns
 * (at most 40), the dashboard has 70 rows (700 px) so that it stays on one screen; a new widget needs a free
 * rectangle of its default size within the columns shown and those rows, else there is no space for it.
 */

/** Below this width (a phone) the widgets stand in one column, without dragging or resizing. */
export const STACK_BELOW_PX = 600;

/** The columns a dashboard of this width shows: whole cells of 50 px, at least the widest widget's. */
export function columnsFor(widthPx: number): number {
  const columns = Math.floor(widthPx / DASHBOARD_GRID.columnWidth);
  return Math.max(WIDGET_MIN_SIZE.w, Math.min(DASHBOARD_GRID.maxColumns, columns));
}

/** A size within the limits of every widget: 200x160 to 500x500 px, and no wider than the columns shown. */
export function clampSize(size: GridSize, columns: number = DASHBOARD_GRID.maxColumns): GridSize {
  const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));
  return {
    w: clamp(size.w, WIDGET_MIN_SIZE.w, Math.min(WIDGET_MAX_SIZE.w, columns)),
    h: clamp(size.h, WIDGET_MIN_SIZE.h, WIDGET_MAX_SIZE.h),
  };
}

/** The widgets in reading order (top to bottom, left to right): the order of the one-column phone view. */
export const readingOrder = (widgets: readonly DashboardWidget[]): DashboardWidget[] =>
  [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);

/**
 * The widgets as a screen of `columns` columns shows them. A layout that fits is shown as it is; one arranged on
 * a wider screen is packed anew for this one: in reading order, each widget (narrowed to the screen when
 * wider) in the first free place, or below the others when there is none. Arranging it here saves it so.
 */
export function shownOn(widgets: readonly DashboardWidget[], columns: number): DashboardWidget[] {
  if (widgets.every((widget) => widget.x + widget.w <= columns)) return [...widgets];
  const packed: DashboardWidget[] = [];
  for (const widget of readingOrder(widgets)) {
    const size = { w: Math.min(widget.w, columns), h: widget.h };
    const bottom = Math.max(0, ...packed.map((other) => other.y + other.h));
    packed.push({ ...widget, ...size, ...(freePlace(packed, size, columns) ?? { x: 0, y: bottom }) });
  }
  return widgets.map((widget) => packed.find((entry) => entry.id === widget.id) ?? widget);
}

const occupied = (widgets: readonly DashboardWidget[], columns: number): boolean[][] => {
  const cells = Array.from({ length: DASHBOARD_GRID.rows }, () => new Array<boolean>(columns).fill(false));
  for (const widget of widgets)
    for (let y = widget.y; y < Math.min(widget.y + widget.h, DASHBOARD_GRID.rows); y++)
      for (let x = widget.x; x < widget.x + widget.w; x++) cells[y][x] = true;
  return cells;
};

/**
 * The first free place (top to bottom, left to right) for a widget of `size` among `widgets` as a screen of
 * `columns` columns shows them, within the dashboard's rows; null when there is none: no space is left.
 */
export function findPlace(
  widgets: readonly DashboardWidget[],
  size: GridSize,
  columns: number,
): { x: number; y: number } | null {
  return freePlace(shownOn(widgets, columns), size, columns);
}

/** `findPlace` among widgets placed within the columns already. */
function freePlace(
  widgets: readonly DashboardWidget[],
  size: GridSize,
  columns: number,
): { x: number; y: number } | null {
  if (size.w > columns || size.h > DASHBOARD_GRID.rows) return null;
  const cells = occupied(widgets, columns);
  const free = (x: number, y: number) => {
    for (let row = y; row < y + size.h; row++)
      for (let column = x; column < x + size.w; column++) if (cells[row][column]) return false;
    return true;
  };
  for (let y = 0; y + size.h <= DASHBOARD_GRID.rows; y++)
    for (let x = 0; x + size.w <= columns; x++) if (free(x, y)) return { x, y };
  return null;
}

/** A widget id not yet used: the kind and the first free number (`visitors-1`, `visitors-2`). */
export function nextId(widgets: readonly DashboardWidget[], kind: DashboardWidgetKind): string {
  const ids = new Set(widgets.map((widget) => widget.id));
  let number = 1;
  while (ids.has(`${kind}-${number}`)) number++;
  return `${kind}-${number}`;
}

export type AddResult =
  | { ok: true; widgets: DashboardWidget[]; widget: DashboardWidget }
  | { ok: false; reason: 'noSpace' | 'tooMany' };

/**
 * Adds a widget of `kind` at its default size in the first free place of the screen, or says why it cannot.
 * The others are kept as the screen shows them.
 */
export function addWidget(
  widgets: readonly DashboardWidget[],
  kind: DashboardWidgetKind,
  columns: number,
): AddResult {
  if (widgets.length >= DASHBOARD_GRID.maxWidgets) return { ok: false, reason: 'tooMany' };
  const size = clampSize(DASHBOARD_WIDGETS[kind].size, columns);
  // Added on this screen: the others as it shows them.
  const shown = shownOn(widgets, columns);
  const place = freePlace(shown, size, columns);
  if (!place) return { ok: false, reason: 'noSpace' };
  const widget = { id: nextId(widgets, kind), kind, ...place, ...size };
  return { ok: true, widgets: [...shown, widget], widget };
}

/** The dashboard of a user who has not arranged one: each widget they may see, placed while there is space. */
export function defaultLayout(kinds: readonly DashboardWidgetKind[], columns: number): DashboardWidget[] {
  let widgets: DashboardWidget[] = [];
  for (const kind of kinds) {
    const added = addWidget(widgets, kind, columns);
    if (added.ok) widgets = added.widgets;
  }
  return widgets;
}

/** What the grid reports (react-grid-layout's items) as widgets: the kinds kept, sizes within the limits. */
export function fromGrid(
  widgets: readonly DashboardWidget[],
  items: readonly { i: string; x: number; y: number; w: number; h: number }[],
): DashboardWidget[] {
  const byId = new Map(items.map((item) => [item.i, item]));
  return widgets.map((widget) => {
    const item = byId.get(widget.id);
    if (!item) return widget;
    return { ...widget, x: Math.max(0, item.x), y: Math.max(0, item.y), ...clampSize(item) };
  });
}

/** The layout may be saved: it keeps the contract's rules (the server refuses it otherwise). */
export const isValidLayout = (widgets: readonly DashboardWidget[]): boolean =>
  widgets.length <= DASHBOARD_GRID.maxWidgets && dashboardLayoutIssues(widgets).length === 0;
