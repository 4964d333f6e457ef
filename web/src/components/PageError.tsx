import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadTimeoutError } from '../lib/withTimeout';
import { isChunkLoadError, reloadApp } from '../lib/appUpdate';
import { StatusMessage } from './StatusMessage';
import { LightButton } from './light/LightButton';
import { leaveLoginShell } from '../lib/loginShell';

/**
 * What a route shows when its page failed to load or to render: a way to reload. Part of the first load (it
 * must show when page chunks fail), so StatusMessage and a light button, without Ant Design.
 */
export function PageError({ error, fullScreen = false }: { error: unknown; fullScreen?: boolean }) {
  const { t } = useTranslation();
  // A login page that failed to load leaves index.html's copy of it (lib/loginShell.ts) for this message.
  useLayoutEffect(() => void leaveLoginShell(), []);
  const timedOut = error instanceof ChunkLoadTimeoutError;
  // A chunk of the build on screen is gone: a new version was deployed.
  const stale = isChunkLoadError(error);
  return (
    <StatusMessage
      minHeight={fullScreen ? '100vh' : 420}
      title={t(timedOut ? 'shell.pageLoadTimeout' : stale ? 'shell.staleVersion' : 'shell.pageLoadError')}
      detail={t('shell.pageLoadErrorHint')}
      extra={
        <LightButton variant="primary" onClick={reloadApp}>
          {t('common.reload')}
        </LightButton>
      }
    />
  );
}
