/**
 * The groups of texts that the login page and what shows before the logged-in app (the loading, error, offline
 * and 'new version' states) use. A guest's first paint waits only for these: a few kB of a language's texts, the
 * module `virtual:login-texts/cs` (web/vite.config.ts); the rest loads after it (lib/i18n.ts). The API's error
 * texts (`apiError_…`) come along: a refused login shows one. A test renders the login page with these texts
 * alone (LoginPage.test.tsx).
 */
export const LOGIN_TEXT_GROUPS: readonly string[] = [
  'app',
  'auth',
  'login',
  'language',
  'validation',
  'error',
  'common',
  'shell',
  'clientAuth',
];

/** The texts of a language file that the login page uses. */
export function loginTexts(texts: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(texts).filter(([key]) => LOGIN_TEXT_GROUPS.includes(key) || key.startsWith('apiError_')),
  );
}
