import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import {
  DEFAULT_SITE_TIMEOUT_MINUTES,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  HEADERS,
  type ModuleCode,
  type Role,
  type SessionResponse,
  type SiteConfigEntry,
} from '@strazce/contract';
import { canAccess } from './access';
import { api, ApiError, onApiError, onApiSuccess, refusesSession, setApiCredentials } from './api';
import { setDisplayTimeZone } from './displayZone';
import { takeEarlyRestore } from './earlyRestore';
import { checkSession } from './sessionCheck';
import { storage } from './storage';

export type SessionUser = SessionResponse['user'];
export type SiteRef = SessionResponse['sites'][number];

/** A live login: the user, their member sites, the current site with its modules and config, and roles. */
export interface Session {
  user: SessionUser;
  token: string;
  sites: SiteRef[];
  site: SiteRef | null;
  roles: string[];
  modules: ModuleCode[];
  config: SiteConfigEntry[];
}

export interface LoginInput {
  userName: string;
  password: string;
  /** The six-digit TOTP code, when the user has two-factor on. */
  tfaCode?: string;
}

/** Why the user was sent back to the login screen (shown there as a hint; 401/403 stay silent). */
export type LogoutReason = 'expired' | 'failure';

interface SessionContextValue {
  session: Session | null;
  login(input: LoginInput): Promise<Session>;
  /** Restores the login from the stored token; null when there is none or it is dead. */
  restore(): Promise<Session | null>;
  logout(reason?: LogoutReason): Promise<void>;
  switchSite(siteId: number): Promise<void>;
  /** Reads the session again (after a change of the user's own data: avatar, two-factor). */
  reload(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** `Authorization: Basic …` of a user name and password, UTF-8 encoded. */
export function basicAuthorization(userName: string, password: string): string {
  const bytes = new TextEncoder().encode(`${userName}:${password}`);
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return `Basic ${btoa(binary)}`;
}

/** The site's time zone: its SITE_TIME_ZONE property, else the default (Europe/Prague). */
export function siteTimeZone(config: readonly SiteConfigEntry[]): string {
  const value = config.find((entry) => entry.name === 'SITE_TIME_ZONE')?.value;
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** The site's idle time-out in minutes: its SITE_TIMEOUT property, else the default. */
export function siteTimeoutMinutes(config: readonly SiteConfigEntry[]): number {
  const value = config.find((entry) => entry.name === 'SITE_TIMEOUT')?.value;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_SITE_TIMEOUT_MINUTES;
}

/** Stores the terminal's client token (browser authorization); every later call sends it. */
export function setClientToken(token: string): void {
  storage.clientToken.set(token);
  setApiCredentials({ token: storage.token.get(), clientToken: token });
}

/** The app's session from the server's answer to a login, a restore or a site switch. */
function sessionOf(body: SessionResponse): Session {
  const siteId = body.site?.id ?? null;
  return {
    user: body.user,
    token: body.session.token,
    sites: body.sites,
    site: body.sites.find((site) => site.id === siteId) ?? null,
    roles: body.authorities.map((authority) => authority.role),
    // The site's modules and configuration come with the session (one round trip before the first page).
    modules: body.modules,
    config: body.config as SiteConfigEntry[],
  };
}

const IDLE_CHECK_MS = 5_000;
/** How long without a call before the app, back in view or back online, makes the spec's test call. */
export const SESSION_TEST_AFTER_MS = 60_000;

/** Why the data cached for the session is no longer valid: the user left, or the site changed. */
export type CacheReset = 'logout' | 'site';
const cacheResetListeners = new Set<(reason: CacheReset) => void>();

/**
 * The logged-in app's data cache (AppFrame) hears when its data stops being valid; told in the same tick as
 * the session changes, so no page renders the new site with the old site's data.
 */
export function onCacheReset(listener: (reason: CacheReset) => void): () => void {
  cacheResetListeners.add(listener);
  return () => cacheResetListeners.delete(listener);
}

const resetCache = (reason: CacheReset) => cacheResetListeners.forEach((listener) => listener(reason));

/**
 * Holds the session for the whole app: login, restore, logout, site switch, the idle time-out of the site,
 * and the global reaction to a refused session (401/403 log out silently).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [session, setSession] = useState<Session | null>(() => {
    setApiCredentials({ token: storage.token.get(), clientToken: storage.clientToken.get() });
    return null;
  });
  const sessionRef = useRef<Session | null>(null);
  const lastActivity = useRef(0);

  const apply = useCallback((next: Session | null) => {
    sessionRef.current = next;
    // Times are shown in the site's zone, before anything of the new site renders.
    setDisplayTimeZone(next ? siteTimeZone(next.config) : null);
    lastActivity.current = Date.now();
    setSession(next);
  }, []);

  const forget = useCallback(() => {
    storage.token.set(null);
    setApiCredentials({ token: null, clientToken: storage.clientToken.get() });
    apply(null);
    resetCache('logout');
  }, [apply]);

  const logout = useCallback(
    async (reason?: LogoutReason) => {
      if (sessionRef.current && reason === undefined) {
        await api.delete('/session', { silent: true }).catch(() => undefined);
      }
      // Leave the protected pages first (committed at once, not in a transition): with the session gone
      // they would redirect to /autologin.
      flushSync(() => navigate('/login', { replace: true, state: reason ? { reason } : null }));
      forget();
    },
    [forget, navigate],
  );

  const establish = useCallback(
    async (body: SessionResponse): Promise<Session> => {
      storage.token.set(body.session.token);
      setApiCredentials({ token: body.session.token, clientToken: storage.clientToken.get() });
      let current = body;
      // The site the user chose last in this browser wins over the server's choice, while still a member.
      const remembered = Number(storage.site(body.user.userName).get());
      if (remembered && remembered !== body.site?.id && body.sites.some((site) => site.id === remembered)) {
        current = await api
          .post<SessionResponse>('/system_site/switch', { id: remembered }, { silent: true })
          .catch(() => body);
      }
      const next = sessionOf(current);
      apply(next);
      return next;
    },
    [apply],
  );

  const login = useCallback(
    async ({ userName, password, tfaCode }: LoginInput) => {
      const headers: Record<string, string> = { Authorization: basicAuthorization(userName, password) };
      if (tfaCode) headers[HEADERS.tfaToken] = tfaCode;
      const body = await api.get<SessionResponse>('/session', { headers, silent: true });
      return establish(body);
    },
    [establish],
  );

  const restore = useCallback(async () => {
    const token = storage.token.get();
    if (!token) return null;
    setApiCredentials({ token, clientToken: storage.clientToken.get() });
    try {
      const answer = takeEarlyRestore(token) ?? api.get<SessionResponse>('/session', { silent: true });
      return await establish(await answer);
    } catch (error) {
      // A dead token is forgotten; a network failure keeps it for the next attempt.
      if (error instanceof ApiError) forget();
      return null;
    }
  }, [establish, forget]);

  const switchSite = useCallback(
    async (siteId: number) => {
      const current = sessionRef.current;
      if (!current) return;
      const body = await api.post<SessionResponse>('/system_site/switch', { id: siteId }, { silent: true });
      storage.site(current.user.userName).set(String(siteId));
      apply(sessionOf(body));
      // Everything cached belonged to the previous site.
      resetCache('site');
    },
    [apply],
  );

  const reload = useCallback(async () => {
    apply(sessionOf(await api.get<SessionResponse>('/session')));
  }, [apply]);

  useEffect(
    () =>
      onApiSuccess(() => {
        lastActivity.current = Date.now();
      }),
    [],
  );

  useEffect(
    () =>
      onApiError((error) => {
        // Other failures are shown by the logged-in app (AppFrame's notifications).
        if (refusesSession(error)) {
          if (sessionRef.current) void logout('failure');
        }
      }),
    [logout],
  );

  // The server ends an idle session after the site's time-out; the app leaves at the same moment.
  useEffect(() => {
    if (!session) return;
    const limit = siteTimeoutMinutes(session.config) * 60_000;
    const timer = setInterval(() => {
      if (Date.now() - lastActivity.current > limit) void logout('expired');
    }, IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [session, logout]);

  // The spec's test call (section 7: "GET access_user/roles with parameter id is used as a test call"), made
  // when the app comes back into view or back online after a minute or more without a call: what it shows may
  // be stale. A session ended elsewhere (time-out while the computer slept, logout in another tab, a new
  // password) returns to the login at once, not at the user's next click; roles an administrator changed
  // meanwhile reload the session, so menu and routes follow. Not on a timer: every successful call extends the
  // session, so a periodic call would keep an idle session alive past the site's time-out. The login restore
  // stays `GET /api/session` (spec: "GET session with the stored session token: restore the login").
  useEffect(() => {
    if (!session) return;
    let testing = false;
    const test = async () => {
      const current = sessionRef.current;
      if (!current || testing || document.visibilityState === 'hidden') return;
      const idle = Date.now() - lastActivity.current;
      if (idle > siteTimeoutMinutes(current.config) * 60_000) return void logout('expired');
      if (idle < SESSION_TEST_AFTER_MS) return;
      testing = true;
      const found = await checkSession(current.user.id, current.roles).finally(() => (testing = false));
      if (sessionRef.current !== current) return;
      if (found === 'ended') void logout('expired');
      else if (found === 'refused') void logout('failure');
      else if (found === 'rolesChanged') void reload().catch(() => undefined);
    };
    const onChange = () => void test();
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('online', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('online', onChange);
    };
  }, [session, logout, reload]);

  const value = useMemo(
    () => ({ session, login, restore, logout, switchSite, reload }),
    [session, login, restore, logout, switchSite, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
}

/** The current login and its actions. `user` is null for a guest. */
export function useSession() {
  const { session, login, restore, logout, switchSite, reload } = useSessionContext();
  return {
    session,
    loggedIn: session !== null,
    user: session?.user ?? null,
    sites: session?.sites ?? [],
    site: session?.site ?? null,
    roles: session?.roles ?? [],
    modules: session?.modules ?? [],
    config: session?.config ?? [],
    login,
    restore,
    logout,
    switchSite,
    reload,
  };
}

/**
 * The single access check for routes, menu and buttons: `can(roles, module?)` is true when the user holds
 * one of the roles and the current site has the module enabled.
 */
export function useAccess(): { can(roles: readonly Role[], module?: ModuleCode): boolean } {
  const { session } = useSessionContext();
  return useMemo(
    () => ({ can: (roles: readonly Role[], module?: ModuleCode) => canAccess(session, roles, module) }),
    [session],
  );
}
