import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading';
import { StatusMessage } from '../../components/StatusMessage';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { safeRedirect } from './redirect';

/** How often the restore is tried again while the server cannot be reached (besides the browser's 'online'). */
const RETRY_MS = 15_000;

/**
 * `/autologin`: restores the login from the stored token and continues to the requested page (or home);
 * without a live token the user goes to the login screen, which continues to the same page afterwards. When the
 * server cannot be reached (a kiosk or gate tablet that reloads during a network blip) the token is kept: the
 * page says so and continues by itself once the network is back, instead of asking for a login.
 */
export default function AutoLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loggedIn, restore } = useSession();
  const started = useRef(false);
  const [unreachable, setUnreachable] = useState(false);
  const attempt = useRef(() => {});
  attempt.current = () => {
    const target = safeRedirect(params.get('redirect'));
    void restore().then((session) => {
      if (session) navigate(target, { replace: true });
      // A network failure keeps the token (app/session.tsx): the restore is tried again.
      else if (storage.token.get()) setUnreachable(true);
      else
        navigate(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`, {
          replace: true,
        });
    });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (loggedIn) navigate(safeRedirect(params.get('redirect')), { replace: true });
    else attempt.current();
  }, [loggedIn, navigate, params]);

  // While the server cannot be reached: again when the browser is back online, and every RETRY_MS.
  useEffect(() => {
    if (!unreachable) return;
    const retry = () => attempt.current();
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [unreachable]);

  if (unreachable)
    return (
      <StatusMessage
        minHeight="100vh"
        title={t('shell.offlineRestore')}
        detail={t('shell.offlineRestoreHint')}
      />
    );
  return <PageLoading fullScreen />;
}
