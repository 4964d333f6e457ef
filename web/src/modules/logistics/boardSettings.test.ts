import { describe, expect, it } from 'vitest';
import { DEFAULT_BOARD_SETTINGS, parseBoardSettings } from './boardSettings';

describe("the board's switches", () => {
  it('are both on until the user switches them', () => {
    expect(parseBoardSettings(null)).toEqual({ autoRefresh: true, sound: true });
    expect(DEFAULT_BOARD_SETTINGS).toEqual({ autoRefresh: true, sound: true });
  });

  it('keep what the user chose, and the default of what is missing or unreadable', () => {
    expect(parseBoardSettings('{"sound":false}')).toEqual({ autoRefresh: true, sound: false });
    expect(parseBoardSettings('{"autoRefresh":false,"sound":"no"}')).toEqual({
      autoRefresh: false,
      sound: true,
    });
    expect(parseBoardSettings('not json')).toEqual({ autoRefresh: true, sound: true });
  });
});
