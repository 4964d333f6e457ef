const PUBLIC_TARGETS = ['/login', '/autologin', '/clearstore', '/resetPassword'];

/** A same-app path to continue to after login: a relative path, never back to a login screen. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  const path = value.split(/[?#]/)[0];
  return PUBLIC_TARGETS.includes(path) ? '/' : value;
}
