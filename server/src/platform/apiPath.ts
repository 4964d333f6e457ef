import type { FastifyRequest } from 'fastify';
import { API_BASE } from '@strazce/contract';

/**
 * Whether the request reached an API route: decided on the route the router matched (`/api/...`), never on the
 * URL as sent, which the router decodes first (`/%61pi/x` is routed to `/api/x`). The guard, the text check
 * and the audit decide on this.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(`${API_BASE}/`) === true;
}

/**
 * Whether a URL as sent names an API path however it is spelled: percent-encoded (also twice, and `%2F` for a
 * slash), in any letter case, with doubled slashes or backslashes. The web app's history fallback answers such
 * paths as not found instead of with its page, and their answers are never cached.
 */
export function isApiUrl(url: string): boolean {
  let path = url.split('?')[0];
  for (let round = 0; round < 3 && path.includes('%'); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  path = path.replace(/[\\/]+/g, '/').toLowerCase();
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}
