import {
  HEADERS,
  type ErrorBody,
  type PatrolSignIn,
  type PatrolTerminalGuards,
  type PatrolSubmit,
  type PatrolSubmitResponse,
} from '@strazce/contract';
import { ApiError, NetworkError, transport } from '../../lib/api';

/** An incident type the terminal offers (`GET /api/patrol/terminal/incidenttype`). */
export interface TerminalIncidentType {
  id: number;
  name: string;
}

/**
 * The patrol terminal's calls: the terminal's own token in `X-Client-Token` and nothing else. Not through
 * `request` of lib/api.ts, which adds the user session's token (a machine route refuses a call carrying one:
 * 401 TERMINAL_REQUIRED) and the browser terminal's token, and tells the logged-in app's listeners about
 * failures (a refused terminal is not a refused login). Failures are the same ApiError / NetworkError, so the
 * app's error texts (apiErrorText) word them.
 */
export async function terminalCall<T>(
  token: string,
  path: string,
  init: {
    method?: 'GET' | 'POST';
    body?: unknown;
    query?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { [HEADERS.clientToken]: token };
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['Accept-Language'] = language;
  const isForm = init.body instanceof FormData;
  if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(transport.buildUrl(path, init.query), {
      method: init.method ?? 'GET',
      headers,
      body:
        init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
      // No cookies, no cache: the answer is the terminal's alone.
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new NetworkError('Network error');
  }
  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const seconds = Number(response.headers.get('Retry-After') ?? NaN);
    throw new ApiError(
      response.status,
      response.headers.get(HEADERS.errorCode),
      transport.decodeHeader(response.headers.get(HEADERS.errorMessage)),
      data && typeof data === 'object' ? (data as ErrorBody) : null,
      Number.isInteger(seconds) && seconds >= 0 ? seconds : null,
    );
  }
  return data as T;
}

export const terminalApi = {
  /** A guard signs in with their PIN, or (on a terminal without PINs) as the guard chosen from the site's. */
  signIn: (token: string, who: { pin: string } | { guard: number }) =>
    terminalCall<PatrolSignIn>(token, '/patrol/terminal/signin', { method: 'POST', body: who }),
  /** Whether guards sign in here with their PIN, and the site's guards to choose from when they do not. */
  guards: (token: string, signal?: AbortSignal) =>
    terminalCall<PatrolTerminalGuards>(token, '/patrol/terminal/guards', { signal }),
  submit: (token: string, body: PatrolSubmit) =>
    terminalCall<PatrolSubmitResponse>(token, '/patrol/terminal/submit', { method: 'POST', body }),
  incidentTypes: (token: string) =>
    terminalCall<TerminalIncidentType[]>(token, '/patrol/terminal/incidenttype'),
  attachment: (token: string, event: string, photo: Blob) => {
    const form = new FormData();
    form.append('file', photo, `incident-${event}.jpg`);
    return terminalCall<unknown>(token, '/patrol/terminal/attachment', {
      method: 'POST',
      body: form,
      query: { event },
    });
  },
};

/**
 * Whether a failed call may succeed later as it is (no answer, a server error, too many requests): the queue
 * keeps what it tried to send. Other refusals (a revoked token, a bad request) are not cured by waiting alone,
 * but the queue keeps the events all the same (see eventQueue.ts): only the server's answer per event removes one.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408);
}
