import { api, ApiError, refusesSession } from './api';

/**
 * What the spec's test call found (section 7: "GET access_user/roles with parameter id is used as a test
 * call"): the session lives with the same roles, lives with other roles (an administrator changed them), has
 * ended (401: timed out, logged out in another tab, a new password), is refused otherwise (403), or nothing
 * is known (no network, a server failure).
 */
export type SessionCheck = 'alive' | 'rolesChanged' | 'ended' | 'refused' | 'unknown';

/** Asks the server for the user's own roles (`GET /api/access_user/roles?id=<own id>`), silently. */
export async function checkSession(userId: number, roles: readonly string[]): Promise<SessionCheck> {
  try {
    const answer = await api.get<Array<{ role: string }>>('/access_user/roles', {
      query: { id: userId },
      silent: true,
    });
    const now = new Set(answer.map((item) => item.role));
    const same = now.size === new Set(roles).size && roles.every((role) => now.has(role));
    return same ? 'alive' : 'rolesChanged';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'ended';
    if (refusesSession(error)) return 'refused';
    return 'unknown';
  }
}
