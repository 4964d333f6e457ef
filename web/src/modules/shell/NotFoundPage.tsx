import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';

/** `/404` and every unknown path. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn } = useSession();

  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f3f5f9' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.text')}
        data-testid="not-found"
        extra={
          <Button type="primary" onClick={() => navigate(loggedIn ? '/' : '/login')}>
            {t(loggedIn ? 'notFound.home' : 'notFound.login')}
          </Button>
        }
      />
    </Flex>
  );
}
