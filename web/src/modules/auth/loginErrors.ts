import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';

/**
 * The message of a failed login step (spec section 8): the user name check gives
 * `invalidLoginUsernameMessage`; refused credentials `invalidLoginPasswordMessage`, or
 * `invalidLoginPasswordAnd2FAMessage` when a two-factor code is involved.
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
  if (error.code === 'TFA_INVALID' || (error.status === 401 && tfaRequired)) {
    return t('login.invalidLoginPasswordAnd2FAMessage');
  }
  if (error.status === 401) return t('login.invalidLoginPasswordMessage');
  return apiErrorText(error, t);
}
