import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import type { Failure } from '../../components/FailureAlert';

/** A failed request of the privacy pages as the failure alert shows it. */
export function requestFailure(error: unknown, t: TFunction): Failure | null {
  if (!error) return null;
  if (error instanceof ApiError || error instanceof NetworkError) return { text: apiErrorText(error, t) };
  return { text: t('common.loading') };
}
