import type { TFunction } from 'i18next';

/**
 * What the OpenID Connect callback left in the login page's address fragment: the one-time hand-over code
 * (`#code=…`) or an error code (`#oidcError=…`).
 */
export function readOidcFragment(): { code: string | null; error: string | null } {
  // No address when the build renders the login page (loginShellMarkup.tsx).
  const fragment = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.hash.slice(1));
  const error = fragment.get('oidcError');
  return { code: fragment.get('code'), error: error && /^[A-Z_]{1,40}$/.test(error) ? error : null };
}

/** Takes the fragment out of the address: the code is a credential for 60 s, not for the history or a bookmark. */
export function clearOidcFragment(): void {
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** The text of an error code the callback sent back (`apiError_<CODE>`), or the generic one. */
export function oidcErrorText(code: string, t: TFunction): string {
  const key = `apiError_${code}`;
  const text = t(key);
  return text === key ? t('error.unknown') : text;
}
