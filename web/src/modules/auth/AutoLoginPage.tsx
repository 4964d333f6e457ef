import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../lib/session';
import { safeRedirect } from './redirect';

/**
 * `/autologin`: restores the login from the stored token and continues to the requested page (or home);
 * without a live token the user goes to the login screen, which continues to the same page afterwards.
 */
export default function AutoLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loggedIn, restore } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = safeRedirect(params.get('redirect'));
    if (loggedIn) {
      navigate(target, { replace: true });
      return;
    }
    void restore().then((session) => {
      if (session) navigate(target, { replace: true });
      else
        navigate(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`, {
          replace: true,
        });
    });
  }, [loggedIn, navigate, params, restore]);

  return <PageLoading fullScreen />;
}
