import { describe, expect, it } from 'vitest';
import { searchText, stableOrder } from './stableOrder';

const id = (item: { id: number }) => item.id;
const items = (...ids: number[]) => ids.map((value) => ({ id: value }));

describe('suggestions that do not move under the pointer', () => {
  it('keeps the options shown in their places and adds new ones after them', () => {
    const next = stableOrder([3, 1, 2], items(1, 2, 4, 3), id);
    expect(next.map(id)).toEqual([3, 1, 2, 4]);
  });

  it('drops options no longer offered without reordering the others', () => {
    expect(stableOrder([5, 3, 1], items(1, 5), id).map(id)).toEqual([5, 1]);
  });

  it('takes the answer as it is when nothing was shown', () => {
    expect(stableOrder([], items(2, 1), id).map(id)).toEqual([2, 1]);
  });

  it('compares search text without case and surrounding spaces', () => {
    expect(searchText('  Novák ')).toBe('novák');
    expect(searchText(null)).toBe('');
  });
});
