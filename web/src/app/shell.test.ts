import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { APP_ROUTES } from '@strazce/contract';
import { canAccess, canOpenRoute, menuRoutes } from '../lib/access';
import { ApiError, NetworkError } from '../lib/api';
import { apiErrorText } from '../lib/apiErrors';
import { formatDate, formatDateTime, formatTime, toWireDate } from '../lib/format';
import { initialLanguage, languageOfLocale } from '../lib/language';
import { siteTimeoutMinutes } from '../lib/session';
import { safeRedirect } from '../modules/auth/redirect';
import { loginErrorText, nextCodeAt } from '../modules/auth/loginErrors';

const ALL_MODULES = [
  'MOD_PATROL',
  'MOD_SIGNATURE',
  'MOD_KM',
  'MOD_VISIT',
  'MOD_VISIT_ADVICE',
  'MOD_VEHICLE',
  'MOD_VEHICLE_ADVICE',
  'MOD_STOCK',
  'MOD_KBOX',
  'MOD_LOGISTICS',
] as const;

describe('access', () => {
  const viewer = { roles: ['VISIT_VIEW', 'LOGISTICS_VIEW'], modules: [...ALL_MODULES] };

  it('needs one of the roles and the module on the current site', () => {
    expect(canAccess(viewer, ['VISIT_VIEW'], 'MOD_VISIT')).toBe(true);
    expect(canAccess(viewer, ['VISIT_ADMIN'], 'MOD_VISIT')).toBe(false);
    expect(canAccess({ ...viewer, modules: [] }, ['VISIT_VIEW'], 'MOD_VISIT')).toBe(false);
    expect(canAccess(viewer, ['ROLE_ANYONE_LOGGED'])).toBe(true);
    expect(canAccess(null, ['ROLE_ANYONE_LOGGED'])).toBe(false);
    expect(canAccess(null, ['ROLE_ANY'])).toBe(true);
  });

  it('denies a route without a role definition or outside the route table', () => {
    expect(canAccess(viewer, [])).toBe(false);
    expect(canOpenRoute(viewer, '/no/such/route')).toBe(false);
    expect(canOpenRoute(viewer, { path: '/x', name: 'x', area: null, roles: [] })).toBe(false);
    expect(canOpenRoute(viewer, '/')).toBe(true);
  });

  it('builds the menu from route roles, menu roles and modules', () => {
    const kiosk = { roles: ['VISIT_KIOSK'], modules: [...ALL_MODULES] };
    expect(canOpenRoute(kiosk, '/visits/overview')).toBe(true);
    expect(menuRoutes(kiosk)).toEqual([]);
    expect(menuRoutes(viewer).map((route) => route.path)).toEqual([
      '/visits/overview',
      '/logistics/manager',
      '/logistics/transports',
    ]);
    const admin = { roles: ['ADMINISTRATOR'], modules: [] };
    const adminMenu = menuRoutes(admin);
    expect(adminMenu.length).toBeGreaterThan(0);
    expect(adminMenu.filter((route) => route.area !== 'admin')).toEqual([]);
    expect(menuRoutes({ roles: ['ADMINISTRATOR', 'SITE_ADMIN'], modules: [...ALL_MODULES] }).length).toBe(
      APP_ROUTES.filter((route) => route.area === 'admin' || route.area === 'site').length,
    );
  });
});

describe('language', () => {
  it('prefers the stored choice, then a Czech browser, else English', () => {
    expect(initialLanguage('en-US', ['cs-CZ'])).toBe('en-US');
    expect(initialLanguage(null, ['cs-CZ', 'en'])).toBe('cs');
    expect(initialLanguage(null, ['cs'])).toBe('cs');
    expect(initialLanguage('xx', ['de-DE'])).toBe('en-US');
    expect(initialLanguage(null, [])).toBe('en-US');
  });

  it('maps every other locale to English', () => {
    for (const locale of ['en-GB', 'de', 'sk-SK', 'pl', 'fr_FR'])
      expect(languageOfLocale(locale)).toBe('en-US');
    expect(languageOfLocale('CS_cz')).toBe('cs');
  });
});

describe('formats', () => {
  it('shows dates DD.MM.YYYY and times HH:mm:ss', () => {
    expect(formatDate('2024-03-09')).toBe('09.03.2024');
    expect(formatTime('07:05:03')).toBe('07:05:03');
    expect(formatTime('07:05')).toBe('07:05:00');
    expect(formatDateTime(new Date(2024, 2, 9, 7, 5, 3))).toBe('09.03.2024 07:05:03');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(toWireDate(new Date(2024, 11, 31))).toBe('2024-12-31');
  });
});

describe('errors', () => {
  const t = ((key: string, options?: { defaultValue?: string }) =>
    key === 'apiError_DATA_INTEGRITY'
      ? 'Duplicate entry'
      : (options?.defaultValue ?? key)) as unknown as TFunction;

  it('translates the error code, falls back to the raw code and prefixes 5xx with the status', () => {
    expect(apiErrorText(new ApiError(400, 'DATA_INTEGRITY', null, null), t)).toBe('Duplicate entry');
    expect(apiErrorText(new ApiError(400, 'SOMETHING_NEW', null, null), t)).toBe('SOMETHING_NEW');
    expect(apiErrorText(new ApiError(500, 'INTERNAL', null, null), t)).toBe('500 INTERNAL');
    expect(apiErrorText(new NetworkError('x'), t)).toBe('error.network');
  });

  it('gives the login messages of the specification', () => {
    const refused = new ApiError(401, 'INVALID_CREDENTIALS', null, null);
    expect(loginErrorText(refused, 'login', false, t)).toBe('login.invalidLoginPasswordMessage');
    expect(loginErrorText(refused, 'login', true, t)).toBe('login.invalidLoginPasswordAnd2FAMessage');
    expect(loginErrorText(new ApiError(401, 'TFA_INVALID', null, null), 'login', true, t)).toBe(
      'login.invalidLoginPasswordAnd2FAMessage',
    );
    expect(loginErrorText(new ApiError(400, 'VALIDATION', null, null), 'check', false, t)).toBe(
      'login.invalidLoginUsernameMessage',
    );
    expect(loginErrorText(new ApiError(401, 'TFA_CODE_USED', null, null, 12), 'login', true, t)).toBe(
      'login.tfaCodeUsed',
    );
    expect(nextCodeAt(new ApiError(401, 'TFA_CODE_USED', null, null, 12), 1_000)).toBe(13_000);
    expect(nextCodeAt(new ApiError(401, 'TFA_INVALID', null, null), 1_000)).toBeNull();
    expect(loginErrorText(new ApiError(403, 'CLIENT_NOT_AUTHORIZED', null, null), 'login', false, t)).toBe(
      'login.clientNotAuthorized',
    );
    expect(loginErrorText(new ApiError(503, 'DIRECTORY_UNAVAILABLE', null, null), 'login', false, t)).toBe(
      'apiError_DIRECTORY_UNAVAILABLE',
    );
  });
});

describe('session helpers', () => {
  it('reads the site time-out, else the default of 30 minutes', () => {
    expect(siteTimeoutMinutes([{ name: 'SITE_TIMEOUT', type: 'LONG', value: 5 }])).toBe(5);
    expect(siteTimeoutMinutes([])).toBe(30);
  });

  it('continues after login only to pages of this app', () => {
    expect(safeRedirect('/admin/users?x=1')).toBe('/admin/users?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
