/**
 * What the web app keeps in the browser's local storage: the session token, the language, the terminal's
 * client token, and per user the chosen site and the guard's gate. `/clearstore` wipes all of it.
 */
const PREFIX = 'strazce.';

export interface StoredValue {
  get(): string | null;
  set(value: string | null): void;
}

function stored(key: string): StoredValue {
  const name = PREFIX + key;
  return {
    get() {
      try {
        return localStorage.getItem(name);
      } catch {
        return null;
      }
    },
    set(value) {
      try {
        if (value === null) localStorage.removeItem(name);
        else localStorage.setItem(name, value);
      } catch {
        // Storage unavailable (private mode quota): the app still works for this page load.
      }
    },
  };
}

export const storage = {
  token: stored('token'),
  language: stored('language'),
  clientToken: stored('clientToken'),
  /** The site the user chose last, by user name. */
  site: (userName: string) => stored(`site.${userName.toLowerCase()}`),
  /** The gate a guard logged in to, by user name. */
  gate: (userName: string) => stored(`gate.${userName.toLowerCase()}`),
  /** The logistics board's switches (auto refresh, acoustic signal), by user name. */
  logisticsBoard: (userName: string) => stored(`logisticsBoard.${userName.toLowerCase()}`),
};

/** Forgets everything the app stored in this browser (the `/clearstore` route). */
export function clearStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
}
