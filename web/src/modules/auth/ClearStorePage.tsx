import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { setApiCredentials } from '../../lib/api';
import { useSession } from '../../lib/session';
import { clearStorage } from '../../lib/storage';

/** `/clearstore`: forgets everything stored in this browser (token, language, site, terminal) and logs out. */
export default function ClearStorePage() {
  const navigate = useNavigate();
  const { loggedIn, logout } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      if (loggedIn) await logout();
      clearStorage();
      setApiCredentials({ token: null, clientToken: null });
      navigate('/login', { replace: true });
    };
    void finish();
  }, [loggedIn, logout, navigate]);

  return <PageLoading fullScreen />;
}
