import { useLocation, useNavigate } from 'react-router';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';
import { deniedBecause } from '../../app/access';
import { useSession } from '../../app/session';

/**
 * A route of the route table this user may not open (a bookmark, a link from someone else, a role taken
 * away): says why (a missing role, or the module is off on this site) and offers the way home.
 */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, site } = useSession();
  const path = useLocation().pathname;
  const route = findRoute(path);
  const page = route ? t(`route.${route.name}`) : '';
  const reason = deniedBecause(session, path) ?? 'unknown';
  return (
    <Card>
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t(`forbidden.${reason}`, { page, site: site?.name ?? '' })}
        data-testid="forbidden"
        data-reason={reason}
        extra={
          <Button
            type="primary"
            onClick={() => navigate('/', { replace: true })}
            data-testid="forbidden-home"
          >
            {t('forbidden.home')}
          </Button>
        }
      />
    </Card>
  );
}
