import { Button, Flex, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChunkLoadTimeoutError } from '../app/lazyPage';

/** What a route shows when its page failed to load or to render: a way to reload. */
export function PageError({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const timedOut = error instanceof ChunkLoadTimeoutError;
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 420 }}>
      <Result
        status="warning"
        title={t(timedOut ? 'shell.pageLoadTimeout' : 'shell.pageLoadError')}
        subTitle={t('shell.pageLoadErrorHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
