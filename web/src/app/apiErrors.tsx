import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api';

export interface ApiErrorContent {
  title: ReactNode;
  description?: ReactNode;
}

/**
 * The text of a failed call (spec section 8): 'Network error' without a response; otherwise the translated
 * `apiError_<CODE>` (the raw code when there is no translation), prefixed with the status for 5xx.
 */
export function apiErrorText(error: ApiError | NetworkError, t: TFunction): string {
  if (error instanceof NetworkError) return t('error.network');
  const code = error.code ?? error.body?.code ?? null;
  const key = `apiError_${code}`;
  const text = code === null ? t('error.unknown') : t(key, { defaultValue: code });
  return error.status >= 500 ? `${error.status} ${text}` : text;
}

/** Title and description of the error notification; the server's `X-Error-Message` is appended in italics. */
export function apiErrorContent(error: ApiError | NetworkError, t: TFunction): ApiErrorContent {
  const title = apiErrorText(error, t);
  if (error instanceof ApiError && error.serverMessage) {
    return { title, description: <i>{error.serverMessage}</i> };
  }
  return { title };
}
