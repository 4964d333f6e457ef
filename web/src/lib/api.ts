import { API_BASE, HEADERS, type ErrorBody } from '@strazce/contract';

/** A failed API call: HTTP status, the server's `X-Error-Code` and `X-Error-Message`, and the error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly serverMessage: string | null,
    readonly body: ErrorBody | null,
    /** `Retry-After` in seconds: when a refused login (too many attempts, a used two-factor code) may retry. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

/** No response at all (server down, connection lost). */
export class NetworkError extends Error {
  /** The method of the call that reached no server: a write that did not happen is worded so (apiErrors.tsx). */
  readonly method: string;

  constructor(message: string, method = 'GET') {
    super(message);
    this.method = method;
  }
}

export interface ApiCredentials {
  token: string | null;
  clientToken: string | null;
}

type Listener = (error: ApiError | NetworkError, options: RequestOptions) => void;
/** After a successful call: its path and method (a write changes what cached reads show). */
type SuccessListener = (path: string, method: NonNullable<RequestOptions['method']>) => void;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Do not report the failure to the global listeners (no notification, no logout). */
  silent?: boolean;
  /** A lost network is not reported (the caller shows it); a refusal of the session still logs out. */
  quietNetwork?: boolean;
  signal?: AbortSignal;
  /** Read the body as a Blob (images, files) instead of JSON. */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

let credentials: ApiCredentials = { token: null, clientToken: null };
const listeners = new Set<Listener>();
const successListeners = new Set<SuccessListener>();

/** The session and client tokens sent with every call (set by the session store). */
export function setApiCredentials(next: ApiCredentials): void {
  credentials = next;
}

/** Called on every failed call that is not silent: the shell logs out on 401/403 and notifies the rest. */
/** A refusal of the session itself (dead session or a lost role): the session's business, not a message. */
export function refusesSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after every successful call: each one extends the server session (the shell tracks the idle time). */
export function onApiSuccess(listener: SuccessListener): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function retryAfter(value: string | null): number | null {
  const seconds = value === null ? NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/** One API call with the wire contract's headers; resolves with body and headers or rejects with ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (credentials.token && !headers.Authorization) headers[HEADERS.authToken] = credentials.token;
  if (credentials.clientToken) headers[HEADERS.clientToken] = credentials.clientToken;
  // The app's language (app/i18n.ts keeps it on <html lang>), not the browser's: the server words exports
  // (CSV headers, values, separator) and e-mails by it.
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language && !headers['Accept-Language']) headers['Accept-Language'] = language;
  const isBinary = options.body instanceof Blob || options.body instanceof FormData;
  if (options.body !== undefined && !isBinary) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isBinary
            ? (options.body as BodyInit)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    const error = new NetworkError('Network error', options.method ?? 'GET');
    if (!options.silent && !options.quietNetwork) listeners.forEach((listener) => listener(error, options));
    throw error;
  }
  if (response.ok && options.responseType === 'blob') {
    const blob = await response.blob();
    successListeners.forEach((listener) => listener(path, options.method ?? 'GET'));
    return { data: blob as T, headers: response.headers, status: response.status };
  }
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      response.headers.get(HEADERS.errorCode),
      decodeHeader(response.headers.get(HEADERS.errorMessage)),
      data && typeof data === 'object' ? (data as ErrorBody) : null,
      retryAfter(response.headers.get('Retry-After')),
    );
    if (!options.silent) listeners.forEach((listener) => listener(error, options));
    throw error;
  }
  successListeners.forEach((listener) => listener(path, options.method ?? 'GET'));
  return { data: data as T, headers: response.headers, status: response.status };
}

/** What a call outside this module (lib/upload.ts) needs to behave as `request` does. */
export const transport = {
  credentials: (): ApiCredentials => credentials,
  listeners,
  successListeners,
  buildUrl,
  decodeHeader,
};

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, options).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }).then((r) => r.data),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<void>(path, { ...options, method: 'DELETE' }).then(() => undefined),
  /** A binary body (an image, a file). */
  blob: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    request<Blob>(path, { ...options, responseType: 'blob' }).then((r) => r.data),
  /** A list page: the body and the total from `X-Total-Count`. */
  list: async <T>(
    path: string,
    query: RequestOptions['query'],
    options?: Omit<RequestOptions, 'method' | 'body' | 'query'>,
  ) => {
    const response = await request<T[]>(path, { ...options, query });
    return {
      rows: response.data,
      total: Number(response.headers.get(HEADERS.totalCount) ?? response.data.length),
    };
  },
};
