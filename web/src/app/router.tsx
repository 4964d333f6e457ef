import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { APP_ROUTES } from '@strazce/contract';
import { PAGES } from '../modules/registry';
import { canOpenRoute } from './access';
import { lazyWithTimeout, pageOf } from './lazyPage';
import { PageLoading } from '../components/PageLoading';
import { PageError } from '../components/PageError';
import { SessionProvider, useSession } from './session';
import { storage } from './storage';

/** The logged-in app's shell (menu, site and user choosers, the two-factor and password prompts), its own chunk. */
const loadAppLayout = () => import('./layout/AppLayout');
const AppLayout = lazyWithTimeout(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));
// With a stored session the shell is fetched while the session is restored, not after it (and then the page).
if (storage.token.get()) void loadAppLayout().catch(() => undefined);
const LoginPage = lazyWithTimeout(() => import('../modules/auth/LoginPage'));
const ResetPasswordPage = lazyWithTimeout(() => import('../modules/auth/ResetPasswordPage'));
const AutoLoginPage = lazyWithTimeout(() => import('../modules/auth/AutoLoginPage'));
const ClearStorePage = lazyWithTimeout(() => import('../modules/auth/ClearStorePage'));
const NotFoundPage = lazyWithTimeout(() => import('../modules/shell/NotFoundPage'));
const UnavailablePage = lazyWithTimeout(() => import('../modules/shell/UnavailablePage'));

/** Every navigation starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: newer browsers return a Promise from scrollTo, which is not an effect clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function Root() {
  return (
    <SessionProvider>
      <ScrollToTop />
      <Suspense fallback={<PageLoading fullScreen />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}

/** Protected part of the app: a guest goes to /autologin, which restores the session or asks to log in. */
function RequireLogin() {
  const { loggedIn } = useSession();
  const location = useLocation();
  if (!loggedIn) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/autologin?redirect=${redirect}`} replace />;
  }
  return <AppLayout />;
}

/** One route of the route table: its roles and module decide; a page not built yet says so. */
function GuardedPage({ path }: { path: string }) {
  const { session } = useSession();
  if (!canOpenRoute(session, path)) return <Navigate to="/" replace />;
  const Page = pageOf(path);
  return Page ? <Page /> : <UnavailablePage />;
}

/** Every path of the route table and every registered page (a page without a route definition is denied). */
const guardedPaths = [...new Set([...APP_ROUTES.map((route) => route.path), ...Object.keys(PAGES)])];

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <PageError fullScreen />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/clearstore', element: <ClearStorePage /> },
      { path: '/autologin', element: <AutoLoginPage /> },
      { path: '/404', element: <NotFoundPage /> },
      {
        element: <RequireLogin />,
        children: guardedPaths.map((path) => ({
          path,
          element: <GuardedPage key={path} path={path} />,
          errorElement: <PageError />,
        })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
