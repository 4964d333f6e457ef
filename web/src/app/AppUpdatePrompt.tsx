import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { reloadApp, useAppUpdate } from '../lib/appUpdate';
import './appUpdate.css';

/**
 * The 'new version' prompt (lib/appUpdate.ts), over every page, the login page too: the user reloads when it
 * suits them (a form being filled in is not lost), or at once when a chunk of the old build is gone.
 */
export function AppUpdatePrompt() {
  const { t } = useTranslation();
  const update = useAppUpdate();
  if (!update) return null;
  return (
    <div className="app-update-prompt">
      <Alert
        type={update === 'staleChunk' ? 'warning' : 'info'}
        showIcon
        title={t(update === 'staleChunk' ? 'shell.staleVersion' : 'shell.newVersion')}
        action={
          <Button type="primary" size="small" onClick={reloadApp}>
            {t('shell.loadNewVersion')}
          </Button>
        }
      />
    </div>
  );
}
