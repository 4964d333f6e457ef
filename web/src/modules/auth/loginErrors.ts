import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';

/**
 * The message of a failed login step (spec section 8): the user name check gives
 * `invalidLoginUsernameMessage`; refused credentials `invalidLoginPasswordMessage`, or
 * `invalidLoginPasswordAnd2FAMessage` when a two-factor code is involved; a right code used already (the
 * one that just finished the two-factor wizard) asks for the next one (LoginPage shows when it comes).
 */
export function loginErrorText(
  error: unknown,
  step: 'check' | 'login',
  tfaRequired: boolean,
  t: TFunction,
): string {
  if (error instanceof NetworkError) return t('error.network');
  if (!(error instanceof ApiError)) return t('error.unknown');
  if (error.status === 429) return apiErrorText(error, t);
  if (step === 'check') return t('login.invalidLoginUsernameMessage');
  if (error.code === 'CLIENT_NOT_AUTHORIZED') return t('login.clientNotAuthorized');
  if (error.code === 'TFA_CODE_USED') return t('login.tfaCodeUsed');
  // The company directory is down: a plain sentence (local accounts still log in), not a server fault's code.
  if (error.code === 'DIRECTORY_UNAVAILABLE') return t('apiError_DIRECTORY_UNAVAILABLE');
  if (error.code === 'TFA_INVALID' || (error.status === 401 && tfaRequired)) {
    return t('login.invalidLoginPasswordAnd2FAMessage');
  }
  if (error.status === 401) return t('login.invalidLoginPasswordMessage');
  return apiErrorText(error, t);
}

/** When the next two-factor code comes (epoch ms), for a code refused as used already; null otherwise. */
export function nextCodeAt(error: unknown, now: number): number | null {
  if (!(error instanceof ApiError) || error.code !== 'TFA_CODE_USED') return null;
  return now + (error.retryAfterSeconds ?? 0) * 1000;
}
