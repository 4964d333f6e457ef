import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_GRID,
  DASHBOARD_WIDGET_KINDS,
  DASHBOARD_WIDGETS,
  WIDGET_MAX_SIZE,
  WIDGET_MIN_SIZE,
  dashboardLayoutIssues,
  dashboardLayoutSchema,
  gridSize,
  type DashboardWidget,
} from './dashboard';

const widget = (fields: Partial<DashboardWidget> = {}): DashboardWidget => ({
  id: 'a',
  kind: 'visitors',
  x: 0,
  y: 0,
  w: 6,
  h: 18,
  ...fields,
});

const messages = (widgets: DashboardWidget[]) => dashboardLayoutIssues(widgets).map((issue) => issue.message);

describe('dashboard grid', () => {
  it('translates pixels to grid units: 200x160 px is the least, 500x500 px the most', () => {
    expect(WIDGET_MIN_SIZE).toEqual({ w: 4, h: 16 });
    expect(WIDGET_MAX_SIZE).toEqual({ w: 10, h: 50 });
    expect(gridSize(300, 350)).toEqual({ w: 6, h: 35 });
  });

  it('gives every kind a default size from 200x160 to 300x350 px', () => {
    for (const kind of DASHBOARD_WIDGET_KINDS) {
      const { w, h } = DASHBOARD_WIDGETS[kind].size;
      expect(w * DASHBOARD_GRID.columnWidth, kind).toBeGreaterThanOrEqual(200);
      expect(w * DASHBOARD_GRID.columnWidth, kind).toBeLessThanOrEqual(300);
      expect(h * DASHBOARD_GRID.rowHeight, kind).toBeGreaterThanOrEqual(160);
      expect(h * DASHBOARD_GRID.rowHeight, kind).toBeLessThanOrEqual(350);
    }
  });
});

describe('dashboard layout rules', () => {
  it('accepts widgets side by side and an empty dashboard', () => {
    expect(messages([widget(), widget({ id: 'b', kind: 'keys', x: 6 })])).toEqual([]);
    expect(dashboardLayoutSchema.safeParse({ widgets: [] }).success).toBe(true);
  });

  it('refuses sizes below 200x160 px and above 500x500 px', () => {
    expect(messages([widget({ w: 3 })])).toEqual(['validation.dashboardWidgetSize']);
    expect(messages([widget({ h: 15 })])).toEqual(['validation.dashboardWidgetSize']);
    expect(messages([widget({ w: 11 })])).toEqual(['validation.dashboardWidgetSize']);
    expect(messages([widget({ h: 51 })])).toEqual(['validation.dashboardWidgetSize']);
    expect(messages([widget({ w: 10, h: 50 })])).toEqual([]);
  });

  it('refuses a widget beyond the columns or the rows of the grid', () => {
    expect(messages([widget({ x: DASHBOARD_GRID.maxColumns - 5 })])).toEqual(['validation.dashboardOutside']);
    expect(messages([widget({ y: DASHBOARD_GRID.rows - 17 })])).toEqual(['validation.dashboardOutside']);
    expect(messages([widget({ y: DASHBOARD_GRID.rows - 18 })])).toEqual([]);
  });

  it('refuses overlapping widgets and an id used twice', () => {
    expect(messages([widget(), widget({ id: 'b', x: 5, y: 17 })])).toEqual(['validation.dashboardOverlap']);
    expect(messages([widget(), widget({ x: 6 })])).toEqual(['validation.dashboardDuplicate']);
  });

  it('answers the issues as validation keys at the widget, and caps the count', () => {
    const result = dashboardLayoutSchema.safeParse({ widgets: [widget({ w: 2 })] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['widgets.0.w', 'validation.dashboardWidgetSize'],
    ]);
    const many = Array.from({ length: DASHBOARD_GRID.maxWidgets + 1 }, (_, index) =>
      widget({ id: `w${index}`, x: (index % 6) * 6, y: Math.floor(index / 6) * 18 }),
    );
    expect(dashboardLayoutSchema.safeParse({ widgets: many }).error?.issues[0].message).toBe(
      'validation.dashboardTooMany',
    );
    expect(dashboardLayoutSchema.safeParse({ widgets: [widget({ kind: 'nope' as 'keys' })] }).success).toBe(
      false,
    );
    expect(dashboardLayoutSchema.safeParse({ widgets: [widget({ id: 'a b' })] }).success).toBe(false);
  });
});
