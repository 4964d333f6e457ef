import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';

/**
 * `/404` and every unknown path. These paths are outside the logged-in part of the app, so a page opened
 * fresh (a typed or bookmarked address) restores a stored session first: a logged-in user is offered the
 * overview, a guest the login. While the restore runs the button already leads to the overview: the
 * logged-in part restores the session itself or sends a guest to the login.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn, restore } = useSession();
  const [restoring, setRestoring] = useState(() => !loggedIn && !!storage.token.get());

  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);

  useEffect(() => {
    if (!restoring) return;
    let current = true;
    void restore().finally(() => {
      if (current) setRestoring(false);
    });
    return () => {
      current = false;
    };
  }, [restoring, restore]);

  return (
    <Flex component="main" align="center" justify="center" className="not-found-page">
      <Result
        status="404"
        title={<h1 className="not-found-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        data-testid="not-found"
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => navigate(loggedIn || restoring ? '/' : '/login')}
            data-testid="not-found-action"
          >
            {t(loggedIn || restoring ? 'notFound.home' : 'notFound.login')}
          </Button>
        }
      />
    </Flex>
  );
}
