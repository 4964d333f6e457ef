import { useTranslation } from 'react-i18next';
import { reloadApp, useAppUpdate } from '../lib/appUpdate';
import { LightAlert } from '../components/light/LightAlert';
import { LightButton } from '../components/light/LightButton';
import './appUpdate.css';

/**
 * The 'new version' prompt (lib/appUpdate.ts), over every page, the login page too: the user reloads when it
 * suits them (a form being filled in is not lost), or at once when a chunk of the old build is gone. Light
 * controls: it is part of the first load, before Ant Design.
 */
export function AppUpdatePrompt() {
  const { t } = useTranslation();
  const update = useAppUpdate();
  if (!update) return null;
  return (
    <div className="app-update-prompt">
      <LightAlert
        type={update === 'staleChunk' ? 'warning' : 'info'}
        title={t(update === 'staleChunk' ? 'shell.staleVersion' : 'shell.newVersion')}
        action={
          <LightButton variant="primary" size="small" onClick={reloadApp}>
            {t('shell.loadNewVersion')}
          </LightButton>
        }
      />
    </div>
  );
}
