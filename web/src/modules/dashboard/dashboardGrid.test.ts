import { describe, expect, it } from 'vitest';
import { DASHBOARD_GRID, type DashboardWidget } from '@strazce/contract';
import {
  addWidget,
  clampSize,
  columnsFor,
  defaultLayout,
  findPlace,
  fromGrid,
  isValidLayout,
  nextId,
  readingOrder,
  shownOn,
} from './dashboardGrid';

const widget = (fields: Partial<DashboardWidget> = {}): DashboardWidget => ({
  id: 'visitors-1',
  kind: 'visitors',
  x: 0,
  y: 0,
  w: 6,
  h: 18,
  ...fields,
});

describe('dashboard grid', () => {
  it('shows whole 50 px columns of the width, between the widest widget and 40', () => {
    expect(columnsFor(1150)).toBe(23);
    expect(columnsFor(740)).toBe(14);
    expect(columnsFor(100)).toBe(4);
    expect(columnsFor(5000)).toBe(DASHBOARD_GRID.maxColumns);
  });

  it('keeps sizes between 200x160 and 500x500 px and within the columns shown', () => {
    expect(clampSize({ w: 2, h: 3 })).toEqual({ w: 4, h: 16 });
    expect(clampSize({ w: 30, h: 80 })).toEqual({ w: 10, h: 50 });
    expect(clampSize({ w: 10, h: 20 }, 7)).toEqual({ w: 7, h: 20 });
    expect(fromGrid([widget()], [{ i: 'visitors-1', x: 3, y: 2, w: 12, h: 2 }])).toEqual([
      widget({ x: 3, y: 2, w: 10, h: 16 }),
    ]);
  });

  it('shows a layout that fits as it is, and packs one of a wider screen anew in reading order', () => {
    const fits = [widget(), widget({ id: 'b', x: 6 })];
    expect(shownOn(fits, 14)).toEqual(fits);
    const wide = [widget({ id: 'c', x: 12, y: 0, w: 10 }), widget(), widget({ id: 'b', x: 6 })];
    expect(shownOn(wide, 14)).toEqual([
      widget({ id: 'c', x: 0, y: 18, w: 10 }),
      widget(),
      widget({ id: 'b', x: 6 }),
    ]);
    // Wider than a phone's screen: narrowed; no place left within the rows: below the others.
    const phone = shownOn([widget({ w: 10, h: 50 }), widget({ id: 'b', x: 10, w: 10, h: 50 })], 7);
    expect(phone).toEqual([widget({ w: 7, h: 50 }), widget({ id: 'b', x: 0, y: 50, w: 7, h: 50 })]);
  });
});

describe('fitting a new widget', () => {
  it('takes the first free place, top to bottom and left to right', () => {
    expect(findPlace([], { w: 6, h: 18 }, 23)).toEqual({ x: 0, y: 0 });
    expect(findPlace([widget()], { w: 6, h: 18 }, 23)).toEqual({ x: 6, y: 0 });
    // The row is full beside it: below the shortest widget.
    const row = [widget(), widget({ id: 'b', x: 6, h: 20 }), widget({ id: 'c', x: 12, w: 10, h: 30 })];
    expect(findPlace(row, { w: 6, h: 18 }, 23)).toEqual({ x: 0, y: 18 });
  });

  it('adds a widget of its default size with a fresh id', () => {
    const first = addWidget([], 'keys', 23);
    expect(first).toEqual({
      ok: true,
      widget: { id: 'keys-1', kind: 'keys', x: 0, y: 0, w: 6, h: 18 },
      widgets: [{ id: 'keys-1', kind: 'keys', x: 0, y: 0, w: 6, h: 18 }],
    });
    expect(nextId([widget({ id: 'keys-1' }), widget({ id: 'keys-3' })], 'keys')).toBe('keys-2');
  });

  it('finds no space when the rows are full, though columns of other rows are free', () => {
    // Three widgets of 300x350 px fill the 700 px rows of a 7-column (phone) screen twice over.
    let widgets: DashboardWidget[] = [];
    for (let count = 0; count < 2; count++) {
      const added = addWidget(widgets, 'skipTo', 7);
      expect(added.ok).toBe(true);
      if (added.ok) widgets = added.widgets;
    }
    expect(addWidget(widgets, 'skipTo', 7)).toEqual({ ok: false, reason: 'noSpace' });
    // A smaller widget still fits nowhere: the rest of the columns is one 50 px column.
    expect(addWidget(widgets, 'keybox', 7)).toEqual({ ok: false, reason: 'noSpace' });
    // On a wider screen there is space beside them.
    expect(addWidget(widgets, 'skipTo', 23).ok).toBe(true);
  });

  it('fills a wide dashboard until no space is left, each added layout keeping the rules', () => {
    let widgets: DashboardWidget[] = [];
    let result = addWidget(widgets, 'visitors', 23);
    while (result.ok) {
      widgets = result.widgets;
      expect(isValidLayout(widgets)).toBe(true);
      result = addWidget(widgets, 'visitors', 23);
    }
    // 23 columns hold three 300 px widgets, 70 rows three of 180 px.
    expect(widgets).toHaveLength(9);
    expect(result).toEqual({ ok: false, reason: 'noSpace' });
  });

  it('fits a new widget among the others as a narrower screen shows them, and keeps them so', () => {
    const wide = [widget(), widget({ id: 'b', x: 17 })];
    expect(findPlace(wide, { w: 6, h: 18 }, 12)).toEqual({ x: 0, y: 18 });
    const added = addWidget(wide, 'keys', 12);
    expect(added.ok && added.widgets).toEqual([
      widget(),
      widget({ id: 'b', x: 6 }),
      { id: 'keys-1', kind: 'keys', x: 0, y: 18, w: 6, h: 18 },
    ]);
    expect(added.ok && isValidLayout(added.widgets)).toBe(true);
  });

  it('stops at the cap of widgets', () => {
    const many = Array.from({ length: DASHBOARD_GRID.maxWidgets }, (_, index) =>
      widget({
        id: `w${index}`,
        kind: 'keybox',
        x: (index % 10) * 4,
        y: Math.floor(index / 10) * 16,
        w: 4,
        h: 16,
      }),
    );
    expect(isValidLayout(many)).toBe(true);
    expect(addWidget(many, 'keybox', 40)).toEqual({ ok: false, reason: 'tooMany' });
  });

  it('lays out a default dashboard of the widgets the user may see', () => {
    const widgets = defaultLayout(['visitors', 'keys', 'profile', 'skipTo'], 23);
    expect(widgets.map((entry) => [entry.id, entry.x, entry.y])).toEqual([
      ['visitors-1', 0, 0],
      ['keys-1', 6, 0],
      ['profile-1', 12, 0],
      ['skipTo-1', 17, 0],
    ]);
    expect(isValidLayout(widgets)).toBe(true);
    expect(
      readingOrder([widget({ id: 'b', y: 20 }), widget({ id: 'a', x: 6 })]).map((entry) => entry.id),
    ).toEqual(['a', 'b']);
  });
});
