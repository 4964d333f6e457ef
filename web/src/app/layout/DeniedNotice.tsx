import { useLocation, useNavigate } from 'react-router';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';
import { useSession } from '../../lib/session';

/** What a refused route leaves in the history state of the page it sends the user to (`/`). */
export interface DeniedState {
  denied: { path: string; reason: 'unknown' | 'role' | 'module' };
}

export function isDeniedState(state: unknown): state is DeniedState {
  return typeof state === 'object' && state !== null && 'denied' in state;
}

/**
 * The reason a route was refused, shown on the page the user was sent to instead (spec: a logged-in user on a
 * route they may not open goes to `/`): a missing role, or the module is off on this site. Closing it forgets
 * it (a reload does not bring it back).
 */
export function DeniedNotice() {
  const { t } = useTranslation();
  const { site } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  if (!isDeniedState(location.state)) return null;
  const { path, reason } = location.state.denied;
  const route = findRoute(path);
  const page = route ? t(`route.${route.name}`) : '';
  return (
    <Alert
      type="warning"
      showIcon
      closable
      className="app-denied-notice"
      data-testid="forbidden"
      data-reason={reason}
      title={t('forbidden.title')}
      description={t(`forbidden.${reason}`, { page, site: site?.name ?? '' })}
      onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    />
  );
}
