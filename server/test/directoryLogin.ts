import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { HEADERS } from '@strazce/contract';
import { DEFAULT_LOGIN_LIMITS } from '../src/platform/loginLimiter';
import { groups } from '../src/modules/access/access.tables';
import type { TestContext } from './helper';

/**
 * What the login tests of the company directory (ldap.login.test.ts, oidc.login.test.ts) share: the login
 * limits, the group the directory's groups map to, a user an administrator created for a provider, and the checks
 * of a refusal and of the mapping on the user's record.
 */

/** Enough attempts for a file of tests that log the same users in many times; the pair limit still bites at 3. */
export const DIRECTORY_LOGIN_LIMITS = {
  ...DEFAULT_LOGIN_LIMITS,
  pairFree: 3,
  accountFree: 50,
  addressFree: 500,
};

/** The product's group "Guards" that the tests map the directory's guards group to (with site B). */
export async function createGuardsGroup(ctx: TestContext): Promise<number> {
  const [group] = await ctx.db.insert(groups).values({ name: 'Guards' }).returning({ id: groups.id });
  return group.id;
}

/** A user an administrator created with `provider` (no password), with roles and site A; its id. */
export async function createDirectoryUser(
  ctx: TestContext,
  provider: 'LDAP' | 'OIDC',
  userName: string,
  roles: string[] = ['VISIT_VIEW', 'ALL_CLIENTS'],
): Promise<number> {
  const created = await ctx.call(ctx.admin, 'POST', '/api/access_user', {
    userName,
    authProvider: provider,
    roles,
    sites: [ctx.siteA],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

/** The answer is the error `code` with `status`. */
export function expectRefusal(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers[HEADERS.errorCode.toLowerCase()]).toBe(code);
}

/** The user's record shows the mapped group and both sites (site A given, site B from the mapping). */
export async function expectMappedGroupAndSites(ctx: TestContext, userId: number, groupId: number) {
  const record = await ctx.call(ctx.admin, 'GET', `/api/access_user/${userId}`);
  expect(record.statusCode).toBe(200);
  expect(record.json().groups).toEqual([expect.objectContaining({ id: groupId })]);
  expect(
    record
      .json()
      .sites.map((site: { id: number }) => site.id)
      .sort(),
  ).toEqual([ctx.siteA, ctx.siteB].sort());
}
