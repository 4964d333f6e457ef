import { useTranslation } from 'react-i18next';
import { Spinner } from './light/Spinner';

/**
 * The spinner shown while a page chunk or the session loads. Part of the first load, before Ant Design: a
 * spinner of components/light.
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className="page-loading"
      role="status"
      aria-live="polite"
      style={{ minHeight: fullScreen ? '100vh' : 320 }}
    >
      <Spinner size="large" />
      <span className="page-loading-text">{t('common.loading')}</span>
    </div>
  );
}
