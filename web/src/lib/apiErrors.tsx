import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ErrorDetail } from '@strazce/contract';
import { ApiError, NetworkError } from './api';

export interface ApiErrorContent {
  title: ReactNode;
  description?: ReactNode;
}

/**
 * A detail of the server's reason in the current language: its message key with its params, where a param
 * named `<name>Key` is itself a translation key whose text fills `{{<name>}}` (what uses a record:
 * `{ count: 12, entityKey: 'entity.visit.title', fieldKey: 'entity.visit.fields.visited' }`).
 */
export function apiErrorDetailText(detail: ErrorDetail, t: TFunction): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(detail.params ?? {})) {
    if (name.endsWith('Key') && typeof value === 'string')
      params[name.slice(0, -'Key'.length)] = t(value, { defaultValue: value });
    else params[name] = value;
  }
  return t(detail.message, { ...params, defaultValue: '' });
}

/**
 * The facts of a refusal beyond its code (what uses a record that cannot be deleted): the details that carry
 * params. Field errors of VALIDATION are shown at their fields by the forms instead.
 */
function reasonDetails(error: ApiError, t: TFunction): string[] {
  if (error.code === 'VALIDATION') return [];
  return (error.body?.details ?? [])
    .filter((detail) => detail.params)
    .map((detail) => apiErrorDetailText(detail, t))
    .filter(Boolean);
}

/**
 * The text of a failed call (spec section 8): 'Network error' without a response (a write: not saved); otherwise the translated
 * `apiError_<CODE>` (the raw code when there is no translation), prefixed with the status for 5xx. The
 * server's specific facts (details with params) fill the text's `{{details}}`, or follow it.
 */
export function apiErrorText(error: ApiError | NetworkError, t: TFunction): string {
  // A write that reached no server changed nothing: it says so (issue 36: never silently lost).
  if (error instanceof NetworkError)
    return t(error.method === 'GET' ? 'error.network' : 'error.networkWrite');
  const code = error.code ?? error.body?.code ?? null;
  const key = `apiError_${code}`;
  const details = reasonDetails(error, t).join('; ');
  let text = code === null ? t('error.unknown') : t(key, { defaultValue: code, details });
  if (details && !text.includes(details)) text = `${text} – ${details}`;
  return error.status >= 500 ? `${error.status} ${text}` : text;
}

/**
 * Title and description of the error notification: the translated text, and the server's `X-Error-Message`
 * (English, the specific fact for support and logs) appended in italics below it, as the spec's error catalogue
 * says (§8), unless it says nothing the title does not.
 */
export function apiErrorContent(error: ApiError | NetworkError, t: TFunction): ApiErrorContent {
  const title = apiErrorText(error, t);
  if (error instanceof ApiError && error.serverMessage && error.serverMessage !== title)
    return { title, description: <i className="api-error-message">{error.serverMessage}</i> };
  return { title };
}
