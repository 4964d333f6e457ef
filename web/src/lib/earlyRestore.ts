import type { SessionResponse } from '@strazce/contract';
import { api, setApiCredentials } from './api';
import { storage } from './storage';

/** The restore asked for by the page's entry, for the token it was asked with; taken once. */
let early: { token: string; answer: Promise<SessionResponse> } | null = null;

/**
 * With a stored session token, the page's entry (main.tsx) asks the server for the session at once, beside the
 * app's own files, instead of after the app has loaded and rendered its first screen (the restore through
 * /autologin): the answer is there when the app asks for it.
 */
export function startEarlyRestore(): void {
  const token = storage.token.get();
  if (!token) return;
  setApiCredentials({ token, clientToken: storage.clientToken.get() });
  const answer = api.get<SessionResponse>('/session', { silent: true });
  // Taken and handled by the session's restore; a page that never restores (the patrol terminal) ignores it.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The early restore's answer for `token`, once: a later restore (or another token's) asks anew. */
export function takeEarlyRestore(token: string): Promise<SessionResponse> | null {
  if (!early || early.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}
