import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { APP_ROUTES } from '@strazce/contract';
import { canOpenRoute, deniedBecause, landingPath } from '../lib/access';
import type { DeniedState } from './layout/DeniedNotice';
import { pageOf, preloadPageOf, preloadPages } from './lazyPage';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { lazyWithAntd } from '../components/lazyWithAntd';
import { PageLoading } from '../components/PageLoading';
import { PageError } from '../components/PageError';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { SessionProvider, useSession } from '../lib/session';
import { storage } from '../lib/storage';
import { prefetchShell } from '../lib/prefetchShell';
import { onFirstInteraction } from '../lib/idle';
import { allTextsReady } from '../lib/i18n';
import { leaveLoginShell } from '../lib/loginShell';

/**
 * The logged-in app's shell (menu, site and user choosers, the two-factor and password prompts), its own chunk,
 * with all texts of the language (a guest's login page has only its own).
 */
const loadAppLayout = () => Promise.all([import('./AppFrame'), allTextsReady()]).then(([module]) => module);
const AppLayout = lazyWithTimeout(() => loadAppLayout().then((module) => ({ default: module.AppFrame })));
// With a stored session the shell is fetched while the session is restored, not after it (and then the page).
const loadLoginPage = () => import('../modules/auth/LoginPage');
// A stored session is restored through /autologin: its page loads now, not after the first render sends there.
const loadAutoLoginPage = () => import('../modules/auth/AutoLoginPage');
if (storage.token.get()) {
  void loadAutoLoginPage().catch(() => undefined);
  void loadAppLayout().catch(() => undefined);
  preloadPages();
  preloadPageOf(window.location.pathname);
} else {
  // A guest is sent to the login page: its chunk loads beside the texts, not after the first render. What follows
  // the login (the shell, fetched but not run, and all texts) loads once the user starts to log in: not beside
  // the first paint, which it would slow on a slow network.
  void loadLoginPage().catch(() => undefined);
  onFirstInteraction(() => {
    prefetchShell();
    void allTextsReady().catch(() => undefined);
  });
}
const LoginPage = lazyWithTimeout(loadLoginPage);
// The public pages other than the login page use Ant Design, which loads with them (the login page's does not).
const ResetPasswordPage = lazyWithAntd(() => import('../modules/auth/ResetPasswordPage'));
const AutoLoginPage = lazyWithTimeout(loadAutoLoginPage);
const ClearStorePage = lazyWithTimeout(() => import('../modules/auth/ClearStorePage'));
const NotFoundPage = lazyWithAntd(() => import('../modules/shell/NotFoundPage'));
/** The patrol terminal: a guard's device, authorized by its terminal token, not a login. */
const PatrolTerminalPage = lazyWithAntd(() =>
  import('../modules/patrolTerminal/load').then((chunk) => chunk.default()),
);

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
  const { pathname } = useLocation();
  // index.html's login page (lib/loginShell.ts) makes way for any other first screen; the login page takes it over.
  useLayoutEffect(() => {
    if (pathname !== '/login') leaveLoginShell();
  }, [pathname]);
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
  useEffect(() => {
    if (loggedIn) preloadPages();
  }, [loggedIn]);
  if (!loggedIn) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/autologin?redirect=${redirect}`} replace />;
  }
  return <AppLayout />;
}

/**
 * One route of the route table: its roles and module decide; a refused one sends the user home (`/`, spec) with
 * the reason, which the page there shows as a notice (DeniedNotice). A kiosk user's home is the visit overview.
 */
function GuardedPage({ path }: { path: string }) {
  const { session } = useSession();
  const { state } = useLocation();
  if (path === '/' && landingPath(session) !== '/')
    return <Navigate to={landingPath(session)} replace state={state} />;
  if (!canOpenRoute(session, path)) {
    const denied: DeniedState = { denied: { path, reason: deniedBecause(session, path) ?? 'unknown' } };
    return <Navigate to="/" replace state={denied} />;
  }
  const Page = pageOf(path);
  return <Page />;
}

/** Every path of the route table (each registered page has one: registry.test.ts). */
const guardedPaths = APP_ROUTES.map((route) => route.path);

/** A page that failed to load or render shows PageError in its place; the next navigation starts clean. */
function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname} fallback={(error) => <PageError error={error} />}>
      {children}
    </RouteErrorBoundary>
  );
}

/**
 * The app's routes (React Router's declarative mode: the app loads no data through the router, and the data
 * router would add a third to the login page's JavaScript).
 */
export function AppRouter() {
  return (
    // Navigations are plain updates, not transitions: a logout (lib/session.tsx) leaves the protected pages in
    // one synchronous commit before the session is forgotten, and a page being loaded shows its loading state.
    <BrowserRouter useTransitions={false}>
      <RouteErrorBoundary fallback={(error) => <PageError error={error} fullScreen />}>
        <Routes>
          <Route element={<Root />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/resetPassword" element={<ResetPasswordPage />} />
            <Route path="/clearstore" element={<ClearStorePage />} />
            <Route path="/autologin" element={<AutoLoginPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/terminal/patrol" element={<PatrolTerminalPage />} />
            <Route element={<RequireLogin />}>
              {guardedPaths.map((path) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <PageBoundary>
                      <GuardedPage key={path} path={path} />
                    </PageBoundary>
                  }
                />
              ))}
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
