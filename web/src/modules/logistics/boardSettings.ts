import { useCallback, useState } from 'react';
import { storage } from '../../lib/storage';
import { useSession } from '../../lib/session';

/** The board's switches: 'Automatické obnovení' and 'Zvukový signál' (both on by default, spec). */
export interface BoardSettings {
  autoRefresh: boolean;
  sound: boolean;
}

export const DEFAULT_BOARD_SETTINGS: BoardSettings = { autoRefresh: true, sound: true };

/** The stored switches (a value missing or unreadable keeps its default). */
export function parseBoardSettings(text: string | null): BoardSettings {
  try {
    const stored = JSON.parse(text ?? '{}') as Partial<Record<keyof BoardSettings, unknown>>;
    return {
      autoRefresh: typeof stored.autoRefresh === 'boolean' ? stored.autoRefresh : true,
      sound: typeof stored.sound === 'boolean' ? stored.sound : true,
    };
  } catch {
    return DEFAULT_BOARD_SETTINGS;
  }
}

/** The board's switches of the user, remembered in this browser per user. */
export function useBoardSettings(): [BoardSettings, (change: Partial<BoardSettings>) => void] {
  const { user } = useSession();
  const stored = storage.logisticsBoard(user?.userName ?? '');
  const [settings, setSettings] = useState(() => parseBoardSettings(stored.get()));
  const update = useCallback(
    (change: Partial<BoardSettings>) =>
      setSettings((previous) => {
        const next = { ...previous, ...change };
        stored.set(JSON.stringify(next));
        return next;
      }),
    // The stored value is the user's: a new user is a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [user?.userName],
  );
  return [settings, update];
}
