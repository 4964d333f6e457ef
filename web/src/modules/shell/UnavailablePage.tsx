import { useLocation, useNavigate } from 'react-router';
import { Button, Card, Result } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';

/** A page of the route table whose module has no screen yet: says so instead of showing anything made up. */
export default function UnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = findRoute(useLocation().pathname);
  return (
    <Card>
      <Result
        icon={<AppstoreOutlined style={{ color: '#94a3b8' }} />}
        title={t('unavailable.title')}
        subTitle={t('unavailable.text', { page: route ? t(`route.${route.name}`) : '' })}
        data-testid="module-unavailable"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('unavailable.home')}
          </Button>
        }
      />
    </Card>
  );
}
