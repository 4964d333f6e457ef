import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import type { ErrorDetail } from '@strazce/contract';
import { ApiError } from '../../app/api';

/** The entry warnings the server answers with 409 and lets the guard override with `force: true`. */
export const WARNING_CODES = ['ALREADY_IN_AREA', 'BLACKLIST_HIT'] as const;

export function isEntryWarning(error: unknown): error is ApiError {
  return error instanceof ApiError && (WARNING_CODES as readonly (string | null)[]).includes(error.code);
}

/** The lines of a warning: already in the area, and each blacklist that has a hit. */
function warningLines(error: ApiError, t: TFunction): string[] {
  const details: ErrorDetail[] = error.body?.details ?? [];
  const lines = details.map((detail) =>
    detail.path === 'inArea'
      ? t('visits.warning.inArea')
      : t('visits.warning.blacklist', { list: t(`visits.blacklist.${detail.path}`) }),
  );
  return lines.length > 0 ? lines : [t(`apiError_${error.code}`)];
}

/**
 * Asks whether to continue despite an entry warning (spec section 5: a person already in the area, and the
 * blacklist hits); resolves true when the guard confirms.
 */
export function confirmEntryWarning(modal: HookAPI, t: TFunction, error: ApiError): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: t(
        error.code === 'ALREADY_IN_AREA' ? 'visits.warning.inAreaTitle' : 'visits.warning.blacklistTitle',
      ),
      content: (
        <div data-testid="entry-warning">
          <ul className="visits-warning-list">
            {warningLines(error, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{t('visits.warning.continue')}</p>
        </div>
      ),
      okText: t('visits.warning.proceed'),
      okButtonProps: { danger: error.code === 'BLACKLIST_HIT' },
      cancelText: t('crud.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
