import type { InternalRole } from '@strazce/contract';
import type { TestContext } from './helper';

export interface TestTerminal {
  id: number;
  /** The client token (`X-Client-Token`). */
  token: string;
}

/**
 * A terminal authorized through the API by the context's administrator, then given `role` and `site` on
 * /admin/clients (`PUT /api/system_client/:id`); a browser terminal when `role` is null.
 */
export async function givenTerminal(
  ctx: TestContext,
  { role, site, name = 'Gate camera' }: { role: InternalRole | null; site: number | null; name?: string },
): Promise<TestTerminal> {
  const authorized = await ctx.call(ctx.admin, 'POST', '/api/system_client/authorize', { name });
  if (authorized.statusCode !== 201) throw new Error(`authorize: ${authorized.body}`);
  const token = String(authorized.headers['x-client-token']);
  const id = authorized.json().id as number;
  const current = await ctx.call(ctx.admin, 'GET', `/api/system_client/${id}`);
  const updated = await ctx.call(ctx.admin, 'PUT', `/api/system_client/${id}`, {
    version: current.json().version,
    internalRole: role,
    site,
  });
  if (updated.statusCode !== 200) throw new Error(`set role: ${updated.body}`);
  return { id, token };
}

/** Headers of a call made by a terminal. */
export const terminalHeaders = (terminal: TestTerminal): Record<string, string> => ({
  'x-client-token': terminal.token,
});
