import { z } from 'zod';
import type { ModuleCode } from './modules';
import type { Role } from './roles';

/**
 * The dashboard of the home page (docs/dashboard.md): widgets a user adds, drags and resizes on a grid, kept
 * per user and site. The grid has a fixed column width and row height, so a widget's size in grid units is
 * its size in pixels; how many columns show depends on the screen's width, the rows are limited so the
 * dashboard stays on one screen.
 */
export const DASHBOARD_GRID = {
  /** Pixels of one column, the gap between widgets included. */
  columnWidth: 50,
  /** Pixels of one row, the gap between widgets included. */
  rowHeight: 10,
  /** Rows of the dashboard (700 px): a new widget that finds no free place within them does not fit. */
  rows: 70,
  /** Columns a layout may use at most (2000 px, the widest screen); a narrower screen shows fewer. */
  maxColumns: 40,
  /** Widgets of one dashboard at most (a kind may be added more than once). */
  maxWidgets: 12,
} as const;

export const DASHBOARD_WIDGET_KINDS = [
  'visitors',
  'vehicles',
  'keys',
  'keybox',
  'profile',
  'skipTo',
] as const;
export type DashboardWidgetKind = (typeof DASHBOARD_WIDGET_KINDS)[number];

/** A size in grid units: `w` columns, `h` rows. */
export interface GridSize {
  w: number;
  h: number;
}

/** A size in pixels as grid units of the dashboard's grid. */
export const gridSize = (width: number, height: number): GridSize => ({
  w: Math.round(width / DASHBOARD_GRID.columnWidth),
  h: Math.round(height / DASHBOARD_GRID.rowHeight),
});

/** Every widget is at least 200x160 px and at most 500x500 px. */
export const WIDGET_MIN_SIZE = gridSize(200, 160);
export const WIDGET_MAX_SIZE = gridSize(500, 500);

export interface DashboardWidgetDefinition {
  /** The module the widget's figures come from; the widget is offered only where the site has it. */
  module?: ModuleCode;
  /** Who is offered the widget (and answered its part of the summary). */
  roles: readonly Role[];
  /** The size of a newly added widget (between 200x160 and 300x350 px). */
  size: GridSize;
}

export const DASHBOARD_WIDGETS: Record<DashboardWidgetKind, DashboardWidgetDefinition> = {
  visitors: {
    module: 'MOD_VISIT',
    roles: ['VISIT_ADMIN', 'VISIT_USER', 'VISIT_VIEW'],
    size: gridSize(300, 180),
  },
  vehicles: {
    module: 'MOD_VEHICLE',
    roles: ['VEHICLE_ADMIN', 'VEHICLE_USER', 'VEHICLE_VIEW'],
    size: gridSize(300, 180),
  },
  keys: { module: 'MOD_KM', roles: ['KM_ADMIN', 'KM_USER', 'KM_VIEW'], size: gridSize(300, 180) },
  keybox: { module: 'MOD_KBOX', roles: ['KBOX_ADMIN', 'KBOX_USER', 'KBOX_VIEW'], size: gridSize(200, 160) },
  profile: { roles: ['ROLE_ANYONE_LOGGED'], size: gridSize(250, 200) },
  skipTo: { roles: ['ROLE_ANYONE_LOGGED'], size: gridSize(300, 350) },
};

/** One widget on the dashboard: position (column, row) and size in grid units. */
export const dashboardWidgetSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.pattern'),
  kind: z.enum(DASHBOARD_WIDGET_KINDS),
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int(),
  h: z.number().int(),
});
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

export interface DashboardLayoutIssue {
  path: (string | number)[];
  message: string;
}

const overlaps = (a: DashboardWidget, b: DashboardWidget): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * What breaks the dashboard's rules in a list of widgets: a size outside 200x160–500x500 px, a place outside
 * the grid (beyond its columns or rows), an id used twice, two widgets on the same cells. Pure: the server's
 * validation and the web app's layout logic share it.
 */
export function dashboardLayoutIssues(widgets: readonly DashboardWidget[]): DashboardLayoutIssue[] {
  const issues: DashboardLayoutIssue[] = [];
  const ids = new Set<string>();
  widgets.forEach((widget, index) => {
    const { w, h } = widget;
    if (w < WIDGET_MIN_SIZE.w || h < WIDGET_MIN_SIZE.h || w > WIDGET_MAX_SIZE.w || h > WIDGET_MAX_SIZE.h)
      issues.push({ path: [index, 'w'], message: 'validation.dashboardWidgetSize' });
    else if (widget.x + w > DASHBOARD_GRID.maxColumns || widget.y + h > DASHBOARD_GRID.rows)
      issues.push({ path: [index, 'x'], message: 'validation.dashboardOutside' });
    else if (widgets.some((other, before) => before < index && overlaps(other, widget)))
      issues.push({ path: [index, 'y'], message: 'validation.dashboardOverlap' });
    if (ids.has(widget.id)) issues.push({ path: [index, 'id'], message: 'validation.dashboardDuplicate' });
    ids.add(widget.id);
  });
  return issues;
}

/** The body of `PUT /api/dashboard/layout` and the answer of `GET`: the user's widgets on the current site. */
export const dashboardLayoutSchema = z.strictObject({
  widgets: z
    .array(dashboardWidgetSchema)
    .max(DASHBOARD_GRID.maxWidgets, 'validation.dashboardTooMany')
    .superRefine((widgets, ctx) => {
      for (const issue of dashboardLayoutIssues(widgets))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/** The answer of `GET /api/dashboard/layout`: `saved` is false until the user saves one (the app shows a default). */
export const dashboardLayoutAnswerSchema = dashboardLayoutSchema.extend({ saved: z.boolean() });
export type DashboardLayoutAnswer = z.infer<typeof dashboardLayoutAnswerSchema>;

const count = z.number().int().min(0);

/** The parts of the summary with figures. */
export const DASHBOARD_SUMMARY_PARTS = ['visitors', 'vehicles', 'keys', 'keybox'] as const;
export type DashboardSummaryPart = (typeof DASHBOARD_SUMMARY_PARTS)[number];

/**
 * `GET /api/dashboard/summary`: the live figures of the current site, only the parts the caller may see
 * (module enabled and role, as `DASHBOARD_WIDGETS` says). "Today" is the site's calendar day in its time
 * zone. A part whose figures could not be read is absent and named in `failed`.
 */
export const dashboardSummarySchema = z.object({
  /** The site's today (YYYY-MM-DD); null without a current site. */
  today: z.string().nullable(),
  visitors: z.object({ inArea: count, entriesToday: count, exitsToday: count }).optional(),
  vehicles: z.object({ inArea: count, entriesToday: count, exitsToday: count }).optional(),
  keys: z.object({ lent: count, overdue: count }).optional(),
  /** The site's keyboxes: contents waiting in them (DEPOSITED), keyboxes not OK (ERROR, WARNING, OFFLINE). */
  keybox: z.object({ waiting: count, notOk: count, keyboxes: count }).optional(),
  failed: z.array(z.enum(DASHBOARD_SUMMARY_PARTS)),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
