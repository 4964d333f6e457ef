import { Button, Flex, theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChunkLoadTimeoutError } from '../app/lazyPage';

/**
 * What a route shows when its page failed to load or to render: a way to reload. Part of the first load (it
 * must show when page chunks fail), so plain elements rather than Ant Design's Result with its illustrations.
 */
export function PageError({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  const timedOut = error instanceof ChunkLoadTimeoutError;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={token.marginMD}
      role="alert"
      style={{ minHeight: fullScreen ? '100vh' : 420, padding: token.paddingLG, textAlign: 'center' }}
    >
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>
        {t(timedOut ? 'shell.pageLoadTimeout' : 'shell.pageLoadError')}
      </div>
      <div style={{ color: token.colorTextDescription }}>{t('shell.pageLoadErrorHint')}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Flex>
  );
}
