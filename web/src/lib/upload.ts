import { HEADERS, type ErrorBody } from '@strazce/contract';
import { ApiError, NetworkError, transport, type RequestOptions } from './api';

// Apart from api.ts: the login page loads api.ts, and only pages that upload need this.
/**
 * Sends a multipart body (a file) with the contract's headers like `request`, reporting the upload's progress
 * (0–100) as it goes: `fetch` cannot, so this one call is an XMLHttpRequest. Resolves with the JSON answer.
 */
export function upload<T>(
  path: string,
  body: FormData,
  options: Pick<RequestOptions, 'query' | 'silent' | 'signal'> & { onProgress?(percent: number): void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', transport.buildUrl(path, options.query));
    const { token, clientToken } = transport.credentials();
    if (token) xhr.setRequestHeader(HEADERS.authToken, token);
    if (clientToken) xhr.setRequestHeader(HEADERS.clientToken, clientToken);
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    const fail = (error: ApiError | NetworkError) => {
      if (!options.silent)
        transport.listeners.forEach((listener) => listener(error, { ...options, method: 'POST' }));
      reject(error);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => fail(new NetworkError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        transport.successListeners.forEach((listener) => listener(path, 'POST'));
        resolve(data as T);
        return;
      }
      fail(
        new ApiError(
          xhr.status,
          xhr.getResponseHeader(HEADERS.errorCode),
          transport.decodeHeader(xhr.getResponseHeader(HEADERS.errorMessage)),
          data && typeof data === 'object' ? (data as ErrorBody) : null,
        ),
      );
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
